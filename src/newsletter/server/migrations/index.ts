/**
 * The newsletter's migrations: its subscribers, the newsletters and their send queue, and the
 * migrations that changed the subscribers with the leads' or the accounts' tables (one person is
 * one mailbox, the visitors' mail limits, a new browser confirmed by mail): a migration that names
 * the tables of two features lives with the higher one (src/layers.ts TOP_FOLDERS). Numbered in the
 * one order of every feature's migrations (src/platform/server/store/migrate.ts); frozen once
 * shipped: never edited, importing nothing that can change.
 */
import type { Migration } from '../../../platform/server/store/migrate';

export const newsletterMigrations: readonly Migration[] = [
  {
    id: 22,
    name: "the newsletter's subscribers: one row per person (case and +tag folded), their state and the consent they gave",
    up(db) {
      db.exec(`
        -- One row per person who signed up in the newsletter box (src/newsletter/server/subscribers.ts).
        -- The sign-up itself stays a document of the collection subcribe, as the specification stores it;
        -- this row is the agency's side of it: whether they confirmed, how to reach them, what they agreed to.
        CREATE TABLE subscribers (
          id              INTEGER PRIMARY KEY AUTOINCREMENT,
          -- src/leads/model/person.ts personKey of the address: one row per person.
          person          TEXT    NOT NULL UNIQUE,
          -- The address as last typed (mail goes there).
          email           TEXT    NOT NULL,
          -- The sign-up's document (collection subcribe); NULL once that lead is deleted.
          doc_id          TEXT    REFERENCES documents (doc_id) ON DELETE SET NULL,
          state           TEXT    NOT NULL CHECK (state IN ('waiting', 'confirmed', 'unsubscribed', 'bounced')),
          -- The consent: when, on which page, the words shown next to the box.
          signed_up_at    INTEGER NOT NULL,
          page            TEXT,
          consent_words   TEXT    NOT NULL DEFAULT '',
          -- Where they came from (src/leads/model/attribution.ts), for insights.
          source          TEXT    NOT NULL DEFAULT '',
          campaign        TEXT,
          confirmed_at    INTEGER,
          unsubscribed_at INTEGER,
          -- A hard bounce (the address is not mailed again), and soft ones counted.
          bounced_at      INTEGER,
          soft_bounces    INTEGER NOT NULL DEFAULT 0,
          updated_at      INTEGER NOT NULL
        );
        CREATE INDEX subscribers_by_state ON subscribers (state, id);
      `);
    },
  },
  {
    id: 27,
    name: "the newsletters: each one written (a campaign, or an article sent), its send queue with one row per reader and their state, and the mailbox's reports on them read once",
    up(db) {
      db.exec(`
        -- One row per newsletter (src/newsletter/server/newsletters.ts). Its name is the utm_campaign of
        -- its links (insights count the visits and leads it brought by it); its body the typed blocks of
        -- config/articles (src/content/model/articleSchema.ts), an article's copied when it is chosen.
        CREATE TABLE newsletters (
          id          INTEGER PRIMARY KEY AUTOINCREMENT,
          name        TEXT    NOT NULL UNIQUE,
          subject     TEXT    NOT NULL,
          -- The article it sends (its file's id in config/articles), or NULL: a campaign written in the inbox.
          article     TEXT,
          body        TEXT    NOT NULL CHECK (json_valid(body)),
          -- draft, scheduled (send_at), sending (its readers are queued), sent (none left to send).
          state       TEXT    NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'scheduled', 'sending', 'sent')),
          send_at     INTEGER,
          -- The mail as it is sent, made once when the sending starts (every reader gets the same, their own unsubscribe link put in).
          mail        TEXT    CHECK (mail IS NULL OR json_valid(mail)),
          created_by  TEXT    NOT NULL,
          created_at  INTEGER NOT NULL,
          updated_by  TEXT    NOT NULL,
          updated_at  INTEGER NOT NULL,
          -- Who pressed Send (or scheduled it), when the sending started and ended.
          sent_by     TEXT,
          started_at  INTEGER,
          finished_at INTEGER
        );
        CREATE INDEX newsletters_due ON newsletters (state, send_at);

        -- The send queue: one row per reader of a newsletter, written when its sending starts (the
        -- subscribers confirmed then). A row is marked 'sending' before the SMTP call and 'sent' after
        -- it; one left 'sending' by a crash is sent again at the next start with the same Message-ID.
        -- An erasure of the person deletes their rows with their subscription.
        CREATE TABLE newsletter_recipients (
          id            INTEGER PRIMARY KEY AUTOINCREMENT,
          newsletter_id INTEGER NOT NULL REFERENCES newsletters (id) ON DELETE CASCADE,
          subscriber_id INTEGER NOT NULL REFERENCES subscribers (id) ON DELETE CASCADE,
          -- The mail's Message-ID, without <> and the domain: "nl_" and 20 letters and digits, the same on every try.
          message_id    TEXT    NOT NULL UNIQUE,
          -- pending (due at next_at), sending, sent; failed (refused for good, or every try failed);
          -- skipped (no longer confirmed when its turn came).
          state         TEXT    NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sending', 'sent', 'failed', 'skipped')),
          attempts      INTEGER NOT NULL DEFAULT 0,
          next_at       INTEGER NOT NULL,
          last_error    TEXT,
          sent_at       INTEGER,
          -- How often it was sent again after a crash left it 'sending' (its fate unknown).
          resent        INTEGER NOT NULL DEFAULT 0,
          -- What came back: the mailbox's delivery reports ('soft': 4.x.x, 'hard': 5.x.x or a 5xx at
          -- sending), a complaint (a feedback report), an unsubscribe by this newsletter's link.
          bounce        TEXT    CHECK (bounce IS NULL OR bounce IN ('soft', 'hard')),
          complained_at INTEGER,
          unsubscribed_at INTEGER,
          UNIQUE (newsletter_id, subscriber_id)
        );
        CREATE INDEX newsletter_recipients_due ON newsletter_recipients (state, next_at);
        CREATE INDEX newsletter_recipients_by_subscriber ON newsletter_recipients (subscriber_id, newsletter_id);

        -- The reports read from the mailbox about a newsletter (delivery reports, complaints, mailto
        -- unsubscribes), by their own Message-ID: each counted once, however often it is read.
        CREATE TABLE newsletter_reports (
          message_id TEXT    PRIMARY KEY,
          kind       TEXT    NOT NULL,
          at         INTEGER NOT NULL
        ) WITHOUT ROWID;
      `);
    },
  },
  {
    id: 28,
    name: "one person is one mailbox: Gmail's dots and googlemail.com fold too, every lead's and subscriber's stored key written again (two subscribers of one mailbox become one)",
    up(db) {
      // The rule as it stands from this release (src/leads/model/person.ts personKey), written out
      // here so that this migration never changes: a stored key is already trimmed, in lower case
      // and without its +tag, so only Gmail's keys change.
      const gmail = (key: string): string => {
        const at = key.lastIndexOf('@');
        return at < 0 || !['gmail.com', 'googlemail.com'].includes(key.slice(at + 1)) ? key : `${key.slice(0, at).replaceAll('.', '')}@gmail.com`;
      };
      const ofGmail = "(person LIKE '%@gmail.com' OR person LIKE '%@googlemail.com')";
      const lead = db.prepare('UPDATE leads SET person = ? WHERE doc_id = ?');
      for (const row of db.prepare(`SELECT doc_id AS docId, person FROM leads WHERE ${ofGmail}`).all() as { docId: string; person: string }[]) {
        if (gmail(row.person) !== row.person) lead.run(gmail(row.person), row.docId);
      }
      // Subscribers: one row per mailbox. Of the rows that become one, a bounced one stays (the
      // mailbox refuses mail), else the one changed last (the person's latest choice, as a sign-up
      // again would have made it); the others' rows of the send queue go to it where it has none.
      type Row = { id: number; person: string; state: string; updatedAt: number };
      const rows = db.prepare(`SELECT id, person, state, updated_at AS updatedAt FROM subscribers WHERE ${ofGmail}`).all() as Row[];
      const byMailbox = new Map<string, Row[]>();
      for (const row of rows) byMailbox.set(gmail(row.person), [...(byMailbox.get(gmail(row.person)) ?? []), row]);
      const holder = db.prepare('SELECT id, person, state, updated_at AS updatedAt FROM subscribers WHERE person = ?');
      for (const [mailbox, group] of byMailbox) {
        const all = [...group, ...(holder.all(mailbox) as Row[]).filter((row) => !group.some((g) => g.id === row.id))];
        const kept = [...all].sort((a, b) => Number(b.state === 'bounced') - Number(a.state === 'bounced') || b.updatedAt - a.updatedAt || b.id - a.id)[0]!;
        for (const other of all) {
          if (other.id === kept.id) continue;
          db.prepare('UPDATE OR IGNORE newsletter_recipients SET subscriber_id = ? WHERE subscriber_id = ?').run(kept.id, other.id);
          db.prepare('DELETE FROM newsletter_recipients WHERE subscriber_id = ?').run(other.id);
          db.prepare('DELETE FROM subscribers WHERE id = ?').run(other.id);
        }
        db.prepare('UPDATE subscribers SET person = ? WHERE id = ?').run(mailbox, kept.id);
      }
    },
  },
  {
    id: 29,
    name: "visitor mail no stranger can use up: a mail over the day's count held for the next day, the day's counts per client network and for all (under the day's salt), a sign-up whose confirmation waits for the owner",
    up(db) {
      db.exec(`
        -- A visitor's mail held over the day's count (src/leads/server/notify/visitorMail.ts): what it
        -- is ('autoReply', 'confirmation'); its delivery is due at the next day's start, when it is
        -- counted in that day (or held again). NULL: not held.
        ALTER TABLE visitor_mails ADD COLUMN held_for TEXT CHECK (held_for IS NULL OR held_for IN ('autoReply', 'confirmation'));
        CREATE INDEX visitor_mails_held ON visitor_mails (held_for) WHERE held_for IS NOT NULL;
        -- How many visitor mails each day took: 'all', 'confirmation', 'refused' (auto-replies refused
        -- for their network), and per client network (an HMAC of it under the day's salt, never the
        -- address). Deleted with the day.
        CREATE TABLE visitor_mail_counts (
          day TEXT    NOT NULL,
          key TEXT    NOT NULL,
          n   INTEGER NOT NULL,
          PRIMARY KEY (day, key)
        ) WITHOUT ROWID;
        -- A sign-up from a network over its day's share: stored, its confirmation not sent until an
        -- owner sends it (since when it waits). NULL: not held.
        ALTER TABLE subscribers ADD COLUMN confirmation_held_at INTEGER;
      `);
    },
  },
  {
    id: 31,
    name: "a newsletter's revision, its history of changes (who, when) and its pictures by their own key",
    up(db) {
      db.exec(`
        -- Counted up by each change of its text: Send and Schedule name the revision the owner read.
        ALTER TABLE newsletters ADD COLUMN revision INTEGER NOT NULL DEFAULT 1;

        -- Every change of a newsletter: who, when, the revision it made or was sent at. A run of
        -- edits by one account in a row is one row (its last revision and time).
        CREATE TABLE newsletter_changes (
          id            INTEGER PRIMARY KEY AUTOINCREMENT,
          newsletter_id INTEGER NOT NULL REFERENCES newsletters (id) ON DELETE CASCADE,
          revision      INTEGER NOT NULL,
          -- created, edited, scheduled (sent now or at a time), unscheduled (back to draft).
          kind          TEXT    NOT NULL CHECK (kind IN ('created', 'edited', 'scheduled', 'unscheduled')),
          account       TEXT    NOT NULL,
          at            INTEGER NOT NULL
        );
        CREATE INDEX newsletter_changes_of ON newsletter_changes (newsletter_id, id);
        INSERT INTO newsletter_changes (newsletter_id, revision, kind, account, at)
          SELECT id, 1, 'created', created_by, created_at FROM newsletters ORDER BY id;

        -- The uploads a newsletter's text shows (their names: the hash of their bytes, as WebP), kept
        -- when it is saved: the public picture route finds one by its name.
        CREATE TABLE newsletter_pictures (
          name          TEXT    NOT NULL,
          newsletter_id INTEGER NOT NULL REFERENCES newsletters (id) ON DELETE CASCADE,
          PRIMARY KEY (name, newsletter_id)
        ) WITHOUT ROWID;
        CREATE INDEX newsletter_pictures_of ON newsletter_pictures (newsletter_id);
        INSERT OR IGNORE INTO newsletter_pictures (name, newsletter_id)
          SELECT substr(p.value, 17), n.id FROM newsletters n, json_tree(n.body) p
          WHERE p.key = 'src' AND p.type = 'text' AND p.value GLOB '/images/uploads/*.webp';
      `);
    },
  },
  {
    id: 32,
    name: 'a draft newsletter marked ready for an owner to send: by whom, when',
    up(db) {
      db.exec(`
        -- Set by an account (an editor, most often) on a draft; cleared when it is sent or scheduled,
        -- or taken back. The newsletter's state is then "ready" (src/newsletter/server/newsletters.ts).
        ALTER TABLE newsletters ADD COLUMN ready_by TEXT;
        ALTER TABLE newsletters ADD COLUMN ready_at INTEGER;
      `);
    },
  },
  {
    id: 34,
    name: "a new browser confirmed by mail: the browsers each account finished a sign-in from (hashes of their ids), the mailed code of a waiting sign-in, whether owners turned it on; a sign-up's document finds its subscriber",
    up(db) {
      db.exec(`
        -- A browser that finished a sign-in of the account: the SHA-256 of the id in its signed cookie.
        CREATE TABLE admin_devices (
          email        TEXT    NOT NULL REFERENCES admins (email) ON DELETE CASCADE,
          device_hash  TEXT    NOT NULL,
          created_at   INTEGER NOT NULL,
          last_used_at INTEGER NOT NULL,
          PRIMARY KEY (email, device_hash)
        ) WITHOUT ROWID;
        -- A waiting sign-in from a new browser: whether it needs the mailed code, whether its
        -- passkey, app or recovery code was given already, the code's hash, when it was mailed,
        -- its wrong tries.
        ALTER TABLE second_steps ADD COLUMN mail_needed INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE second_steps ADD COLUMN factor_done INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE second_steps ADD COLUMN mail_code_hash TEXT;
        ALTER TABLE second_steps ADD COLUMN mail_sent_at INTEGER;
        ALTER TABLE second_steps ADD COLUMN mail_tries INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE account_settings ADD COLUMN new_device_mail INTEGER NOT NULL DEFAULT 0;
        -- The visitors' mails due are sent a lead's first, a sign-up's confirmation after (notify/deliveries.ts): found by its document.
        CREATE INDEX subscribers_by_doc ON subscribers (doc_id);
      `);
    },
  },
  {
    id: 37,
    name: "the language each subscriber signed up in (the page of the newsletter box: config/site.ts languages), their mails written in it, none for the sign-ups before (the default language); a newsletter's words in the other languages, and its mail in each",
    up(db) {
      db.exec(`
        -- src/newsletter/server/subscribers.ts: the confirmation mail, its page, the newsletter and its unsubscribe page in this language.
        ALTER TABLE subscribers ADD COLUMN language TEXT;
        -- src/newsletter/server/newsletters.ts: a newsletter made from a translated article, its words in each other language
        -- (NewsletterTranslations); and, made when its sending starts beside mail, its mail for each other language's readers.
        ALTER TABLE newsletters ADD COLUMN translations TEXT CHECK (translations IS NULL OR json_valid(translations));
        ALTER TABLE newsletters ADD COLUMN mails TEXT CHECK (mails IS NULL OR json_valid(mails));
      `);
    },
  },
];
