/**
 * The description of config/server.ts: the embedded backend's limits and its answers to bad
 * requests, made from its words (wordsLike, src/schema/words.ts): a key that is only a text, or a
 * group of texts, is described by the words themselves; this file writes out what says more (the
 * numbers and their limits, the sentences with {placeholders}, the texts with a length of their own).
 */
import { number, object, template, text, TEXT_LIMITS, type Infer } from '../schema/schema';
import { wordsAt, wordsLike } from '../schema/words';

/** A group of the words by its keys (an empty group where there is none). */
type WordsOf = (...keys: string[]) => object;

/** "At most `requests` in any `perSeconds` seconds", refilled smoothly (a token bucket). */
const rate = () =>
  object({
    requests: number({ min: 1, integer: true }),
    perSeconds: number({ min: 1, max: 86400 }),
  });

/** Wrong passwords: answers slow down after `slowAfter` of them, and are refused (429) after `refuseAfter`. */
const throttle = () =>
  object({
    slowAfter: number({ min: 0, integer: true }),
    refuseAfter: number({ min: 1, integer: true }),
  });

/**
 * The description of config/server.ts, made from its words: those the code was built with, given by
 * src/content/model/contentSchemas.ts (config/server.ts names this description's type, so this file
 * imports neither the file nor its type).
 */
export function serverSchemaOf(words: object) {
  const wordsOf: WordsOf = (...keys) => wordsAt(words, keys);
  return wordsLike(wordsOf(), {
    limits: limits(),
    /**
     * The forms' proof of work (src/leads/server/proofOfWork.ts): the puzzle's size (at most
     * `maxNumber` tries), how long a puzzle stays good, and how many puzzles one client may ask for.
     * A submission without a solved puzzle is stored marked as spam.
     */
    proofOfWork: object({
      maxNumber: number({ min: 1000, max: 10000000, integer: true }),
      expiresMinutes: number({ min: 5, max: 1440, integer: true }),
      perClient: rate(),
      longestProofChars: number({ min: 512, max: 65536, integer: true }),
      renewSecondsBeforeEnd: number({ min: 0, max: 3600, integer: true }),
    }),
    /** The visit beacon's counting (src/leads/server/visits.ts): its rate per client, and what bounds its storage. */
    visits: wordsLike(wordsOf('visits'), {
      perClient: rate(),
      maxSourcesPerDay: number({ min: 1, integer: true }),
      maxVisitorsPerDay: number({ min: 1, integer: true }),
      keepDays: number({ min: 1, integer: true }),
    }),
    /** What the privacy page promises (src/site/sections/privacy): a visitor's request is answered within `answerWithinDays`. */
    privacy: object({
      answerWithinDays: number({ min: 1, max: 30, integer: true }),
    }),
    notifications: notifications(wordsOf),
    newsletter: newsletter(wordsOf),
    mailbox: mailbox(wordsOf),
    /** Headers sent with every answer (the Content-Security-Policy is built in src/platform/server/security.ts). */
    headers: wordsLike(wordsOf('headers'), {
      /** Strict-Transport-Security max-age, sent only when the site is reached over HTTPS. */
      hstsMaxAgeSeconds: number({ min: 0, integer: true }),
    }),
    admin: admin(wordsOf),
  });
}
export type ServerConfig = Infer<ReturnType<typeof serverSchemaOf>>;

/** The requests the server takes, and the connections it holds. */
function limits() {
  return object({
    /** Largest form submission accepted, in bytes. */
    documentBytes: number({ min: 1024, integer: true }),
    /** Longest time a whole request (headers and body) may take to arrive, in seconds. */
    requestSeconds: number({ min: 10, integer: true }),
    /** Longest time one part of the server may take to start before the server stops with its name, in seconds. */
    startSeconds: number({ min: 10, integer: true }),
    /** Form submissions and uploads from one client address. */
    perClient: rate(),
    /**
     * One client, for perClient: an IPv4 address (an IPv4 address written as IPv6, ::ffff:a.b.c.d,
     * is that IPv4 address), or an IPv6 network of this many leading bits.
     */
    ipv6ClientBits: number({ min: 1, max: 128, integer: true }),
    /** Form submissions and uploads from everyone together (a burst of bots from many addresses). */
    everyone: rate(),
    /**
     * What the server holds for its clients' connections (src/platform/server/connections.ts): answers a
     * client does not read wait in the server's memory.
     */
    connections: object({
      /** Connections open at once; one more makes room by closing the slowest reader or the longest quiet one. */
      max: number({ min: 10, integer: true }),
      /** Requests one connection may have waiting for their answers; one more closes it. */
      pipelined: number({ min: 1, integer: true }),
      /** Answer bytes waiting to go out to one connection; more closes it. */
      unsentBytes: number({ min: 65536, integer: true }),
      /** Answer bytes waiting for all connections together; above, the slowest readers are closed first. */
      unsentBytesTotal: number({ min: 1048576, integer: true }),
      /** Seconds a waiting answer may go without moving before its connection is closed. */
      stallSeconds: number({ min: 1, integer: true }),
      /**
       * Seconds a connection stays open after an answer sent before its request had all arrived
       * (a body refused for its size), what the client still sends read and dropped, unless the
       * client closes its side first (src/platform/server/httpServer.ts).
       */
      lingerSeconds: number({ min: 1, max: 30, integer: true }),
    }),
  });
}

/**
 * What the agency is told of each new lead (src/leads/server/notify; the settings that turn it on
 * are environment variables, docs/inbox.md "Notifications of new leads"). A form's own
 * `notify.subject` is the mail's heading (its first line); its subject is the conversation's.
 */
function notifications(wordsOf: WordsOf) {
  return wordsLike(wordsOf('notifications'), {
    /**
     * A delivery that fails is tried again after `firstSeconds`, then twice as late each time,
     * never more than `maxSeconds` apart, for at least `forDays` days; then it is marked failed.
     */
    retry: object({
      firstSeconds: number({ min: 1, max: 30 }),
      maxSeconds: number({ min: 60, max: 3600 }),
      forDays: number({ min: 3, max: 30 }),
    }),
    /** The notification e-mail's wording around the fields (each field shows by its label). */
    mail: wordsLike(wordsOf('notifications', 'mail'), {
      /** Under the fields, when the lead gave an e-mail address and the mailbox is read (the mail's Reply-To is its reply address): {name} the visitor's. */
      replyHint: template(['name']),
      /** The same when the site does not read the mailbox (a reply to the mail reaches nobody). */
      replyHintInbox: template(['name']),
      /** The mail's sender name: {name} the visitor's, {sender} MAIL_FROM's name or the brand's. */
      sender: template(['name', 'sender']),
      /** The visitor's name in it is cut at a word to this many characters. */
      senderNameMaxLength: number({ min: 10, max: 200, integer: true }),
      /** The reply address's name: {name} the visitor's, {sender} as in `sender`. */
      replyToName: template(['name', 'sender']),
    }),
    /** The owner's replies from a mail program, sent on through the site (src/leads/server/mailbox/ownerReplies.ts). */
    replies: wordsLike(wordsOf('notifications', 'replies'), {
      /** Days a notification's reply address is taken. */
      tokenDays: number({ min: 1, max: 3650, integer: true }),
      /** A reply's subject when the person has no e-mail yet: {brand}. */
      firstSubject: template(['brand']),
      /** The mail telling the writer a reply was not sent: {name} the visitor's, {subject} their mail's. */
      notSentSubject: template(['name', 'subject']),
      notSentText: template(['name', 'reason', 'link', 'words']),
      /** Why a reply was not sent: in that mail and on the lead. */
      reasons: wordsLike(wordsOf('notifications', 'replies', 'reasons'), {
        expired: template(['days']),
      }),
    }),
    /** The webhook's one-line `text` (what chat tools show): {subject} is the form's notify.subject, {link} the lead in the inbox. */
    webhookText: template(['subject', 'link']),
    /**
     * The daily mail to each owner account (src/leads/server/notify/digest.ts): at `hour` o'clock in the
     * agency's time zone, who waits for the agency and whose follow-up is due, `maxLines` of each at most.
     */
    digest: wordsLike(wordsOf('notifications', 'digest'), {
      hour: number({ min: 0, max: 23, integer: true }),
      maxLines: number({ min: 1, max: 500, integer: true }),
      subject: template(['waiting', 'due']),
      waitingLine: template(['name', 'form', 'since', 'ago', 'link']),
      dueLine: template(['name', 'form', 'stage', 'date', 'when', 'link']),
      more: template(['count', 'inbox']),
      footer: template(['hour']),
    }),
    /** The first line of the owner's mails that Reply cannot answer a client from. */
    replyReachesNobody: text({ maxLength: 300 }),
    /**
     * The auto-reply to the visitor: how much of their name it may carry, the word used without one;
     * the most sent per day in all, of which confirmations of sign-ups, and per client network (its
     * IPv4 network's bits).
     */
    autoReply: wordsLike(wordsOf('notifications', 'autoReply'), {
      nameMaxLength: number({ min: 1, max: 60, integer: true }),
      perDay: number({ min: 1, integer: true }),
      confirmationsPerDay: number({ min: 1, integer: true }),
      perNetworkPerDay: number({ min: 1, integer: true }),
      ipv4NetworkBits: number({ min: 8, max: 32, integer: true }),
    }),
    /**
     * The owner's mail of a client's answer (src/leads/server/notify/answers.ts): the answers of
     * `digestMinutes` in one mail (those the agency replied to meanwhile left out), its words,
     * and how much of each answer it tells.
     */
    answers: wordsLike(wordsOf('notifications', 'answers'), {
      digestMinutes: number({ min: 0, max: 60 }),
      subject: template(['name', 'words']),
      subjectOnePerson: template(['name', 'count', 'words']),
      subjectSeveral: template(['count', 'names']),
      heading: template(['name', 'at', 'form']),
      headingSeveral: template(['name', 'count', 'form']),
      answeredAt: template(['at']),
      openLead: template(['link']),
      firstLinesMaxLength: number({ min: 40, max: 2000, integer: true }),
      subjectWordsMaxLength: number({ min: 10, max: 200, integer: true }),
    }),
  });
}

/** The newsletter's sign-ups and sending (src/newsletter/server; its mail settings are environment variables). */
function newsletter(wordsOf: WordsOf) {
  return wordsLike(wordsOf('newsletter'), {
    /** How long a sign-up waits for its confirmation before it is deleted (and its link stops working). */
    unconfirmedDays: number({ min: 1, max: 365, integer: true }),
    /** nodemailer's pool: connections at once (a crash leaves at most this many readers uncertain), and mails per connection. */
    pool: object({ connections: number({ min: 1, max: 10, integer: true }), messagesPerConnection: number({ min: 1, integer: true }) }),
    /** At most `messages` every `perSeconds` seconds; 0 messages: no limit. */
    rate: object({ messages: number({ min: 0, integer: true }), perSeconds: number({ min: 1, max: 86400 }) }),
    /** A temporary refusal (4xx): tried again after `firstSeconds`, doubling, at most `maxSeconds` apart, for `forDays` days. */
    retry: object({ firstSeconds: number({ min: 1, max: 3600 }), maxSeconds: number({ min: 60, max: 86400 }), forDays: number({ min: 1, max: 30 }) }),
    /** The mail server out of reach: the sending waits `firstSeconds`, doubling, at most `maxSeconds`. */
    unreachable: object({ firstSeconds: number({ min: 1, max: 60 }), maxSeconds: number({ min: 10, max: 3600 }) }),
    /** While a newsletter is sending, its page reads it again after `firstMilliseconds`, doubling, at most `maxMilliseconds` apart. */
    sendingScreenRefresh: object({
      firstMilliseconds: number({ min: 100, max: 10000, integer: true }),
      maxMilliseconds: number({ min: 1000, max: 60000, integer: true }),
    }),
    /** Temporary failures (4.x.x) of this many newsletters in a row mark an address bounced. */
    softBouncesInARow: number({ min: 1, max: 20, integer: true }),
    subjectMaxLength: number({ min: 20, max: 998, integer: true }),
    nameMaxLength: number({ min: 10, max: 100, integer: true }),
    bodyMaxBytes: number({ min: 16384, max: 4194304, integer: true }),
    scheduleMaxDays: number({ min: 1, max: 3660, integer: true }),
    /** Drafts an account started (at most), and its saves (new drafts and changes). */
    drafts: object({ perAccount: number({ min: 1, max: 1000, integer: true }), rate: rate() }),
    /** The newsletters' pictures, per client address. */
    picturesRate: rate(),
    /** Test sends per account. */
    testRate: rate(),
    /** One-click unsubscribes per client address. */
    unsubscribeRate: rate(),
    messages: wordsLike(wordsOf('newsletter', 'messages'), {
      badSubject: template(['max']),
      badName: template(['max']),
      badBody: template(['error']),
      bodyTooLarge: template(['max']),
      badTime: template(['days']),
      tooManyTests: template(['minutes']),
      testFailed: template(['error']),
      tooManyDrafts: template(['max']),
      savesTooFast: template(['seconds']),
      savedSinceOpened: template(['by']),
      notAnUpload: template(['picture']),
    }),
  });
}

/** Reading the agency's mailbox over IMAP (src/leads/server/mailbox; its settings are environment variables). */
function mailbox(wordsOf: WordsOf) {
  return object({
    /** Seconds between two readings (IDLE wakes the reader sooner where the server offers it). */
    pollSeconds: number({ min: 5, max: 3600, integer: true }),
    /** Between readings the connection waits in IDLE, renewed this often (a NOOP where the server has no IDLE). */
    keepAliveSeconds: number({ min: 30, max: 1500, integer: true }),
    /**
     * A mailbox that cannot be reached: tried again after `firstSeconds`, twice as late each time, at most `maxSeconds` apart;
     * its server knocked at every `probeSeconds` meanwhile (read at once when it answers again).
     */
    retry: object({ firstSeconds: number({ min: 1, max: 60 }), maxSeconds: number({ min: 10, max: 3600 }), probeSeconds: number({ min: 1, max: 60 }) }),
    /**
     * The inbox's alarm, once the mailbox has failed for `afterMinutes`, and the one e-mail of it
     * to the notification address; the outage shown for `backShownHours` after it ended.
     */
    alarm: wordsLike(wordsOf('mailbox', 'alarm'), {
      afterMinutes: number({ min: 1, max: 1440, integer: true }),
      backShownHours: number({ min: 0, max: 720, integer: true }),
      text: template(['user', 'host', 'since', 'error', 'link'], { maxLength: TEXT_LIMITS.paragraph }),
    }),
    /** A mail larger than this (bytes) is recorded by its headers only. */
    maxMailBytes: number({ min: 65536, integer: true }),
    /** The most characters of a mail's text kept. */
    maxTextCharacters: number({ min: 1000, max: 1000000, integer: true }),
    /** The most characters of a lead's mails its search reads (their new parts, the newest first). */
    searchCharacters: number({ min: 0, max: 1000000, integer: true }),
    /** Attachments kept: at most `maxPerMail` of a mail, each at most `maxBytes`, PDF, DOC or DOCX by content. */
    attachments: object({ maxBytes: number({ min: 1024, integer: true }), maxPerMail: number({ min: 0, max: 20, integer: true }) }),
    /**
     * How far a mail is read: its header block (all its parts' headers together) up to
     * `maxHeaderBytes`, MIME parts nested up to `maxMimeDepth` (deeper: kept by its headers), an
     * HTML-only mail's first `maxHtmlCharacters` made text, up to where it nests deeper than
     * `maxHtmlDepth` elements (the HTML parser's time grows with the square of the nesting, and
     * the conversion recurses once per level: these bound both).
     */
    reading: object({
      maxHeaderBytes: number({ min: 16384, max: 2097152, integer: true }),
      maxMimeDepth: number({ min: 8, max: 256, integer: true }),
      maxHtmlCharacters: number({ min: 10000, max: 2097152, integer: true }),
      maxHtmlDepth: number({ min: 20, max: 500, integer: true }),
      /** A mail not read within this (in its own thread) is kept by its headers. */
      deadlineSeconds: number({ min: 1, max: 600 }),
    }),
  });
}

/** The agency's inbox: sessions, sign-in throttling, retention checks and the API's answers. */
function admin(wordsOf: WordsOf) {
  return wordsLike(wordsOf('admin'), {
    /** A session ends after this many minutes without a request. */
    idleMinutes: number({ min: 1, integer: true }),
    /** …and this many hours after signing in, whatever happens. */
    absoluteHours: number({ min: 1, integer: true }),
    /** A remembered device's session ends after this many days without a request. */
    rememberedDays: number({ min: 1, max: 400, integer: true }),
    /** Erasing, exporting and deleting ask for the password again when it was typed longer ago than this. */
    passwordAgainMinutes: number({ min: 1, max: 1440, integer: true }),
    /** How many of the last erasures the erase screen lists. */
    erasuresShown: number({ min: 1, max: 1000, integer: true }),
    /** The shortest password `npm run leads -- add-admin` accepts. */
    passwordMinLength: number({ min: 8, integer: true }),
    /** The longest password accepted, at sign-in too (it bounds the work a stranger's one try costs). */
    passwordMaxLength: number({ min: 64, max: 4096, integer: true }),
    /** What `npm run leads -- add-admin` says of a new account, one sentence per role: {email} is replaced. */
    accountAdded: object({ owner: template(['email']), editor: template(['email']) }),
    signIn: object({
      windowMinutes: number({ min: 1, integer: true }),
      perAccount: throttle(),
      perAddress: throttle(),
      firstDelaySeconds: number({ min: 0, max: 60 }),
      maxDelaySeconds: number({ min: 0, max: 60 }),
      /** Password checks: how many at once, and how many one client (and one IPv6 network) may have waiting or running. */
      hashing: object({
        concurrent: number({ min: 1, max: 8, integer: true }),
        perClient: number({ min: 1, max: 16, integer: true }),
        perNetwork: number({ min: 1, max: 64, integer: true }),
        networkBits: number({ min: 16, max: 64, integer: true }),
      }),
      /**
       * The known browser's cookie: how many days it lasts (browsers keep a cookie 400 days at
       * most), and the wrong passwords counted per cookie within the window.
       */
      knownBrowser: object({
        days: number({ min: 1, max: 400, integer: true }),
        perBrowser: throttle(),
      }),
      /** The second step: how long after the password it may come, its wrong tries per account, how many recovery codes an account gets. */
      secondFactor: object({
        minutes: number({ min: 1, max: 30, integer: true }),
        perAccount: throttle(),
        recoveryCodes: number({ min: 5, max: 20, integer: true }),
        /** The longest name a passkey may be given, in characters. */
        passkeyNameMax: number({ min: 10, max: 200, integer: true }),
      }),
      /** A new browser confirmed by mail: how long a browser stays known, the code's life, digits and tries, the mails per account. */
      newDevice: object({
        days: number({ min: 1, max: 400, integer: true }),
        minutes: number({ min: 1, max: 60, integer: true }),
        digits: number({ min: 6, max: 10, integer: true }),
        tries: number({ min: 1, max: 10, integer: true }),
        mailRate: object({ requests: number({ min: 1, integer: true }), perSeconds: number({ min: 1, integer: true }) }),
      }),
    }),
    /** The name an authenticator app shows beside the account's codes. */
    secondFactorIssuer: text({ maxLength: 60 }),
    /** What the command line says after taking an account's second steps off ({email}, {count}). */
    secondFactorReset: template(['email', 'count']),
    /** The mail with the code that confirms a new browser: {code}, {minutes}, {browser}, {ip}, {link}, {signOutEverywhere}; the browser as {name} {version} on {system}. */
    newDeviceMail: object({
      subject: template(['code']),
      text: template(['code', 'minutes', 'browser', 'ip', 'link', 'signOutEverywhere'], { maxLength: 2000 }),
      browser: template(['name', 'version', 'system'], { maxLength: 100 }),
    }),
    /** The CSV's columns of a lead's stage, why it was lost, value ({currency}: config/admin.ts currency), follow-up date and assignee. */
    exportPipelineColumns: wordsLike(wordsOf('admin', 'exportPipelineColumns'), { value: template(['currency']) }),
    /** The most submissions a person's card lists. */
    personMaxLeads: number({ min: 1, max: 1000, integer: true }),
    /** The CSV export's column beside a choice: the value stored ({label}: the field's label). */
    exportValueColumn: template(['label']),
    /** The most leads one action of the list changes at once (the largest page is 100). */
    bulkMaxLeads: number({ min: 1, max: 1000, integer: true }),
    /**
     * The rows of each insights table (sources, landing pages) at most; the rest are one row.
     * At 100 rows of the longest names the insights answer stays under 256 kB.
     */
    insightRows: number({ min: 1, max: 100, integer: true }),
    /** How often the retention periods of config/forms are enforced. */
    retentionCheckHours: number({ min: 1, integer: true }),
    /** The inbox's live updates (src/leads/server/live.ts): streams per account, the heartbeat, the look for changes made elsewhere, what a screen coming back is sent, the browser's wait before it tries again. */
    live: object({
      perAccount: number({ min: 1, max: 100, integer: true }),
      heartbeatSeconds: number({ min: 5, max: 120, integer: true }),
      checkMilliseconds: number({ min: 100, max: 10000, integer: true }),
      resumeMax: number({ min: 1, max: 100000, integer: true }),
      retryMilliseconds: number({ min: 500, max: 60000, integer: true }),
    }),
    messages: wordsLike(wordsOf('admin', 'messages'), {
      tooManyDeviceMails: template(['minutes']),
      tooManyCodes: template(['minutes']),
      badPasskeyName: template(['max']),
      tooManyScreens: template(['max']),
      badBulk: template(['max']),
      releaseInWords: template(['places']),
      undoConflict: template(['where', 'author', 'at', 'change']),
      undoConflictSince: template(['where']),
      restoreAddedSince: template(['where']),
      restoreLeftToCode: template(['where']),
      wouldNotStart: template(['problem']),
      pageNotRemovable: template(['title']),
      goneToNoPage: template(['title', 'address']),
      goneWordsRefused: template(['title', 'max', 'links']),
      imageTooManyPixels: template(['width', 'height', 'max']),
      imageBusy: template(['seconds']),
      uploadsFull: template(['pictures', 'megabytes']),
      draftTooLarge: template(['max']),
      tooManyDrafts: template(['max']),
      draftsTooFast: template(['seconds']),
      badScheduleTime: template(['days']),
      draftHasProblems: template(['count']),
      scheduledPublishFailed: template(['reason']),
    }),
    /** Replies one account may send from the inbox: `requests` at once, refilled over `perSeconds`. */
    replyRate: object({ requests: number({ min: 1, integer: true }), perSeconds: number({ min: 1, integer: true }) }),
    resendRate: object({ requests: number({ min: 1, integer: true }), perSeconds: number({ min: 1, integer: true }) }),
    noteMaxLength: number({ min: 1, integer: true }),
    imageMaxBytes: number({ min: 1, max: 104857600, integer: true }),
    /** Decoding a picture takes about 4 bytes a pixel: 40 million pixels is some 160 MB of the server's memory (a small server has 1 GB). */
    imageMaxPixels: number({ min: 1, max: 40000000, integer: true }),
    /** Uploads that wait while one picture is re-encoded (more are refused with imageBusy), and the seconds such a refusal asks to wait. */
    imageQueue: object({ waiting: number({ min: 0, max: 16, integer: true }), retryAfterSeconds: number({ min: 1, max: 600, integer: true }) }),
    /** Every picture uploaded in the editor together: at most this many files, and this many bytes. */
    uploads: object({ maxPictures: number({ min: 1, integer: true }), maxBytes: number({ min: 1, integer: true }) }),
    /** The editor's drafts: one's largest size, how many an account may have, autosaves per account, how far ahead one may be scheduled. */
    drafts: object({
      maxBytes: number({ min: 1024, max: 1048576, integer: true }),
      perAccount: number({ min: 1, max: 1000, integer: true }),
      rate: rate(),
      scheduleMaxDays: number({ min: 1, max: 3660, integer: true }),
    }),
    /** What a page removed in the editor may leave its visitors: the longest sentence, the most links. */
    goneWords: object({ maxLength: number({ min: 20, max: 2000, integer: true }), maxLinks: number({ min: 1, max: 20, integer: true }) }),
  });
}
