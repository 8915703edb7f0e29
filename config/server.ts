/**
 * The site's own server: its limits and what it answers to requests that no page of the
 * site sends (scripts, bots, broken clients). Visitors using the forms never see these.
 */
import type { ServerConfig } from '../src/platform/serverSchema';

export default {
  limits: {
    documentBytes: 65536,
    // The longest a whole request may take to arrive (a 5 MB CV on a slow connection included);
    // a client that stops sending half-way is answered 408 and disconnected.
    requestSeconds: 300,
    // The longest one part of the server (its data, the site's build, the content's history) may
    // take to start before the server stops, naming it: a machine busy with other work (a backup,
    // a build) can slow a start to many seconds.
    startSeconds: 120,
    // A person sends a form or two and maybe re-chooses a CV a few times.
    perClient: { requests: 20, perSeconds: 600 },
    // Who counts as one client for perClient: an IPv4 address, or an IPv6 network of this many
    // leading bits (an internet subscriber usually holds a whole /64 and may use any address in it).
    ipv6ClientBits: 64,
    // Everyone together: far above a small agency's busiest hour, far below a bot flood.
    everyone: { requests: 120, perSeconds: 60 },
    // What the server holds for its visitors' connections. A browser reads its answers at once
    // and sends one request at a time: these only ever close connections that do not (a client
    // reading a few bytes now and then would otherwise make the server hold every answer).
    connections: {
      // Open at once; one more makes room by closing the slowest reader, or the one quiet longest.
      max: 1000,
      // Requests sent on one connection before the earlier ones were answered; one more closes it.
      pipelined: 4,
      // Answer bytes waiting to go out to one connection: room for 4 of the largest page (about 130 kB).
      unsentBytes: 1048576,
      // The same for all connections together; above it the slowest readers are closed first.
      unsentBytesTotal: 33554432,
      // A connection whose waiting answer has not moved for this long is closed.
      stallSeconds: 30,
      // After a refusal sent while the client was still sending its request (a file too large),
      // what it sends is read and dropped for this long, so that it reads the refusal first.
      lingerSeconds: 2,
    },
  },
  // The hidden field that catches spam robots: people never see it (it is off screen and hidden
  // from screen readers), robots fill it in. A submission with it filled gets an ordinary success
  // answer, and is stored marked as spam (never notified).
  spamTrap: {
    name: 'website',
    label: 'Leave this field empty',
  },
  // The forms' second spam guard, with no third party: while a visitor fills in a form, their
  // browser solves a small puzzle our server set (ALTCHA's proof of work; no cookie, no request to
  // anyone else). A form sent without a solved puzzle (a robot, or a browser without JavaScript)
  // is kept in Spam, never lost. Off in a Firebase build, where our server is absent.
  proofOfWork: {
    // The puzzle's size: the browser tries at most this many numbers (half of them on average).
    // A mid-range phone should solve it before the visitor has filled in the first field:
    // `npm run bench:proof` measures it in Chromium slowed down to a phone's speed.
    maxNumber: 50000,
    // How long a puzzle stays good; each solution counts once, for one form sent.
    expiresMinutes: 120,
    // Puzzles one client may ask for (one each time a page's forms load, and after each send).
    perClient: { requests: 30, perSeconds: 600 },
    // The longest solution our server reads (a real one is about 300 characters).
    longestProofChars: 2048,
    // A browser solves a new puzzle rather than send one this close to its end.
    renewSecondsBeforeEnd: 60,
  },
  // The visit beacon (/api/visits): page views counted per day, page and source, for the
  // inbox's insights (docs/inbox.md "Insights"). No cookie; no address is stored: a visitor of
  // the day is a hash of address and browser with a salt that changes daily and is then forgotten.
  visits: {
    // A visitor reads a few pages a minute; a script that keeps posting is held to this.
    perClient: { requests: 60, perSeconds: 60 },
    // Different sources (UTM source and campaign, or referring site) counted per day; further
    // ones are counted together as `otherSource`, so nobody can fill the disk with made-up names.
    maxSourcesPerDay: 500,
    otherSource: '(other)',
    // Visitors of the day remembered (as salted hashes, in memory only) to count each once.
    maxVisitorsPerDay: 100000,
    // Daily counts older than this are deleted.
    keepDays: 400,
  },
  // What the privacy page promises of a visitor's request (to see, correct or erase what the site
  // holds of them): the agency answers within this many days (the law allows at most a month).
  // The page's words fill it in ({days} in its erasure text) and cannot state another figure.
  privacy: {
    answerWithinDays: 30,
  },
  // What the agency is told of each new lead (docs/inbox.md "Notifications of new leads"). Each form's
  // own subject is in config/forms (`notify`).
  notifications: {
    // A failed delivery is tried again 15 s later, then 30 s, 1 min, … at most an hour apart,
    // for 3 days (about 80 tries); then it is marked failed, and the inbox can send it again.
    retry: { firstSeconds: 15, maxSeconds: 3600, forDays: 3 },
    // The notification e-mail's wording around the fields (each field shows by its label): the
    // label of the line with the submission's date, the link to the lead in the inbox, what stands
    // for a field left empty.
    mail: {
      received: 'Received',
      openLead: 'Open this lead in the inbox',
      noValue: '(empty)',
      // A CV uploaded with the form: its line links to the lead in the inbox.
      cvInInbox: 'Uploaded: download it from the lead in the inbox',
      // Under the fields, when the lead gave an e-mail address and the site reads the agency's
      // mailbox (IMAP_URL): the mail's Reply-To is then a reply address of its own, and what the
      // owner writes above the quote is sent on to the visitor by the site. {name} is the visitor's.
      replyHint: 'Reply to this e-mail to answer {name}: the site sends them your words alone, without the quoted e-mail and without the part below that is only for the agency.',
      // The same when the site does not read the mailbox: replying to the mail reaches nobody.
      replyHintInbox: 'To answer {name}, open the lead in the inbox (the link below) and reply there: a reply to this e-mail does not reach them.',
      // The heading of what only the agency needs (when it arrived, where the visitor came from,
      // the inbox's link), at the end of the mail: never sent to the visitor.
      agencyOnly: 'Only for the agency — not sent when you reply',
      // The mail's sender as the agency's mail list shows it: {name} is the visitor's (cut at a word
      // to senderNameMaxLength characters), {sender} MAIL_FROM's name (else the brand's). Its
      // subject is the form's notify.subject (what arrived, from whom), also its first line.
      sender: '{name} via {sender}',
      senderNameMaxLength: 40,
      // The name of the reply address (what a mail program shows in To: when the owner replies).
      replyToName: '{name} (through {sender})',
    },
    // The owner's reply from a mail program to a notification (docs/inbox.md "Replying from a mail
    // program"): the notification's Reply-To is the agency's address with "+r-" and a random token
    // of that mail's own, taken from the addresses the mail went to (NOTIFY_TO) or an owner's
    // account, for `tokenDays` days. The site reads the reply in the agency's mailbox, keeps the
    // words above the quote and sends them on to the visitor, from MAIL_FROM, under the
    // conversation's subject (config/admin.ts replies.threadSubject), or `firstSubject` ({brand})
    // when the person has no e-mail yet. A reply it cannot send is kept on the lead, and its writer
    // is told why: `notSentSubject` ({name}: the visitor's, {subject}: their mail's), `notSentText`
    // ({name}, {reason}: one of `reasons`, {link}: the lead in the inbox, {words}: their words as read).
    replies: {
      tokenDays: 90,
      firstSubject: 'Your message to {brand}',
      notSentSubject: 'Not sent to {name}: {subject}',
      notSentText: 'Your reply to {name} was not sent: {reason}\n\nIt is kept on the lead in the inbox, where you can send it from the reply box:\n{link}\n\nYour words as the site read them:\n\n{words}',
      reasons: {
        empty: 'no words of yours were found above the quoted notification.',
        agencyLines: 'it still holds lines of the part that is only for the agency (where the visitor came from, the link to the inbox).',
        ambiguous: 'your words could not be told apart from the quoted notification for sure (answers written between the quoted lines, say).',
        attachments: 'it has attachments, and the site sends only text: send the files from the inbox or from your own address.',
        tooLong: 'it is longer than a reply from the inbox may be.',
        tooLarge: 'it is too large for the site to read.',
        unreadable: 'the site could not read it (parts nested too deep, headers too long, or not a mail it can parse).',
        // {days} is replaced.
        expired: 'the notification is older than {days} days, so its reply address no longer works.',
        notARecipient: 'it came from an address the notification was not sent to.',
        notProved: "the agency's mail server did not prove that it came from the address it names (DMARC, DKIM, SPF or a trusted relay).",
        noAddress: 'the lead has no e-mail address to answer.',
        off: "the site cannot send e-mail yet (whoever looks after the site sets it up), so nothing can be sent.",
      },
    },
    webhookText: '{subject}: {link}',
    // The daily mail to each owner account (docs/inbox.md "The daily mail"): at `hour` o'clock in the
    // agency's time zone (config/admin.ts timeZone), who has been waiting for the agency (oldest
    // first, and for how long) and whose follow-up is due (today or before), among the leads assigned
    // to that owner or to nobody; no mail on a day with neither. At most `maxLines` of each, then
    // `more`. {waiting}, {due}, {name}, {form}, {since}, {ago}, {date}, {when}, {stage}, {link},
    // {count} and {inbox} are replaced; in `footer`, {hour} is `hour` as a time of day ("08:00").
    digest: {
      hour: 8,
      maxLines: 50,
      subject: 'Inbox today: {waiting} waiting, {due} follow-ups due',
      waitingHeading: 'Waiting for the agency, the longest first:',
      waitingLine: '{name} ({form}), waiting since {since} ({ago}): {link}',
      dueHeading: 'Follow-ups due:',
      dueLine: '{name} ({form}, {stage}), follow up {when}: {link}',
      more: '…and {count} more in the inbox: {inbox}',
      footer: 'Sent every day at {hour} to each owner account of the inbox, when something waits (later that day when the site was stopped at {hour}).',
    },
    // The first line of every mail to the owner that Reply cannot answer a client from (the daily
    // mail, the mail of a client's answers): it comes from the site's own sending account.
    replyReachesNobody: 'Replying to this e-mail reaches nobody: answer each client on their lead in the inbox (the links below).',
    // The auto-reply to the visitor (each form's own subject and text: config/forms, `autoReply`).
    // Their name is the only thing they typed that it carries: letters, spaces, hyphens and
    // apostrophes only, cut to `nameMaxLength` characters; `withoutName` stands in when nothing
    // is left. The same limits hold the newsletter's confirmation mails (one a sign-up), and none
    // of them can be used up by a stranger (docs/security.md "Auto-replies and replies"):
    // - at most one of each per mailbox per day (UTC; src/leads/model/person.ts);
    // - at most `perNetworkPerDay` per client network a day (IPv4: the first `ipv4NetworkBits`
    //   bits, a /24; IPv6: limits.ipv6ClientBits, a /64): beyond, an auto-reply is not sent, and a
    //   sign-up's confirmation waits until an owner sends it (Newsletter, Subscribers);
    // - at most `perDay` in all each day, of which confirmations take at most `confirmationsPerDay`
    //   (the rest is kept for the auto-replies of leads): beyond, a mail waits for the next day.
    autoReply: { nameMaxLength: 40, withoutName: 'there', perDay: 300, confirmationsPerDay: 200, perNetworkPerDay: 10, ipv4NetworkBits: 24 },
    // The mail to the notification address (NOTIFY_TO) when a client answers (their mail read from
    // the agency's mailbox, docs/inbox.md "When a client answers"): the answers of `digestMinutes`
    // go in one mail, sent that long after the first; those the agency replied to meanwhile are
    // left out (none left: no mail). {name} is the client's name (else their address), {words}
    // the first words of what they wrote (their latest answer's); {count} how many answers;
    // {names} the names of several people.
    answers: {
      digestMinutes: 5,
      subject: '{name} answered: {words}',
      // One person's several answers.
      subjectOnePerson: '{name} answered {count} times: {words}',
      subjectSeveral: '{count} answers: {names}',
      // Above each answer in the mail: {name}, {at} (when they sent it) and {form} (the inbox's name of the lead's form).
      heading: '{name} answered on {at} ({form}):',
      // Above a person's several answers on one lead (one link below them all), each under `answeredAt`.
      headingSeveral: '{name} answered {count} times ({form}):',
      answeredAt: 'On {at}:',
      // In place of the first lines of an answer that has no text (only attachments, or too large to keep).
      noText: '(no text: read it on the lead)',
      // {link} is the lead in the inbox (behind the sign-in).
      openLead: 'Open the lead in the inbox to answer: {link}',
      footer: 'Only the first lines of each answer are here; the whole conversation is on the lead.',
      // The first lines of each answer (what comes before the text it quotes), cut at a word to
      // this many characters; the subject's first words, to `subjectWordsMaxLength`.
      firstLinesMaxLength: 300,
      subjectWordsMaxLength: 60,
    },
  },
  // The newsletter (docs/inbox.md "Newsletter subscribers" and "The newsletter"): its sign-ups,
  // and how it is sent. Mail goes through SMTP_URL from MAIL_FROM, signed with the DKIM key when
  // one is set (docs/deploy-own-server.md).
  newsletter: {
    // The newsletter box's sign-ups: each gets one e-mail with a link to confirm (at most one a day
    // per address, counted with the auto-replies' perDay). A sign-up not confirmed within
    // `unconfirmedDays` is deleted, and its link stops working then.
    unconfirmedDays: 30,
    // Connections to the mail server at once (nodemailer's pool); each sends one mail at a time,
    // so a crash can leave at most this many readers uncertain (each is sent again with the same
    // Message-ID at the next start). A connection is closed and opened again after `messagesPerConnection` mails.
    pool: { connections: 1, messagesPerConnection: 100 },
    // At most `messages` mails every `perSeconds` seconds (the mail server's or the provider's
    // limit); 0 messages: as fast as the mail server takes them.
    rate: { messages: 10, perSeconds: 1 },
    // A reader's mail server refusing for now (a 4xx answer): tried again after `firstSeconds`, then
    // twice as late each time, at most `maxSeconds` apart, for `forDays` days; then marked failed.
    // A permanent refusal (5xx) marks the address bounced at once.
    retry: { firstSeconds: 300, maxSeconds: 7200, forDays: 3 },
    // The mail server itself out of reach: the sending waits this long, then twice as long, at most `maxSeconds`.
    unreachable: { firstSeconds: 5, maxSeconds: 300 },
    // While a newsletter is sending, its page reads its figures again after `firstMilliseconds`,
    // then twice as late each time, at most `maxMilliseconds` apart.
    sendingScreenRefresh: { firstMilliseconds: 500, maxMilliseconds: 3000 },
    // Delivery reports read from the agency's mailbox: a temporary failure (4.x.x) of this many
    // newsletters in a row marks the address bounced, as a permanent one (5.x.x) does at once.
    softBouncesInARow: 3,
    // What a newsletter may hold: its subject's and its name's length, its text's size (the blocks as JSON), how far ahead it may be scheduled.
    subjectMaxLength: 150,
    nameMaxLength: 60,
    bodyMaxBytes: 262144,
    scheduleMaxDays: 366,
    // What an account may store: at most `perAccount` drafts it started (each at most bodyMaxBytes);
    // its saves (a new draft or a change): `rate` (a token bucket: a few at once, then this many per
    // this many seconds). A run of changes by one account in a row is kept as one line of a
    // newsletter's history.
    drafts: { perAccount: 20, rate: { requests: 30, perSeconds: 60 } },
    // The pictures of the newsletters (/api/newsletter/pictures/…), loaded by the readers' mail programs, per client address.
    picturesRate: { requests: 300, perSeconds: 60 },
    // Test sends to the signed-in account: a few at once, then this many per this many seconds.
    testRate: { requests: 10, perSeconds: 3600 },
    // The one-click unsubscribe (/api/newsletter/unsubscribe/…), per client address.
    unsubscribeRate: { requests: 30, perSeconds: 60 },
    // The server's answers to the inbox's newsletter screens ({max}, {days} and {error} are replaced).
    messages: {
      unknownNewsletter: 'There is no such newsletter: it may have been deleted.',
      notADraft: 'This newsletter is already being sent or was sent: it cannot be changed any more.',
      badSubject: 'Please write a subject of 1 to {max} characters.',
      badName: 'Please give it a campaign code of 1 to {max} small letters, digits and dashes (its links to the site carry it).',
      nameTaken: 'Another newsletter has this campaign code already: its links would be counted together. Please choose another.',
      badBody: 'The text of this newsletter has a problem: {error}',
      bodyTooLarge: 'This newsletter is larger than {max} kB. Please make it shorter.',
      unknownArticle: 'There is no such article on the site: publish it first.',
      // "Ready for an owner" set or taken back without saying which.
      badReady: 'Please reload the page: the server did not understand whether the newsletter is ready.',
      badTime: 'Choose a time after now and at most {days} days ahead.',
      mailOff: "Newsletters are sent through the site's mail settings, which are not set up yet: ask whoever looks after the site.",
      noReaders: 'Nobody has confirmed their subscription yet: there is nobody to send it to.',
      tooManyTests: 'Too many test sends from this account just now. Please wait {minutes} minutes and try again.',
      testFailed: 'The test could not be sent: {error}',
      notCancellable: 'Only a scheduled newsletter can be put back to draft; this one is being sent or was sent.',
      // {max} and {seconds} are replaced.
      tooManyDrafts: 'You already have {max} newsletter drafts. Send or delete some of them first.',
      savesTooFast: 'Too many saves at once. Please wait {seconds} seconds and try again.',
      // Send or Schedule names the version the owner read: a change made since is never sent unread.
      changedSinceRead: 'This newsletter was changed since you opened it, so it was not sent. The page now shows the new version: read it, then send it again.',
      noRevision: 'Please reload the page: the server does not know which version of the newsletter you read.',
      // Save names the version the writer had: another account's save since is never overwritten unseen ({by} is replaced).
      savedSinceOpened: '{by} saved this newsletter after you opened it, so your changes were not saved (theirs are kept). Your text is still on screen: save again to replace their version with yours, or reload the page to read theirs.',
      // {picture} is replaced: a picture's address that is not one uploaded for the site.
      notAnUpload: 'The picture {picture} is not one uploaded for the site. Add pictures with the text box\'s picture button.',
    },
  },
  // Reading the agency's mailbox (IMAP_URL, docs/inbox.md "Answers come back"): the visitors'
  // answers to the site's mails, and the agency's replies from a mail program, join their lead.
  mailbox: {
    // Without IDLE (or besides it) the mailbox is read this often.
    pollSeconds: 60,
    // Between readings the connection stays open, waiting in IDLE, renewed this often (a NOOP
    // instead where the server has no IDLE): neither the mail server nor a router on the way
    // closes it as idle. A connection the server closes anyway is opened again without a word.
    keepAliveSeconds: 120,
    // A mailbox that cannot be reached is tried again after `firstSeconds`, then twice as late
    // each time, never more than `maxSeconds` apart. Meanwhile, every `probeSeconds`, the reader
    // only knocks at the mail server's door (a connection opened and closed, no sign-in): once the
    // server answers again after it did not, it is read at once, not at the end of the wait.
    retry: { firstSeconds: 5, maxSeconds: 300, probeSeconds: 5 },
    // The inbox shows an alarm only once the mailbox has failed for `afterMinutes` (a lost
    // connection or a mail server's restart is not worth one), and the notification address
    // (NOTIFY_TO) gets one e-mail for that outage: `subject`, and `text`, where {user}, {host},
    // {since}, {error} and {link} (the inbox) are replaced. The alarm is gone once the mailbox
    // is read again; for `backShownHours` the inbox then says when it could not be read.
    alarm: {
      afterMinutes: 10,
      backShownHours: 24,
      subject: 'Answers by e-mail: the mailbox cannot be read',
      text: "The site has not been able to read the agency's mailbox {user} at {host} since {since}: {error}\n\nVisitors' answers wait in the mailbox until it can be read again: none is lost. The site keeps trying, and the inbox says when it reads again: {link}\n\nCheck the mailbox's password in the site's mail settings and that the mail host is up.",
    },
    // A larger mail is recorded by its headers only (read it in the mail program).
    maxMailBytes: 10485760,
    // The most of a mail's text kept and shown on the lead (its new part, and its quote and signature apart).
    maxTextCharacters: 20000,
    // The most characters of a lead's mails (their new parts, the newest first) its search reads.
    searchCharacters: 20000,
    // Attachments kept with the lead (PDF, DOC, DOCX, told by their first bytes, as CVs are); others are named only.
    attachments: { maxBytes: 5242880, maxPerMail: 5 },
    // How far a mail is read. Its header block is read up to `maxHeaderBytes` (all its parts'
    // headers together, too); parts nested deeper than `maxMimeDepth`, or a mail that cannot be
    // read at all, make it kept by its headers with a note (open it in the mail program). A
    // mail's HTML is made text (and its quote told apart) from its first `maxHtmlCharacters`, up to
    // where it nests deeper than `maxHtmlDepth` elements (the text the inbox keeps is cut at
    // maxTextCharacters anyway). A mail is read in a thread of its own (the server answers
    // visitors meanwhile); one not read within `deadlineSeconds` is kept by its headers too.
    reading: { maxHeaderBytes: 262144, maxMimeDepth: 50, maxHtmlCharacters: 200000, maxHtmlDepth: 100, deadlineSeconds: 60 },
  },
  headers: {
    referrerPolicy: 'strict-origin-when-cross-origin',
    permissionsPolicy: 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
    hstsMaxAgeSeconds: 31536000,
  },
  messages: {
    unknownCollection: 'There is no such form.',
    // A document that is not JSON (or a media type other than JSON and plain form posts).
    notJson: 'Please send the form as JSON.',
    // A JSON request with no body.
    emptyBody: 'The request is empty. Please send the form as JSON.',
    // A body that is not valid UTF-8.
    notUtf8: 'Please send the form as UTF-8 text.',
    // A JSON body with a "__proto__", "constructor" or "prototype" key anywhere.
    forbiddenKey: 'The form contains a name that is not allowed.',
    // A document over limits.documentBytes.
    tooLarge: 'This submission is too large.',
    // A body shorter or longer than its Content-Length said.
    incomplete: 'The request arrived incomplete. Please try again.',
    // A request that is not valid HTTP (broken framing, bytes not allowed in an address or header).
    badRequest: 'The request could not be read. Please try again.',
    // A request still arriving after limits.requestSeconds.
    timeout: 'The request took too long to arrive. Please try again.',
    // Request headers (the address included) over 16 KB.
    headersTooLarge: 'The request headers are too large.',
    // An address with a broken %-escape.
    badAddress: 'This address is not valid.',
    // An address part over 100 characters.
    addressTooLong: 'This address is too long.',
    // An /api/ address that does not exist.
    unknownAddress: 'There is nothing at this address.',
    // An /api/ address that exists, with a method it does not take (405, with Allow).
    wrongMethod: 'This address does not accept that kind of request.',
    unknownUploadFolder: 'Files cannot be uploaded there.',
    fileExists: 'A file with this name was already uploaded.',
    fileNotFound: 'There is no such file.',
    tooManyRequests: 'Too many submissions from here just now. Please wait a few minutes and try again.',
    badSubmissionKey: 'The submission key must be 8 to 64 letters, digits, dashes or underscores.',
    serverError: 'Something went wrong on our side. Please try again.',
    // The data disk is full or failing: nothing was stored, and trying again later will work.
    unavailable: 'We cannot take submissions just now. Please try again in a few minutes.',
    // GET /healthz, read by an uptime checker: the data folder takes writes, or it does not.
    healthy: 'ok',
    unhealthy: 'unavailable',
  },
  // The agency's inbox at /admin and its API (/api/session to sign in, /api/admin/… once signed in).
  admin: {
    // A session ends after this long without a request, and after this long in any case.
    idleMinutes: 30,
    absoluteHours: 12,
    // "Keep me signed in on this device" at the sign-in: that session lasts while it is used, and
    // ends after this many days without a request (each request moves the end; no 12-hour limit).
    rememberedDays: 30,
    // Erasing, exporting and deleting leads ask for the password again when it was last typed
    // (at the sign-in, or asked again) longer ago than this.
    passwordAgainMinutes: 15,
    // The erase screen lists this many of the last erasures (when, by whom, how many items).
    erasuresShown: 50,
    // `npm run leads -- add-admin` refuses shorter passwords.
    passwordMinLength: 12,
    // …and longer ones; a sign-in with a longer password is refused before it is checked.
    passwordMaxLength: 1024,
    // Wrong passwords within `windowMinutes`, counted per account from one client address (the
    // e-mail typed, whether or not it has an account; an IPv6 /64 is one client) and per client
    // address across accounts, never per account alone (a stranger cannot lock the owner out):
    // after `slowAfter` of them each answer waits (firstDelaySeconds, then twice as long each
    // time, at most maxDelaySeconds); after `refuseAfter` that client's tries are refused with
    // 429 until the window has passed, the right password too.
    // `hashing`: password checks (scrypt, 128 MiB and about 0.3 s each) run `concurrent` at a
    // time; a client (IPv4 address or IPv6 /64) may have `perClient` waiting or running, an IPv6
    // network of `networkBits` (a tunnel's many /64s) `perNetwork`: more are refused at once
    // (429, Retry-After) instead of queued, and the queue serves networks in turn, clients
    // without failures first.
    // `knownBrowser`: after a right password the browser gets a signed cookie naming the account
    // (OWASP's "device cookie"), for `days` days. A sign-in carrying it for that account waits
    // ahead of everyone else's in the hashing queue, and its wrong passwords are counted per that
    // cookie (`perBrowser`, within the same window) instead of per address: a stranger's wrong
    // passwords from the owner's address do not refuse the owner's browser, and a stolen cookie
    // gives no more guesses than an address does. Signing out keeps it; a new password or
    // removing the account makes every such cookie of the account worthless.
    signIn: {
      windowMinutes: 15,
      perAccount: { slowAfter: 2, refuseAfter: 5 },
      perAddress: { slowAfter: 10, refuseAfter: 30 },
      firstDelaySeconds: 1,
      maxDelaySeconds: 8,
      hashing: { concurrent: 1, perClient: 2, perNetwork: 4, networkBits: 48 },
      knownBrowser: { days: 90, perBrowser: { slowAfter: 2, refuseAfter: 5 } },
      // The second step after a right password (a passkey, a code from an authenticator app or a
      // recovery code): it must follow within `minutes`; its wrong tries are counted per account,
      // from any address (a right password does not forgive them), slowed and refused as passwords are.
      // A passkey's name (the device it is on) has 1 to `passkeyNameMax` characters.
      secondFactor: { minutes: 5, perAccount: { slowAfter: 3, refuseAfter: 10 }, recoveryCodes: 10, passkeyNameMax: 60 },
      // A new browser confirmed by mail (when an owner turns it on under Sign-in and security): a
      // browser that finished a sign-in of an account is known to it for `days` days (a signed
      // cookie; the account keeps a hash of its id). From any other, the right password (and the
      // app's or a recovery code, for an account that has one; a passkey needs nothing more) is
      // followed by a code of `digits` digits mailed to the account's address, good for `minutes`
      // and once; `tries` wrong ones spend it (the password is typed again for a new one), and
      // wrong codes count with the second step's per account. An account is mailed at most
      // `mailRate.requests` codes at once, refilled over `mailRate.perSeconds`.
      newDevice: { days: 365, minutes: 15, digits: 6, tries: 5, mailRate: { requests: 5, perSeconds: 3600 } },
    },
    // The CSV export's last column: each lead's address in the inbox (behind the sign-in).
    exportInboxColumn: 'Inbox',
    // The CSV's columns every form shares (config/forms `columns` says which field goes in each),
    // and the lead's status, last activity and private note; then its stage (and why it was lost),
    // value ({currency} is config/admin.ts currency; the amount is written 12500.50), follow-up
    // date and the owner it is assigned to.
    exportColumns: { name: 'Name', email: 'Email', phone: 'Phone', status: 'Status', lastActivity: 'Last activity', note: 'Note' },
    exportPipelineColumns: { stage: 'Stage', lostReason: 'Lost because', value: 'Value ({currency})', followUp: 'Follow-up', assignee: 'Assigned to' },
    // The most submissions a person's card lists (the newest first).
    personMaxLeads: 100,
    // The CSV's column beside a choice (a select's label, "Web Desiner"): the value stored for it
    // ("React.js"). {label} is the field's label.
    exportValueColumn: '{label} (stored value)',
    // The most leads one action of the list (archive, mark read, mark spam, delete…) changes at once.
    bulkMaxLeads: 100,
    // The insights' tables of sources and landing pages show this many rows at most (those with
    // most visits, then leads); the others are added up in one row (admin.insights.others).
    insightRows: 100,
    // Leads older than their form's retention (config/forms) are deleted at start and then this often.
    retentionCheckHours: 24,
    // The inbox's live updates (GET /api/admin/live, server-sent events): each open screen of the
    // inbox (a tab, a phone) keeps one stream and is told within a moment when a lead changes.
    // An account may have `perAccount` open at once (one more is refused until one closes). A
    // quiet stream gets a line every `heartbeatSeconds` (proxies keep it open; one whose session
    // ended is closed then); changes made by another process (the command line) are looked for
    // every `checkMilliseconds` while a screen listens. A screen that comes back is sent what it
    // missed, up to `resumeMax` changes (more: it loads its view again); a browser whose stream
    // was cut tries again after `retryMilliseconds`.
    live: { perAccount: 10, heartbeatSeconds: 25, checkMilliseconds: 1000, resumeMax: 1000, retryMilliseconds: 3000 },
    // The name an authenticator app shows beside an account's codes (with its e-mail address).
    secondFactorIssuer: 'Business Growth inbox',
    // What `npm run leads -- reset-second-factor` says ({email} and {count}, the passkeys and apps taken off, are replaced).
    secondFactorReset: '{email} signs in with the password alone again ({count} second steps taken off, recovery codes deleted, sessions ended). Set up a new second step at once.',
    // The mail with the code that confirms a new browser (signIn.newDevice): {code}, {minutes} (how
    // long it is good), {browser} (`browser` below, or the browser's own name for itself when it is
    // not one of the common ones), {ip} (the address it came from), {link} (the inbox) and
    // {signOutEverywhere} (the inbox's button that ends every session, config/admin.ts) are
    // replaced. It is sent to the account's own address. A password is changed on the server only
    // (docs/inbox.md "Creating an account"), so the mail sends the owner to that button and to
    // whoever looks after the site. In `browser`: {name} and {version} of the browser, {system}
    // the computer or phone's system.
    newDeviceMail: {
      subject: 'Your code to sign in to the inbox from a new browser: {code}',
      text: 'Someone signed in to the inbox with your password from a browser it has not seen before:\n\n  {browser}\n  from the address {ip}\n\nIf it was you, type this code in that browser within {minutes} minutes:\n\n  {code}\n\nIf it was not you, do not type the code anywhere: someone knows your password. Open the inbox ({link}), press “{signOutEverywhere}”, and ask whoever looks after the site to give your account a new password.\n',
      browser: '{name} {version} on {system}',
    },
    // What `npm run leads -- add-admin` says of a new account, by its role ({email} is replaced):
    // an owner reads the leads and edits the site, an editor edits the site only.
    accountAdded: {
      owner: '{email} (owner) can now sign in at /admin: the inbox, and the site\'s content at /admin/content.',
      editor: '{email} (editor) can now sign in at /admin/content to edit the site\'s content (an editor does not see the leads).',
    },
    messages: {
      signInRequired: 'Please sign in.',
      wrongPassword: 'The e-mail address or the password is not right.',
      // The second step of the sign-in: a code that is wrong or was used already; a recovery code
      // the same; a passkey the browser could not prove; the step started too long ago.
      wrongCode: 'This code is not right, or it was used already. Type the newest code your app shows.',
      wrongRecoveryCode: 'This recovery code is not right, or it was used already.',
      passkeyFailed: 'The passkey could not be checked. Try it again, or use a code from your app.',
      secondStepExpired: 'The sign-in took too long. Please type your password again.',
      // A new browser confirmed by mail: a code that is not the mail's; too many wrong ones (the
      // step is over); the mail could not be sent; too many mails to the account ({minutes} is replaced).
      wrongMailCode: 'This is not the code of the mail. Type the code of the newest mail we sent to your address.',
      mailCodeSpent: 'Too many wrong codes for this sign-in. Please type your password again: a new code will be mailed.',
      deviceMailFailed: 'The mail with your code could not be sent just now. Please try again in a few minutes.',
      tooManyDeviceMails: 'Too many codes were mailed to this account just now. Please wait {minutes} minutes and try again.',
      // Turning the mail on where the server sends no mail (SMTP_URL and MAIL_FROM are not set up).
      deviceMailOff: 'This server sends no mail (its mail settings are not set up): a new browser cannot be confirmed by mail.',
      // {minutes} is replaced.
      tooManyCodes: 'Too many wrong codes. Please wait {minutes} minutes and try again.',
      // An owner requires a second step for every account, and this one has none yet.
      secondFactorFirst: 'An owner asks every account for a second step at sign-in. Set one up under Sign-in and security before anything else.',
      // Removing the last second step while an owner requires one.
      lastSecondFactor: 'Every account must have a second step at sign-in: add another one before you remove this one.',
      // Setting up: a passkey's name (1 to {max} characters), or a code typed before the app was set up.
      badPasskeyName: 'Please give the passkey a name of 1 to {max} characters, such as the device it is on.',
      noCodeSetUp: 'Start setting up the authenticator app again: there is no code waiting to be confirmed.',
      // {minutes} is replaced.
      tooManyAttempts: 'Too many wrong passwords. Please wait {minutes} minutes and try again.',
      // Too many sign-ins waiting from one network; {seconds} is replaced.
      signInBusy: 'Too many sign-ins at once from your network. Please try again in {seconds} seconds.',
      notFromInbox: 'This request did not come from the inbox page. Please reload the page and try again.',
      unknownLead: 'There is no such lead: it may have been deleted.',
      // Unsubscribing someone by hand: no such subscriber, or one already unsubscribed or bounced.
      unknownSubscriber: 'There is no such subscriber: they may have been erased, or their sign-up dropped.',
      notSubscribed: 'They are not subscribed (any more): there is nothing to unsubscribe.',
      // Sending a sign-up its confirmation again: only while it waits; once a day per mailbox; the account's limit ({minutes} is replaced).
      notWaiting: 'They are not waiting for a confirmation (they confirmed, unsubscribed or bounced): nothing is sent.',
      confirmationToday: 'A confirmation e-mail went to this address today already. Try again tomorrow.',
      confirmationOff: 'Confirmation e-mails are not sent: mail is not set up on this server.',
      tooManyResends: 'Too many confirmations sent again from this account just now. Please wait {minutes} minutes and try again.',
      unknownDelivery: 'There is no such notification.',
      noCv: 'This lead has no CV file (any more).',
      badStatus: 'The status must be one of: new, read, answered, replied, archived.',
      // A change of a lead the inbox does not make (read may only be true).
      badChange: 'This change is not known: reload the page and try again.',
      // {max} is replaced.
      tooManyScreens: 'Live updates are on in {max} open screens of this account already: close one of them, then reload this page.',
      unknownAttachment: 'There is no such attachment.',
      // {max} is replaced.
      noteTooLong: 'Please keep the note to {max} characters or fewer.',
      badEmail: 'Please enter an e-mail address.',
      // The erasure's second step: the address typed again is not the same person's.
      eraseNotConfirmed: 'To erase, type the same e-mail address a second time.',
      // Erasing, exporting, deleting: the password was typed too long ago (the inbox then asks for it).
      passwordAgain: 'Please type your password again to do this.',
      // The password typed again is wrong.
      wrongPasswordAgain: 'This is not the password of this account.',
      badFilter: 'This filter is not known: reload the page and try again.',
      // {max} is replaced.
      badBulk: 'Choose between 1 and {max} leads, and an action the list offers.',
      ownersOnly: "Only an owner's account can see leads. This account edits the site's content.",
      // The content editor (/admin/content).
      contentNotSetUp: 'Editing the content is not set up on this server yet: ask whoever looks after the site to name the site\'s folder in its settings.',
      publishBusy: 'Another publish is under way. Please wait a moment and try again.',
      releaseUnderWay: 'A new release of the site is being put in place, so nothing was published. Please try again in a few minutes: your edits are kept as your draft.',
      contentChanged: 'The content was changed since you opened the editor (by another publish or a release). Reload the editor: your edits are kept as your draft.',
      buildFailed: 'The pages could not be drawn with these changes, so nothing was published. Nothing visitors see has changed. The error: {error}',
      // A publish that could not write its files (a full disk, say) or record them in the site's history: {error} is the system's words.
      publishNotWritten: 'The changes could not be saved on the server (its disk may be full), so nothing was published. Nothing visitors see has changed, and your edits are kept as your draft. The error: {error}',
      publishNotRecorded: "The change could not be recorded in the site's history, so nothing was published. Nothing visitors see has changed, and your edits are kept as your draft. A developer can look at the site folder (git status). The error: {error}",
      // Too many checks of edits waiting at once; {seconds} is replaced.
      checkBusy: 'The server is busy checking other edits. Please try again in {seconds} seconds.',
      // Where Caddy serves the site's files itself and did not load the new build: {error} is Caddy's answer.
      frontRefused: 'The web server in front of the site (Caddy) did not take the new version, so nothing was published: visitors still see the site as it was, and your edits are kept as your draft. A developer can look at Caddy (systemctl status caddy). The error: {error}',
      unknownRevision: 'There is no such revision.',
      // The revisions list: a developer's release in one line; {places} names the pages, forms and settings it changed.
      releaseInWords: "Changed the site's code, and with it {places}",
      // The same, when it changed none of the pages, forms or settings the office edits.
      releaseOfCode: "Changed the site's code",
      // Undo this change, refused: a developer's release, or the site's first version.
      releaseNotUndone: "A developer's release changes the site's code as well: it cannot be undone from here. Ask a developer.",
      firstRevision: 'This is the first version of the site in its history: there is nothing before it to go back to.',
      // A later change touched the same text: {where} (the page, section and box), {author}, {at} and {change} (that change in words) are replaced.
      undoConflict: '{where} was changed again later, by {author} on {at} ({change}), so this change cannot be undone alone. Undo that later change first, or change the text yourself.',
      // The same, when the later change is not one of the revisions (a change made on the server by hand).
      undoConflictSince: '{where} was changed again since, so this change cannot be undone alone. Change the text yourself.',
      // Undo or restore with nothing to do.
      nothingToChange: 'The site already shows this as it was: nothing was published.',
      // Restore, what it leaves as it is now; {where} is replaced.
      restoreAddedSince: '{where} was added to the site since then, so it keeps its value of today.',
      restoreLeftToCode: "{where} is now worked out in the site's code, so it stays as the code gives it.",
      // A publish (an undo, a restore) that would leave config/ as `npm start` refuses it: {problem} is the check's sentence.
      wouldNotStart: 'The site would not start with this change ({problem}), so nothing was published. Nothing visitors see has changed, and your edits are kept as your draft. Ask a developer.',
      // A page of the site's own (one config/routes.ts shows) sent for removal: {title} is the page's title.
      pageNotRemovable: "The page {title} is one of the site's own pages, so it cannot be removed. Only pages made in the editor can be removed.",
      // A page removed, its visitors sent to another page: {title} is the removed page's title, {address} the page chosen.
      goneToNoPage: 'The visitors of {title} cannot be sent to {address}: it is not a page of the site. Choose one of the pages in the list.',
      // A page removed, with what its visitors read: {title}, {max} (characters) and {links} (the most links) are replaced.
      goneWordsRefused: "What the visitors of {title} read must be a sentence of at most {max} characters, and at most {links} links to the site's pages.",
      // A picture over imageMaxBytes: {max} is replaced (in megabytes).
      imageTooLarge: 'This picture is larger than {max} MB, the most the editor takes. Make it smaller, then upload it again: on a phone, share it to yourself or save a copy at a smaller size; on a computer, save it again as a JPEG at most 3000 pixels wide (any photo program can).',
      notAnImage: 'This file is not a picture we can use. Please choose a JPEG, PNG, WebP, GIF or AVIF picture.',
      badImageSize: 'Say how large the page draws the picture: width and height in pixels, from 1 to {max}.',
      badImageFocus: 'Say which point of the picture to keep: both its place across and its place down, each from 0 to 1.',
      // {width} and {height} (the picture's) and {max} (millions of pixels) are replaced.
      imageTooManyPixels: 'This picture is {width} × {height} pixels: the site takes pictures of up to {max} million pixels. Please make it smaller first, or choose another one.',
      // Other pictures are being prepared; {seconds} is replaced.
      imageBusy: 'Other pictures are being prepared just now. Please try again in {seconds} seconds.',
      // The space for uploaded pictures is full; {pictures} and {megabytes} (the limits) are replaced.
      uploadsFull: 'The space for uploaded pictures is full (at most {pictures} pictures, {megabytes} MB in all). Please ask whoever looks after the server to remove the pictures no page uses.',
      // Replying from a lead's page.
      noReplyAddress: 'This lead has no e-mail address to reply to.',
      repliesOff: 'Replies are sent through the site\'s mail settings, which are not set up yet: ask whoever looks after the site.',
      // {minutes} is replaced.
      tooManyReplies: 'Too many replies from this account just now. Please wait {minutes} minutes and try again.',
      // Drafts (the editor saves each edit on the server as it is typed). {max} is replaced (in kB).
      draftTooLarge: 'This draft is larger than {max} kB, so the server did not keep it. Make it shorter, or publish a part of it first.',
      // {max} is replaced.
      tooManyDrafts: 'You already have {max} drafts. Publish or discard some of them first.',
      // {seconds} is replaced.
      draftsTooFast: 'Too many saves at once. Trying again in {seconds} seconds.',
      notEditable: 'This is not a page, part or form the editor changes.',
      noDraft: 'There is no draft of this: it may have been published or discarded meanwhile.',
      // {days} is replaced.
      badScheduleTime: 'Choose a time after now and at most {days} days ahead.',
      // A draft with problems cannot be scheduled: {count} is replaced.
      draftHasProblems: 'Fix the {count} problems of this draft before scheduling it.',
      // A scheduled publish that did not go through: the draft stays. {reason} is the publish's sentence.
      scheduledPublishFailed: 'The scheduled publish did not go through, so the draft is kept and not scheduled any more: {reason}',
    },
    // Replies sent from the inbox, per account: a few at once, then this many per this many seconds.
    replyRate: { requests: 30, perSeconds: 3600 },
    // Confirmations an owner sends again (Newsletter, Subscribers), per account: a few at once, then this many per this many seconds.
    resendRate: { requests: 20, perSeconds: 3600 },
    // The longest private note on a lead, in characters.
    noteMaxLength: 10000,
    // Pictures uploaded in the content editor: the largest file taken, and the largest picture
    // (in pixels, width times height, read from the file's header: a larger one is refused before
    // it is decoded). Each is re-encoded at the size the page draws it, one at a time; imageQueue
    // more wait their turn, and any beyond are refused at once, to be sent again after
    // retryAfterSeconds. A picture of 25 million pixels takes the server about 100 MB while it is
    // re-encoded.
    imageMaxBytes: 20971520,
    imageMaxPixels: 25000000,
    imageQueue: { waiting: 3, retryAfterSeconds: 5 },
    // Every picture uploaded in the editor together (public/images/uploads): at most this many
    // files and this many bytes (100 MB).
    uploads: { maxPictures: 300, maxBytes: 104857600 },
    // Drafts: each account's unpublished edits, saved on the server as they are typed (one per
    // account and file). A draft holds at most `maxBytes` (500 kB; a whole page is about 20 kB);
    // an account has at most `perAccount` of them; autosaves of one account: `rate` (a token bucket:
    // a few at once, then this many per this many seconds; the editor keeps what was refused in
    // the browser and sends it again). A draft may be scheduled at most `scheduleMaxDays` ahead.
    drafts: { maxBytes: 512000, perAccount: 50, rate: { requests: 60, perSeconds: 60 }, scheduleMaxDays: 366 },
    // What a page removed in the editor leaves its visitors: a sentence of at most `maxLength`
    // characters and at most `maxLinks` links to the site's pages (config/moved.ts keeps them).
    goneWords: { maxLength: 200, maxLinks: 6 },
  },
} satisfies ServerConfig;
