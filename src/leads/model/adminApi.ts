/**
 * The leads in the agency's inbox: their routes (src/platform/inboxRoutes.ts gathers them into the
 * inbox's one table, with the sign-in's, the content editor's and the newsletter's) and the shapes
 * they answer, for our server, the inbox in the browser and the tests.
 */
import type { LeadSource } from '../../site/model/attribution';
import { z } from 'zod/mini';
import { answers, type Contract } from '../../platform/contract';

/** The leads' routes in the inbox (src/platform/inboxRoutes.ts gathers them with the others). */
/** A key a request may carry, any value: the route's code reads it and refuses what it is not, in its own words. */
const anything = z.optional(z.unknown());
/** A key of a query: a text, if there (a query is text; a key given twice is refused). */
const queryText = z.optional(z.string());
/** The list's view (its filters, page and order): the `leads` query, the export's with its format. */
const listQuery = {
  form: queryText,
  status: queryText,
  view: queryText,
  spam: queryText,
  q: queryText,
  stage: queryText,
  assigned: queryText,
  source: queryText,
  campaign: queryText,
  language: queryText,
  page: queryText,
  pageSize: queryText,
  sort: queryText,
  direction: queryText,
};

export const leadRoutes = {
  /** One page of leads (summaries) and the view's counts; query: form, status, spam (true/false), q (search), stage, assigned (ASSIGNED_VIEWS), source, campaign, language (a code of config/site.ts languages), page, pageSize, sort, direction. */
  leads: { method: 'GET', path: '/api/admin/leads', query: z.object(listQuery), answer: answers<LeadList>() },
  lead: { method: 'GET', path: '/api/admin/leads/:docId', answer: answers<LeadDetail>() },
  /** Body: { status?, note? }. */
  updateLead: {
    method: 'PATCH',
    path: '/api/admin/leads/:docId',
    body: z.optional(z.object({ status: z.optional(z.string()), note: z.optional(z.string()), read: z.optional(z.literal(true)) })),
    answer: answers<LeadDetail>(),
  },
  /** The lead's stage, value, follow-up date and assignee, the owners it may be assigned to, and who changed what (LeadPipeline). */
  pipeline: { method: 'GET', path: '/api/admin/leads/:docId/pipeline', answer: answers<LeadPipeline>() },
  /** Body: PipelineChange (src/leads/model/pipeline.ts), any of its keys. Answers the LeadPipeline. */
  updatePipeline: {
    method: 'PATCH',
    path: '/api/admin/leads/:docId/pipeline',
    body: z.optional(z.object({ stage: anything, lostReason: anything, value: anything, followUp: anything, assignee: anything })),
    answer: answers<LeadPipeline>(),
  },
  deleteLead: { method: 'DELETE', path: '/api/admin/leads/:docId' },
  /** The lead's CV, as an attachment. */
  cv: { method: 'GET', path: '/api/admin/leads/:docId/cv' },
  /** Takes the lead out of the Spam folder and notifies (the verdict is kept). */
  notSpam: { method: 'POST', path: '/api/admin/leads/:docId/not-spam', answer: answers<LeadDetail>() },
  /** Moves the lead to the Spam folder; its notifications not sent yet are dropped (the verdict is kept). */
  markSpam: { method: 'POST', path: '/api/admin/leads/:docId/spam', answer: answers<LeadDetail>() },
  /** Body: { action, docIds }: one of BULK_ACTIONS on at most admin.bulkMaxLeads leads (config/server.ts). Answers { leads }: how many it touched. */
  bulk: {
    method: 'POST',
    path: '/api/admin/bulk',
    body: z.object({ action: z.string(), docIds: z.array(z.string()).check(z.minLength(1)) }),
    answer: answers<{ leads: number }>(),
  },
  /** Body: { subject, text } (src/leads/model/replyDraft.ts). E-mails the lead's visitor and marks the lead Replied; answers the lead. */
  reply: {
    method: 'POST',
    path: '/api/admin/leads/:docId/reply',
    body: z.optional(z.object({ subject: anything, text: anything })),
    answer: answers<LeadDetail>(),
  },
  /** An attachment of a mail read from the mailbox (owners only, as the CV). */
  attachment: { method: 'GET', path: '/api/admin/messages/:messageId/attachments/:n' },
  /** When the agency's mailbox was last read (MailboxStatus). */
  mailbox: { method: 'GET', path: '/api/admin/mailbox', answer: answers<MailboxStatus>() },
  /** Live updates of the leads: server-sent events (LIVE_EVENTS), one stream per open screen. */
  live: { method: 'GET', path: '/api/admin/live' },
  /** Sends one notification again. */
  resend: { method: 'POST', path: '/api/admin/deliveries/:deliveryId/resend' },
  /** The current view as a file, streamed, newest first; the leads' query plus format (csv or json). */
  export: { method: 'GET', path: '/api/admin/export', query: z.object({ ...listQuery, format: queryText }) },
  /** The sources and campaigns the leads came from, with how many leads each (the list's source filter). */
  sources: { method: 'GET', path: '/api/admin/sources', answer: answers<SourceChoice[]>() },
  /** Leads and visits per week, form, source and campaign, and landing page; query: weeks. */
  insights: { method: 'GET', path: '/api/admin/insights', query: z.object({ weeks: queryText }), answer: answers<Insights>() },
  /** Body: { email }. Answers everything an erasure of that person would delete (ErasurePreview). Asks for the password again. */
  erasurePreview: { method: 'POST', path: '/api/admin/erasure/preview', body: z.object({ email: anything }), answer: answers<ErasurePreview>() },
  /** Body: { email, confirm } (the address typed a second time). Deletes it all; answers ErasureDone. Asks for the password again. */
  erase: {
    method: 'POST',
    path: '/api/admin/erasure',
    body: z.object({ email: anything, confirm: anything }),
    answer: answers<ErasureDone>(),
  },
  /** The record of the erasures done, newest first (ErasureRecord: never the address). */
  erasures: { method: 'GET', path: '/api/admin/erasures', answer: answers<ErasureRecord[]>() },
  /** The visitors' mails held now, and why (VisitorMailHeld): the inbox's notice. */
  visitorMail: { method: 'GET', path: '/api/admin/visitor-mail', answer: answers<VisitorMailHeld>() },
} as const satisfies Record<string, Contract>;

export const LEAD_STATUSES = ['new', 'read', 'answered', 'replied', 'archived'] as const;
/** Whether a value is one of the statuses. */
export const isLeadStatus = (value: unknown): value is LeadStatus => LEAD_STATUSES.includes(value as LeadStatus);

/** What needs the agency: the list's default view (its `status` query: OPEN_VIEW). Replied and archived leads have views of their own. */
export const OPEN_STATUSES = ['new', 'read', 'answered'] as const satisfies readonly (typeof LEAD_STATUSES)[number][];
export const OPEN_VIEW = 'open';

/** The source filter's value for leads with no campaign and no referring site (or none recorded): insights' "(direct)". */
export const DIRECT_SOURCE = '(direct)';

/** The list's views by assignee (its `assigned` query): the account signed in ("mine"), or nobody. */
export const ASSIGNED_VIEWS = ['me', 'nobody'] as const;
export type AssignedView = (typeof ASSIGNED_VIEWS)[number];

/** What the list does to the leads selected: archive, mark read, mark spam, not spam, delete (with their CVs). */
export const BULK_ACTIONS = ['archive', 'read', 'spam', 'notSpam', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** One answer of a lead (src/leads/model/leadFields.ts): its key, its label, its field's kind when its form has it, and its value in words. */
export interface LeadField {
  key: string;
  label: string;
  kind?: string;
  value: string;
}

/** A form by its name in config/forms and its name for people (config/admin.ts forms, or a new form's own `title`). */
export interface FormTitle {
  name: string;
  title: string;
}

/** One row of the inbox. */
export interface LeadSummary {
  docId: string;
  collection: string;
  /** The form's name in config/forms (inquiry, contact, free-website-audit, …). */
  form: string;
  /** The form's name for people (config/admin.ts forms, or a new form's own title). */
  formTitle: string;
  /** The form's name field (the one with autoComplete "name"), or empty. */
  name: string;
  /** The form's first e-mail field, or empty. */
  email: string;
  /** When our server stored it (ISO 8601, UTC). */
  receivedAt: string;
  status: LeadStatus;
  spam: boolean;
  /** Its last activity: arrival, a change, an e-mail either way (ISO 8601, UTC). */
  activeAt: string;
  /** Something of it the agency has not seen: it arrived, or the client answered since. */
  unread: boolean;
  /** Since when its person waits for the agency (their submission or answer no reply followed; ISO 8601, UTC), or null. */
  waitingSince: string | null;
  /** In the people view: how many submissions of this person the view holds. */
  submissions?: number;
  /** Its stage (a key of config/admin.ts stages; the first unless one was set). */
  stage: string;
  /** What it is worth, in minor units of config/admin.ts currency (src/leads/model/pipeline.ts), or null. */
  value: number | null;
  /** The agency's day to follow up on it (YYYY-MM-DD), or null. */
  followUp: string | null;
  /** The owner's account it is assigned to, or null. */
  assignee: string | null;
}

/** Something done to a lead by someone (src/leads/server/leadEvents.ts), as its page lists it. */
export interface PipelineEvent {
  kind: 'staged' | 'assigned' | 'updated';
  /** The account; null for the site itself. */
  actor: string | null;
  /** What changed: { stage, reason? }, { to }, or the keys of an update ({ value }, { followUp }, { status }…). */
  data: Record<string, unknown>;
  /** Milliseconds since 1970. */
  at: number;
}

/** GET and PATCH pipeline: a lead's stage and the rest, who it may be assigned to, and who changed what, newest first. */
export interface LeadPipeline {
  stage: string;
  /** Why it was lost (at the lost stage), else null. */
  lostReason: string | null;
  value: number | null;
  followUp: string | null;
  assignee: string | null;
  /** Every owner's account, by address. */
  owners: string[];
  history: PipelineEvent[];
}

export type DeliveryState = 'pending' | 'sent' | 'failed';

/** One notification of a lead (a row of the deliveries table, src/leads/server/notify/deliveries.ts). */
export interface Delivery {
  id: string;
  channel: string;
  /** What it tells of: the lead's arrival, or an answer of its client read from the mailbox (the owner's mail of it). */
  about: 'lead' | 'answer';
  /** Pending with a last error: it is being retried. */
  state: DeliveryState;
  attempts: number;
  lastError: string | null;
  /** Milliseconds since 1970, or null while not sent. */
  sentAt: number | null;
  nextAt: number;
}

/**
 * What the list can be sorted by (the database sorts: the inbox holds any number of leads).
 * `activity`, descending, is the inbox's own order: who waits for the agency first, longest
 * waiting first, then the others by last activity, newest first.
 */
export const LEAD_SORTS = ['activity', 'receivedAt', 'name', 'email', 'form', 'status'] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];
export type SortDirection = 'asc' | 'desc';
/** Rows per page the list offers; the server answers no more than the largest. */
export const PAGE_SIZES = [25, 50, 100] as const;

/**
 * A language of the site (config/site.ts `languages`): its code and its own name ("Deutsch"); a
 * language no longer declared, by its code. A lead sent before languages were kept is in the default one.
 */
export interface LeadLanguage {
  code: string;
  name: string;
}

/** GET leads: one page of the view, and its counts (all from the database). */
export interface LeadList {
  leads: LeadSummary[];
  /** The page's first row (0 for the first page). */
  offset: number;
  /** How many leads the view has. */
  total: number;
  /** How many of the view's leads are unread. */
  unreadInView: number;
  /** How many leads of the view each form has (by the form's name), whatever the form filter. */
  byForm: Record<string, number>;
  /** The forms the site serves, in order, by name and by their name for people (the form filter offers them). */
  forms: FormTitle[];
  /** How many leads of the whole inbox (not spam) are unread. */
  unread: number;
  /** Only on a site in more than one language: each language, the default first, with how many leads of the view it holds whatever the language filter (the filter offers them). */
  languages?: (LeadLanguage & { leads: number })[];
}

/**
 * The live updates' stream (GET live, text/event-stream): ids, kinds and counts, never what a
 * visitor wrote. Each `lead` event has the id of the lead event it tells of (a browser that
 * connects again sends it as Last-Event-ID and is sent what it missed); `leads`: leads changed
 * without an event (a deletion, the command line); `reset`: more changed than is sent again,
 * look at everything again; `unread`: the inbox's number after the changes.
 */
export const LIVE_EVENTS = { lead: 'lead', leads: 'leads', reset: 'reset', unread: 'unread' } as const;

/** A `lead` event's data: which lead, and what happened to it (src/leads/server/leadEvents.ts kinds). */
export interface LiveLead {
  lead: string;
  kind: string;
}

/** A lead's page. */
export interface LeadDetail extends LeadSummary {
  /** The document exactly as the visitor's form sent it. */
  document: Record<string, unknown>;
  /** Its answers by their labels, in its form's order, the fields its answers hide left out; its CV field apart (src/leads/model/leadFields.ts). */
  fields: LeadField[];
  /** What it holds that its form no longer asks: a field removed since, a key the form does not have. */
  retired: LeadField[];
  note: string;
  /**
   * The CV: the lead's own upload, kept or deleted (retention, erasure); none sent; or only text
   * in the CV field (not a file this lead's upload made: another lead's, an outside address).
   */
  cv: { state: 'kept'; bytes: number } | { state: 'deleted' } | { state: 'none' } | { state: 'text'; text: string };
  deliveries: Delivery[];
  /** Every e-mail with the person (all their leads), both ways, oldest first. */
  mails: ConversationMail[];
  /** The person's submissions (the same e-mail address, any case or +tag), newest first, this one included. */
  person: { submissions: PersonSubmission[]; more: number };
  /** Where the lead came from (src/site/model/attribution.ts), or null when its post did not say. */
  source: LeadSource | null;
  /** Only on a site in more than one language: the language of the page it was sent from. */
  language?: LeadLanguage;
}

/** One e-mail to a lead's visitor, with the state of its delivery (src/leads/server/notify/visitorMail.ts). */
export interface VisitorMail {
  /** Its delivery's id (and its Message-ID's first part). */
  id: string;
  kind: 'autoReply' | 'reply';
  /** The account that sent a reply (the address a mail program's came from); null for the auto-reply. */
  author: string | null;
  /** Where a reply was written: the inbox, or a mail program (sent on through the site). */
  via: 'inbox' | 'mail';
  subject: string;
  /** Its text, as sent. */
  text: string;
  /** Milliseconds since 1970. */
  createdAt: number;
  state: DeliveryState;
  attempts: number;
  lastError: string | null;
  sentAt: number | null;
  /** Held for the day's count of visitors' mails (src/leads/server/notify/visitorMail.ts): when it is due again; null when not held. */
  heldUntil: number | null;
  /** When their mail server sent it back (a delivery report read from the agency's mailbox: it will never arrive); null when none came. */
  returnedAt: number | null;
  /** That report's status ("5.1.1"), when it gave one. */
  returnedStatus: string | null;
}

/** An e-mail read from the agency's mailbox (src/leads/server/mailbox): the visitor's answer, or the agency's reply from a mail program. */
export interface ReceivedMail {
  /** "m" and its row. */
  id: string;
  docId: string;
  kind: 'answer' | 'mailProgram';
  fromName: string;
  fromAddress: string;
  subject: string;
  /** Its writer's new words (never HTML), cut at config/server.ts mailbox.maxTextCharacters. */
  text: string;
  /** The rest of it: the quoted mail, the signature (folded under the words; empty when there is none). */
  quoted: string;
  /** Too large to keep: only its headers were read. */
  tooLarge: boolean;
  /** It could not be read (its structure, its encoding, its depth): only its headers were kept. */
  unreadable: boolean;
  /** From one of the agency's addresses but not proved to be the agency's: kept as the visitor's (kind 'answer'). */
  suspicious: boolean;
  /** An automatic mail (an out-of-office, a delivery report, …): shown as such; null: a person's. */
  automatic: AutomaticKind | null;
  /** How many of the site's mails to them this one (a delivery report) marked as not delivered: all it changed on the lead. 0: it changed nothing. */
  returned: number;
  attachments: { name: string; size: number; kept: boolean }[];
  /** Milliseconds since 1970 (its Date, never later than when it was read). */
  createdAt: number;
}

/**
 * A reply of the agency's from a mail program (to a notification's reply address) that the site
 * did not send on (src/leads/server/mailbox/ownerReplies.ts): why, and the words as it read them.
 */
export interface UnsentReply {
  /** "r" and its row. */
  id: string;
  docId: string;
  kind: 'notSent';
  fromAddress: string;
  subject: string;
  /** The words found above the quote (may be empty). */
  text: string;
  /** The rest of the mail. */
  quoted: string;
  /** Why it was not sent, in a sentence (config/server.ts notifications.replies.reasons). */
  reason: string;
  /** Milliseconds since 1970 (when it was read). */
  createdAt: number;
}

/** One e-mail of a person's conversation: one the site sent (with its delivery), one read from the mailbox, or the agency's reply it did not send on. */
export type ConversationMail = (VisitorMail & { docId: string }) | ReceivedMail | UnsentReply;

/** One submission on a person's card. */
export interface PersonSubmission {
  docId: string;
  form: string;
  /** The form's name for people. */
  formTitle: string;
  receivedAt: string;
  status: LeadStatus;
  spam: boolean;
  note: string;
}

/**
 * The kinds of automatic mail (src/leads/server/mailbox/automatic.ts): an out-of-office (or any other
 * automatic answer), a delivery report (a bounce), a feedback report (a complaint), a mailing
 * list's or bulk mail, anything else a machine sent.
 */
export const AUTOMATIC_KINDS = ['outOfOffice', 'deliveryReport', 'feedbackReport', 'list', 'other'] as const;
export type AutomaticKind = (typeof AUTOMATIC_KINDS)[number];

/**
 * GET mailbox: when the agency's mailbox was last read; its alarm, once it has failed for longer
 * than config/server.ts mailbox.alarm.afterMinutes (since when, why, its next try); and the last
 * outage that raised one, for a while after it ended (times in ms). Null: the mailbox is not read.
 */
export type MailboxStatus = {
  readAt: number | null;
  alarm: { failingSince: number; error: string; nextTryAt: number | null } | null;
  back: { from: number; until: number } | null;
} | null;

/**
 * GET visitorMail: the visitors' mails held now (src/leads/server/notify/visitorMail.ts): auto-replies
 * and confirmations held for a day's count (since when), sign-ups whose confirmation waits for an
 * owner (their network had its day's share), and today's auto-replies not sent for their network.
 * Null: this server sends no mail to visitors.
 */
export type VisitorMailHeld = {
  autoReplies: number;
  confirmations: number;
  since: number | null;
  refusedToday: number;
  forOwner: number;
} | null;

/** GET sources: each source and campaign leads came from (not spam), most leads first. */
export interface SourceChoice {
  source: string;
  campaign: string;
  leads: number;
}

/** One row of the insights' tables: visits (landings) and leads of one group, and their rate. */
export interface InsightRow {
  visits: number;
  /** Different visitors of each day, added up over the days (one person on two days counts twice). */
  visitors: number;
  /** The people (one e-mail address once) who sent a form of the first kind (config/admin.ts kinds): client leads. */
  leads: number;
  /** The people of each kind, by the kind's key. */
  byKind: Record<string, number>;
  /** leads / visits, or null without visits. */
  rate: number | null;
  /** The people among these leads whose lead is at the won stage now (each person once): clients won. */
  won: number;
  /** The value of those won leads, in minor units of config/admin.ts currency. */
  wonValue: number;
  /** The people who signed up for the newsletter in the period and are confirmed subscribers now. */
  subscribers: number;
}

/** The periods the insights offer, in weeks (8 unless asked). */
export const INSIGHT_WEEKS = [4, 8, 13, 26, 52] as const;

/** GET insights: the last `weeks` weeks (Monday to Sunday, UTC), oldest first. */
export interface Insights {
  /** The first day (Monday, YYYY-MM-DD) of each week shown. */
  weeks: string[];
  /** Leads per week per form (by the form's name), and visits per week. */
  byWeek: { week: string; leads: Record<string, number>; visits: number; views: number }[];
  /** The forms the site serves, in order (each week's `leads` are by their names), and a form no longer served that has leads in the period. */
  forms: FormTitle[];
  /** The sources and campaigns with most visits, then leads: at most admin.insightRows (config/server.ts)… */
  bySource: (InsightRow & { source: string; campaign: string })[];
  /** …and the others added up (`groups`: how many), when there are more. */
  otherSources?: InsightRow & { groups: number };
  /** The same for the landing pages. */
  byLandingPage: (InsightRow & { page: string })[];
  otherPages?: InsightRow & { groups: number };
  /** Only on a site in more than one language: each language (the default first, then any no longer declared that has leads), its visits counted by their pages' addresses, its leads by the language they were sent in. */
  byLanguage?: (InsightRow & LeadLanguage)[];
  /** The kinds of form, in config/admin.ts order: the first is what `leads` counts. */
  kinds: string[];
  /** The newsletter per week: sign-ups confirmed, and subscribers who unsubscribed or bounced. */
  subscribers: { week: string; confirmed: number; left: number }[];
  totals: InsightRow;
}

/**
 * What an erasure deletes, by kind: the person's leads, their private notes, the e-mails read
 * from the agency's mailbox (theirs and the agency's replies from a mail program), the e-mails the
 * site sent them (auto-replies, replies), files (CVs, kept attachments), where they came from
 * (lead_sources), their leads' history (lead_events), the records of notifications about them
 * (sent or still waiting: those are never sent), spam verdicts, today's auto-reply marks, and
 * newsletter subscriptions.
 */
export const ERASURE_KINDS = [
  'leads',
  'notes',
  'mailsReceived',
  'mailsSent',
  'files',
  'sources',
  'events',
  'notifications',
  'spamMarks',
  'autoReplyMarks',
  'subscriptions',
  'newsletterMails',
] as const;
export type ErasureKind = (typeof ERASURE_KINDS)[number];
export type ErasureCounts = Record<ErasureKind, number>;

/** POST erasurePreview: every item of the person an erasure deletes. */
export interface ErasurePreview {
  /** Their addresses as the leads and mails hold them (src/leads/model/person.ts: every case and +tag of one). */
  addresses: string[];
  leads: { docId: string; form: string; formTitle: string; name: string; receivedAt: string; spam: boolean }[];
  /**
   * The e-mails both ways, oldest first: theirs and the agency's from a mail program (read from the mailbox), the site's
   * auto-replies, replies written in the inbox (`reply`) and replies written in a mail program that the site sent on
   * (`relayed`), and the newsletters mailed to them.
   */
  mails: { kind: 'answer' | 'mailProgram' | 'autoReply' | 'reply' | 'relayed' | 'newsletter'; subject: string; at: number }[];
  /** CVs and kept attachments of their e-mails (an attachment by its name). */
  files: { kind: 'cv' | 'attachment'; name: string; bytes: number }[];
  counts: ErasureCounts;
}

/** A place outside the server that still holds something of an erased person: the owner deletes it by hand. */
export type OutsidePlace =
  /** The notification mails about their leads, in the mailboxes of NOTIFY_TO. */
  | { place: 'notificationMailbox'; addresses: string[]; mails: number }
  /** The webhook calls about their leads (the receiver's address without its path: it may hold a key). */
  | { place: 'webhook'; receiver: string; calls: number }
  /** The agency's mailbox: their e-mails (those the site read, and any it did not) and the agency's replies. */
  | { place: 'agencyMailbox'; address: string; answers: number; replies: number }
  /** The account the site sends from (MAIL_FROM): a provider may keep a copy of each mail it sent. */
  | { place: 'sender'; address: string; mails: number }
  /** The newsletters sent to them (their own mailbox; the sending account's Sent folder, MAIL_FROM's address when the server knows it). */
  | { place: 'newsletter'; mails: number; address?: string }
  /** Backups made before the erasure (ISO 8601). */
  | { place: 'backups'; before: string };

/** POST erase: what was deleted, and what is left outside the server. */
export interface ErasureDone {
  /** ISO 8601. */
  at: string;
  counts: ErasureCounts;
  outside: OutsidePlace[];
}

/** One erasure as the inbox keeps it: when, by which account, how many of each kind. Never the address. */
export interface ErasureRecord {
  /** ISO 8601. */
  at: string;
  by: string;
  counts: ErasureCounts;
}
