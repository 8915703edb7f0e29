/**
 * Where leads came from and what works, on our real server over real HTTP: a lead's source is
 * kept beside it (never in the document), shown on its page, filterable and in the CSV; the
 * visit beacon counts page views per day, page and source, without bots, prefetches, cookies or
 * addresses; the insights add it up per week, source and landing page.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import forms from '../../../config/forms';
import server from '../../../config/server';
import { api } from '../../platform/api';
import { proofHeaders } from '../../test/proof';
import admin from '../../../config/admin';
import { DIRECT_SOURCE, type Insights, type LeadDetail, type LeadList } from '../model/adminApi';
import { adminRoutes, pathOf } from '../../platform/inboxRoutes';
import { ATTRIBUTION_LIMITS, encodeAttribution, encodePageView, type Attribution } from '../../site/model/attribution';
import { buildDocument } from '../../site/forms/model/document';
import { type Client, startSignedIn, type TestServer } from '../../test/adminServer';
import { validData } from '../../test/formFixtures';
import { seedLeads } from '../../test/seedLeads';
import { buildApp } from '../../apps/server/app';
import { createVisitCounter } from './visits';
import { realServedContent } from '../../test/realConfig';
import { SOURCE_CSV_COLUMNS } from './sources';
import { weekOf } from './insights';
import { BYTE_ORDER_MARK, csvColumnsFor, csvRow, sharedCsvColumns } from './leads';

// Signing in hashes the password with scrypt (128 MiB): seconds on a busy machine.
jest.setTimeout(300_000);

let s: TestServer;
let agency: Client;
const DAY = 86_400_000;
const ADDRESS = '198.51.100.77';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 unit-visitor-7f3a';

beforeAll(async () => {
  ({ server: s, client: agency } = await startSignedIn());
});
afterAll(() => s.close());

/** Posts the contact form as the page's script does, with where the visit came from beside it. */
async function post(source: string | undefined, headers: Record<string, string> = {}): Promise<{ id: string; document: Record<string, unknown> }> {
  const document = buildDocument(forms.contact, validData.contact);
  const response = await fetch(s.base + api.documents(forms.contact.collection), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(await proofHeaders(s.base)),
      ...(source === undefined ? {} : { [api.sourceHeader]: source }),
      ...headers,
    },
    body: JSON.stringify(document),
  });
  expect(response.status).toBe(201);
  return { id: ((await response.json()) as { id: string }).id, document };
}

const leadOf = async (id: string) => (await (await agency.send('GET', pathOf('lead', { docId: id }))).json()) as LeadDetail;

const visit = (body: string, headers: Record<string, string> = {}) =>
  fetch(s.base + api.visits, { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER, ...headers }, body });

const counts = () =>
  s.app.store.db.prepare('SELECT day, page, source, campaign, views, visits, visitors FROM visits ORDER BY day, page, source, campaign').all();

describe("a lead's source", () => {
  const from: Attribution = {
    landingPage: '/',
    formPage: '/Contact',
    referrer: 'https://news.example.org',
    utmSource: 'newsletter',
    utmCampaign: 'autumn',
    clickIds: ['gclid'],
    device: 'phone',
  };

  it('is kept beside the lead: its page shows it, the stored document keeps exactly its keys', async () => {
    const { id, document } = await post(encodeAttribution(from));
    const lead = await leadOf(id);
    expect(lead.source).toEqual({ ...from, source: 'newsletter' });
    expect(lead.document).toEqual(document);
    expect(s.app.store.list(forms.contact.collection).at(-1)).toEqual(document);
  });

  it('a made-up source is refused whole (the lead is stored all the same, with the page it came from); a plain post records its page', async () => {
    const made = await post('utmSource=x&userId=42', { referer: `${s.base}/Contact` });
    expect((await leadOf(made.id)).source).toEqual({ source: '', formPage: '/Contact' });
    const plain = await fetch(s.base + api.documents(forms.contact.collection), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', referer: `${s.base}/Contact?sent=1` },
      body: new URLSearchParams(Object.entries(validData.contact).map(([k, v]) => [k, String(v)])).toString(),
      redirect: 'manual',
    });
    expect(plain.status).toBe(303);
    // Without JavaScript there is no puzzle solved: the lead is in the Spam folder.
    const list = (await (await agency.send('GET', `${adminRoutes.leads.path}?form=contact&spam=true`)).json()) as LeadList;
    expect((await leadOf(list.leads[0]!.docId)).source).toEqual({ source: '', formPage: '/Contact' });
    // From another site's page: no page of ours to record.
    const elsewhere = await post(undefined, { referer: 'https://evil.example/Contact' });
    expect((await leadOf(elsewhere.id)).source).toBeNull();
  });

  it("filters the list by source and campaign, and the CSV has its columns after the document's", async () => {
    const other = await post(encodeAttribution({ ...from, utmSource: 'ads', utmCampaign: 'spring' }));
    const ids = async (query: string) =>
      ((await (await agency.send('GET', `${adminRoutes.leads.path}?${query}`)).json()) as LeadList).leads.map((l) => l.docId);
    expect(await ids('source=ads')).toEqual([other.id]);
    expect(await ids('source=newsletter&campaign=spring')).toEqual([]);
    expect((await ids('source=newsletter&campaign=autumn')).length).toBe(1);
    const csv = Buffer.from(await (await agency.send('GET', `${adminRoutes.export.path}?form=contact&source=ads&format=csv`)).arrayBuffer()).toString('utf8');
    const [header, row] = csv.split('\r\n');
    const documentColumns = [...sharedCsvColumns(s.app.served.forms), ...csvColumnsFor(s.app.served.forms, forms.contact.collection)].map((c) => c.header);
    expect(`${header}\r\n`).toBe(BYTE_ORDER_MARK + csvRow([...documentColumns, ...SOURCE_CSV_COLUMNS, server.admin.exportInboxColumn]));
    const cells = row!.split('","');
    expect(cells[documentColumns.length]).toBe('ads');
    const sources = (await (await agency.send('GET', adminRoutes.sources.path)).json()) as { source: string; campaign: string; leads: number }[];
    expect(sources).toEqual(
      expect.arrayContaining([
        { source: 'ads', campaign: 'spring', leads: 1 },
        { source: 'newsletter', campaign: 'autumn', leads: 1 },
      ]),
    );
  });
});

describe('the visit beacon', () => {
  it('counts page views, visits and visitors of the day per page and source; bots, prefetches and unknown pages are not counted', async () => {
    s.app.store.db.exec('DELETE FROM visits');
    const landing = encodePageView({ page: '/', landing: true, attribution: { utmSource: 'newsletter', utmCampaign: 'autumn' } });
    const next = encodePageView({ page: '/Contact', landing: false, attribution: { utmSource: 'newsletter', utmCampaign: 'autumn' } });
    for (const body of [landing, next, next]) expect((await visit(body)).status).toBe(204);
    // Not visits: a crawler, a prefetch, a page the site does not have, something that is not a page view.
    await visit(landing, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    await visit(landing, { 'sec-purpose': 'prefetch;prerender' });
    await visit(landing, { purpose: 'prefetch' });
    await visit(encodePageView({ page: '/no-such-page', landing: true, attribution: {} }));
    expect((await visit('page=%2F&landing=1&email=ada%40example.com')).status).toBe(204);
    const day = new Date(s.clock.now).toISOString().slice(0, 10);
    expect(counts()).toEqual([
      { day, page: '/', source: 'newsletter', campaign: 'autumn', views: 1, visits: 1, visitors: 1 },
      { day, page: '/Contact', source: 'newsletter', campaign: 'autumn', views: 2, visits: 0, visitors: 0 },
    ]);
    // The next day the salt is new: the same person is a visitor of that day again.
    s.clock.now += DAY;
    await visit(next);
    expect(counts().at(-1)).toMatchObject({ page: '/Contact', views: 1, visitors: 1 });
  });

  it('sets no cookie, and neither the address nor the user agent (nor their hash) is anywhere in the data folder', async () => {
    // The visitor's address as a proxy on this machine tells it (trusted: TRUST_PROXY's default).
    const response = await visit(encodePageView({ page: '/Career', landing: true, attribution: {} }), { 'x-forwarded-for': ADDRESS });
    expect(response.status).toBe(204);
    expect(counts()).toContainEqual(expect.objectContaining({ page: '/Career', visitors: 1 }));
    expect(response.headers.getSetCookie()).toEqual([]);
    s.app.store.db.pragma('wal_checkpoint(FULL)');
    for (const file of readdirSync(s.dataDir)) {
      const bytes = readFileSync(path.join(s.dataDir, file));
      expect(bytes.includes('unit-visitor-7f3a')).toBe(false);
      expect(bytes.includes(ADDRESS)).toBe(false);
    }
  });

  it("counts an article's page (a newsletter's link leads to one) as a page of the site, as the served build wrote it; a made-up one is not counted", async () => {
    s.app.store.db.exec('DELETE FROM visits');
    const article = `${realServedContent.site.articles.path}/an-article-of-the-build`;
    const view = encodePageView({ page: article, landing: true, attribution: { utmSource: 'newsletter', utmCampaign: 'november-news' } });
    try {
      s.app.served.takeServedContent(realServedContent, [{ path: '/' }, { path: article }]);
      expect((await visit(view)).status).toBe(204);
      await visit(encodePageView({ page: `${realServedContent.site.articles.path}/no-such-article`, landing: true, attribution: {} }));
    } finally {
      s.app.served.takeServedContent(realServedContent);
    }
    const day = new Date(s.clock.now).toISOString().slice(0, 10);
    expect(counts()).toEqual([{ day, page: article, source: 'newsletter', campaign: 'november-news', views: 1, visits: 1, visitors: 1 }]);
  });

  it("bounds what it keeps: sources beyond the day's limit are counted together; a client posting too fast is refused", async () => {
    const store = s.app.store;
    store.db.exec('DELETE FROM visits');
    const counter = createVisitCounter({ store, clock: () => s.clock.now, served: s.app.served });
    for (let i = 0; i < server.visits.maxSourcesPerDay + 5; i++)
      counter.count(encodePageView({ page: '/', landing: true, attribution: { utmSource: `s${i}` } }), '192.0.2.1', BROWSER);
    const rows = counts() as { source: string; views: number }[];
    expect(rows).toHaveLength(server.visits.maxSourcesPerDay + 1);
    expect(rows.find((r) => r.source === server.visits.otherSource)?.views).toBe(5);

    const strict = await buildApp({ dataDir: s.dataDir + '-strict', clock: () => s.clock.now });
    try {
      const statuses: number[] = [];
      for (let i = 0; i <= server.visits.perClient.requests; i++) {
        statuses.push(
          (
            await strict.inject({
              method: 'POST',
              url: api.visits,
              headers: { 'content-type': 'text/plain', 'user-agent': BROWSER },
              payload: 'page=%2F&landing=1',
            })
          ).statusCode,
        );
      }
      expect(statuses.filter((code) => code === 204)).toHaveLength(server.visits.perClient.requests);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await strict.close();
    }
  });
});

describe('insights', () => {
  it("adds up a seeded week with the autumn campaign's mix: leads per form and week, visits, and per source and landing page the client leads (each person once) apart from applications and sign-ups", async () => {
    const db = s.app.store.db;
    db.exec('DELETE FROM visits; DELETE FROM documents; DELETE FROM subscribers;');
    // Seven days of the week before this one: 10 landings a day on / from newsletter/autumn, 5 on /Services direct.
    const monday = Date.parse(weekOf(s.clock.now)) - 7 * DAY;
    const insert = db.prepare('INSERT INTO visits (day, page, source, campaign, views, visits, visitors) VALUES (?, ?, ?, ?, ?, ?, ?)');
    for (let d = 0; d < 7; d++) {
      const day = new Date(monday + d * DAY).toISOString().slice(0, 10);
      insert.run(day, '/', 'newsletter', 'autumn', 20, 10, 9);
      insert.run(day, '/Services', '', '', 6, 5, 5);
    }
    // That week's forms, each dated within it.
    const seed = async (form: keyof typeof forms, email: string, attribution: Attribution, spam = false) => {
      const document = buildDocument(forms[form], { ...(validData[form] as Record<string, string>), Email: email });
      const id = spam
        ? (await s.app.store.insertDurably(forms[form].collection, document, { spam: true })).id
        : (
            (await (
              await fetch(s.base + api.documents(forms[form].collection), {
                method: 'POST',
                headers: { 'content-type': 'application/json', ...(await proofHeaders(s.base)), [api.sourceHeader]: encodeAttribution(attribution) },
                body: JSON.stringify(document),
              })
            ).json()) as { id: string }
          ).id;
      db.prepare('UPDATE documents SET created_at = ? WHERE doc_id = ?').run(new Date(monday + 2 * DAY).toISOString(), id);
    };
    const autumn: Attribution = { landingPage: '/', utmSource: 'newsletter', utmCampaign: 'autumn' };
    // The autumn newsletter: 2 inquiries, then a contact of the second person (another case, a +tag), and 1 application.
    await seed('inquiry', 'ann@example.net', autumn);
    await seed('inquiry', 'bea@example.net', autumn);
    await seed('contact', 'Bea+again@Example.net', autumn);
    await seed('freelancer', 'cyd@example.net', autumn);
    // Another site: an application and a newsletter sign-up (landed on /Career).
    const elsewhere: Attribution = { landingPage: '/Career', referrer: 'https://news.example.org' };
    await seed('freelancer', 'dan@example.net', elsewhere);
    await seed('newsletter', 'eve@example.net', elsewhere);
    // Direct: two contacts (landed on /Services), and one spam.
    await seed('contact', 'fay@example.net', { landingPage: '/Services' });
    await seed('contact', 'gus@example.net', { landingPage: '/Services' });
    await seed('contact', 'spam@example.net', {}, true);
    // The autumn newsletter brought two readers who confirmed that week; one of them left two days later.
    await seed('newsletter', 'hal@example.net', autumn);
    await seed('newsletter', 'ida@example.net', autumn);
    const subscribed = db.prepare('UPDATE subscribers SET state = ?, signed_up_at = ?, confirmed_at = ?, unsubscribed_at = ? WHERE person = ?');
    subscribed.run('confirmed', monday + 2 * DAY, monday + 3 * DAY, null, 'hal@example.net');
    subscribed.run('unsubscribed', monday + 2 * DAY, monday + 3 * DAY, monday + 5 * DAY, 'ida@example.net');

    // The clock moved a day on: the session has ended.
    await agency.signIn('owner@agency.test');
    const insights = (await (await agency.send('GET', `${adminRoutes.insights.path}?weeks=4`)).json()) as Insights;
    expect(insights.weeks).toHaveLength(4);
    expect(insights.kinds).toEqual(Object.keys(admin.kinds));
    const [client, application, subscriber] = [forms.inquiry.kind, forms.freelancer.kind, forms.newsletter.kind];
    // The kind insights count by default is the inquiries' and the contact form's: client leads.
    expect(insights.kinds[0]).toBe(client);
    expect(forms.contact.kind).toBe(client);
    const week = insights.byWeek.find((w) => w.week === new Date(monday).toISOString().slice(0, 10));
    // Per form and week: submissions.
    expect(week).toEqual({
      week: new Date(monday).toISOString().slice(0, 10),
      leads: { inquiry: 2, contact: 3, freelancer: 2, newsletter: 3 },
      visits: 105,
      views: 182,
    });
    // The newsletter per week: two confirmed, one left; Eve's sign-up waits for her confirmation.
    expect(insights.subscribers.find((w) => w.week === week!.week)).toEqual({ week: week!.week, confirmed: 2, left: 1 });
    expect(insights.subscribers.filter((w) => w.week !== week!.week).every((w) => w.confirmed === 0 && w.left === 0)).toBe(true);
    // Per source: the client leads as people (the second person's two forms once), the other kinds beside them.
    // None of these leads is won (admin/pipeline.test.ts counts clients won).
    const noneWon = { won: 0, wonValue: 0 };
    // Beside them, the people of the period who are confirmed subscribers now (Hal: Ida left, Eve waits).
    expect(insights.bySource).toEqual([
      {
        source: 'newsletter',
        campaign: 'autumn',
        visits: 70,
        visitors: 63,
        leads: 2,
        byKind: { [client]: 2, [application]: 1, [subscriber]: 2 },
        rate: 2 / 70,
        ...noneWon,
        subscribers: 1,
      },
      { source: '', campaign: '', visits: 35, visitors: 35, leads: 2, byKind: { [client]: 2 }, rate: 2 / 35, ...noneWon, subscribers: 0 },
      {
        source: 'news.example.org',
        campaign: '',
        visits: 0,
        visitors: 0,
        leads: 0,
        byKind: { [application]: 1, [subscriber]: 1 },
        rate: null,
        ...noneWon,
        subscribers: 0,
      },
    ]);
    expect(insights.byLandingPage).toEqual([
      { page: '/', visits: 70, visitors: 63, leads: 2, byKind: { [client]: 2, [application]: 1, [subscriber]: 2 }, rate: 2 / 70, ...noneWon, subscribers: 1 },
      { page: '/Services', visits: 35, visitors: 35, leads: 2, byKind: { [client]: 2 }, rate: 2 / 35, ...noneWon, subscribers: 0 },
      { page: '/Career', visits: 0, visitors: 0, leads: 0, byKind: { [application]: 1, [subscriber]: 1 }, rate: null, ...noneWon, subscribers: 0 },
    ]);
    expect(insights.totals).toEqual({
      visits: 105,
      visitors: 98,
      leads: 4,
      byKind: { [client]: 4, [application]: 2, [subscriber]: 3 },
      rate: 4 / 105,
      ...noneWon,
      subscribers: 1,
    });
    // "(direct)" is a view of the list too: the leads with no source.
    const direct = (await (
      await agency.send('GET', `${adminRoutes.leads.path}?${new URLSearchParams({ source: DIRECT_SOURCE, spam: 'false' }).toString()}`)
    ).json()) as LeadList;
    expect(direct.total).toBe(2);
    expect((await agency.send('GET', `${adminRoutes.insights.path}?weeks=3`)).status).toBe(400);
  });

  it(`stays under 256 kB however many sources and landing pages: the ${server.admin.insightRows} with most visits in each table, the others added up in one row`, async () => {
    const db = s.app.store.db;
    db.exec('DELETE FROM visits; DELETE FROM documents; DELETE FROM subscribers;');
    const rows = server.admin.insightRows;
    const GROUPS = 5000;
    // Names as long as the beacon and the lead's source keep them, in letters of two bytes each.
    const name = (prefix: string, i: number, length: number) => `${prefix}${i}-`.padEnd(length, 'é');
    const today = new Date(s.clock.now).toISOString().slice(0, 10);
    const insert = db.prepare('INSERT INTO visits (day, page, source, campaign, views, visits, visitors) VALUES (?, ?, ?, ?, ?, ?, ?)');
    // Visits: each group its own source, campaign and page; group i has i + 1 visits.
    db.transaction(() => {
      for (let i = 0; i < GROUPS; i++) {
        insert.run(
          today,
          name('/page-', i, ATTRIBUTION_LIMITS.page),
          name('visit-source-', i, ATTRIBUTION_LIMITS.utm),
          name('campaign-', i, ATTRIBUTION_LIMITS.utm),
          i + 2,
          i + 1,
          i + 1,
        );
      }
    })();
    // Leads (within the period), each from a source, campaign and landing page of its own.
    seedLeads(s.app.store, GROUPS, { start: s.clock.now - GROUPS * 60_000 });
    const addSource = db.prepare('INSERT INTO lead_sources (doc_id, source, landing_page, utm_source, utm_campaign) VALUES (?, ?, ?, ?, ?)');
    const docIds = db.prepare('SELECT doc_id FROM documents ORDER BY seq').pluck().all() as string[];
    db.transaction(() => {
      docIds.forEach((docId, i) => {
        const source = name('lead-source-', i, ATTRIBUTION_LIMITS.utm);
        addSource.run(docId, source, name('/landing-', i, ATTRIBUTION_LIMITS.page), source, name('lead-campaign-', i, ATTRIBUTION_LIMITS.utm));
      });
    })();
    const leads = (db.prepare('SELECT count(*) AS n FROM leads WHERE spam = 0').get() as { n: number }).n;
    const clientCollections = Object.values(forms)
      .filter((form) => form.kind === Object.keys(admin.kinds)[0])
      .map((form) => form.collection);
    const clientLeads = db
      .prepare('SELECT count(*) FROM leads WHERE spam = 0 AND collection IN (SELECT value FROM json_each(?))')
      .pluck()
      .get(JSON.stringify(clientCollections)) as number;

    await agency.signIn('owner@agency.test');
    // (How long the insights of many sources take is `npm run bench:inbox`'s: this is their size.)
    const response = await agency.send('GET', `${adminRoutes.insights.path}?weeks=4`);
    expect(response.status).toBe(200);
    const bytes = Buffer.byteLength(await response.clone().text());
    console.log(`insights of ${GROUPS} visited and ${leads} leads' sources and landing pages: ${bytes} bytes`);
    expect(bytes).toBeLessThan(256 * 1024);

    const insights = (await response.json()) as Insights;
    for (const [shown, other] of [
      [insights.bySource, insights.otherSources],
      [insights.byLandingPage, insights.otherPages],
    ] as const) {
      // The groups with most visits, most first…
      expect(shown).toHaveLength(rows);
      expect(shown.map((row) => row.visits)).toEqual(Array.from({ length: rows }, (_, i) => GROUPS - i));
      // …and every other one added up: with them, the table adds up to all.
      expect(other?.groups).toBe(GROUPS + leads - rows);
      for (const key of ['visits', 'visitors'] as const) expect(shown.reduce((sum, row) => sum + row[key], other![key])).toBe(insights.totals[key]);
      // Each seeded lead is a person of its own, in a group of its own: the groups' client leads add up to the period's.
      expect(shown.reduce((sum, row) => sum + row.leads, other!.leads)).toBe(insights.totals.leads);
    }
    expect(insights.totals).toMatchObject({ visits: (GROUPS * (GROUPS + 1)) / 2, leads: clientLeads });
  });
});
