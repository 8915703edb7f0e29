/**
 * Every word of the agency's inbox at /admin: the sign-in, the list of leads, a lead's page,
 * the Spam folder and the erasure of a person's data. Only the agency reads these. Words in
 * {curly braces} are filled in by the inbox. Change a text, save, run `npm run check`.
 * (The server's answers to the inbox are in config/server.ts, admin.messages.)
 */
import type { AdminConfig } from '../src/content/model/adminSchema';

export default {
  // Dates, times and counts ("65,334") are written the way this language and region write them.
  locale: 'en-GB',
  // The agency's time zone: every "Received" (inbox, notification mail, CSV) is the server's
  // time of storing the lead, written in this zone. A name like "Europe/London" or "America/New_York".
  timeZone: 'Europe/London',
  // Money (a lead's value) is in this currency: its code, like "GBP", "EUR" or "USD".
  currency: 'GBP',
  // The browser tab: {count} is the number of unread leads (new, or answered since the agency looked).
  title: 'Inbox · Business Growth',
  titleWithUnread: '({count}) Inbox · Business Growth',
  loading: 'Loading…',

  // The name each form goes by in the inbox (one for every form of config/forms).
  forms: {
    inquiry: 'Home inquiry',
    newsletter: 'Newsletter',
    freelancer: 'Career application',
    contact: 'Contact',
  },
  // Answered: the visitor wrote back and waits for the agency; Replied: the agency answered last.
  statuses: { new: 'New', read: 'Read', answered: 'Answered', replied: 'Replied', archived: 'Archived' },
  // What each form brings (its `kind` in config/forms), as insights name it. The first is what
  // insights count by default (each person once); the others are shown beside it.
  kinds: { client: 'Client leads', application: 'Applications', subscriber: 'Newsletter sign-ups' },
  // The checks a form's field may have, as the editor lists them ({min} is the number the office chooses).
  ruleLabels: {
    required: 'must be filled in',
    email: 'must be an e-mail address',
    emailOrEmpty: 'must be an e-mail address, or left empty',
    digits: 'digits only, or left empty',
    digitsRequired: 'digits only, at least one',
    url: 'must be a web address',
    number: 'must be a number',
    date: 'must be a date',
    minLength: 'at least {min} characters',
  },
  // Under a table wider than the screen (a phone), which scrolls sideways.
  wideTable: 'More columns to the right: scroll the table sideways.',
  // Shown to owners on every screen while a setting is still the shipped example (npm run check says the same).
  placeholders: 'Settings still at their example values:',
  // The button that shows or hides them ({count} is replaced): folded, the first screen stays the list's.
  placeholdersShow: 'Show the {count} settings',
  placeholdersHide: 'Hide them',
  // Shown on a screen of the inbox while it does not update by itself (the server refused its
  // live updates: too many screens open, or it is restarting); it tries again by itself.
  liveOff: 'This screen does not update by itself just now: reload it to see the latest.',

  signIn: {
    // Before sign-in the role is not known: the heading names what both roles sign in to.
    heading: "Sign in to Business Growth's inbox and editor",
    email: 'E-mail',
    password: 'Password',
    submit: 'Sign in',
    submitting: 'Signing in…',
    noAccount: 'There is no account yet. On the server, in the site\'s folder, create the first one with this command, then type its password (at least 12 characters):',
    noAccountCommand: 'npm run leads -- add-admin you@example.com',
    sessionEnded: 'Your session has ended. Please sign in again.',
    // A remembered device stays signed in while it is used; {days} is config/server.ts admin.rememberedDays.
    remember: 'Keep me signed in on this device',
    rememberHint: 'On your own phone or computer only: it stays signed in until it has not been used for {days} days.',
    // The second step, after a right password, for an account that has a passkey or an authenticator app.
    secondStepHeading: 'One more step',
    secondStepIntro: 'Your password was right. Now show that it is you:',
    usePasskey: 'Use a passkey',
    passkeyWaiting: 'Waiting for your passkey…',
    code: 'Code from your authenticator app',
    codeHint: 'The 6 digits your app shows now.',
    recoveryCode: 'Recovery code',
    recoveryHint: 'One of the codes you kept when you set up the second step. Each works once.',
    useRecovery: 'Use a recovery code instead',
    useCode: 'Use a code from your app instead',
    confirm: 'Confirm',
    confirming: 'Checking…',
    startAgain: 'Back to the password',
    // A browser the account has not signed in from, when an owner asks new browsers to be confirmed by mail.
    mailIntro: 'This browser is new for this account: we have mailed a code to its address. Type it here to sign in.',
    mailCode: 'Code from the mail',
    mailCodeHint: 'The digits in the mail we just sent. It is good for a few minutes, once.',
  },

  // The screen where each account sets up the second step of its sign-in (passkeys, an
  // authenticator app, recovery codes); an owner may require one of every account there.
  security: {
    link: 'Sign-in and security',
    heading: 'Sign-in and security',
    intro: 'A second step at sign-in keeps the inbox closed to anyone who learns your password. Use a passkey (your phone or computer unlocks it with your fingerprint, face or PIN), a code from an authenticator app, or both.',
    mustSetUp: 'An owner asks every account for a second step at sign-in. Set one up below to go on.',
    passkeys: 'Passkeys',
    noPasskeys: 'No passkey yet.',
    passkeyName: 'Name of the new passkey',
    passkeyNameHint: 'Such as the device it is on: “Work laptop”.',
    addPasskey: 'Add a passkey',
    adding: 'Waiting for your device…',
    // {date} is when it was added or last used.
    passkeyAdded: 'Added {date}',
    passkeyUsed: 'Last used {date}',
    // {name} is the passkey's.
    removePasskey: 'Remove the passkey “{name}”',
    remove: 'Remove',
    app: 'Authenticator app',
    appOn: 'On: every sign-in can use the code your app shows.',
    appOff: 'Not set up.',
    setUpApp: 'Set up an authenticator app',
    scan: 'Scan this code with your authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password), or type the key below into it. Then type the code it shows.',
    qrLabel: 'QR code for your authenticator app',
    key: 'Key',
    firstCode: 'The code your app shows now',
    turnOn: 'Turn on',
    cancel: 'Cancel',
    removeApp: 'Turn the app off',
    recovery: 'Recovery codes',
    // {count} is replaced.
    recoveryLeft: 'Unused recovery codes: {count}. Each signs in once when you have no passkey or app at hand.',
    newCodes: 'Make new recovery codes',
    codesHeading: 'Your recovery codes',
    codesIntro: 'Keep these somewhere safe, away from this device: print them, or save them in your password manager. Each works once, and they are shown only now. New codes replace the old ones.',
    codesKept: 'I have kept them',
    required: 'Ask every account for a second step at sign-in',
    requiredHint: 'An account without one must set it up on its next screen before it can do anything else.',
    newDeviceMail: 'Confirm a new browser by mail',
    newDeviceMailHint: 'When an account signs in from a browser it has not used before, a code is mailed to its address and must be typed first. Signing in with a passkey needs no code: a passkey never leaves its device.',
  },

  // Erasing, exporting and deleting leads ask for the password again when it was typed long ago;
  // {minutes} is config/server.ts admin.passwordAgainMinutes.
  passwordAgain: {
    heading: 'Type your password again',
    intro: 'Erasing, exporting and deleting leads need your password when it was typed more than {minutes} minutes ago.',
    password: 'Password',
    confirm: 'Continue',
    checking: 'Checking…',
    cancel: 'Cancel',
    // The action was not done: shown where its result would have been.
    cancelled: 'Not done: it needs your password.',
  },

  nav: {
    label: 'Inbox sections',
    inbox: 'Inbox',
    spam: 'Spam',
    erase: 'Erase a person',
    content: 'Content',
    insights: 'Insights',
    // One section for the newsletter; its two parts are links at the top of its screens (subscribers: owners only).
    newsletter: 'Newsletter',
    newsletters: 'Newsletters',
    subscribers: 'Subscribers',
    // {email} and {role} (what the account does, from `roles`) are replaced.
    signedInAs: 'Signed in as {email}, {role}',
    roles: { owner: 'owner: leads and content', editor: "editor: the site's content" },
    signOut: 'Sign out',
    // Ends every session of this account: this one, other browsers, remembered phones.
    signOutEverywhere: 'Sign out on all devices',
    // On a phone the sections are behind this button.
    menu: 'Menu',
    skipToContent: 'Skip to the content',
  },

  list: {
    heading: 'Inbox',
    // {count} unread leads (new, or answered since the agency looked), shown under the heading.
    unread: '{count} unread',
    filtersLabel: 'Filter the leads',
    form: 'Form',
    allForms: 'All forms',
    // A form in the filter, with how many leads of the view it holds: {form} and {count} are replaced.
    formCount: '{form} ({count})',
    status: 'Status',
    allStatuses: 'Any status',
    // The default view: what needs the agency.
    openStatuses: 'Needs the agency (new, read, answered)',
    // The list as submissions (one row each) or as people (one row per e-mail address, its newest submission).
    show: 'Show',
    showSubmissions: 'Submissions',
    showPeople: 'People',
    // In the people view: {count} submissions of that person in this view.
    submissions: '{count} submissions',
    // When the agency's mailbox was last read (IMAP_URL): {at} is replaced.
    mailboxRead: 'Answers by e-mail: the mailbox was last read {at}.',
    mailboxNever: 'Answers by e-mail: the mailbox has not been read yet.',
    // The alarm, once the mailbox has failed for config/server.ts mailbox.alarm.afterMinutes: {since}, {error} and {next} are replaced.
    mailboxFailing: 'Answers by e-mail: the mailbox could not be read since {since} ({error}). Next try {next}.',
    // After an outage that raised the alarm (for mailbox.alarm.backShownHours): {from}, {until} and {at} are replaced.
    mailboxBack: 'Answers by e-mail: the mailbox is read again (it could not be read from {from} to {until}); last read {at}.',
    // E-mails to visitors held back (docs/security.md "Auto-replies and replies"), each shown when it happens.
    // {count} mails held for the day's limit of {perDay} (config/server.ts notifications.autoReply), since {since}.
    visitorMailHeld: '{count} e-mails to visitors are held: the day’s limit of {perDay} was reached (since {since}). They go out when the next day starts, auto-replies to leads first.',
    // {count} newsletter sign-ups from one network over its day's share: stored, their confirmation not sent.
    visitorMailForOwner: '{count} newsletter sign-ups came from one network beyond its share of the day: their confirmation e-mail was not sent. If they look real, send it from Newsletter, Subscribers (Waiting for confirmation).',
    // {count} of today's leads got no auto-reply: too many forms from one network.
    visitorMailRefused: 'Today {count} leads got no auto-reply: too many forms came from one network.',
    search: 'Search',
    searchHint: 'Any field or note',
    exportCsv: 'Export CSV',
    exportJson: 'Export JSON',
    exportHint: 'The leads shown, as a file',
    // On a phone the filters but Search, and the export, are behind this button; {count} filters are set.
    filtersButton: 'Filters and export',
    filtersButtonActive: 'Filters and export ({count} set)',
    // `lead`: the one column of a phone's screen (name, form, received and status stacked).
    // `activity`: how long the person has waited for the agency, or when the lead was last active.
    columns: { form: 'Form', name: 'Name', email: 'E-mail', receivedAt: 'Received', status: 'Status', actions: 'Action', lead: 'Lead', activity: 'Waiting' },
    // The list's own order: who waits for the agency first, longest first, then the others by their
    // last activity. {time} is how long ("3 days", "5 hours", "20 minutes", in the locale's words;
    // at least a minute).
    waiting: 'waiting {time}',
    // A lead nobody waits on (the agency answered last): how long ago it was last active.
    lastActivity: 'active {time} ago',
    // Read out after an unread lead's name (its row is bold).
    unreadMark: '(unread)',
    // A lead without a name (the newsletter) is shown by its e-mail address.
    tableLabel: 'Leads',
    empty: 'No leads match this view.',
    loading: 'Loading the leads…',
    rowsPerPage: 'Leads per page:',
    // {from}, {to} and {count} are replaced.
    shownRows: '{from}–{to} of {count}',
    firstPage: 'First page',
    previousPage: 'Previous page',
    nextPage: 'Next page',
    lastPage: 'Last page',
    sort: 'Sort',
    // Ticking leads, then one action for all of them.
    selectColumn: 'Selected',
    selectRow: 'Select this lead',
    unselectRow: 'Unselect this lead',
    selectAll: 'Select every lead on this page',
    unselectAll: 'Unselect every lead on this page',
    bulkLabel: 'The leads ticked',
    // {count} is replaced.
    selected: '{count} ticked',
    noneSelected: 'Tick leads to act on several at once.',
    bulk: { archive: 'Archive', read: 'Mark read', spam: 'Mark as spam', notSpam: 'Not spam', delete: 'Delete' },
    // {count} is replaced.
    bulkDone: {
      archive: '{count} archived.',
      read: '{count} marked read.',
      spam: '{count} moved to the Spam folder.',
      notSpam: '{count} moved to the inbox; their notifications are on their way.',
      delete: '{count} deleted.',
    },
    // {count} is replaced.
    deleteTitle: 'Delete {count} leads?',
    deleteQuestion: 'They are deleted for good, with their CVs. This cannot be undone.',
    deleteConfirm: 'Delete for good',
    cancel: 'Cancel',
  },

  spam: {
    heading: 'Spam',
    intro: 'Submissions the spam trap caught or that came without the check every form does in the visitor\'s browser (a robot, or a browser without JavaScript), stored but with nobody notified, and the leads marked as spam. "Not spam" moves one to the inbox and sends the notifications it has not had.',
    notSpam: 'Not spam',
    movedToInbox: 'Moved to the inbox; its notifications are on their way.',
  },

  lead: {
    back: 'Back to the list',
    // {form} and {date} are replaced.
    received: '{form}, received {date}',
    spamNotice: 'This lead is in the Spam folder: nobody was notified of it.',
    // A lead marked as spam after its notifications or its auto-reply went out: {channels} names them (lead.channels).
    spamNoticeNotified: 'This lead is in the Spam folder, but the agency was notified of it before ({channels}); nothing more is sent.',
    spamNoticeAutoReplied: 'This lead is in the Spam folder, but the visitor got the auto-reply before; nothing more is sent.',
    spamNoticeBoth: 'This lead is in the Spam folder, but the agency was notified of it before ({channels}) and the visitor got the auto-reply; nothing more is sent.',
    notSpam: 'Not spam',
    // Moves the lead to the Spam folder; notifications not sent yet are not sent.
    markSpam: 'Mark as spam',
    markedSpam: 'Moved to the Spam folder.',
    fieldsHeading: 'What they sent',
    // The keys every form adds, by their names in the document.
    stampLabels: { id: 'Sent at (by their device)', Date: 'Date (as their browser wrote it)' },
    // The time on the visitor's clock when they sent it: {date} as the inbox writes dates, {zone} their time zone.
    browserTime: '{date}, their time ({zone})',
    empty: '(empty)',
    // Answers to questions the form no longer asks (a field removed since), kept with the lead.
    retiredHeading: 'No longer on the form',
    // A box the visitor ticks (or leaves empty), as the lead's page and the exports show it.
    ticked: { yes: 'Yes (ticked)', no: 'No (not ticked)' },
    // A visitor's address that is not a web address is shown as text, never as a link.
    opensInNewTab: '(opens in a new tab)',
    status: 'Status',
    statusSaved: 'Status saved.',
    note: 'Private note',
    noteHint: 'Only the agency sees it.',
    saveNote: 'Save the note',
    noteSaved: 'Note saved.',
    cvHeading: 'CV',
    // {size} is replaced (like "120 kB").
    downloadCv: 'Download the CV ({size})',
    cvDeleted: 'The CV was deleted (its retention period ended, or it was erased).',
    // The CV field holds something other than this lead's own upload (another lead's file, an outside address).
    cvText: 'Not a file uploaded with this form. The CV field holds only this text:',
    noCv: 'No CV was sent.',
    deliveriesHeading: 'Notifications',
    noDeliveries: 'No notifications were sent for this lead.',
    deliveryColumns: { channel: 'Channel', state: 'State', attempts: 'Attempts', lastError: 'Last error', sentAt: 'Sent at' },
    channels: { email: 'E-mail', webhook: 'Webhook' },
    // A notification's channel with what it tells of: {channel} (from `channels`) and {about} (from `deliveryAbout`) are replaced.
    deliveryChannel: '{channel}: {about}',
    deliveryAbout: { lead: 'new lead', answer: 'an answer of theirs' },
    deliveryStates: { pending: 'Waiting', retrying: 'Retrying', sent: 'Sent', failed: 'Failed' },
    sendAgain: 'Send again',
    sentAgain: 'It will be sent again in a moment.',
    deleteHeading: 'Delete',
    deleteButton: 'Delete this lead',
    deleteQuestion: 'Delete this lead, and its CV, for good? This cannot be undone.',
    deleteConfirm: 'Delete for good',
    cancel: 'Cancel',
    deleted: 'The lead was deleted.',
    notFound: 'There is no such lead: it may have been deleted.',
    loading: 'Loading the lead…',
    // At the top of a lead's page: one tap to the reply and to the note.
    jumpLabel: 'Go to',
    // The person's card: every submission with the same e-mail address (any case, any +tag).
    personHeading: 'Their submissions',
    thisOne: 'this one',
    // {count} is replaced: submissions not listed (the oldest).
    personMore: '{count} older submissions are not listed.',
    // The lead changed while open (they answered): it is unread until marked read.
    unreadNotice: 'Something new arrived on this lead while it was open.',
    markRead: 'Mark read',
    markedRead: 'Marked read.',
  },

  // How each lead ends (docs/inbox.md "Stages: how each lead ends"): each lead is at one stage, beside
  // its status; a new lead is at the first. `key` is what each lead keeps: change a stage's `name` at
  // will, but keep its `key` once leads use it. `won` and `lost` name the two stages that end a lead
  // (not the first): insights count the clients won and their value; a lead moved to Lost says why,
  // one of `lostReasons` (a list, so that they can be counted; the lead's note holds the details).
  stages: {
    list: [
      { key: 'new', name: 'New' },
      { key: 'talking', name: 'In conversation' },
      { key: 'proposal', name: 'Proposal sent' },
      { key: 'won', name: 'Won' },
      { key: 'lost', name: 'Lost' },
    ],
    won: 'won',
    lost: 'lost',
    lostReasons: ['Price', 'Timing', 'Chose another agency', 'No answer', 'Not a fit', 'Other'],
  },

  // A lead's stage, value, follow-up date and the owner it is assigned to: set on its page, shown
  // in the list (its columns, the "Assigned to" and stage filters).
  pipeline: {
    heading: 'Stage and follow-up',
    stage: 'Stage',
    lostReason: 'Why it was lost',
    value: 'Value',
    // {currency} is replaced (config's currency, like "GBP").
    valueHint: 'What it is worth, in {currency}. Empty when not known.',
    followUp: 'Follow up on',
    followUpHint: 'The daily mail reminds its owner from that day on.',
    assignee: 'Assigned to',
    nobody: 'Nobody',
    // The account signed in, among the owners: {email} is replaced.
    you: '{email} (you)',
    save: 'Save',
    saving: 'Saving…',
    saved: 'Saved.',
    // Who did what to the lead, newest first: {at}, {by} and {change} are replaced.
    historyHeading: 'Changes',
    noHistory: 'Nothing has been changed yet.',
    historyLine: '{at}, {by}: {change}',
    // {stage}, {reason}, {to}, {value}, {date} and {status} (its name in `statuses`) are replaced.
    changes: {
      staged: 'stage {stage}',
      stagedLost: 'stage {stage} ({reason})',
      assigned: 'assigned to {to}',
      unassigned: 'assigned to nobody',
      value: 'value {value}',
      valueCleared: 'value cleared',
      followUp: 'follow-up on {date}',
      followUpCleared: 'follow-up cleared',
      // Set by hand, or by the lead's end (won or lost: Archived) and its return from it (Read).
      status: 'status {status}',
    },
    // The list: its column (the stage, then the value, follow-up and assignee under it), and its
    // filters (kept in the list's address).
    column: 'Stage',
    // A lead assigned to the account signed in.
    yours: 'Yours',
    filterStage: 'Stage',
    allStages: 'Any stage',
    filterAssignee: 'Assigned to',
    everyone: 'Anyone or nobody',
    mine: 'Me',
    unassigned: 'Nobody',
    // A follow-up date in the list, and one that is due (today or before): {date} is replaced.
    followUpOn: 'Follow up {date}',
    due: 'Follow-up due {date}',
    // The highest value taken (in the currency, not its cents), and how far ahead a follow-up may be.
    valueMax: 1000000000,
    followUpMaxDays: 3660,
    // Checked on the lead's page and by the server alike.
    problems: {
      unknownStage: 'Choose one of the stages.',
      reasonMissing: 'Choose why the lead was lost.',
      // {max} is replaced.
      badValue: 'Write the value as an amount, like 12,500 or 12,500.50: from 0 to {max}.',
      // {max} is replaced.
      badFollowUp: 'Choose a day from today to {max} days ahead.',
      notAnOwner: 'A lead can be assigned only to an owner\'s account.',
      nothingToChange: 'Nothing was changed.',
    },
  },

  // Replying to a lead from its page: the e-mail goes from the site's mail settings, with the
  // agency's address (config/site.ts contact.email) to answer to, and marks the lead Replied.
  replies: {
    heading: 'Reply',
    // {address} is replaced.
    to: 'To {address}. Their answer comes back to the agency\'s address.',
    template: 'Start from',
    blank: 'A blank reply',
    subject: 'Subject',
    text: 'Message',
    send: 'Send the reply',
    sending: 'Sending…',
    sent: 'The reply is on its way. The lead is marked Replied.',
    noAddress: 'This lead has no e-mail address to reply to.',
    // Every e-mail with the person, both ways, in order: the site's, their answers, the agency's from a mail program.
    historyHeading: 'E-mails with them',
    noHistory: 'No e-mail has been sent to them or received from them yet.',
    // Under each e-mail's subject: {at}, {by} and {state} are replaced.
    historyLine: '{at}, by {by}: {state}',
    // An answer read from the agency's mailbox: {at} and {from} are replaced.
    answerLine: '{at}, from {from}',
    // A reply the agency sent from its mail program (found in the mailbox): {at} and {from} are replaced.
    mailProgramLine: '{at}, by {from} from a mail program',
    // A reply to a notification from a mail program, sent on to them by the site: {at}, {by} and {state} are replaced.
    mailReplyLine: '{at}, by {by} from a mail program, sent through the site: {state}',
    // An auto-reply or confirmation held for the day's limit of e-mails to visitors: {at} is when it goes (the next day's start, if that day has room).
    mailHeld: 'Held: the day’s limit of e-mails to visitors was reached. It goes out {at}.',
    // A mail of the site's to them that their mail server sent back (a delivery report came to the agency's mailbox): its state in historyLine, then the line under it ({at} is replaced).
    returnedState: 'Not delivered',
    returned: 'Their mail server sent this e-mail back {at}: it did not reach them. Check their address with them, or reach them another way.',
    // One the site did not send on (config/server.ts notifications.replies): {at} and {from} are replaced, then why.
    notSentLine: '{at}, by {from} from a mail program: not sent to them',
    // {reason} is replaced.
    notSentWhy: 'Why: {reason} Send it from the reply box instead.',
    // Each mail's quote and signature are folded under its words.
    showQuoted: 'Show quoted text',
    hideQuoted: 'Hide quoted text',
    // Above the e-mails on a phone, where the newest comes first (on a wide screen the oldest does).
    newestFirst: 'Newest first',
    // An attachment kept with the mail: {name} and {size} are replaced.
    attachment: 'Download {name} ({size})',
    // One that was not kept (its type or size): {name} is replaced.
    attachmentSkipped: '{name}: not kept here (open the mail in your mail program)',
    mailTooLarge: 'This e-mail is too large to keep here: open it in your mail program.',
    // One that could not be read (its sender and subject are shown above it).
    mailUnreadable: 'This e-mail arrived but could not be read here: open it in your mail program.',
    // An automatic e-mail (an out-of-office, a delivery report, …): kept, but it changed nothing on the lead. {at}, {from} and {what} (automaticKinds) are replaced.
    automaticLine: '{at}, automatic e-mail from {from}: {what}. It changed nothing on this lead.',
    // A delivery report that marked our e-mail to them Not delivered (returnedState), the one thing it changed: {at}, {from} and {what} are replaced.
    automaticReturnedLine: '{at}, automatic e-mail from {from}: {what}. It marked our e-mail to them as not delivered; nothing else changed on this lead.',
    automaticKinds: {
      outOfOffice: 'an automatic answer, such as out of office',
      deliveryReport: 'a delivery report (an e-mail could not be delivered)',
      feedbackReport: 'a complaint report from a mail provider',
      list: 'a mailing list or bulk e-mail',
      other: 'sent by a machine',
    },
    // Under a mail that uses one of the agency's addresses without proof that the agency sent it.
    mailSuspicious: 'Sent with one of the agency\'s addresses, but not proved to come from the agency: it is shown as theirs. Check it before you trust it.',
    // A reply's subject when the person already has e-mails: the conversation's first subject, {subject}.
    threadSubject: 'Re: {subject}',
    // Who sent the e-mail the site sends at once (config/forms, autoReply), in historyLine.
    autoReply: 'the site (auto-reply)',
    subjectMaxLength: 200,
    textMaxLength: 10000,
    problems: {
      subjectMissing: 'Please write a subject.',
      // {max} is replaced.
      subjectTooLong: 'Please keep the subject to one line of {max} characters or fewer.',
      textMissing: 'Please write the message.',
      textTooLong: 'Please keep the message to {max} characters or fewer.',
    },
    // Texts to start a reply from, per form: {field name} is replaced by what the visitor sent
    // (the fields of that form in config/forms). The owner reads and changes it before sending.
    templates: {
      contact: [
        {
          name: 'Thank you, let us talk',
          subject: 'Your message to Business Growth',
          text: 'Dear {Fullname},\n\nThank you for your message about {Company}. We would like to hear more: when could we call you for fifteen minutes?\n\nKind regards,\nBusiness Growth',
        },
      ],
      inquiry: [
        {
          name: 'Ask for a call',
          subject: 'Your project: {Pname}',
          text: 'Dear {Fname},\n\nThank you for your inquiry about {Pname}. To prepare a quote we would like to ask a few questions: when could we call you?\n\nKind regards,\nBusiness Growth',
        },
      ],
      freelancer: [
        {
          name: 'Invite to a call',
          subject: 'Your application to Business Growth',
          text: 'Dear {fullName},\n\nThank you for your application. Your profile interests us: when could we talk for half an hour?\n\nKind regards,\nBusiness Growth',
        },
        {
          name: 'Not now',
          subject: 'Your application to Business Growth',
          text: 'Dear {fullName},\n\nThank you for your application. We have no project that matches your profile just now; we keep it and will come back to you when we do.\n\nKind regards,\nBusiness Growth',
        },
      ],
    },
  },

  // Where each lead came from (kept beside it: the lead's page, the list's filter, the CSV's
  // last columns, the notification mail), and the insights screen (owners only).
  sources: {
    heading: 'Where they came from',
    none: 'Not recorded for this lead (sent before sources were kept, or through another backend).',
    // A visit with no campaign source and no referring site: typed, bookmarked, or a site that sends no referrer.
    direct: '(direct)',
    // The names of what is recorded, here and as the CSV's columns.
    labels: {
      source: 'Source',
      landingPage: 'Landing page',
      formPage: 'Form page',
      referrer: 'Referring site',
      utmSource: 'Campaign source',
      utmMedium: 'Campaign medium',
      utmCampaign: 'Campaign',
      utmTerm: 'Campaign keyword',
      utmContent: 'Campaign link',
      clickIds: 'Came from an advert on',
      device: 'Device',
    },
    devices: { phone: 'Phone', tablet: 'Tablet', desktop: 'Desktop' },
    // The network an advert was on, told by the mark its link carried.
    adNetworks: {
      gclid: 'Google Ads',
      gbraid: 'Google Ads',
      wbraid: 'Google Ads',
      dclid: 'Google Display & Video',
      fbclid: 'Facebook or Instagram',
      msclkid: 'Microsoft Advertising (Bing)',
      ttclid: 'TikTok',
      twclid: 'X (Twitter)',
      li_fat_id: 'LinkedIn',
      yclid: 'Yandex',
    },
    // The list's filters.
    filterSource: 'Source',
    allSources: 'Any source',
    filterCampaign: 'Campaign',
    allCampaigns: 'Any campaign',
    noCampaign: '(no campaign)',
    // {name} and {count} are replaced.
    choiceCount: '{name} ({count})',
  },

  // The language each lead was sent in (the language of the page its form was on), shown only on a
  // site in more than one language, each language by its own name: under the lead's heading, the
  // list's filter, a column of the export, a table of the insights.
  languages: {
    // Under the lead's heading: {language} is the language's name.
    sentIn: 'Sent in {language}',
    // The list's filter, the export's column and the insights' column.
    language: 'Language',
    allLanguages: 'Any language',
    // A language in the filter, with how many leads of the view it holds: {name} and {count} are replaced.
    choiceCount: '{name} ({count})',
    // The insights' table: visits by the language of the pages opened, leads by the language they were sent in.
    heading: 'Languages',
  },

  insights: {
    heading: 'Insights',
    intro: 'Leads (spam left out) and visits of the last weeks. A visit is the first page someone opens; the rate is leads per visit, where leads are the people who sent a form of the first kind (each person once), with the other kinds beside them, and the clients won among them with their value. Visits are counted without cookies and without storing addresses (see the privacy page); weeks run Monday to Sunday (UTC).',
    period: 'Period',
    // {weeks} is replaced.
    weeksOption: 'Last {weeks} weeks',
    loading: 'Loading the insights…',
    leadsPerWeek: 'Leads and visits per week',
    // Under the chart, for screen readers and phones: the same numbers are in the table below it.
    chartNote: 'The same numbers are in the table below.',
    visits: 'Visits',
    bySource: 'Sources and campaigns',
    byLandingPage: 'Landing pages',
    columns: { week: 'Week of', source: 'Source', campaign: 'Campaign', page: 'Landing page', visits: 'Visits', visitors: 'Visitors (per day)', leads: 'Leads', rate: 'Leads per visit' },
    // Of the leads of the period: the people whose lead is at the won stage now (config's stages.won), and their leads' value.
    won: 'Clients won',
    wonValue: 'Value won',
    // No visits counted: no rate.
    noRate: '–',
    total: 'All',
    unknownPage: '(not recorded)',
    // The row adding up those past the table's rows (server.admin.insightRows); {count} is replaced.
    others: '{count} more',
    empty: 'Nothing was counted in this period yet.',
    // The newsletter's subscribers: per week, those who confirmed and those who left (unsubscribed or
    // bounced); per source and campaign, the people of the period who are confirmed subscribers now.
    subscribersHeading: 'Newsletter subscribers per week',
    subscribersIntro: 'Sign-ups confirmed by their e-mail, and subscribers who unsubscribed or whose address bounced, by the week it happened.',
    subscribed: 'Confirmed',
    left: 'Unsubscribed or bounced',
    confirmedSubscribers: 'Confirmed subscribers',
  },

  // The newsletter's subscribers (owners only): one row per person, by state.
  subscribers: {
    heading: 'Newsletter subscribers',
    intro: 'Everyone who signed up in the newsletter box, one row per person (any case, +tag or Gmail dot of an address is one). A sign-up waits until the person presses the button in the confirmation e-mail; only confirmed subscribers get a newsletter. Unconfirmed sign-ups are deleted after {days} days.',
    // Each state, as the filter and the rows name it.
    states: { confirmed: 'Confirmed', waiting: 'Waiting for confirmation', unsubscribed: 'Unsubscribed', bounced: 'Bounced' },
    // A state in the filter with how many it holds: {state} and {count} are replaced.
    stateCount: '{state} ({count})',
    state: 'Show',
    search: 'Search',
    searchHint: 'A part of the address',
    // The server has no mail settings: nobody gets the confirmation e-mail, so nobody can confirm.
    mailOff: 'Confirmation e-mails are not sent: the site cannot send e-mail yet (whoever looks after the site sets it up). Sign-ups wait, and are deleted when nobody confirms them.',
    exportCsv: 'Export CSV',
    exportHint: 'The subscribers shown, as a file',
    tableLabel: 'Subscribers',
    // The columns of the screen and of the CSV (the CSV has them all).
    columns: {
      email: 'E-mail',
      state: 'State',
      signedUpAt: 'Signed up',
      page: 'On the page',
      source: 'Source',
      campaign: 'Campaign',
      confirmedAt: 'Confirmed',
      unsubscribedAt: 'Unsubscribed',
      bouncedAt: 'Bounced',
      consentWords: 'The words shown next to the box',
      actions: 'Action',
      confirmation: 'Confirmation e-mail',
    },
    // Where a waiting sign-up's confirmation e-mail stands.
    confirmationStates: {
      sent: 'Sent',
      pending: 'Being sent',
      failed: 'Could not be sent',
      day: 'Held: the day’s limit of e-mails to visitors was reached; it goes out the next day',
      owner: 'Not sent: too many sign-ups from one network. Send it if this one looks real',
      none: 'Not sent (one went to this address the same day already)',
    },
    // An owner sends a waiting sign-up its confirmation e-mail again ({email} is replaced).
    resend: 'Send the confirmation',
    resendNamed: 'Send the confirmation e-mail to {email}',
    resent: 'The confirmation e-mail to {email} is on its way (or held for the next day, when today’s limit is reached).',
    // A phone's one column: the address, then the state and dates.
    consent: 'What they agreed to',
    // {date} is replaced.
    signedUpLine: 'Signed up {date}',
    confirmedLine: 'Confirmed {date}',
    unsubscribedLine: 'Unsubscribed {date}',
    bouncedLine: 'Bounced {date}',
    // {page} is replaced.
    pageLine: 'on {page}',
    noPage: '(not recorded)',
    empty: 'No subscriber in this view.',
    loading: 'Loading the subscribers…',
    rowsPerPage: 'Subscribers per page:',
    // An owner ends someone's subscription (they asked by e-mail, say): they get no newsletter any more.
    unsubscribe: 'Unsubscribe',
    // {email} is replaced.
    unsubscribeNamed: 'Unsubscribe {email}',
    unsubscribeTitle: 'Unsubscribe {email}?',
    unsubscribeQuestion: 'They get no newsletter from then on. To subscribe again, they sign up in the box and confirm once more.',
    unsubscribeConfirm: 'Unsubscribe',
    cancel: 'Cancel',
    unsubscribed: '{email} is unsubscribed.',
  },

  erase: {
    heading: 'Erase everything of a person',
    intro: 'When someone asks the agency to delete their data: everything this server holds of their e-mail address, in any case and with any +tag (Ada@example.com and ada+web@example.com are one person; for Gmail, any dots and googlemail.com too), is shown first, then deleted for good when you confirm. What the site sent elsewhere is listed afterwards, for you to delete by hand.',
    email: 'E-mail address',
    find: 'Find everything of theirs',
    none: 'Nothing on this server belongs to this e-mail address, in any case or with any +tag.',
    foundHeading: 'What will be deleted',
    // {addresses} lists the forms of the address their leads and mails hold.
    addresses: 'Their address, as they wrote it: {addresses}',
    // Each kind with how many ({count}); kinds with none are left out.
    kinds: {
      leads: 'Leads: {count}',
      notes: 'Private notes on them: {count}',
      mailsReceived: "E-mails read from the agency's mailbox (theirs, and replies from a mail program): {count}",
      mailsSent: 'E-mails the site sent them (auto-replies, replies): {count}',
      files: 'Files (CVs, attachments of their e-mails): {count}',
      sources: 'Records of where they came from: {count}',
      events: "Entries of their leads' history: {count}",
      notifications: 'Records of the notifications about them (any still waiting is not sent): {count}',
      spamMarks: 'Spam verdicts on their leads: {count}',
      autoReplyMarks: 'Notes that they were sent an automatic reply today: {count}',
      subscriptions: 'Newsletter subscriptions: {count}',
      newsletterMails: 'Newsletters mailed or queued to them (one still queued is not sent): {count}',
    },
    // One line per lead: {form}, {name} and {date} are replaced (without a name: leadLineWithoutName); spamLead is added to those in the Spam folder.
    leadLine: '{form}: {name}, received {date}',
    leadLineWithoutName: '{form}, received {date}',
    spamLead: '(in the Spam folder)',
    // One line per e-mail: {kind} (mailKinds), {subject} and {date} are replaced.
    mailLine: '{kind}, {date}: {subject}',
    mailKinds: { answer: 'Their e-mail', mailProgram: "The agency's reply from its mail program", autoReply: 'Auto-reply', reply: 'Reply from the inbox', relayed: 'Reply from a mail program, sent on by the site', newsletter: 'Newsletter' },
    // One line per file: {name} and {size} are replaced.
    cvLine: 'CV ({size})',
    attachmentLine: 'Attachment {name} ({size})',
    confirmLabel: 'Type the address again',
    confirmHint: 'To confirm: the same address, in any case or with any +tag.',
    confirm: 'Erase all of it for good',
    erasing: 'Erasing…',
    erased: 'Erased for good. Nothing of this is left on this server.',
    // After the erasure: the places outside this server that still hold something of theirs.
    outsideHeading: 'Delete these by hand: copies outside this server',
    // Under it, the addresses to search those places for (this page only shows them until it is left; the server keeps none): {addresses} is replaced.
    outsideAddresses: 'Their addresses, to search these places for (and to erase again after restoring a backup): {addresses}',
    outside: {
      // {addresses} and {count} are replaced.
      notificationMailbox: 'The notification mailbox ({addresses}) holds the e-mails telling the agency of their leads, with what they sent ({count}). Delete them there, in the trash too.',
      // {receiver} and {count} are replaced.
      webhook: 'The webhook receiver at {receiver} got the calls about their leads ({count}). Delete them where it keeps them (a chat channel, a CRM).',
      // {address}, {answers} and {replies} are replaced.
      agencyMailbox: "The agency's mailbox ({address}) holds their e-mails ({answers} read by the site, and any it did not read) and the replies sent to them from a mail program ({replies}). Search it for their address and delete what you find, in the Sent folder and the trash too.",
      // {address} and {count} are replaced.
      sender: 'The account the site sends from ({address}): if your mail provider keeps a copy of what it sends (Gmail and Microsoft 365 do), delete the e-mails sent to them or about them ({count}) from its Sent folder.',
      // The newsletters the site sent them; {count} and {address} (MAIL_FROM's, or newsletterWithoutSender when this server has none now) are replaced.
      newsletter: 'The newsletters sent to them ({count}) are in their own mailbox, which only they can empty. The account the site sends from ({address}) may hold a copy of each in its Sent folder (Gmail and Microsoft 365 keep one), and their answers and any bounce or complaint reports in its inbox: delete those there, in the trash too.',
      newsletterWithoutSender: 'The newsletters sent to them ({count}) are in their own mailbox, which only they can empty. The account the site sent them from may hold a copy of each in its Sent folder (Gmail and Microsoft 365 keep one), and their answers and any bounce or complaint reports in its inbox: delete those there, in the trash too.',
      // {date} is replaced.
      backups: "Backups made before {date} still hold them: the server's nightly ones (the last 14 are kept) and any copies of them kept elsewhere. They go as the backups are replaced; restoring one brings them back, so erase them again after a restore.",
    },
    recordsHeading: 'Erasures done',
    recordsIntro: 'Kept without the address: when, by whom, and how many items of each kind.',
    recordsNone: 'No erasure yet.',
    // {date} and {by} are replaced; the counts follow (kinds).
    recordLine: '{date}, by {by}',
  },

  // The newsletter (/admin/newsletters, docs/inbox.md "The newsletter"): written here, or an article
  // of the site sent as one; every account writes, previews and sends itself a test, an owner sends.
  newsletters: {
    heading: 'Newsletters',
    intro: 'Write a newsletter, or send an article of the site as one, to everyone who confirmed their subscription. Every mail carries the agency\'s address and a link that unsubscribes at once. Nothing tracks the readers: no pictures that count openings, no links rewritten; its links to the site say which newsletter they came from, so the visits and leads it brought are counted as any campaign\'s.',
    loading: 'Loading the newsletters…',
    // {count} is replaced.
    confirmed: 'Confirmed subscribers: {count}',
    mailOff: 'The site cannot send e-mail yet (whoever looks after the site sets it up): newsletters can be written and previewed, not sent.',
    noDkim: 'The mails do not carry the agency\'s signature (a DKIM key): Gmail and Yahoo refuse or hide bulk mail without it. Ask whoever looks after the site to add one (the guide to setting up the server says how).',
    new: 'New newsletter',
    fromArticle: 'Or start from an article of the site',
    article: 'Article',
    startFromArticle: 'Start from this article',
    noArticles: 'The site has no article yet.',
    empty: 'No newsletter yet.',
    tableLabel: 'Newsletters and what they did',
    columns: { newsletter: 'Newsletter', state: 'State', sent: 'Sent', bounced: 'Bounced', unsubscribed: 'Unsubscribed', complaints: 'Marked as spam', visits: 'Visits', leads: 'Leads' },
    // {when}, {sent} and {readers} are replaced.
    // {by} (who marked it ready), {when}, {sent} and {readers} are replaced.
    states: { draft: 'Draft', ready: 'Ready to send (marked by {by})', scheduled: 'To be sent {when}', sending: 'Sending: {sent} of {readers}', sent: 'Sent {when}' },
    // The newsletter's page.
    back: 'All newsletters',
    newHeading: 'New newsletter',
    subject: 'Subject',
    subjectHelp: 'What readers see in their list of mails.',
    name: 'Campaign code',
    nameHelp: 'Small letters, digits and dashes (december-news, say). Its links to the site carry it, so Insights count the visits and leads this newsletter brings under this code.',
    body: 'Text',
    loadingEditor: 'Loading the text box…',
    save: 'Save',
    saving: 'Saving…',
    saved: 'Saved.',
    delete: 'Delete this draft',
    deleteQuestion: 'Delete this draft for good?',
    deleteConfirm: 'Delete',
    cancel: 'Cancel',
    preview: 'Preview',
    previewPhone: 'Phone (375 px)',
    previewWide: 'Computer (1280 px)',
    previewText: 'Plain text',
    previewNote: 'As readers get it. The unsubscribe link here unsubscribes nobody.',
    previewLoading: 'Drawing the preview…',
    // On a site in more than one language: the choice of the readers' language the preview and the test are in.
    previewLanguage: 'Readers’ language',
    test: 'Send me a test',
    testing: 'Sending the test…',
    // {email} is replaced.
    testSent: 'A test was sent to {email}.',
    // The test's subject: {subject} is the newsletter's.
    testSubject: '[Test] {subject}',
    saveFirst: 'Save the newsletter first.',
    sendHeading: 'Send',
    // {count} is replaced: `one` for one reader, `other` for any other number.
    sendNow: { one: 'Send now to {count} reader', other: 'Send now to {count} readers' },
    // {subject} and {count} are replaced: `one` for one reader, `other` for any other number.
    sendQuestion: {
      one: 'Send "{subject}" now to {count} reader? A newsletter cannot be called back.',
      other: 'Send "{subject}" now to {count} readers? A newsletter cannot be called back.',
    },
    sendConfirm: 'Send it',
    sendAt: 'Or send it at',
    schedule: 'Send at this time',
    // {when} is replaced.
    scheduled: 'It will be sent {when} to everyone subscribed then.',
    unschedule: 'Back to draft',
    sendingNow: 'It is being sent now.',
    ownersSend: "Only an owner's account sends a newsletter. When it is ready, say so here: the owners see it in their inbox.",
    readOnly: 'This newsletter is being sent or was sent: it cannot be changed any more.',
    figures: 'What it did',
    // The figures beside the table's columns: who it was sent to, who is still to get it, whose mail server refused it.
    figuresReaders: 'Readers',
    figuresWaiting: 'Still to send',
    figuresFailed: 'Refused',
    figuresNote: 'Bounces and "marked as spam" come from the reports mail servers send to the agency\'s mailbox (when the site reads it). Visits and leads are those that came by its links.',
    notFound: 'There is no such newsletter: it may have been deleted.',
    // Every change of a newsletter, oldest first: {when}, {what} (one of changeKinds), {by} (the account) and {revision} are replaced.
    history: 'Changes',
    historyLine: '{when}: {what} by {by} (version {revision})',
    changeKinds: { created: 'written', edited: 'changed', scheduled: 'sent or scheduled', unscheduled: 'put back to draft' },
    // On an article's screen in the content editor: a published article sent as a newsletter.
    sendArticle: 'Send as newsletter',
    // A draft marked ready for an owner to send (any account; the owners see it in their inbox), or taken back.
    markReady: 'It is ready: ask an owner to send it',
    markedReady: 'Marked ready: the owners see it in their inbox.',
    notReady: 'Not ready after all',
    // On its page, for an owner: {by} (the account that marked it) and {when} are replaced.
    readyForOwner: '{by} marked this newsletter ready for you to send ({when}): read it, then send it.',
    // The owners' notice on every screen of the inbox: the ready newsletters, each a link ({subject}, {by}: who marked it).
    readyLabel: 'Newsletters ready to send',
    readyHeading: { one: '{count} newsletter is ready for you to send', other: '{count} newsletters are ready for you to send' },
    readyLine: '{subject}, marked ready by {by}',
  },

  errors: {
    network: 'The server could not be reached. Please try again.',
    unexpected: 'Something went wrong. Please reload the page.',
  },

  // The content editor (/admin/content): the site's pages, its shared parts and its forms.
  content: {
    heading: 'Content',
    intro: 'Choose what to change. The preview shows the page as visitors will see it; Publish puts it live.',
    pages: 'Pages',
    parts: 'On every page',
    forms: 'Forms',
    edit: 'Edit',
    back: 'All content',
    loading: 'Loading the content…',
    unsaved: 'Changes not published yet',
    // The parts of config/site.ts offered, by their key there.
    siteParts: { navigation: 'Header and menu', contact: 'Phone, e-mail and address', social: 'Social links', footer: 'Footer', newsletter: 'Newsletter confirmation', chat: 'Chat button', gone: 'Removed pages', brand: 'Brand' },
    // The search across the content, above the list: every box whose text holds a word or a number
    // (a number found whatever its spaces and dashes), each opening its box. {count} is replaced.
    search: {
      label: 'Find a word or a number in the content',
      hint: 'Every page, article, form and part where it appears: choose one to open it.',
      heading: 'Where it appears',
      foundOne: 'Found in 1 place',
      found: 'Found in {count} places',
      more: 'and {count} more places: type more of it to narrow the search',
      none: 'It is nowhere in the content.',
      maxShown: 50,
      around: 40,
    },
    publish: 'Publish',
    publishing: 'Publishing: checking, building and switching the site…',
    published: 'Published. The change is live.',
    openLive: 'Open the live page',
    // Every edit is saved on the server as it is typed, as your draft (only you publish it; the
    // other accounts see that you have one). The line beside Publish says where this one stands:
    // {time}, {reason} and {at} are replaced.
    statusPublished: 'Published',
    draftSaved: 'Draft saved {time}',
    saving: 'Saving…',
    notSaved: 'Not saved: {reason} (kept in this browser)',
    // The {reason} when the server does not answer (no connection): tried again by itself.
    offline: 'the server cannot be reached',
    scheduledFor: 'Scheduled for {at}',
    // Another account's draft of what is open: {author} and {at} are replaced.
    othersDraft: '{author} has a draft of this, saved {at}. Their changes are not in what you see here.',
    othersScheduled: '{author} has a draft of this, scheduled to be published {at}.',
    // Your draft was started before someone else published this: their change is not in it.
    draftOutdated: 'Someone published this after you started your draft: their change is not in it, and publishing your draft replaces it. Check the preview, or discard your draft to start again from what is published.',
    // Publishing at a chosen time: the server does it by itself, even with this window closed.
    schedule: 'Schedule…',
    scheduleHeading: 'Publish your draft later',
    scheduleAt: 'Publish on (date and time)',
    scheduleHint: 'The server publishes your draft by itself at this time, even if this window is closed.',
    scheduleConfirm: 'Schedule',
    scheduleCancel: 'Cancel the schedule',
    scheduleClose: 'Close',
    // Throwing the draft away: what is published stays. {name} is replaced by what the draft is of (a page's, an article's, a form's name).
    discard: 'Discard the draft',
    discardQuestion: 'Discard your draft of “{name}”? What visitors see of it stays as it is; your unpublished changes to it are gone for good.',
    discardConfirm: 'Discard it',
    discardKeep: 'Keep it',
    discarded: 'The draft was discarded.',
    // {count} is replaced.
    problems: 'Fix {count} problems before publishing:',
    problemsOne: 'Fix this problem before publishing:',
    conflict: 'Someone published a change while you were editing. Your changes are kept here: reload the content to see theirs, then publish again.',
    contract: 'A developer changes this: it is part of how the site stores what visitors send.',
    // Under a box only an owner changes, drawn read-only for an editor: why, by what the setting decides.
    ownerOnly: {
      accepts: 'Only an owner of the site changes this: it decides which answers the site accepts from visitors.',
      told: 'Only an owner of the site changes this: it decides who hears of a new lead.',
      sender: 'Only an owner of the site changes this: it decides which answer says who a lead is from, where replies go and what an erasure finds.',
      answers: 'Only an owner of the site changes this: every e-mail the site sends visitors asks them to answer to this address, and the inbox reads their answers from its mailbox.',
      strangers: 'Only an owner of the site changes this: it is e-mailed, in the agency’s name, to any address a visitor types.',
      languages: 'Only an owner of the site changes this: a language added makes every page exist in it, at addresses of its own.',
      retention: 'Only an owner of the site changes this: it decides how long visitors’ answers are kept, as the privacy notice says.',
    },
    // Under a box whose value the site works out from other content (the About page's WhatsApp button follows the phone number): read-only.
    fromCode: 'The site works this out from other content and it follows by itself (a WhatsApp link follows the phone number): nothing to change here.',
    add: 'Add',
    // {name} is replaced by what is added ("Add Items").
    addNamed: 'Add to {name}',
    // A list whose kind of item is named below (itemKinds): {item} is that kind, in small letters ("Add point").
    addItem: 'Add {item}',
    remove: 'Remove',
    removeNamed: 'Remove {name}',
    moveUp: 'Move up',
    moveDown: 'Move down',
    // A list's Move and Remove buttons, each named with its item ("Move 'Our services' down"): {name} is the item's title, else its kind and place.
    moveUpNamed: 'Move {name} up',
    moveDownNamed: 'Move {name} down',
    // A list's item, where it has no title of its own to be named by: by its kind and its place in
    // the list ("Paragraph 2"). {item} is its kind (itemKinds, by the list's key), {n} its place.
    itemNumbered: '{item} {n}',
    itemKinds: {
      sections: 'Section',
      paragraphs: 'Paragraph',
      bullets: 'Point',
      more: 'Paragraph',
      local: 'Paragraph',
      social: 'Profile',
      links: 'Link',
      columns: 'Column',
      breadcrumb: 'Step',
      actions: 'Button',
      stats: 'Figure',
      cards: 'Card',
      items: 'Entry',
      parts: 'Part',
      members: 'Team member',
      fields: 'Field',
      options: 'Option',
      checks: 'Check',
      slidesToShow: 'Screen width',
    },
    // The heading a new section of these kinds starts with (one left out otherwise): it names the section on the page and in the outline; change it there.
    newSectionHeadings: { form: 'Tell us what you need' },
    // A list's item whose list has no kind above: {n} is its place in its list.
    item: 'Item {n}',
    // Said to screen readers after a change to a list: {name} and {n} are replaced.
    added: '{name}: item {n} added.',
    removed: '{name}: item {n} removed.',
    moved: '{name}: item moved to place {n}.',
    none: 'None',
    sectionType: 'Kind of section',
    addSection: 'Add the section',
    sectionHidden: 'hidden',
    // A long page opens as an outline of its sections; each opens on its own screen.
    openSection: 'Open',
    // The Open button's name for screen readers: {name} is the section's ("Hero").
    openSectionNamed: 'Open the section {name}',
    // Above one section: the way back to the page's outline. {page} is replaced.
    backToOutline: 'All sections of {page}',
    sectionProblemsOne: '1 problem to fix',
    // {count} is replaced.
    sectionProblems: '{count} problems to fix',
    // The box choosing where a link goes (a page of this site, or an address): {label} is the link's name ("Link").
    linkKind: '{label} goes to',
    linkPage: 'A page of this site',
    linkAddress: 'An address',
    linkAddressHint: 'Starts with https://, mailto: or tel:',
    // Beside a colour's code: the button that opens the computer's colour picker, for screen readers. {name} is the colour's ("Primary").
    pickColour: 'Choose the colour {name} on a palette',
    upload: 'Upload a picture',
    uploading: 'Uploading the picture…',
    uploaded: 'The picture was uploaded.',
    uploadFailed: 'The picture could not be uploaded.',
    // Under Publish when the server refused the publish (what to fix is listed with it), or when it did not answer.
    publishRefused: 'Nothing was published: fix what is listed here, then publish again.',
    publishFailed: 'Nothing was published: the site did not answer. Try again in a moment.',
    // {width} and {height} are replaced.
    pictureSize: '{width} × {height} pixels',
    // Where a picture has not been chosen yet.
    noPicture: 'No picture yet.',
    // A picture the page draws in a shape of its own (a cover, a portrait), chosen and not uploaded yet: the page
    // shows only the part inside the frame; the office moves the frame with a click on the picture or the slider.
    cropHint: 'The page shows only the part inside the frame. Click the picture where what must stay is (or move the slider beside it), then upload it.',
    focusAcross: 'Part kept: further left or further right',
    focusDown: 'Part kept: higher or lower',
    cutPreview: 'What the page will show',
    uploadCut: 'Upload this part',
    cancelCut: 'Cancel',
    // The width (CSS pixels) a first picture is made for where its place names none: the widest the site's pages draw one.
    newPictureWidth: 960,
    // Under a text with a length limit: {count} and {max} are replaced, and for a title or a
    // description {shown}, how many characters search results show of it.
    counter: '{count} of {max} characters',
    counterSearch: '{count} of {max} characters. Search results show about the first {shown}.',
    // The fold of the settings most pages leave as they are (or named in a developer's terms).
    advanced: 'Advanced',
    // An item of a list inside another list, closed and opened; the button's name for screen
    // readers names the item ({name}).
    openItem: 'Open',
    closeItem: 'Close',
    openItemNamed: 'Open {name}',
    closeItemNamed: 'Close {name}',
    // A page or an article not published yet: what it still needs, until Publish is pressed.
    checklist: 'To publish it, fill in:',
    preview: 'Preview',
    // On a phone or a narrow window, the form (its tab is `edit`) and the preview are two tabs.
    editOrPreview: 'The form or the preview',
    desktop: 'Desktop',
    phone: 'Phone',
    previewNote: 'Forms in the preview send nothing: they only show what a visitor would see.',
    previewSent: 'Preview: nothing was sent.',
    // In the preview, in place of a map (the inbox shows no other site's pages inside it).
    mapNotShown: 'The map is not shown in the preview.',
    openMap: 'Open the map in a new tab',
    revisions: 'Revisions',
    // {author} and {at} are replaced.
    revisionBy: '{author}, {at}',
    // A draft the server published by itself at the time its author chose.
    revisionScheduled: '{author}, {at}, published at the time they scheduled',
    noRevisions: 'Nothing has been published from here yet.',
    restore: 'Restore',
    restoring: 'Restoring…',
    restored: 'Restored. The site shows that version again.',
    // The revisions list, undo of one change and restore of a version.
    history: {
      // {of} is replaced by the time of the revision taken back or gone back to.
      undoOf: 'Took back the change published {of}',
      restoreOf: 'Went back to the version of {of}',
      // A developer's release; {at} is replaced.
      releaseAt: "The site's developers changed how it works, {at}. Only they can take this back.",
      showChanges: 'Before and after',
      hideChanges: 'Hide before and after',
      before: 'Before',
      after: 'After',
      // A side of a change that had no value (a box added, an item removed).
      nothing: '(nothing)',
      // The list of one page's or form's revisions, on its own screen; {label} is replaced.
      ofItem: 'Revisions of {label}',
      showOfItem: 'Show its revisions',
      undo: 'Undo this change',
      undoTitle: 'Undo this change?',
      undoIntro: 'Only this change is taken back: everything published after it stays. This will be published:',
      undoConfirm: 'Undo and publish',
      undoing: 'Undoing…',
      undone: 'Undone. The site no longer shows this change; everything published after it stays.',
      refusedIntro: 'This cannot be done:',
      restoreTitle: 'Restore this version?',
      restoreIntro: 'The site goes back to this version. This will be published:',
      restoreConfirm: 'Restore and publish',
      notesIntro: 'Left as they are now:',
      preparing: 'Preparing the preview…',
      nothingToChange: 'Nothing to change: the site already shows this as it was.',
      cancel: 'Cancel',
      close: 'Close',
      // A change in words, in the revisions and their commits: "Home › Hero › Heading: 'Old' → 'New'".
      // {where} is the place, {before} and {after} the values (texts quoted), {value} one value, {items} items named.
      changeSet: '{where}: {before} → {after}',
      changeFirstSet: '{where}: set to {value}',
      changeRemoved: '{where}: removed {value}',
      changeItemsRemoved: 'removed {items}',
      changeItemsAdded: 'added {items}',
      changeReordered: 'reordered',
      // An item moved in a list ("Home: moved 'Web design' from position 1 to 3"): {item} is the item's name, {from} and {to} its places counted from 1.
      changeMoved: '{where}: moved {item} from position {from} to {to}',
      // A moved item's place, on each side of its before and after ("'Our services' at position 4"): {item} is the item's name, {n} its place counted from 1.
      position: '{item} at position {n}',
      // A page, an article or a form made or removed: {where} is its name ("Winter shop offer").
      fileMade: '{where} was added to the site.',
      fileRemoved: '{where} was removed from the site.',
      // An item with no name of its own, and a list by its length; {count} is replaced.
      anItem: 'an item',
      oneItem: '1 item',
      manyItems: '{count} items',
      // A publish of several changes: its Undo takes them all back ({count} is replaced), or, under
      // Before and after, one of them alone.
      undoAll: 'Undo these {count} changes',
      undoAllTitle: 'Undo these changes?',
      undoAllIntro: 'Only these changes are taken back: everything published after them stays. This will be published:',
      undoOne: 'Undo only this change',
      // Above the preview in the undo's dialog: the page as it will be once it is undone.
      previewAfter: 'The page after it',
      // Which page the preview shows, when the undo changes several.
      previewWhich: 'Show',
      // A run of developers' releases, one line: {count} and {dates} ("20–24 Nov") are replaced.
      releases: "The site's developers changed how it works {count} times, {dates}. Only they can take these back.",
      // In one page's revisions, a publish that changed other items too: {items} names them.
      publishedWith: 'Published together with changes to {items}.',
    },
    // The kinds of section a page is made of, as the editor names them (every kind the site has).
    sectionTypes: {
      pageHeader: 'Page header',
      hero: 'Opening banner',
      split: 'Text and picture',
      cards: 'Cards',
      cta: 'Call to action',
      stats: 'Figures',
      article: 'Article',
      articles: 'List of articles',
      team: 'Team',
      faq: 'FAQ',
      form: 'Form',
      map: 'Map',
      privacy: 'Privacy notice',
    },
    // Making a page of its own (a landing page for a campaign), and removing one made here.
    newPage: {
      open: 'New page',
      heading: 'A new page',
      intro: 'A page at an address of its own, for a campaign or an offer. Choose its title, its address, its description and the sections it starts with: it is made ready to publish. Then change its texts if you like, look at the preview and publish it.',
      title: 'Title',
      titleHelp: "Shown in the browser's tab, in search results and in the menu.",
      address: 'Address',
      addressHelp: 'Made from the title: change it if you like. Letters, digits, - and _; the / at the start is added for you.',
      // {address} and {title} are replaced.
      addressTaken: '"{address}" is already the address of the page "{title}". Choose another address.',
      // {address} is replaced, followed by why it cannot be a page's address.
      addressRefused: '"{address}" {problem}',
      description: 'Description',
      descriptionHelp: 'One or two sentences: search results show them under the title.',
      // The form of its form section, chosen by its name (the names of `forms`, above).
      formChoice: 'Its form',
      formHelp: 'What visitors send from this page.',
      inMenu: 'Show it in the menu',
      searchable: 'Search engines may list it',
      searchableHelp: 'When not, the page asks search engines to leave it out, and it is not in the list of pages sent to them.',
      sections: 'It starts with these sections',
      sectionsHelp: 'You can add, remove and reorder sections afterwards.',
      noSections: 'Choose at least one section.',
      // The sections a new page starts with (kinds of section, above), and the form its form section starts with (one of config/forms).
      sectionsAtStart: ['pageHeader', 'form'],
      form: 'inquiry',
      create: 'Make the page',
      cancel: 'Cancel',
      remove: 'Remove this page',
      // {title} and {address} are replaced.
      removeConfirm: 'Remove the page "{title}"? Search engines drop {address}; choose below what its visitors get there.',
      removeYes: 'Remove the page',
      removeNo: 'Keep it',
      removing: 'Removing the page…',
      removed: 'The page was removed.',
    },
    // Making a form of the office's own (for a campaign's landing page): its name, what it brings and how long its leads are kept.
    newForm: {
      open: 'New form',
      heading: 'A new form',
      intro: 'A form of your own, for a campaign or an offer. Give it a name, say what it brings and how long its answers are kept: it is made with one question and words for its button and its messages. Then add its questions, look at the preview, publish it, and place it on a page with a form section.',
      title: 'Name of the form',
      titleHelp: 'The inbox lists its answers under this name, and the form section offers it by this name.',
      // {title} is replaced.
      titleTaken: 'There is already a form called "{title}". Choose another name.',
      noTitle: 'Give the form a name.',
      // Said on the privacy page beside the form's name: why it asks.
      purpose: 'Why it asks',
      purposeHelp: 'One sentence for the privacy page, like “To review your website and send you our findings.”',
      noPurpose: 'Say why the form asks: the privacy page lists every form with its reason.',
      kind: 'What it brings',
      kindHelp: 'Insights count each kind apart.',
      retention: 'How long its answers are kept',
      retentionHelp: 'Our server deletes each answer after this time, as the privacy notice says. Once the form is published, only an owner changes it.',
      // The choices offered: { days, label }.
      retentionChoices: [
        { days: 365, label: 'One year' },
        { days: 730, label: 'Two years' },
      ],
      create: 'Make the form',
      cancel: 'Cancel',
      // What a new form starts with: each can be changed on its own screen.
      start: {
        question: 'Your name',
        submitLabel: 'Send',
        submittingLabel: 'Sending…',
        success: 'Thank you: we have your answers and will be in touch soon.',
        failure: 'Sorry, your answers could not be sent. Please try again in a moment.',
        // {title} is replaced by the form's name.
        notify: 'New answers to {title}',
        notifyByEmail: true,
        notifyByWebhook: true,
        // The most characters a new question of each kind accepts at first (our server refuses less than a real answer needs).
        maxLength: { text: 100, email: 254, tel: 30, url: 2000, textarea: 2000, select: 100, file: 2000, number: 30, radio: 100, checkboxes: 100, date: 10, consent: 5 },
        // The first answer of a question with choices (a list, radio buttons, checkboxes).
        option: 'First answer',
        // What a file question tells its visitors (it takes the files the site's CV question takes: PDF, DOC or DOCX, up to 5 MB); {name} is the file's name.
        upload: {
          hint: 'PDF, DOC or DOCX, up to 5 MB.',
          uploading: 'Uploading {name}…',
          done: '{name} uploaded.',
          tooLarge: 'This file is larger than 5 MB. Please choose a smaller file.',
          wrongType: 'Please choose a PDF, DOC or DOCX file.',
          failed: 'The upload did not work. You can try again, or send the form without the file.',
        },
        // The check a question marked Required gets ({label} is replaced by its label).
        required: 'Please fill in “{label}”.',
        // The check an e-mail question gets by itself, that what is typed is an e-mail address ({label} is replaced by its label).
        email: 'Please write an e-mail address in “{label}”, like name@example.com.',
        // The number a new check "at least … characters" starts with, and how the list of checks says it before one is chosen.
        min: 20,
        anyNumber: 'N',
      },
    },
    // Removing a page: what the visitors who open its address get from then on.
    removePage: {
      visitors: 'What its visitors get',
      tell: 'Tell them it is gone, in your words',
      send: 'Send them to another page',
      message: 'What they read',
      messageHelp: 'One sentence, like "This offer has ended".',
      links: 'The pages they are offered',
      to: 'The page they are sent to',
      // A page in the lists: {name} and {address} are replaced.
      pageChoice: '{name} ({address})',
    },
    // How long the editor waits after the last keystroke before saving the draft, and the longest
    // it waits before trying again when the server could not be reached.
    autosave: { delayMs: 800, retryMaxSeconds: 30 },
    // Names for keys whose own name says too little; any other key is named after itself.
    labels: {
      address: 'Address',
      // A language of the site (Add a language, and the sentences about one).
      code: 'Language code',
      prefix: 'Start of its addresses',
      inMenu: 'Show it in the menu',
      menuLabel: 'Its words in the menu (if not its title)',
      searchable: 'Search engines may list it',
      href: 'Link',
      alt: 'Text for people who cannot see the picture',
      src: 'Picture',
      image: 'Picture',
      eyebrow: 'Small line above the heading',
      id: 'Name for links to this section',
      type: 'Kind of section',
      variant: 'Look of the button',
      icon: 'Symbol',
      logoLabel: "The logo's words for screen readers",
      openMenuLabel: 'Words of the menu button (screen readers)',
      closeMenuLabel: 'Words of the close button (screen readers)',
      socialLabel: 'Name of the social links (screen readers)',
      imageSide: 'Side of the picture',
      hidden: 'Hidden',
      newTab: 'Open in a new tab',
      cta: 'Button',
      xs: 'Extra small',
      body: 'Text of the article',
      cover: 'Cover picture',
      focus: 'Part of the picture kept in view',
      x: 'From the left (0 to 1)',
      y: 'From the top (0 to 1)',
      expires: 'Taken off the site on (optional)',
      showPhone: 'Show the phone number (of the contact details)',
      showEmail: 'Show the e-mail address (of the contact details)',
      maxLength: 'Most characters an answer may have',
      // A form made in the editor.
      fields: 'Questions',
      checks: 'Checks of the answers',
      submitLabel: 'Words of the button',
      submittingLabel: 'Words of the button while sending',
      awaitsAnswer: 'Someone waits for our answer',
      showWhen: 'Show only when',
      is: 'Its answer is one of',
      inFull: 'Article shown whole above the cards ("newest", or the name of its file)',
    },
    // Sentences under boxes whose name says too little, by the key's name.
    help: {
      id: 'A word of small letters and dashes: a link to the page with # and this word (like /Services#seo) opens at this section.',
      variant: 'Filled for the main action of a section, outlined for another one.',
      icon: 'A small drawing shown beside the words.',
    },
    // The choices of some boxes in words, by the key's name; any other choice is shown as it is written.
    choices: {
      variant: { primary: 'Filled', secondary: 'Outlined', text: 'Plain link' },
      // A question's kind, in a form made in the editor.
      kind: {
        text: 'Short text',
        textarea: 'Long text',
        email: 'E-mail address',
        tel: 'Phone number',
        url: 'Web address',
        number: 'A number',
        select: 'One choice from a list',
        radio: 'One choice as round buttons',
        checkboxes: 'Several choices as boxes to tick',
        date: 'A date',
        consent: 'A box to tick (agreeing to a sentence)',
        file: 'A file',
      },
      layout: { stacked: 'Questions under each other', inline: 'One question and an arrow button on a line' },
      reset: { afterSave: 'Emptied once sent', always: 'Emptied at once, sent or not' },
      imageSide: { left: 'Left', right: 'Right' },
      icon: {
        phone: 'Phone',
        email: 'E-mail',
        whatsapp: 'WhatsApp',
        instagram: 'Instagram',
        linkedin: 'LinkedIn',
        facebook: 'Facebook',
        chat: 'Speech bubble',
        web: 'Web page',
        mobile: 'Mobile phone',
        design: 'Design',
        seo: 'Search',
        cart: 'Shopping cart',
        cms: 'Content',
        support: 'Support',
        marketing: 'Marketing',
        growth: 'Growth',
        branding: 'Branding',
        arrow: 'Arrow',
        location: 'Map pin',
      },
    },
    // What a sentence calls a file that has no title of its own.
    fileNames: { site: 'Every page', routes: "The site's addresses", moved: "Each removed page's own words", server: 'The server', admin: 'The inbox', other: 'The site' },
    placeJoint: ' › ',
    // A section whose kind is used twice on a page: "Cards 2".
    sectionNumbered: '{type} {n}',
    // What the editor says of a value it cannot publish: under its box, and in the list above
    // Publish after the page and section ("Home › Hero › Heading is empty: write a heading.").
    // {label} is the box's name ("Heading"); {aLabel} the same, as "a heading".
    refusals: {
      missing: '{label} is missing: fill it in.',
      wrongKind: '{label} does not hold the right kind of value: fill it in again.',
      empty: '{label} is empty: write {aLabel}.',
      tooLong: '{label} has {count} characters, but may have at most {max}: shorten it.',
      noPicture: '{label}: there is no picture yet. Upload one.',
      nothingWritten: '{label}: nothing is written yet. Write it in the box.',
      unknownPlaceholder: '{label} uses {name}, which cannot be filled in here. Use one of: {known}.',
      autoReplyPlaceholder: "{label} uses {name}, but an automatic reply may carry only the visitor's name: write it without {name}.",
      factLeftOut: '{label} leaves out {names}: the site fills it in from its settings, so the page always says what really happens. Put {names} back where it belongs.',
      factRestated: '{label} writes “{value}” itself: the site’s settings give this figure. Take it out: the page shows the real one.',
      foreignLink: '{label} holds “{value}”, which is not an address of this site. E-mails to visitors may link only to the site itself: take it out.',
      tooShortTime: '{label} is {value}, but {what} must be at least {least}: {because}.',
      limitTooLow: '{label} is {value}, but {what} must take at least {least} characters ({because}): with fewer, real answers would be refused and those leads lost. Write {least} or more.',
      disabledStart: '{label} is on, but “{value}” is the choice the form starts with: every form sent without another choice would be refused. Switch it off.',
      notWhole: '{label} is {value}: write a whole number.',
      tooSmall: '{label} is {value}: write {min} or more.',
      tooLarge: '{label} is {value}: write {max} or less.',
      notAChoice: '{label}: “{value}” is not one of the choices. Choose one of: {choices}.',
      badAddress: '{label}: the address “{value}” {problem}',
      notAPage: '{label}: “{value}” is not a page of this site. Choose a page from the list.',
      notALink: '{label}: “{value}” is not an address a browser can open. Choose a page of this site, or write a whole address starting with https:// (or mailto: or tel:).',
      notAFile: '{label}: the picture “{value}” is not on the site. Upload it again.',
      notAForm: "{label}: “{value}” is not one of the site's forms. Choose one from the list.",
      tooFew: '{label} has {count}, but needs at least {min}. Add one.',
      tooMany: '{label} has {count}, but may have at most {max}. Remove one.',
      unknownKey: '{label} is not something this part of the site has: remove it.',
      notASectionType: '{label} is not a kind of section this site has: choose one.',
      notABlockType: '{label} is not a kind of block an article has: write it again in the text of the article.',
      notADate: '{label}: “{value}” is not a date. Write it as year-month-day, like 2026-11-25.',
      notADateTime: '{label}: “{value}” is not a date and time. Write it like 2026-12-01T09:00:00Z (year-month-day, T, hours:minutes, then Z or the difference from UTC).',
      notAnArticleAddress: '{label}: “{value}” is not an address. Use only small letters (a-z), digits and dashes between words, like my-first-article.',
      addressTooLong: '{label}: “{value}” is longer than {max} characters. Shorten it.',
      articleAddressTaken: '{label}: “{value}” is already the address of the article {title}. Choose another.',
      notAColour: '{label}: “{value}” is not a colour. Write # and six digits or letters from a to f, like #1a4dd6.',
      tooLight: '{label}: “{value}” is too light for the white text written on it (a contrast of {ratio} to 1, where {least} to 1 is needed). Choose a darker colour.',
      notALanguage: '{label}: “{value}” is not a language this site knows. Write one like en-GB or en-US.',
      notTranslatable: '{label}: this is not a text the site writes in each language. Remove it from the translation.',
      languageNotDeclared: '{label}: “{value}” is not one of the site’s languages. Add it to the languages first, or remove this translation.',
      notATimeZone: '{label}: “{value}” is not a time zone. Write one like Europe/London.',
      notACurrency: '{label}: “{value}” is not a currency. Write its code, like GBP, EUR or USD.',
      keyTaken: '{label}: “{value}” is there twice. Write each once.',
      stageRole: '{label}: “{value}” cannot be that stage: won and lost are two different stages, neither of them the first (where new leads start), each one of the list.',
      formListedTwice: '{label}: {form} is listed twice. List each form once.',
      formsNotListed: '{label} does not list {forms}: add each of them to the list of forms, with what it collects and why, so visitors read it before they send it.',
      developerSetting: '{label} is a setting of how the site works, which a developer changes. Ask a developer.',
      addressTaken: "{label}: the address “{value}” is already another page's. Choose another.",
      addressMovedAway: '{label}: the address “{value}” was a page’s that moved or was removed, and its old visitors are still answered there. Choose another.',
      pageNotReached: '{label} has no address, so visitors cannot reach it. Ask a developer.',
      anchorTaken: '{label}: “{value}” is already the anchor name of another section of this page. Choose another.',
      notAPhoneLink: '{label}: “{value}” should start with tel: and the number.',
      notAMailLink: '{label}: “{value}” should start with mailto: and the address.',
      numbersDiffer: '{label}: “{value}” is not the number shown ({shown}), so visitors would call another one. Write the same number in both.',
      // The phone number without its country code: every WhatsApp link chats with it, from any country.
      noCountryCode: '{label}: “{value}” has no country code. Write it with + and the country code (like +44 for the UK): the WhatsApp links open a chat with this number.',
      addressesDiffer: '{label}: “{value}” is not the address shown ({shown}), so visitors would write to another one. Write the same address in both.',
      // The editor's server, of a change its screens never send.
      contract: '{label} is part of how the site stores what visitors send: a developer changes it.',
      // A form made in the editor: what its leads are stored under stays as it was first published.
      fieldFixed: '{label}: the question stored as “{value}” keeps its kind once published, so its answers stay readable. To ask it another way, remove it and add a new question.',
      collectionFixed: '{label} stays “{value}” once the form is published: its leads are kept under it.',
      keyRetired: '{label}: “{value}” belonged to a question removed from this form, and its old answers are still kept under it. Keep it among the removed questions.',
      ownerOnly: '{label}: only an owner of the site changes it. Ask an owner.',
      notEditable: '{label} cannot be changed from the editor.',
      changedTwice: '{label} was sent twice in one publish. Reload the editor and publish again.',
      readOnly: '{label} cannot be changed from the editor: a developer changes it.',
      unreadable: '{label} could not be read, so nothing can be published. Ask a developer.',
      notWritable: "{label} is worked out by the site's code, not written as text: a developer changes it.",
    },
    // The articles: their list, adding and removing one, and the rich-text box their text is written in.
    articles: {
      heading: 'Articles',
      add: 'Add article',
      newTitle: 'Title of the new article',
      create: 'Start writing',
      cancel: 'Cancel',
      // The name of an article not published yet, and its author until one is written.
      newLabel: 'new',
      remove: 'Remove this article',
      // {title} is replaced.
      removeQuestion: 'Remove "{title}" from the site when you publish? Its page will then tell visitors it is gone.',
      removeConfirm: 'Remove the article',
      removing: 'This article will be removed when you publish.',
      undoRemove: 'Keep the article',
      toolbar: 'Formatting',
      bold: 'Bold',
      italic: 'Italic',
      link: 'Link',
      linkAddress: 'Link address',
      linkHelp: 'Type the name of a page of this site and choose it from the list, or write a whole address starting with https:// (or mailto: or tel:).',
      // Under the box, once what is typed is a page of the site: its title and its address as the link will hold it ({title} and {address} are replaced).
      linkToPage: 'Links to the page “{title}” ({address}).',
      // What is typed looks like a page of this site, and none has that address: the link cannot be applied ({address} is replaced).
      linkNotAPage: '“{address}” is not a page of this site: choose a page from the list, or write a whole address starting with https://.',
      // The list of pages when no page's name or address has the words typed.
      linkNoPage: 'No page of this site is called that.',
      // A typed address that is neither: the link cannot be applied.
      linkNotValid: 'This is not an address a browser can open: write a page of this site starting with /, or a whole address starting with https://.',
      // Offered for an address typed without https:// ("www.example.com"): {address} is replaced.
      linkUse: 'Use {address}',
      linkApply: 'Apply the link',
      linkRemove: 'Remove the link',
      // The formatting not in the bar's one row is under this menu.
      more: 'More',
      paragraph: 'Paragraph',
      headingBlock: 'Heading',
      subheadingBlock: 'Subheading',
      bulleted: 'Bulleted list',
      numbered: 'Numbered list',
      quote: 'Quote',
      picture: 'Picture',
      pictureFile: 'Choose a picture',
      pictureAlt: 'What the picture shows (for people who cannot see it)',
      pictureInsert: 'Insert the picture',
      loadingEditor: 'Loading the text editor…',
    },
    // Publish on a screen puts that item live alone (a page, an article, a form, or the parts on
    // every page: each is one item); a draft of another item never goes with it or holds it back.
    // "Publish all my changes" on the list puts every draft of yours that is ready live at once.
    // The site in other languages: each page, article, form and the parts on every page has a translation in each other
    // language, drafted, previewed, published and undone on its own. {language} is a language's name ("Deutsch"),
    // {default} the site's first language's, {item} a page's (or a form's…) name, {count} a number; each is replaced.
    translations: {
      // Beside each item of the list, one line per other language: a link to its translation.
      toTranslate: { one: '{language}: 1 text to translate', other: '{language}: {count} texts to translate' },
      translated: '{language}: translated',
      // The list's filter: only the items with texts not translated yet, or translated before their text changed.
      needsFilter: 'Only what needs translation',
      needsFilterHint: 'Texts not translated yet, or whose {default} text changed since they were translated.',
      nothingNeeded: 'Nothing needs translation: every text is translated.',
      // The screen of one translation: every text in {default}, its translation beside it.
      screenTitle: '{item} in {language}',
      intro: 'Each text in {default}, with its translation into {language} beside it. A text left empty shows in {default} on the {language} page until it is translated.',
      back: 'All content',
      onlyNeeded: 'Show only the texts to translate',
      // Above the boxes: how many are left.
      left: { one: '1 text to translate', other: '{count} texts to translate' },
      allDone: 'Every text is translated.',
      original: 'In {default}',
      // Above the box of the translation (screen readers hear the text's place before it).
      box: 'In {language}',
      missing: 'The page shows the {default} text until this is translated.',
      missingShort: 'Not translated yet',
      stale: 'The {default} text changed after this was translated. It was: {was}',
      staleShort: 'To check again',
      done: 'Translated',
      address: 'Address of the page in {language}',
      addressHelp: 'After the language\'s start of address; leave it empty to use the same address as in {default}.',
      // Adding a language (an owner only): every page exists in it at once, showing the first language's texts until translated.
      add: 'Add a language',
      addTitle: 'Add a language to the site',
      addIntro: 'Every page of the site then exists in this language at once, at addresses of its own, showing the {default} texts until they are translated. The office translates each page from the list of content.',
      codeHelp: 'The language, and the country if you want one, as browsers and search engines write it: de-DE is German for Germany, fr is French.',
      name: 'Name of the language',
      nameHelp: 'As its readers write it: Deutsch, Français, Español.',
      prefixHelp: 'A slash and a short word: with /de, the German pages are at /de/… on the site.',
      addConfirm: 'Add the language',
      adding: 'Adding the language: checking, building and switching the site…',
      cancel: 'Cancel',
      added: '{language} was added: every page exists in it now. Translate them from the list.',
      ownerOnly: 'Only an owner adds a language.',
      // Under the list's heading.
      languages: 'Languages of the site: {languages}',
      // In the list, under the removed pages' heading: their words are written when a page is removed, and translated here.
      goneIntro: 'What visitors read at the address of a page that was removed with words of its own (written when it was removed). Translate them here.',
    },
    publishItems: {
      // The button, by the kind of item on screen.
      button: { page: 'Publish this page', article: 'Publish this article', form: 'Publish this form', part: 'Publish this part', translation: 'Publish this translation' },
      // The item in the sentences below.
      item: { page: 'this page', article: 'this article', form: 'this form', part: 'this part', translation: 'this translation' },
      // Why the button is unavailable; {item} is replaced.
      nothing: 'Nothing to publish: you have no unpublished changes to {item}.',
      // The parts on every page are one item; {parts} names the other parts you changed.
      withParts: 'Your changes to {parts} go live with it: the parts on every page are published together.',
      // Your drafts of other items, which this Publish leaves as they are; {items} names them.
      notWithIt: 'Not published with it: your changes to {items}. Publish each on its own screen, or all at once with “Publish all my changes” on the list of content.',
      all: 'Publish all my changes',
      allTitle: 'Publish all my changes?',
      allIntro: 'These are published together:',
      allLeft: 'These stay drafts until they are finished:',
      // {count} is replaced.
      leftProblems: '{count} problems to fix:',
      leftProblemsOne: '1 problem to fix:',
      // A draft scheduled for later; {at} is replaced.
      leftScheduled: 'Scheduled for {at}: it is published by itself then.',
      allNone: 'None of your changes can be published yet: fix what is listed, then try again.',
      allConfirm: 'Publish these',
      allCancel: 'Cancel',
      allPublished: 'Published. The changes listed are live.',
    },
  },
} satisfies AdminConfig;
