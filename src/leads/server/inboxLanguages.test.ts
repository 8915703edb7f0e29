/**
 * The inbox and insights by language, on our real server over real HTTP with a real SQLite, the
 * site served in two languages (German declared in a copy of config/site.ts's value: never in
 * the seed's): a lead's page names the language it was sent in by the language's own name; the
 * list filters by language (a lead sent before languages were kept is the default one's) and
 * counts each language's leads of the view; the exports carry the language by its name while the
 * stored documents keep exactly the seed's keys; the insights count visits by their pages'
 * language and leads by the language they were sent in. A site in one language shows none of it.
 */
import admin from '../../../config/admin';
import forms from '../../../config/forms';
import routes from '../../../config/routes';
import server from '../../../config/server';
import site from '../../../config/site';
import { api } from '../../platform/api';
import { adminRoutes, pathOf } from '../../platform/inboxRoutes';
import { encodeAttribution, encodePageView } from '../../site/model/attribution';
import { buildDocument } from '../../site/forms/model/document';
import { NOTHING_MOVED } from '../../site/model/siteContent';
import { type Client, startSignedIn, type TestServer } from '../../test/adminServer';
import { validData } from '../../test/formFixtures';
import { proofHeaders } from '../../test/proof';
import { GERMAN, withGerman } from '../../test/secondLanguage';
import type { Insights, LeadDetail, LeadList } from '../model/adminApi';
import { WON_STAGE } from '../model/pipeline';
import { BYTE_ORDER_MARK, exportDocuments } from './leads';

// Signing in hashes the password with scrypt (128 MiB): seconds on a busy machine.
jest.setTimeout(60_000);

const ENGLISH = { code: site.languages.default.code, name: site.languages.default.name };
const GERMAN_NAME = { code: GERMAN.code, name: GERMAN.name };
/** The German pages the build writes (src/render/languages.test.ts): the home page and Contact at its translated address. */
const GERMAN_PAGES = [{ path: GERMAN.prefix }, { path: `${GERMAN.prefix}/Kontakt` }];
let s: TestServer;
let agency: Client;
const inTwoLanguages = () => s.app.served.takeServedContent({ site: withGerman(site), routes, forms, moved: NOTHING_MOVED }, GERMAN_PAGES);
const inOneLanguage = () => s.app.served.takeServedContent({ site, routes, forms, moved: NOTHING_MOVED });

beforeAll(async () => {
  ({ server: s, client: agency } = await startSignedIn());
  inTwoLanguages();
});
afterAll(async () => {
  await s?.close();
  inOneLanguage();
});

/** Posts a form as the page at `formPage` does (its script's puzzle solved): the lead's id and the document. */
async function post(form: 'contact' | 'newsletter', formPage: string, email: string): Promise<{ id: string; document: Record<string, unknown> }> {
  const document = buildDocument(forms[form], { ...(validData[form] as Record<string, string>), Email: email });
  const response = await fetch(s.base + api.documents(forms[form].collection), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(await proofHeaders(s.base)),
      [api.sourceHeader]: encodeAttribution({ formPage, landingPage: formPage }),
    },
    body: JSON.stringify(document),
  });
  expect(response.status).toBe(201);
  return { id: ((await response.json()) as { id: string }).id, document };
}

const get = async <T>(address: string): Promise<T> => {
  const response = await agency.send('GET', address);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
};
const leadOf = (id: string) => get<LeadDetail>(pathOf('lead', { docId: id }));
const listOf = (query: string) => get<LeadList>(`${adminRoutes.leads.path}?${query}`);
const exported = async (query: string, format: 'csv' | 'json') =>
  Buffer.from(await (await agency.send('GET', `${adminRoutes.export.path}?${query}&format=${format}`)).arrayBuffer()).toString('utf8');
/** The CSV's cells of a row, as the export quotes each ("a","b"). */
const cellsOf = (line: string) => line.slice(1, -1).split('","');

describe('a site in two languages', () => {
  let german: { id: string; document: Record<string, unknown> };
  let english: { id: string; document: Record<string, unknown> };
  let before: { id: string; document: Record<string, unknown> };
  beforeAll(async () => {
    s.app.store.db.exec('DELETE FROM documents; DELETE FROM visits; DELETE FROM subscribers;');
    german = await post('contact', `${GERMAN.prefix}/Kontakt`, 'leser@example.de');
    english = await post('contact', '/Contact', 'reader@example.com');
    // Sent before languages were kept: its row of `leads` has none.
    before = await post('contact', '/Contact', 'early@example.com');
    s.app.store.db.prepare('UPDATE leads SET language = NULL WHERE doc_id = ?').run(before.id);
  });

  it("a lead's page names the language it was sent in by its own name; one sent before languages were kept, the default one", async () => {
    expect((await leadOf(german.id)).language).toEqual(GERMAN_NAME);
    expect((await leadOf(english.id)).language).toEqual(ENGLISH);
    expect((await leadOf(before.id)).language).toEqual(ENGLISH);
  });

  it('the list filters by language and counts the leads of each in the view whatever the language filter; a language the site does not have is refused', async () => {
    const ids = async (query: string) => (await listOf(query)).leads.map((lead) => lead.docId).sort();
    expect(await ids(`language=${GERMAN.code}`)).toEqual([german.id]);
    expect(await ids(`language=${ENGLISH.code}`)).toEqual([english.id, before.id].sort());
    const counts = [
      { ...ENGLISH, leads: 2 },
      { ...GERMAN_NAME, leads: 1 },
    ];
    expect((await listOf(`language=${GERMAN.code}`)).languages).toEqual(counts);
    expect((await listOf('')).languages).toEqual(counts);
    // The other filters hold: no German lead of the newsletter's form.
    expect((await listOf(`form=newsletter&language=${GERMAN.code}`)).leads).toEqual([]);
    expect((await listOf('form=newsletter')).languages).toEqual(counts.map((language) => ({ ...language, leads: 0 })));
    const unknown = await agency.send('GET', `${adminRoutes.leads.path}?language=fr-FR`);
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { message: string }).message).toBe(server.admin.messages.badFilter);
  });

  it("the CSV and the JSON export carry the language by its name before the lead's address in the inbox; the stored documents keep exactly their keys", async () => {
    const [header, ...rows] = (await exported('form=contact', 'csv')).split('\r\n').filter((line) => line !== '');
    const headers = cellsOf(header!.slice(BYTE_ORDER_MARK.length));
    expect(headers.slice(-2)).toEqual([admin.languages.language, server.admin.exportInboxColumn]);
    const languageOfRow = (id: string) => cellsOf(rows.find((row) => row.includes(encodeURIComponent(id)))!).at(-2);
    expect(languageOfRow(german.id)).toBe(GERMAN.name);
    expect(languageOfRow(english.id)).toBe(ENGLISH.name);
    expect(languageOfRow(before.id)).toBe(ENGLISH.name);
    // One language's view: its file's name says so.
    const germanOnly = await agency.send('GET', `${adminRoutes.export.path}?form=contact&language=${GERMAN.code}&format=json`);
    expect(germanOnly.headers.get('content-disposition')).toContain(`-${GERMAN.code}-`);
    const json = (await germanOnly.json()) as Record<string, string>[];
    expect(json.map((row) => row[admin.languages.language])).toEqual([GERMAN.name]);
    // The documents as the visitors' forms sent them: the seed's keys, the language not among them.
    const documents = JSON.parse([...exportDocuments(s.app.store, s.app.served.forms, { collection: forms.contact.collection })].join('')) as Record<
      string,
      unknown
    >[];
    expect(documents.find((document) => document.id === german.document.id)).toEqual(german.document);
    expect(s.app.store.list(forms.contact.collection).map((document) => Object.keys(document))).toEqual(
      [german, english, before].map(({ document }) => Object.keys(document)),
    );
  });

  it('the insights count visits by the language of the pages opened and leads, clients and subscribers by the language they were sent in', async () => {
    const visit = (page: string, landing: boolean, who: string) =>
      fetch(s.base + api.visits, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': `Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36 ${who}` },
        body: encodePageView({ page, landing, attribution: {} }),
      });
    for (const [page, landing, who] of [
      [`${GERMAN.prefix}/Kontakt`, true, 'a'],
      [GERMAN.prefix, true, 'b'],
      [`${GERMAN.prefix}/Kontakt`, false, 'b'],
      ['/Contact', true, 'c'],
    ] as const)
      expect((await visit(page, landing, who)).status).toBe(204);
    // A German sign-up, confirmed; the English client won.
    const signUp = await post('newsletter', GERMAN.prefix, 'abonnent@example.de');
    s.app.store.db.prepare("UPDATE subscribers SET state = 'confirmed' WHERE doc_id = ?").run(signUp.id);
    s.app.store.db.prepare('UPDATE leads SET stage = ?, value_minor = 120000 WHERE doc_id = ?').run(WON_STAGE, english.id);

    const insights = await get<Insights>(`${adminRoutes.insights.path}?weeks=4`);
    const [clients, , subscribers] = Object.keys(admin.kinds);
    const row = (code: string) => insights.byLanguage!.find((language) => language.code === code)!;
    expect(insights.byLanguage!.map((language) => [language.code, language.name])).toEqual([
      [ENGLISH.code, ENGLISH.name],
      [GERMAN.code, GERMAN.name],
    ]);
    expect(row(GERMAN.code)).toMatchObject({ visits: 2, leads: 1, rate: 0.5, won: 0, subscribers: 1, byKind: { [clients!]: 1, [subscribers!]: 1 } });
    expect(row(ENGLISH.code)).toMatchObject({ visits: 1, leads: 2, rate: 2, won: 1, wonValue: 120000, subscribers: 0 });
    // The languages add up to the whole.
    expect(row(GERMAN.code).visits + row(ENGLISH.code).visits).toBe(insights.totals.visits);
  });
});

describe('a site in one language', () => {
  beforeAll(inOneLanguage);
  afterAll(inTwoLanguages);

  it('shows no language anywhere: not on a lead, not in the list, the export or the insights', async () => {
    const { id } = await post('contact', '/Contact', 'solo@example.com');
    expect(await leadOf(id)).not.toHaveProperty('language');
    expect(await listOf('')).not.toHaveProperty('languages');
    expect(cellsOf((await exported('form=contact', 'csv')).split('\r\n')[0]!.slice(BYTE_ORDER_MARK.length))).not.toContain(admin.languages.language);
    expect(await get<Insights>(adminRoutes.insights.path)).not.toHaveProperty('byLanguage');
  });
});
