/**
 * The newsletters (the `newsletters` table, src/newsletter/server/migrations/index.ts): each written in the inbox
 * with the articles' rich-text blocks, or started from an article of the site; kept as a draft,
 * scheduled, sending, sent. What may be written is checked here, the one place: its subject, its
 * name (the utm_campaign of its links, unique: two newsletters' visits are never counted together)
 * and its text (the articles' own block schema, src/site/model/articleSchema.ts).
 *
 * Each change of its text counts its revision up and is kept in its history (newsletter_changes:
 * who, when, which revision; a run of edits by one account is one line), and the uploads its text
 * shows are kept by their names (newsletter_pictures: the public picture route reads one row). An
 * account starts at most `drafts.perAccount` drafts. Send and Schedule name the revision the owner
 * read: a change made after it is refused, never sent unread. Save names the revision its text was
 * written over: another account's save since is refused with the newest version, never overwritten unseen.
 *
 * Starting the sending is one transaction: the newsletter becomes `sending`, its mail is made once
 * for each of the site's languages (render.ts; every reader of a language gets the same, their own
 * unsubscribe link put in), and one row of the send queue is written for each subscriber confirmed
 * at that moment (queue.ts sends them, each in the language they signed up in).
 *
 * The languages (docs/inbox.md "The newsletter in each language"): a newsletter is written in the
 * default language. One made from an article keeps, beside it, the article's words in each language
 * it is translated in (NewsletterTranslations); a reader of that language gets each text that is
 * still the article's in their language, the rest as written. Every reader gets the foot (why they
 * get it, the unsubscribe link's words) and the unsubscribe page in their own language.
 */
import type Database from 'better-sqlite3';
import admin from '../../../config/admin';
import server from '../../../config/server';
import { articlePath, articleSchema, blockSchema, type ArticleBlock } from '../../site/model/articleSchema';
import { officeSentence } from '../../content/model/officeSentences';
import { isTranslatable, richText, type CheckContext, type Refusal, type Schema } from '../../schema/schema';
import { mapStrings, translate } from '../../site/model/translation';
import type { SiteConfig } from '../../site/model/siteSchema';
import type { Served } from '../../site/server/servedContent';
import type {
  ArticleForNewsletter,
  NewsletterChange,
  NewsletterDetail,
  NewsletterDraft,
  NewsletterFigures,
  NewsletterState,
  NewsletterSummary,
  NewsletterTranslations,
  ReadyNewsletter,
} from '../model/newsletterApi';
import { isDraft } from '../model/newsletterApi';
import { fill, slugOf } from '../../schema/text';
import type { PersonTable } from '../../leads/server/privacy';
import { preparedIn } from '../../platform/server/statements';
import { fallbackMarkOf, homeOf, htmlLangOf, languageCodeOf, newsletterSite } from './site';
import { markFallback, withoutMarks } from '../../site/model/fallbackMarks';
import { renderNewsletter, type NewsletterMail } from './render';
import { randomBytes } from 'node:crypto';
import { UPLOAD_NAME, UPLOADS_PATH } from '../../platform/uploads';

const limits = server.newsletter;
const messages = limits.messages;
export const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The schema of a newsletter's text (the articles' blocks). */
const bodySchema = richText(blockSchema, { min: 1 });

/** A refusal: its status and sentence; a save refused for a newer version carries that version. */
export type DraftProblem = { status: 400 | 404 | 409; message: string; newsletter?: NewsletterDetail };

/** A newsletter's state (NewsletterState): a draft someone marked ready is `ready`. */
const STATE = "CASE WHEN n.state = 'draft' AND n.ready_at IS NOT NULL THEN 'ready' ELSE n.state END";

const COLUMNS = `n.id, n.name, n.subject, n.article, ${STATE} AS state, n.send_at AS sendAt, n.ready_by AS readyBy, n.ready_at AS readyAt,
  n.updated_at AS updatedAt, n.updated_by AS updatedBy, n.started_at AS startedAt, n.finished_at AS finishedAt, n.sent_by AS sentBy, n.revision`;

/** A newsletter's counts from its queue, one row per newsletter. */
const FIGURES = `SELECT newsletter_id AS id, count(*) AS readers,
    count(*) FILTER (WHERE state = 'sent') AS sent,
    count(*) FILTER (WHERE state IN ('pending', 'sending')) AS waiting,
    count(*) FILTER (WHERE state = 'failed') AS failed,
    count(*) FILTER (WHERE bounce IS NOT NULL) AS bounced,
    count(*) FILTER (WHERE unsubscribed_at IS NOT NULL) AS unsubscribed,
    count(*) FILTER (WHERE complained_at IS NOT NULL) AS complaints
  FROM newsletter_recipients`;

/** SQL: a queue row of the person (a personKey, the one parameter). */
const OF_PERSON = 'subscriber_id IN (SELECT id FROM subscribers WHERE person = ?)';
/** The queue's states of a mail that went out, or may have (a crash left it `sending`: it is sent again). */
const MAILED = "('sent', 'sending')";

const statements = preparedIn((db: Database.Database) => ({
  list: db.prepare(`SELECT ${COLUMNS} FROM newsletters n ORDER BY coalesce(n.started_at, n.send_at, n.updated_at) DESC, n.id DESC`),
  one: db.prepare(`SELECT ${COLUMNS}, n.body, n.created_by AS createdBy, n.created_at AS createdAt FROM newsletters n WHERE n.id = ?`),
  figures: db.prepare(`${FIGURES} WHERE newsletter_id = ? GROUP BY newsletter_id`),
  allFigures: db.prepare(`${FIGURES} GROUP BY newsletter_id`),
  // The site's own counts of its links (insights read the same): visits since it started, leads (not spam) by person.
  visits: db.prepare("SELECT coalesce(sum(visits), 0) AS n FROM visits WHERE source = 'newsletter' AND campaign = ?"),
  leads: db.prepare(
    "SELECT count(DISTINCT coalesce(l.person, 'lead:' || l.doc_id)) AS n FROM lead_sources s JOIN leads l ON l.doc_id = s.doc_id WHERE l.spam = 0 AND s.utm_source = 'newsletter' AND s.utm_campaign = ?",
  ),
  nameTaken: db.prepare('SELECT 1 FROM newsletters WHERE name = ? AND id <> ?'),
  insert: db.prepare(
    'INSERT INTO newsletters (name, subject, article, body, translations, created_by, created_at, updated_by, updated_at) VALUES (@name, @subject, @article, @body, @translations, @by, @now, @by, @now)',
  ),
  update: db.prepare(
    "UPDATE newsletters SET name = @name, subject = @subject, body = @body, updated_by = @by, updated_at = @now, revision = revision + 1 WHERE id = @id AND state = 'draft' AND revision = @revision",
  ),
  draftsOf: db.prepare("SELECT count(*) FROM newsletters WHERE created_by = ? AND state = 'draft'").pluck(),
  changes: db.prepare('SELECT revision, kind, account AS by, at FROM newsletter_changes WHERE newsletter_id = ? ORDER BY id'),
  lastChange: db.prepare('SELECT id, kind, account FROM newsletter_changes WHERE newsletter_id = ? ORDER BY id DESC LIMIT 1'),
  addChange: db.prepare(
    'INSERT INTO newsletter_changes (newsletter_id, revision, kind, account, at) SELECT id, revision, @kind, @by, @now FROM newsletters WHERE id = @id',
  ),
  moveChange: db.prepare('UPDATE newsletter_changes SET revision = (SELECT revision FROM newsletters WHERE id = @id), at = @now WHERE id = @change'),
  dropPictures: db.prepare('DELETE FROM newsletter_pictures WHERE newsletter_id = ?'),
  addPicture: db.prepare('INSERT OR IGNORE INTO newsletter_pictures (name, newsletter_id) VALUES (?, ?)'),
  remove: db.prepare("DELETE FROM newsletters WHERE id = ? AND state = 'draft'"),
  state: db.prepare('SELECT state FROM newsletters WHERE id = ?'),
  // Who last changed its text stays (its history says who scheduled it, and sent_by).
  schedule: db.prepare(
    "UPDATE newsletters SET state = 'scheduled', send_at = @at, sent_by = @by, ready_by = NULL, ready_at = NULL WHERE id = @id AND state = 'draft' AND revision = @revision",
  ),
  ready: db.prepare("UPDATE newsletters SET ready_by = @by, ready_at = @now WHERE id = @id AND state = 'draft'"),
  readyList: db.prepare("SELECT id, subject, ready_by AS readyBy FROM newsletters WHERE state = 'draft' AND ready_at IS NOT NULL ORDER BY ready_at, id"),
  unschedule: db.prepare("UPDATE newsletters SET state = 'draft', send_at = NULL, sent_by = NULL WHERE id = @id AND state = 'scheduled'"),
  due: db.prepare("SELECT id FROM newsletters WHERE state = 'scheduled' AND send_at <= ? ORDER BY send_at, id"),
  nextDue: db.prepare("SELECT min(send_at) AS at FROM newsletters WHERE state = 'scheduled'"),
  start: db.prepare("UPDATE newsletters SET state = 'sending', mail = @mail, mails = @mails, started_at = @now WHERE id = @id AND state = 'scheduled'"),
  translations: db.prepare('SELECT translations FROM newsletters WHERE id = ?').pluck(),
  queue: db.prepare(
    `INSERT INTO newsletter_recipients (newsletter_id, subscriber_id, message_id, next_at)
     SELECT ?, id, 'nl_' || lower(hex(randomblob(10))), ? FROM subscribers WHERE state = 'confirmed' ORDER BY id`,
  ),
  confirmed: db.prepare("SELECT count(*) AS n FROM subscribers WHERE state = 'confirmed'"),
  // A person's rows of the send queue (by their subscriber row), for an erasure.
  ofPerson: db.prepare(`SELECT count(*) FROM newsletter_recipients WHERE ${OF_PERSON}`).pluck(),
  mailedToPerson: db.prepare(
    `SELECT n.subject, coalesce(r.sent_at, r.next_at) AS at FROM newsletter_recipients r JOIN newsletters n ON n.id = r.newsletter_id
     WHERE r.${OF_PERSON} AND r.state IN ${MAILED} ORDER BY at`,
  ),
  eraseOfPerson: db.prepare(`DELETE FROM newsletter_recipients WHERE ${OF_PERSON}`),
}));

/**
 * A person's rows of the send queue, as an erasure of the person finds and deletes them
 * (src/leads/server/privacy.ts PersonTables): every newsletter mailed or queued to their
 * subscriber row, those that went out (or may have: a crash's uncertain one) listed one by one,
 * and named among what is left outside the server. Joined before the subscribers (subscribers.ts
 * subscriptionsOfPerson), whose rows would take these with them anyway (ON DELETE CASCADE).
 */
export const newsletterMailsOfPerson: PersonTable = {
  kind: 'newsletterMails',
  count: (db, person) => statements(db).ofPerson.get(person) as number,
  erase: (db, person) => void statements(db).eraseOfPerson.run(person),
  mails: (db, person) => (statements(db).mailedToPerson.all(person) as { subject: string; at: number }[]).map((mail) => ({ kind: 'newsletter', ...mail })),
  outside: (db, person, { sender }) => {
    const mails = statements(db).mailedToPerson.all(person).length;
    return mails > 0 ? { place: 'newsletter', mails, ...(sender ? { address: sender } : {}) } : undefined;
  },
};

type Row = Omit<NewsletterSummary, 'figures'> & { body?: string; createdBy?: string; createdAt?: number };

const NO_FIGURES = { readers: 0, sent: 0, waiting: 0, failed: 0, bounced: 0, unsubscribed: 0, complaints: 0 };

function withFigures(db: Database.Database, row: Row, counts: Omit<NewsletterFigures, 'visits' | 'leads'> | undefined): NewsletterSummary {
  const q = statements(db);
  const { body: _body, createdBy: _by, createdAt: _at, ...summary } = row;
  const { id: _id, ...figures } = counts ? (counts as typeof counts & { id?: number }) : { id: 0 };
  // Visits and leads are counted only once it went out: a draft's name may be any campaign's before.
  const counted = row.startedAt !== null;
  return {
    ...summary,
    figures: {
      ...NO_FIGURES,
      ...figures,
      visits: counted ? (q.visits.get(row.name) as { n: number }).n : 0,
      leads: counted ? (q.leads.get(row.name) as { n: number }).n : 0,
    },
  };
}

export function listNewsletters(db: Database.Database): NewsletterSummary[] {
  const q = statements(db);
  const counts = new Map((q.allFigures.all() as (Omit<NewsletterFigures, 'visits' | 'leads'> & { id: number })[]).map(({ id, ...figures }) => [id, figures]));
  return (q.list.all() as Row[]).map((row) => withFigures(db, row, counts.get(row.id)));
}

export function newsletterOf(db: Database.Database, id: number): NewsletterDetail | undefined {
  const q = statements(db);
  const row = q.one.get(id) as (Row & { body: string; createdBy: string; createdAt: number }) | undefined;
  if (!row) return undefined;
  const counts = q.figures.get(id) as (Omit<NewsletterFigures, 'visits' | 'leads'> & { id: number }) | undefined;
  return {
    ...withFigures(db, row, counts),
    body: JSON.parse(row.body) as ArticleBlock[],
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    changes: q.changes.all(id) as NewsletterChange[],
  };
}

export const confirmedCount = (db: Database.Database): number => (statements(db).confirmed.get() as { n: number }).n;

/** Whether an upload of this name (UPLOAD_NAME) is in the site's uploads folder. */
export type UploadExists = (name: string) => boolean;

/** The upload a picture's address names (UPLOADS_PATH + its name), if it is one. */
const uploadOf = (src: string): string | undefined => {
  const name = src.startsWith(UPLOADS_PATH) ? src.slice(UPLOADS_PATH.length) : '';
  return UPLOAD_NAME.test(name) ? name : undefined;
};

/** The uploads the text's pictures show, each once. */
function picturesOf(body: readonly ArticleBlock[]): string[] {
  return [...new Set(body.flatMap((block) => (block.type === 'picture' ? [uploadOf(block.image.src)] : [])).filter((name) => name !== undefined))];
}

/**
 * The first problem of a newsletter's text, said in the office's words (the articles' own checks).
 * A picture is one uploaded for the site (in its uploads folder, by its name): any other address
 * (another page of the site, a route of its server, a file of public/) is refused.
 */
export function bodyProblem(body: unknown, uploadExists: UploadExists = () => false): string | undefined {
  let first: Refusal | undefined;
  let notUpload: string | undefined;
  const ctx: CheckContext = {
    file: 'newsletter',
    // Links to pages are checked as links (their form).
    sitePaths: new Set(),
    formIds: new Set(),
    publicFileExists: (src) => {
      const name = uploadOf(src);
      if (name !== undefined && uploadExists(name)) return true;
      notUpload ??= src;
      return false;
    },
    report: (_path, _message, words) => {
      first ??= words;
    },
  };
  bodySchema.check(body, [], ctx);
  if (notUpload !== undefined) return fill(messages.notAnUpload, { picture: `"${[...notUpload].slice(0, 200).join('')}"` });
  return first && officeSentence(first, [admin.newsletters.body]).field;
}

/** A draft as sent by the inbox, checked: the values to store, or the first problem. */
function checkDraft(db: Database.Database, draft: Partial<NewsletterDraft>, uploadExists: UploadExists, id = 0): NewsletterDraft | DraftProblem {
  const { subject, name, body } = draft as Record<string, unknown>;
  if (typeof subject !== 'string' || subject.trim() === '' || [...subject].length > limits.subjectMaxLength || /[\r\n]/.test(subject)) {
    return { status: 400, message: fill(messages.badSubject, { max: limits.subjectMaxLength }) };
  }
  if (typeof name !== 'string' || !NAME.test(name) || name.length > limits.nameMaxLength)
    return { status: 400, message: fill(messages.badName, { max: limits.nameMaxLength }) };
  if (Buffer.byteLength(JSON.stringify(body ?? null)) > limits.bodyMaxBytes)
    return { status: 400, message: fill(messages.bodyTooLarge, { max: Math.floor(limits.bodyMaxBytes / 1024) }) };
  const problem = bodyProblem(body, uploadExists);
  if (problem) return { status: 400, message: fill(messages.badBody, { error: problem }) };
  // Last: everything else is right (a preview shows a draft whose name is another's).
  if (statements(db).nameTaken.get(name, id)) return { status: 409, message: messages.nameTaken };
  return { subject: subject.trim(), name, body: body as ArticleBlock[] };
}

const isProblem = (value: unknown): value is DraftProblem => typeof value === 'object' && value !== null && 'message' in value && 'status' in value;

/** A name no other newsletter has, made from `wish` (its words, then -2, -3, …). */
function freeName(db: Database.Database, wish: string): string {
  const base = slugOf(wish, limits.nameMaxLength - 4) || 'newsletter';
  for (let n = 1; ; n++) {
    const name = n === 1 ? base : `${base}-${n}`;
    if (!statements(db).nameTaken.get(name, 0)) return name;
  }
}

/**
 * An article's cover as the newsletter's first picture, when it is an upload of the office's (the
 * editor makes every cover it takes one; a picture of the site's own files is not a newsletter's:
 * bodyProblem). Its text for people who cannot see it comes along.
 */
function coverOf(article: ArticleForNewsletter): ArticleBlock[] {
  const cover = (article as { cover?: unknown }).cover as Partial<ArticleForNewsletter['cover']> | undefined;
  if (typeof cover !== 'object' || cover === null || typeof cover.src !== 'string' || uploadOf(cover.src) === undefined) return [];
  const { src, alt, width, height } = cover;
  return [{ type: 'picture', image: { src, alt: typeof alt === 'string' ? alt : '', width: Number(width), height: Number(height) } }];
}

/** An article's subject and text in the site's words of one language: its title, its cover, its summary, its text, and the link to its page (config/site.ts newsletterMail.readOnSite). */
function articleDraft(article: ArticleForNewsletter, site: SiteConfig): Pick<NewsletterDraft, 'subject' | 'body'> {
  const summary: ArticleBlock[] =
    typeof article?.summary === 'string' && article.summary.trim() !== '' ? [{ type: 'paragraph', content: [{ text: article.summary, italic: true }] }] : [];
  const link: ArticleBlock = {
    type: 'link',
    text: site.newsletterMail.readOnSite,
    href: articlePath(site.articles.path, { address: String(article?.address ?? '') }),
  };
  const title = typeof article?.title === 'string' ? article.title : '';
  return {
    subject: [...title].slice(0, limits.subjectMaxLength).join(''),
    body: [...(article ? coverOf(article) : []), ...summary, ...(Array.isArray(article?.body) ? article.body : []), link],
  };
}

/** An article's draft: its subject and text (articleDraft), a name of its own, and its words in each language the article is translated in. */
export function draftOfArticle(
  db: Database.Database,
  article: ArticleForNewsletter,
  served: Served,
): Partial<NewsletterDraft> & { article: string; translations: NewsletterTranslations } {
  const draft = articleDraft(article, newsletterSite(served));
  return {
    article: typeof article?.id === 'string' ? article.id : '',
    ...draft,
    name: freeName(db, typeof article?.title === 'string' ? article.title : ''),
    translations: translationsOf(article, draft, served),
  };
}

/** What changes from one language to another in a newsletter: its words, and its links (to the same page in that language). */
const changesWithLanguage = (leaf: Schema<unknown>) => isTranslatable(leaf) || leaf.meta.kind === 'link';

/** A draft's words and links, in order, each saying whether it is a link: its subject first. */
function wordsOf(draft: Pick<NewsletterDraft, 'subject' | 'body'>): { words: string; link: boolean }[] {
  const words = [{ words: draft.subject, link: false }];
  mapStrings(bodySchema, draft.body, [], changesWithLanguage, (_path, text, leaf) => {
    words.push({ words: text, link: leaf.meta.kind === 'link' });
    return text;
  });
  return words;
}

/**
 * The words of an article's newsletter in each language the article is translated in (the
 * translation files the inbox sent with it, of a language the site has): the article translated
 * as its page is (src/site/model/translation.ts translate: each text its translation, stale ones
 * too, the others in the default language), made into a draft with that language's words of the
 * site, and set beside the default draft's: each default text or link with its own in the language.
 * A text the translation leaves in the default language (the article's, or the site's words of its
 * button: fallbackMarkOf) has none, so that mailOf marks it as such; a text translated as the same
 * words has itself (it is the language's).
 */
function translationsOf(article: ArticleForNewsletter, draft: Pick<NewsletterDraft, 'subject' | 'body'>, served: Served): NewsletterTranslations {
  const site = newsletterSite(served);
  const others = new Set(((site as Partial<SiteConfig>).languages?.others ?? []).map((other) => other.code));
  const files = typeof article?.translations === 'object' && article.translations !== null ? article.translations : {};
  const defaults = wordsOf(draft);
  const out: Record<string, (readonly [string, string])[]> = {};
  for (const [code, file] of Object.entries(files)) {
    if (!others.has(code) || typeof file?.texts !== 'object' || file.texts === null) continue;
    // Only its entries of words (a request may carry anything): each a translation and the text it was made from.
    const texts = Object.fromEntries(
      Object.entries(file.texts as Record<string, unknown>).filter(
        (entry): entry is [string, { text: string; source: string }] =>
          typeof entry[1] === 'object' &&
          entry[1] !== null &&
          typeof (entry[1] as { text?: unknown }).text === 'string' &&
          typeof (entry[1] as { source?: unknown }).source === 'string',
      ),
    );
    // Its texts left in the default language marked (the article's by translate, the button's words by fallbackMarkOf).
    const inLanguage = newsletterSite(served, code);
    const readOnSite = fallbackMarkOf(served, code, (s) => s.newsletterMail.readOnSite)(inLanguage.newsletterMail.readOnSite);
    const translatedArticle = translate(articleSchema, article, { texts }, markFallback).value;
    const translated = wordsOf(articleDraft(translatedArticle, { ...inLanguage, newsletterMail: { ...inLanguage.newsletterMail, readOnSite } }));
    // The same blocks in the same order (a translation changes words, never the blocks): else none.
    if (translated.length !== defaults.length) continue;
    const pairs = new Map<string, string>();
    defaults.forEach(({ words, link }, i) => {
      const given = translated[i]!.words;
      if (pairs.has(words) || withoutMarks(given) !== given) return;
      if (given !== words || !link) pairs.set(words, given);
    });
    out[code] = [...pairs];
  }
  return out;
}

/** The newsletter's uploads as its text now shows them (the picture route's rows). */
function keepPictures(db: Database.Database, id: number, body: readonly ArticleBlock[]) {
  const q = statements(db);
  q.dropPictures.run(id);
  for (const name of picturesOf(body)) q.addPicture.run(name, id);
}

/** A line of the newsletter's history: a run of edits by one account is one line (its last revision and time). */
function recordChange(db: Database.Database, id: number, kind: NewsletterChange['kind'], by: string, now: number) {
  const q = statements(db);
  const last = q.lastChange.get(id) as { id: number; kind: string; account: string } | undefined;
  if (kind === 'edited' && last && last.kind === 'edited' && last.account === by) q.moveChange.run({ id, change: last.id, now });
  else q.addChange.run({ id, kind, by, now });
}

export function addNewsletter(
  db: Database.Database,
  draft: Partial<NewsletterDraft> & { article?: string; translations?: NewsletterTranslations },
  by: string,
  now: number,
  uploadExists: UploadExists = () => false,
): NewsletterDetail | DraftProblem {
  const checked = checkDraft(db, draft, uploadExists);
  if (isProblem(checked)) return checked;
  return db.transaction((): NewsletterDetail | DraftProblem => {
    const q = statements(db);
    if ((q.draftsOf.get(by) as number) >= limits.drafts.perAccount)
      return { status: 409, message: fill(messages.tooManyDrafts, { max: limits.drafts.perAccount }) };
    const translations = draft.article && draft.translations && Object.keys(draft.translations).length > 0 ? JSON.stringify(draft.translations) : null;
    const { lastInsertRowid } = q.insert.run({ ...checked, body: JSON.stringify(checked.body), article: draft.article || null, translations, by, now });
    const id = Number(lastInsertRowid);
    keepPictures(db, id, checked.body);
    recordChange(db, id, 'created', by, now);
    return newsletterOf(db, id)!;
  })();
}

function notDraft(db: Database.Database, id: number): DraftProblem {
  const row = statements(db).state.get(id) as { state: NewsletterState } | undefined;
  return row ? { status: 409, message: messages.notADraft } : { status: 404, message: messages.unknownNewsletter };
}

/** A save made over a version other than `revision` (the one the writer had): refused, with the newest version. */
const savedSince = (current: NewsletterDetail): DraftProblem => ({
  status: 409,
  message: fill(messages.savedSinceOpened, { by: current.updatedBy }),
  newsletter: current,
});

/** Saves a change of the draft made over `revision` (the one the writer had): another save since it is refused, never overwritten unseen. */
export function saveNewsletter(
  db: Database.Database,
  id: number,
  change: Partial<NewsletterDraft>,
  by: string,
  now: number,
  revision: number,
  uploadExists: UploadExists = () => false,
): NewsletterDetail | DraftProblem {
  const current = newsletterOf(db, id);
  if (!current) return { status: 404, message: messages.unknownNewsletter };
  if (!isDraft(current.state)) return notDraft(db, id);
  if (current.revision !== revision) return savedSince(current);
  const checked = checkDraft(db, { subject: current.subject, name: current.name, body: current.body, ...change }, uploadExists, id);
  if (isProblem(checked)) return checked;
  return db.transaction((): NewsletterDetail | DraftProblem => {
    if (statements(db).update.run({ ...checked, body: JSON.stringify(checked.body), by, now, id, revision }).changes === 0) {
      const newest = newsletterOf(db, id);
      return newest && isDraft(newest.state) ? savedSince(newest) : notDraft(db, id);
    }
    keepPictures(db, id, checked.body);
    recordChange(db, id, 'edited', by, now);
    return newsletterOf(db, id)!;
  })();
}

export function deleteNewsletter(db: Database.Database, id: number): DraftProblem | undefined {
  return statements(db).remove.run(id).changes > 0 ? undefined : notDraft(db, id);
}

/**
 * Sends it at `at` (now, or a time ahead: at most scheduleMaxDays), as it was at `revision` (the
 * one the owner read): a change made after it is refused (409), nothing sent.
 */
export function scheduleNewsletter(db: Database.Database, id: number, at: number, by: string, now: number, revision: number): NewsletterDetail | DraftProblem {
  if (!(at >= now - 1000 && at <= now + limits.scheduleMaxDays * 86_400_000))
    return { status: 400, message: fill(messages.badTime, { days: limits.scheduleMaxDays }) };
  return db.transaction((): NewsletterDetail | DraftProblem => {
    if (statements(db).schedule.run({ id, at: Math.max(at, now), by, revision }).changes === 0) {
      const row = statements(db).state.get(id) as { state: NewsletterState } | undefined;
      return row?.state === 'draft' ? { status: 409, message: messages.changedSinceRead } : notDraft(db, id);
    }
    recordChange(db, id, 'scheduled', by, now);
    return newsletterOf(db, id)!;
  })();
}

/** A draft marked ready for an owner to send (`ready`), or taken back (a draft again): by any account. */
export function markReady(db: Database.Database, id: number, ready: boolean, by: string, now: number): NewsletterDetail | DraftProblem {
  if (statements(db).ready.run({ id, by: ready ? by : null, now: ready ? now : null }).changes === 0) return notDraft(db, id);
  return newsletterOf(db, id)!;
}

/** The newsletters ready for an owner to send, the first marked first: the owners' inbox lists them. */
export const readyNewsletters = (db: Database.Database): ReadyNewsletter[] => statements(db).readyList.all() as ReadyNewsletter[];

export function unscheduleNewsletter(db: Database.Database, id: number, by: string, now: number): NewsletterDetail | DraftProblem {
  const back = db.transaction(() => {
    if (statements(db).unschedule.run({ id }).changes === 0) return false;
    recordChange(db, id, 'unscheduled', by, now);
    return true;
  })();
  if (back) return newsletterOf(db, id)!;
  const row = statements(db).state.get(id);
  return row ? { status: 409, message: messages.notCancellable } : { status: 404, message: messages.unknownNewsletter };
}

/**
 * The mail of a draft or a newsletter as readers get it, with `marker` where their unsubscribe
 * link goes: in the default language, or for the readers of another language (`language`: its
 * code, and the newsletter's words in it, NewsletterTranslations'): each text and link the
 * translation gives in that language (every other text as written, every other link to a page of
 * the site to that page in the language, written as a path or whole at the site's own address:
 * servedLinkIn), its foot in that language. When the translation gives any, each of its texts
 * it does not give (left in the default language, or written in the inbox since) is put between
 * the fallback marks, as are the foot's words not translated yet (fallbackMarkOf): renderNewsletter
 * gives their element the default language's `lang`, as the site's pages do.
 */
export function mailOf(
  draft: NewsletterDraft,
  publicUrl: string,
  served: Served,
  {
    marker = `#unsubscribe-${randomBytes(12).toString('hex')}`,
    pictures = 'mail' as 'mail' | 'inbox',
    language,
    subjectAs = (subject: string) => subject,
  }: {
    marker?: string;
    pictures?: 'mail' | 'inbox';
    language?: NewsletterLanguage;
    /** The subject as sent, from the one readers get (a test's: marked as a test). */
    subjectAs?: (subject: string) => string;
  } = {},
): NewsletterMail {
  const site = newsletterSite(served, language?.code);
  if (!language) return renderNewsletter({ ...draft, subject: subjectAs(draft.subject), site, publicUrl, marker, pictures });
  const words = new Map(language.words);
  // In the reader's language where the translation gives any of its texts or links; else as written, in the default language.
  const translated = wordsOf(draft).some((each) => words.has(each.words));
  const leftOut = translated ? markFallback : (text: string) => text;
  const subject = words.get(draft.subject) ?? draft.subject;
  // A link the translation does not give leads to its page in the reader's language where it is one of the site's pages
  // (written as a path, or whole at the site's own address: PUBLIC_URL's, or the one config/site.ts gives).
  const pageIn = served.servedLinkIn(language.code, [publicUrl, site.brand.url]);
  const body = mapStrings(bodySchema, draft.body, [], changesWithLanguage, (_path, text, leaf) => {
    const given = words.get(text);
    if (leaf.meta.kind === 'link') return given !== undefined && given !== text ? given : pageIn(text);
    return given ?? leftOut(text);
  }) as ArticleBlock[];
  const code = languageCodeOf(site, language.code);
  // The foot's words in the reader's language, those not translated yet marked.
  const foot = (pick: (mail: SiteConfig['newsletterMail']) => string) =>
    fallbackMarkOf(served, language.code, (s) => pick(s.newsletterMail))(pick(site.newsletterMail));
  const newsletterMail = { ...site.newsletterMail, why: foot((mail) => mail.why), unsubscribe: foot((mail) => mail.unsubscribe) };
  return renderNewsletter({
    ...draft,
    subject: subjectAs(subject),
    body,
    site: { ...site, newsletterMail },
    publicUrl,
    marker,
    pictures,
    language: { text: translated ? code : htmlLangOf(site), foot: code, home: homeOf(site, code) },
  });
}

/** A language of the site other than the default, and a newsletter's words in it (NewsletterTranslations'): what mailOf makes its readers' mail with. */
export interface NewsletterLanguage {
  code: string;
  words: readonly (readonly [string, string])[];
}

/** The site's languages other than the default (config/site.ts `languages`, as served). */
const otherLanguages = (served: Served) => (newsletterSite(served) as Partial<SiteConfig>).languages?.others ?? [];

/**
 * The language of the readers of `code` with the words newsletter `id` keeps in it (none for a
 * newsletter not saved, id 0), for mailOf: the same for its readers, its preview and its test;
 * undefined for the default language or a code the site does not have.
 */
export function newsletterLanguage(db: Database.Database, id: number, code: unknown, served: Served): NewsletterLanguage | undefined {
  if (typeof code !== 'string' || !otherLanguages(served).some((other) => other.code === code)) return undefined;
  const translations = JSON.parse((statements(db).translations.get(id) as string | null | undefined) ?? '{}') as NewsletterTranslations;
  return { code, words: Object.hasOwn(translations, code) ? translations[code]! : [] };
}

/** A newsletter's mail for the readers of each of the site's other languages (mailOf), by its code. */
function mailsInOtherLanguages(db: Database.Database, row: NewsletterDetail, publicUrl: string, served: Served): Record<string, NewsletterMail> {
  return Object.fromEntries(
    otherLanguages(served).map(({ code }) => [code, mailOf(row, publicUrl, served, { language: newsletterLanguage(db, row.id, code, served) })]),
  );
}

/**
 * Starts the sending of the newsletters due at `now`, each in one transaction: `sending`, its mail
 * made, one queue row per confirmed subscriber. Answers how many started.
 */
export function startDue(db: Database.Database, now: number, publicUrl: string, served: Served): number {
  const q = statements(db);
  let started = 0;
  for (const { id } of q.due.all(now) as { id: number }[]) {
    db.transaction(() => {
      const row = newsletterOf(db, id);
      if (!row || row.state !== 'scheduled') return;
      const mail = mailOf(row, publicUrl, served);
      const mails = mailsInOtherLanguages(db, row, publicUrl, served);
      if (q.start.run({ id, mail: JSON.stringify(mail), mails: JSON.stringify(mails), now }).changes === 0) return;
      q.queue.run(id, now);
      started++;
    })();
  }
  return started;
}

/** When the next scheduled newsletter is due (ms), if one is. */
export function nextScheduled(db: Database.Database): number | undefined {
  return (statements(db).nextDue.get() as { at: number | null }).at ?? undefined;
}

export { isProblem };
