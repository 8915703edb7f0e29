/**
 * What works: leads (not spam) and visits of the last weeks, per week and form, per source and
 * campaign, per landing page, each group with its conversion rate (leads / visits) and the
 * clients won among its leads (at config's won stage now) with their value. Visits are
 * the beacon's daily counts (src/leads/server/visits.ts), leads their sources (src/leads/server/sources.ts):
 * all counted by the database; beside them the newsletter's confirmed subscribers, per source and
 * page of their sign-up and per week (src/newsletter/server). Weeks run Monday to Sunday, in UTC, as the counts' days do. The
 * tables of sources and landing pages hold the groups with most visits (admin.insightRows of
 * config/server.ts at most) and the others added up in one row: the answer stays small.
 */
import server from '../../../config/server';
import type { InsightRow, Insights, LeadLanguage, SourceChoice } from '../model/adminApi';
import admin from '../../../config/admin';
import { kindOf, type FormLookups } from '../../site/forms/model/registry';
import type { Served } from '../../site/server/servedContent';
import { inboxLanguages, leadLanguage } from './leadLanguages';
import { WON_STAGE } from '../model/pipeline';
import type { Store } from '../../platform/server/store/store';

const DAY_MS = 86_400_000;

/** The Monday (YYYY-MM-DD) of the week holding this moment. */
export function weekOf(ms: number): string {
  const day = new Date(ms);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()) - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** The same in SQL, for a day or an ISO time: date(x, 'weekday 0') is the Sunday ending its week. */
const WEEK_SQL = (column: string) => `date(${column}, 'weekday 0', '-6 days')`;

/** The kinds of form (config/admin.ts kinds, each form's `kind`): the first is what `leads` and the rate count. */
const KINDS = Object.keys(admin.kinds);
const MAIN_KIND = KINDS[0]!;

const rowOf = (visits: number, visitors: number, byKind: Record<string, number>, won = 0, wonValue = 0, subscribers = 0): InsightRow => {
  const leads = byKind[MAIN_KIND] ?? 0;
  return { visits, visitors, leads, byKind, rate: visits > 0 ? leads / visits : null, won, wonValue, subscribers };
};

const byCount = <T extends InsightRow>(a: T, b: T) => b.visits - a.visits || b.leads - a.leads;

type Counts = { visits: number; visitors: number; byKind: Record<string, number>; won: number; wonValue: number; subscribers: number };

/** The counts of several groups added up, as a row (people of two groups count in each: the totals count them once, apart). */
function total(list: Iterable<Counts>, people?: { byKind: Record<string, number>; won: number; wonValue: number }): InsightRow {
  let visits = 0;
  let visitors = 0;
  let won = 0;
  let wonValue = 0;
  let subscribers = 0;
  const byKind: Record<string, number> = {};
  for (const e of list) {
    visits += e.visits;
    visitors += e.visitors;
    won += e.won;
    wonValue += e.wonValue;
    subscribers += e.subscribers;
    for (const [kind, n] of Object.entries(e.byKind)) byKind[kind] = (byKind[kind] ?? 0) + n;
  }
  return people
    ? rowOf(visits, visitors, people.byKind, people.won, people.wonValue, subscribers)
    : rowOf(visits, visitors, byKind, won, wonValue, subscribers);
}

/** Each lead's kind, from its form (config/forms `kind`), for SQL: a collection -> kind table. */
const kindTable = (forms: FormLookups) => JSON.stringify(Object.fromEntries(forms.allForms().map((form) => [form.collection, kindOf(form, MAIN_KIND)])));
/** A lead counted as its person: one e-mail address (any case, any +tag) is one, whatever it sent. */
const PERSON = "coalesce(l.person, 'lead:' || l.doc_id)";

/**
 * A table's rows: those with most visits, then leads, at most admin.insightRows of them, and the
 * others added up in one row (however many sources or pages there were, the answer stays small).
 */
function topRows<T extends InsightRow>(rows: T[]): { shown: T[]; other?: InsightRow & { groups: number } } {
  const sorted = rows.sort(byCount);
  const max = server.admin.insightRows;
  const rest = sorted.slice(max);
  return { shown: sorted.slice(0, max), ...(rest.length > 0 ? { other: { groups: rest.length, ...total(rest) } } : {}) };
}

/** The insights of `weeks` weeks up to `now`, the pages, languages and forms as the content served (`served`: servedContent.ts) has them. */
export function insightsOf(
  store: Store,
  weeks: number,
  now: number,
  served: Pick<Served, 'countedPageOf' | 'languageOfAddress' | 'servedLanguages' | 'forms'>,
): Insights {
  const db = store.db;
  const { forms } = served;
  const first = weekOf(now - (weeks - 1) * 7 * DAY_MS);
  const weekList = Array.from({ length: weeks }, (_, i) => new Date(Date.parse(first) + i * 7 * DAY_MS).toISOString().slice(0, 10));
  // Leads from the first Monday on (created_at is an ISO time in UTC: text order is time order).
  const leadsFrom =
    'FROM leads l JOIN documents d ON d.doc_id = l.doc_id LEFT JOIN lead_sources s ON s.doc_id = l.doc_id WHERE l.spam = 0 AND d.created_at >= ?';
  // The same, with each lead's kind (`k.kind`); people are counted once per group and kind.
  const peopleFrom = `FROM leads l JOIN documents d ON d.doc_id = l.doc_id LEFT JOIN lead_sources s ON s.doc_id = l.doc_id
    LEFT JOIN (SELECT key AS collection, value AS kind FROM json_each(?)) k ON k.collection = l.collection WHERE l.spam = 0 AND d.created_at >= ?`;
  const kinds = kindTable(forms);
  const KIND = `coalesce(k.kind, '${MAIN_KIND.replace(/'/g, "''")}')`;

  const byWeek = new Map(weekList.map((week) => [week, { week, leads: {} as Record<string, number>, visits: 0, views: 0 }]));
  for (const row of db
    .prepare(`SELECT ${WEEK_SQL('d.created_at')} AS week, l.collection, count(*) AS n ${leadsFrom} GROUP BY week, l.collection`)
    .all(first) as { week: string; collection: string; n: number }[]) {
    const entry = byWeek.get(row.week);
    if (entry) entry.leads[forms.formNameOf(row.collection) ?? row.collection] = row.n;
  }
  for (const row of db
    .prepare(`SELECT ${WEEK_SQL('day')} AS week, sum(visits) AS visits, sum(views) AS views FROM visits WHERE day >= ? GROUP BY week`)
    .all(first) as { week: string; visits: number; views: number }[]) {
    const entry = byWeek.get(row.week);
    if (entry) Object.assign(entry, { visits: row.visits, views: row.views });
  }

  const sources = new Map<string, { source: string; campaign: string } & Counts>();
  const sourceEntry = (source: string, campaign: string) => {
    const key = `${source}\0${campaign}`;
    let entry = sources.get(key);
    if (!entry) sources.set(key, (entry = { source, campaign, visits: 0, visitors: 0, byKind: {}, won: 0, wonValue: 0, subscribers: 0 }));
    return entry;
  };
  for (const row of db
    .prepare('SELECT source, campaign, sum(visits) AS visits, sum(visitors) AS visitors FROM visits WHERE day >= ? GROUP BY source, campaign')
    .all(first) as { source: string; campaign: string; visits: number; visitors: number }[]) {
    Object.assign(sourceEntry(row.source, row.campaign), { visits: row.visits, visitors: row.visitors });
  }
  for (const row of db
    .prepare(
      `SELECT coalesce(s.source, '') AS source, coalesce(s.utm_campaign, '') AS campaign, ${KIND} AS kind, count(DISTINCT ${PERSON}) AS n ${peopleFrom} GROUP BY 1, 2, 3`,
    )
    .all(kinds, first) as { source: string; campaign: string; kind: string; n: number }[]) {
    const entry = sourceEntry(row.source, row.campaign);
    entry.byKind[row.kind] = (entry.byKind[row.kind] ?? 0) + row.n;
  }

  const pages = new Map<string, { page: string } & Counts>();
  const pageEntry = (path: string) => {
    // A lead's landing page as its main address (an alias, a trailing slash); an unknown one as it was.
    const page = path === '' ? '' : (served.countedPageOf(path) ?? path);
    let entry = pages.get(page);
    if (!entry) pages.set(page, (entry = { page, visits: 0, visitors: 0, byKind: {}, won: 0, wonValue: 0, subscribers: 0 }));
    return entry;
  };
  for (const row of db
    .prepare('SELECT page, sum(visits) AS visits, sum(visitors) AS visitors FROM visits WHERE day >= ? GROUP BY page HAVING sum(visits) > 0')
    .all(first) as { page: string; visits: number; visitors: number }[]) {
    const entry = pageEntry(row.page);
    entry.visits += row.visits;
    entry.visitors += row.visitors;
  }
  for (const row of db
    .prepare(`SELECT coalesce(s.landing_page, '') AS page, ${KIND} AS kind, count(DISTINCT ${PERSON}) AS n ${peopleFrom} GROUP BY 1, 2`)
    .all(kinds, first) as { page: string; kind: string; n: number }[]) {
    const entry = pageEntry(row.page);
    entry.byKind[row.kind] = (entry.byKind[row.kind] ?? 0) + row.n;
  }
  // Clients won: the people of the period's leads whose lead is at the won stage now (each once), and those leads' value.
  const won = `count(DISTINCT ${PERSON}) AS won, coalesce(sum(l.value_minor), 0) AS value ${leadsFrom} AND l.stage = ?`;
  type Won = { won: number; value: number };
  for (const row of db
    .prepare(`SELECT coalesce(s.source, '') AS source, coalesce(s.utm_campaign, '') AS campaign, ${won} GROUP BY 1, 2`)
    .all(first, WON_STAGE) as ({ source: string; campaign: string } & Won)[]) {
    Object.assign(sourceEntry(row.source, row.campaign), { won: row.won, wonValue: row.value });
  }
  for (const row of db.prepare(`SELECT coalesce(s.landing_page, '') AS page, ${won} GROUP BY 1`).all(first, WON_STAGE) as ({ page: string } & Won)[]) {
    const entry = pageEntry(row.page);
    entry.won += row.won;
    entry.wonValue += row.value;
  }
  // The newsletter's subscribers (src/newsletter/server): the people who signed up in the period
  // and are confirmed subscribers now, by where their visit came from and its landing page; and,
  // per week, the confirmations and the subscribers who left (unsubscribed or bounced).
  const firstMs = Date.parse(first);
  const confirmedFrom = "FROM subscribers n WHERE n.state = 'confirmed' AND n.signed_up_at >= ?";
  for (const row of db.prepare(`SELECT n.source, coalesce(n.campaign, '') AS campaign, count(*) AS n ${confirmedFrom} GROUP BY 1, 2`).all(firstMs) as {
    source: string;
    campaign: string;
    n: number;
  }[]) {
    sourceEntry(row.source, row.campaign).subscribers += row.n;
  }
  for (const row of db
    .prepare(
      `SELECT coalesce(s.landing_page, '') AS page, count(*) AS n FROM subscribers n LEFT JOIN lead_sources s ON s.doc_id = n.doc_id WHERE n.state = 'confirmed' AND n.signed_up_at >= ? GROUP BY 1`,
    )
    .all(firstMs) as { page: string; n: number }[]) {
    pageEntry(row.page).subscribers += row.n;
  }
  const subscribers = new Map(weekList.map((week) => [week, { week, confirmed: 0, left: 0 }]));
  const weekOfMs = (column: string) => WEEK_SQL(`datetime(${column} / 1000, 'unixepoch')`);
  for (const [column, key] of [
    ['confirmed_at', 'confirmed'],
    ['unsubscribed_at', 'left'],
    ['bounced_at', 'left'],
  ] as const) {
    for (const row of db.prepare(`SELECT ${weekOfMs(column)} AS week, count(*) AS n FROM subscribers WHERE ${column} >= ? GROUP BY week`).all(firstMs) as {
      week: string;
      n: number;
    }[]) {
      const entry = subscribers.get(row.week);
      if (entry) entry[key] += row.n;
    }
  }

  // Everyone of the period once, per kind; the clients won once.
  const people = Object.fromEntries(
    (db.prepare(`SELECT ${KIND} AS kind, count(DISTINCT ${PERSON}) AS n ${peopleFrom} GROUP BY 1`).all(kinds, first) as { kind: string; n: number }[]).map(
      (row) => [row.kind, row.n],
    ),
  );
  const wonAll = db.prepare(`SELECT ${won}`).get(first, WON_STAGE) as Won;

  const byLanguage = languageRows(db, first, { peopleFrom, kinds, KIND, won, firstMs }, served);

  const bySource = topRows(
    [...sources.values()].map((e) => ({ source: e.source, campaign: e.campaign, ...rowOf(e.visits, e.visitors, e.byKind, e.won, e.wonValue, e.subscribers) })),
  );
  const byLandingPage = topRows([...pages.values()].map((e) => ({ page: e.page, ...rowOf(e.visits, e.visitors, e.byKind, e.won, e.wonValue, e.subscribers) })));
  return {
    weeks: weekList,
    byWeek: [...byWeek.values()],
    forms: [
      ...forms.formTitles(),
      ...[...new Set([...byWeek.values()].flatMap((w) => Object.keys(w.leads)))]
        .filter((name) => forms.formNamed(name) === undefined)
        .map((name) => ({ name, title: name })),
    ],
    bySource: bySource.shown,
    ...(bySource.other ? { otherSources: bySource.other } : {}),
    byLandingPage: byLandingPage.shown,
    ...(byLandingPage.other ? { otherPages: byLandingPage.other } : {}),
    ...(byLanguage ? { byLanguage } : {}),
    kinds: KINDS,
    subscribers: [...subscribers.values()],
    totals: total(sources.values(), { byKind: people, won: wonAll.won, wonValue: wonAll.value }),
  };
}

/**
 * Only on a site in more than one language: each language (the default first, then any no longer
 * declared that has leads in the period), its visits and visitors counted by their pages' addresses
 * (the language whose prefix a page's address is under: servedContent.ts languageOfAddress), its
 * people, clients won and confirmed subscribers by the language their lead was sent in (a lead
 * sent before languages were kept: the default one).
 */
function languageRows(
  db: Store['db'],
  first: string,
  sql: { peopleFrom: string; kinds: string; KIND: string; won: string; firstMs: number },
  served: Pick<Served, 'languageOfAddress' | 'servedLanguages'>,
): Insights['byLanguage'] {
  const languages = inboxLanguages(served);
  if (!languages) return undefined;
  const entries = new Map(
    languages.map((language) => [language.code, { ...language, visits: 0, visitors: 0, byKind: {}, won: 0, wonValue: 0, subscribers: 0 }]),
  );
  const entry = (language: LeadLanguage) => {
    let found = entries.get(language.code);
    if (!found) entries.set(language.code, (found = { ...language, visits: 0, visitors: 0, byKind: {}, won: 0, wonValue: 0, subscribers: 0 }));
    return found as LeadLanguage & Counts;
  };
  for (const row of db.prepare('SELECT page, sum(visits) AS visits, sum(visitors) AS visitors FROM visits WHERE day >= ? GROUP BY page').all(first) as {
    page: string;
    visits: number;
    visitors: number;
  }[]) {
    const counted = entry(leadLanguage(served, served.languageOfAddress(row.page)));
    counted.visits += row.visits;
    counted.visitors += row.visitors;
  }
  for (const row of db
    .prepare(`SELECT l.language AS code, ${sql.KIND} AS kind, count(DISTINCT ${PERSON}) AS n ${sql.peopleFrom} GROUP BY 1, 2`)
    .all(sql.kinds, first) as { code: string | null; kind: string; n: number }[]) {
    const counted = entry(leadLanguage(served, row.code));
    counted.byKind[row.kind] = (counted.byKind[row.kind] ?? 0) + row.n;
  }
  for (const row of db.prepare(`SELECT l.language AS code, ${sql.won} GROUP BY 1`).all(first, WON_STAGE) as {
    code: string | null;
    won: number;
    value: number;
  }[]) {
    const counted = entry(leadLanguage(served, row.code));
    counted.won += row.won;
    counted.wonValue += row.value;
  }
  for (const row of db
    .prepare(
      "SELECT l.language AS code, count(*) AS n FROM subscribers n LEFT JOIN leads l ON l.doc_id = n.doc_id WHERE n.state = 'confirmed' AND n.signed_up_at >= ? GROUP BY 1",
    )
    .all(sql.firstMs) as { code: string | null; n: number }[]) {
    entry(leadLanguage(served, row.code)).subscribers += row.n;
  }
  return [...entries.values()].map(({ code, name, ...e }) => ({ code, name, ...rowOf(e.visits, e.visitors, e.byKind, e.won, e.wonValue, e.subscribers) }));
}

/** The sources and campaigns leads (not spam) came from, most leads first: the list's filter offers them. */
export function sourceChoices(store: Store): SourceChoice[] {
  return store.db
    .prepare(
      `SELECT s.source, coalesce(s.utm_campaign, '') AS campaign, count(*) AS leads FROM lead_sources s JOIN leads l ON l.doc_id = s.doc_id
       WHERE l.spam = 0 GROUP BY 1, 2 ORDER BY leads DESC, s.source LIMIT 200`,
    )
    .all() as SourceChoice[];
}
