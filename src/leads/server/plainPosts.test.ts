/**
 * Forms sent without JavaScript: a urlencoded POST to the form's address is checked with the
 * same rules, stored (or not), and answered with a redirect back to the page, whose HTML then
 * shows the outcome in the words a scripted visitor would see.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import forms from '../../../config/forms';
import { invalidData, validData } from '../../test/formFixtures';
import { buildApp } from '../../apps/server/app';
import { outcomeBanner, outcomeFromQuery } from '../../site/forms/model/outcomes';
import { backTo, handlePlainPost, parseFormBody } from './plainPosts';
import { auditForm, auditValid } from '../../test/auditForm';
import { escapeHtml } from '../../schema/text';

let app: Awaited<ReturnType<typeof buildApp>>;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'plain-posts-'));
  app = await buildApp({ dataDir, rateLimitFactor: 1000 });
});
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (collection: string, values: Record<string, string>, referer?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/collections/${collection}/documents`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'site.test', ...(referer ? { referer } : {}) },
    payload: new URLSearchParams(values).toString(),
  });

describe('a plain form post', () => {
  it('stores a valid inquiry with exactly its keys and sends the visitor back with ?sent=', async () => {
    const response = await post('Inquriy', validData.inquiry, 'http://site.test/home');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/home?sent=Inquriy');
    const [stored] = app.store.list('Inquriy').slice(-1);
    expect(stored).toEqual({ ...validData.inquiry, id: expect.any(Number), Date: expect.any(String) });
  });

  it('stores nothing for an invalid one and names the first failing check', async () => {
    const before = app.store.count('Contact_cli');
    const firstCase = invalidData.contact[0]!;
    const response = await post('Contact_cli', firstCase.values as Record<string, string>, 'http://site.test/Contact');
    expect(response.statusCode).toBe(303);
    const check = forms.contact.checks.findIndex((c) => c.field === firstCase.field && c.message === firstCase.message);
    expect(check).toBeGreaterThanOrEqual(0);
    expect(response.headers.location).toBe(`/Contact?invalid=Contact_cli&check=${check}`);
    expect(app.store.count('Contact_cli')).toBe(before);
  });

  it('drops keys the form does not have and fills missing ones with ""', async () => {
    const response = await post('subcribe', { Email: 'plain@example.com', extra: 'x' }, 'http://site.test/Blog');
    expect(response.headers.location).toBe('/Blog?sent=subcribe');
    expect(app.store.list('subcribe').slice(-1)[0]).toEqual({ Email: 'plain@example.com', id: expect.any(Number), Date: expect.any(String) });
  });

  it('never redirects to another site', () => {
    expect(backTo('https://evil.example/phish', 'site.test', app.served)).toBe('/');
    expect(backTo('not a url', 'site.test', app.served)).toBe('/');
    expect(backTo(undefined, 'site.test', app.served)).toBe('/');
    expect(backTo('http://site.test/Career?x=1', 'site.test', app.served)).toBe('/Career');
  });

  it('goes back only to a known address of this site, whatever path the Referer holds', () => {
    // Each of these is a same-host Referer whose path URL parsing makes start with "//":
    // as a Location, the browser would read it as another site's address.
    for (const path of ['//evil.example/x', '/\\evil.example/x', '/..//evil.example/x', '/\t/evil.example/x', '///evil.example', '/.//evil.example']) {
      expect([path, backTo(`http://site.test${path}`, 'site.test', app.served)]).toEqual([path, '/']);
    }
    expect(backTo('http://site.test/nowhere', 'site.test', app.served)).toBe('/');
    expect(backTo('http://site.test/Contact/', 'site.test', app.served)).toBe('/Contact');
    expect(backTo('http://site.test/contact', 'site.test', app.served)).toBe('/contact');
    expect(backTo('http://site.test/', 'site.test', app.served)).toBe('/');
  });
});

describe('the outcome shown on the page', () => {
  it("uses the form's own toast texts and check messages", () => {
    const { inquiry, freelancer } = forms;
    expect(outcomeBanner(outcomeFromQuery(new URLSearchParams(`sent=${inquiry.collection}`), app.served.forms)!)).toBe(
      `<div class="form-outcome form-outcome-ok" role="status">${escapeHtml(inquiry.success.toast!)}</div>`,
    );
    expect(outcomeBanner(outcomeFromQuery(new URLSearchParams(`failed=${freelancer.collection}`), app.served.forms)!)).toBe(
      `<div class="form-outcome form-outcome-problem" role="alert">${escapeHtml(freelancer.failure.toast!)}</div>`,
    );
    const last = inquiry.checks.length - 1;
    expect(outcomeBanner(outcomeFromQuery(new URLSearchParams(`invalid=${inquiry.collection}&check=${last}`), app.served.forms)!)).toBe(
      `<div class="form-outcome form-outcome-problem" role="alert">${escapeHtml(inquiry.checks[last]!.message)}</div>`,
    );
  });

  it('shows nothing where the specification shows nothing (newsletter, failed contact)', () => {
    expect(outcomeBanner(outcomeFromQuery(new URLSearchParams('sent=subcribe'), app.served.forms)!)).toBe('');
    expect(outcomeBanner(outcomeFromQuery(new URLSearchParams('failed=Contact_cli'), app.served.forms)!)).toBe('');
  });

  it('ignores unknown forms and never echoes text from the address', () => {
    expect(outcomeFromQuery(new URLSearchParams('sent=<script>'), app.served.forms)).toBeNull();
    // A check the form does not have: no outcome (the page as it is), nothing from the address shown.
    expect(outcomeFromQuery(new URLSearchParams('invalid=Inquriy&check=<b>'), app.served.forms)).toBeNull();
    expect(outcomeFromQuery(new URLSearchParams(`invalid=Inquriy&check=${forms.inquiry.checks.length}`), app.served.forms)).toBeNull();
  });
});

describe('a plain post of a form the office made (every field shown, without JavaScript)', () => {
  const post = async (body: string) => {
    const saved: Record<string, unknown>[] = [];
    const query = await handlePlainPost(auditForm, parseFormBody(Buffer.from(body)), async (document) => saved.push(document));
    return { query, saved };
  };
  const filled = (changes: Record<string, string | string[] | undefined>) => {
    const values: Record<string, string | string[] | undefined> = { ...auditValid, agree: 'true', ...changes };
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(values)) for (const v of value === undefined ? [] : [value].flat()) params.append(name, v);
    return params.toString();
  };

  it('takes each ticked box of a checkboxes field, and a ticked consent as true', async () => {
    const { query, saved } = await post(filled({}));
    expect(query).toBe(`?sent=${auditForm.collection}`);
    expect(saved[0]).toMatchObject({ extras: auditValid.extras, agree: true, platform: auditValid.platform });
  });

  it('drops an answer to a field its condition hides, and an unticked consent is false (refused by its required check)', async () => {
    const { query, saved } = await post(filled({ projectType: 'Company site' }));
    expect(query).toBe(`?sent=${auditForm.collection}`);
    expect(saved[0]).toMatchObject({ projectType: 'Company site', platform: '', otherPlatform: '' });
    const unticked = await post(filled({ agree: undefined, extras: undefined, photoCount: undefined }));
    expect(unticked.query).toBe(`?invalid=${auditForm.collection}&check=${auditForm.checks.findIndex((c) => c.field === 'agree')}`);
  });

  it('reads a name sent twice as the list of its values', () => {
    expect(parseFormBody(Buffer.from('a=1&a=2&b=3'))).toEqual({ a: ['1', '2'], b: '3' });
  });
});
