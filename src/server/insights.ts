/**
 * What works: leads (not spam) and visits of the last weeks, per week and form, per source and
 * campaign, per landing page, each group with its conversion rate (leads / visits). Visits are
 * the beacon's daily counts (src/server/visits.ts), leads their sources (src/server/sources.ts):
 * all counted by the database. Weeks run Monday to Sunday, in UTC, as the counts' days do. The
 * tables of sources and landing pages hold the groups with most visits (admin.insightRows of
 * config/server.ts at most) and the others added up in one row: the answer stays small.
 */
import server from '../../config/server';
import type { InsightRow, Insights, SourceChoice } from '../shared/adminApi';
import { formNameOf } from '../forms/model/registry';
import { servedRoutes } from './servedContent';
import type { Store } from './store';

const DAY_MS = 86_400_000;

/** The Monday (YYYY-MM-DD) of the week holding this moment. */
export function weekOf(ms: number): string {
  const day = new Date(ms);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()) - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** The same in SQL, for a day or an ISO time: date(x, 'weekday 0') is the Sunday ending its week. */
const WEEK_SQL = (column: string) => `date(${column}, 'weekday 0', '-6 days')`;

const rowOf = (visits: number, visitors: number, leads: number): InsightRow => ({ visits, visitors, leads, rate: visits > 0 ? leads / visits : null });

const byCount = <T extends InsightRow>(a: T, b: T) => b.visits - a.visits || b.leads - a.leads;

type Counts = { visits: number; visitors: number; leads: number };

/** The counts of several groups added up, as a row. */
function total(list: Iterable<Counts>): InsightRow {
  let visits = 0;
  let visitors = 0;
  let leads = 0;
  for (const e of list) {
    visits += e.visits;
    visitors += e.visitors;
    leads += e.leads;
  }
  return rowOf(visits, visitors, leads);
}

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

export function insightsOf(store: Store, weeks: number, now: number): Insights {
  const db = store.db;
  const first = weekOf(now - (weeks - 1) * 7 * DAY_MS);
  const weekList = Array.from({ length: weeks }, (_, i) => new Date(Date.parse(first) + i * 7 * DAY_MS).toISOString().slice(0, 10));
  // Leads from the first Monday on (created_at is an ISO time in UTC: text order is time order).
  const leadsFrom = "FROM leads l JOIN documents d ON d.doc_id = l.doc_id LEFT JOIN lead_sources s ON s.doc_id = l.doc_id WHERE l.spam = 0 AND d.created_at >= ?";

  const byWeek = new Map(weekList.map((week) => [week, { week, leads: {} as Record<string, number>, visits: 0, views: 0 }]));
  for (const row of db.prepare(`SELECT ${WEEK_SQL('d.created_at')} AS week, l.collection, count(*) AS n ${leadsFrom} GROUP BY week, l.collection`).all(first) as { week: string; collection: string; n: number }[]) {
    const entry = byWeek.get(row.week);
    if (entry) entry.leads[formNameOf(row.collection) ?? row.collection] = row.n;
  }
  for (const row of db.prepare(`SELECT ${WEEK_SQL('day')} AS week, sum(visits) AS visits, sum(views) AS views FROM visits WHERE day >= ? GROUP BY week`).all(first) as { week: string; visits: number; views: number }[]) {
    const entry = byWeek.get(row.week);
    if (entry) Object.assign(entry, { visits: row.visits, views: row.views });
  }

  const sources = new Map<string, { source: string; campaign: string; visits: number; visitors: number; leads: number }>();
  const sourceEntry = (source: string, campaign: string) => {
    const key = `${source}\0${campaign}`;
    let entry = sources.get(key);
    if (!entry) sources.set(key, (entry = { source, campaign, visits: 0, visitors: 0, leads: 0 }));
    return entry;
  };
  for (const row of db.prepare('SELECT source, campaign, sum(visits) AS visits, sum(visitors) AS visitors FROM visits WHERE day >= ? GROUP BY source, campaign').all(first) as { source: string; campaign: string; visits: number; visitors: number }[]) {
    Object.assign(sourceEntry(row.source, row.campaign), { visits: row.visits, visitors: row.visitors });
  }
  for (const row of db.prepare(`SELECT coalesce(s.source, '') AS source, coalesce(s.utm_campaign, '') AS campaign, count(*) AS n ${leadsFrom} GROUP BY 1, 2`).all(first) as { source: string; campaign: string; n: number }[]) {
    sourceEntry(row.source, row.campaign).leads += row.n;
  }

  const pages = new Map<string, { page: string; visits: number; visitors: number; leads: number }>();
  const pageEntry = (path: string) => {
    // A lead's landing page as its main address (an alias, a trailing slash); an unknown one as it was.
    const resolved = servedRoutes().resolvePath(path);
    const page = path === '' ? '' : resolved.matched ? resolved.canonical : path;
    let entry = pages.get(page);
    if (!entry) pages.set(page, (entry = { page, visits: 0, visitors: 0, leads: 0 }));
    return entry;
  };
  for (const row of db.prepare('SELECT page, sum(visits) AS visits, sum(visitors) AS visitors FROM visits WHERE day >= ? GROUP BY page HAVING sum(visits) > 0').all(first) as { page: string; visits: number; visitors: number }[]) {
    const entry = pageEntry(row.page);
    entry.visits += row.visits;
    entry.visitors += row.visitors;
  }
  for (const row of db.prepare(`SELECT coalesce(s.landing_page, '') AS page, count(*) AS n ${leadsFrom} GROUP BY 1`).all(first) as { page: string; n: number }[]) {
    pageEntry(row.page).leads += row.n;
  }

  const bySource = topRows([...sources.values()].map((e) => ({ source: e.source, campaign: e.campaign, ...rowOf(e.visits, e.visitors, e.leads) })));
  const byLandingPage = topRows([...pages.values()].map((e) => ({ page: e.page, ...rowOf(e.visits, e.visitors, e.leads) })));
  return {
    weeks: weekList,
    byWeek: [...byWeek.values()],
    bySource: bySource.shown,
    ...(bySource.other ? { otherSources: bySource.other } : {}),
    byLandingPage: byLandingPage.shown,
    ...(byLandingPage.other ? { otherPages: byLandingPage.other } : {}),
    totals: total(sources.values()),
  };
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
