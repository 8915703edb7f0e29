/**
 * A post from a page of a language other than the default one (its page's address, said by the
 * page's script beside the document, or a plain post's Referer): checked with the form in that
 * language (its messages in it), stored with the seed's collection and keys, and the lead keeps
 * the language beside the document (its row in `leads`), never as a key of the document.
 */
import { mkdtempSync, rmSync } from 'node:fs';

jest.setTimeout(120_000);
import os from 'node:os';
import path from 'node:path';
import forms from '../../../config/forms';
import routes from '../../../config/routes';
import admin from '../../../config/admin';
import site from '../../../config/site';
import { api } from '../../platform/api';
import { buildApp } from '../../apps/server/app';
import { NOTHING_MOVED } from '../../site/model/siteContent';
import { translate, translatableTexts } from '../../site/model/translation';
import { buildDocument } from '../../site/forms/model/document';
import { formSchema, type FormConfig } from '../../site/forms/model/formSchema';
import { invalidData, validData } from '../../test/formFixtures';
import { encodeAttribution } from '../../site/model/attribution';
import { startSignedIn, submit, type TestServer } from '../../test/adminServer';
import { mailSettingsTo, startSmtp, startWebhookReceiver, waitFor, type SmtpReceiver, type WebhookReceiver } from '../../test/receivers';

const GERMAN = { code: 'de-DE', name: 'Deutsch', prefix: '/de' };
/** The contact page's translated address in German. */
const GERMAN_CONTACT = `${GERMAN.prefix}/Kontakt`;
/** The agency's mailbox the notifications go to. */
const NOTIFY_TO = 'sales@agency.example';
const german = (text: string) =>
  `Ü${text
    .split(/(\{\w+\})/)
    .map((part, i) => (i % 2 ? part : part.toUpperCase()))
    .join('')}`;
const inGerman = (form: FormConfig): FormConfig =>
  translate(formSchema, form, {
    texts: Object.fromEntries(translatableTexts(formSchema, form).map((t) => [t.path, { text: german(t.text), source: t.text }])),
  }).value;

const twoLanguages = { ...site, languages: { ...site.languages, others: [GERMAN] } };
const germanForms = Object.fromEntries(Object.entries(forms).map(([id, form]) => [id, inGerman(form as FormConfig)])) as typeof forms;

let dataDir: string;
let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'languages-test-'));
  app = await buildApp({ dataDir, rateLimitFactor: 1000 });
  await app.ready();
  // The pages a build of both languages writes: a plain post's Referer is one of them.
  app.served.takeServedContent(
    { site: twoLanguages, routes, forms, moved: NOTHING_MOVED, languages: { [GERMAN.code]: { site: twoLanguages, forms: germanForms } } },
    [{ path: '/Contact' }, { path: GERMAN_CONTACT }],
  );
});
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  app.served.takeServedContent({ site, routes, forms, moved: NOTHING_MOVED });
});

const form = forms.contact as FormConfig;
const post = (document: unknown, formPage: string) =>
  app.inject({
    method: 'POST',
    url: api.documents(form.collection),
    headers: { 'content-type': 'application/json', [api.sourceHeader]: encodeAttribution({ formPage }) },
    payload: JSON.stringify(document),
  });
const languageOf = (id: string) => app.store.db.prepare('SELECT language FROM leads WHERE doc_id = ?').pluck().get(id);

it("refuses a post from a German page in German, and from an English page in English: the form's own check either way", async () => {
  const wrong = invalidData.contact[0]!;
  const document = buildDocument(form, wrong.values, new Date());
  const inGermanPage = await post(document, GERMAN_CONTACT);
  expect(inGermanPage.statusCode).toBe(400);
  expect(inGermanPage.json()).toEqual({ message: german(wrong.message), field: wrong.field });
  const inEnglishPage = await post(document, '/Contact');
  expect(inEnglishPage.json()).toEqual({ message: wrong.message, field: wrong.field });
});

it('stores a post from a German page with the seed’s keys and values, the lead saying German beside it; an English one English', async () => {
  const document = buildDocument(form, validData.contact, new Date());
  const sent = await post(document, GERMAN_CONTACT);
  expect(sent.statusCode).toBe(201);
  const id = (sent.json() as { id: string }).id;
  const stored = app.store.list(form.collection).at(-1)!;
  expect(stored).toEqual(document);
  expect(Object.keys(stored)).toEqual(Object.keys(document));
  expect(languageOf(id)).toBe(GERMAN.code);
  const english = await post(buildDocument(form, validData.contact, new Date()), '/Contact');
  expect(languageOf((english.json() as { id: string }).id)).toBe(site.languages.default.code);
});

it('sends a plain post (no JavaScript yet) from a German page back to that page, refused in German or kept with the lead saying German', async () => {
  const plain = (values: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: api.documents(form.collection),
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'site.test', referer: `http://site.test${GERMAN_CONTACT}` },
      payload: new URLSearchParams(values).toString(),
    });
  const refused = await plain({});
  expect([refused.statusCode, refused.headers.location]).toEqual([303, `${GERMAN_CONTACT}?invalid=${form.collection}&check=0`]);
  const before = app.store.list(form.collection).length;
  const kept = await plain(Object.fromEntries(Object.entries(validData.contact).map(([key, value]) => [key, String(value)])));
  expect([kept.statusCode, kept.headers.location]).toEqual([303, `${GERMAN_CONTACT}?sent=${form.collection}`]);
  expect(app.store.list(form.collection)).toHaveLength(before + 1);
  const id = app.store.db.prepare('SELECT doc_id FROM documents WHERE collection = ? ORDER BY seq DESC LIMIT 1').pluck().get(form.collection) as string;
  expect(languageOf(id)).toBe(GERMAN.code);
});

describe('the mails of a post from a German page', () => {
  let smtp: SmtpReceiver;
  let hooks: WebhookReceiver;
  let s: TestServer;
  beforeAll(async () => {
    smtp = await startSmtp();
    hooks = await startWebhookReceiver();
    const settings = mailSettingsTo(smtp.port, { NOTIFY_TO, WEBHOOK_URL: hooks.url, WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString('base64')}` });
    ({ server: s } = await startSignedIn({ notifications: { settings, log: { warn: () => undefined } } }));
    s.app.served.takeServedContent({
      site: twoLanguages,
      routes,
      forms,
      moved: NOTHING_MOVED,
      languages: { [GERMAN.code]: { site: twoLanguages, forms: germanForms } },
    });
  });
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
    await hooks?.close();
    s?.app.served.takeServedContent({ site, routes, forms, moved: NOTHING_MOVED });
  });

  /** Sends the contact form from a page as its script does; the stored lead's id. */
  const send = async (address: string, formPage: string) => {
    const { docId } = await submit(s, 'contact', { ...validData.contact, Email: address }, { [api.sourceHeader]: encodeAttribution({ formPage }) });
    return docId;
  };
  /** The agency's notification of a lead, and the webhook's body of it. */
  const toAgency = async (docId: string) => {
    await waitFor(
      'the notification and the webhook',
      () =>
        smtp.mails.some((m) => m.envelope.to.includes(NOTIFY_TO) && String(m.email.text).includes(docId)) && hooks.calls.some((c) => c.body.includes(docId)),
      { on: [smtp.changes, hooks.changes] },
    );
    const mail = smtp.mails.find((m) => m.envelope.to.includes(NOTIFY_TO) && String(m.email.text).includes(docId))!;
    const hook = JSON.parse(hooks.calls.find((c) => c.body.includes(docId))!.body) as Record<string, unknown>;
    return { text: String(mail.email.text), html: String(mail.email.html), hook };
  };

  it('tells the agency the language it was sent in, by its name, in the notification and in the webhook; the default one too', async () => {
    const german = await toAgency(await send(`Leserin.${process.pid}@example.com`, '/de/Kontakt'));
    expect(german.text).toContain(`\n${admin.languages.language}: ${GERMAN.name}\n`);
    expect(german.html).toContain(GERMAN.name);
    expect(german.hook.language).toEqual({ code: GERMAN.code, name: GERMAN.name });
    const english = await toAgency(await send(`Reader.${process.pid}@example.com`, '/Contact'));
    expect(english.text).toContain(`\n${admin.languages.language}: ${site.languages.default.name}\n`);
    expect(english.hook.language).toEqual({ code: site.languages.default.code, name: site.languages.default.name });
  });

  it('is written in the words of the German form', async () => {
    const address = `Leser.${process.pid}@example.com`;
    await submit(s, 'contact', { ...validData.contact, Email: address }, { [api.sourceHeader]: encodeAttribution({ formPage: GERMAN_CONTACT }) });
    await waitFor('the auto-reply', () => smtp.mails.some((m) => m.envelope.to.includes(address)), { on: [smtp.changes] });
    const mail = smtp.mails.find((m) => m.envelope.to.includes(address))!;
    const words = germanForms.contact.autoReply!;
    expect(mail.email.subject).toBe(words.subject);
    expect(mail.email.text).toContain(words.text.split('{')[0]!.trim());
  });

  it('says the language its auto-reply is written in (Content-Language): German from a German page, the default one from a page of the default language', async () => {
    const autoReplyTo = async (address: string, formPage: string) => {
      await submit(s, 'contact', { ...validData.contact, Email: address }, { [api.sourceHeader]: encodeAttribution({ formPage }) });
      await waitFor('the auto-reply', () => smtp.mails.some((m) => m.envelope.to.includes(address)), { on: [smtp.changes] });
      const { email } = smtp.mails.find((m) => m.envelope.to.includes(address))!;
      return { language: email.headers.find((h) => h.key === 'content-language')?.value, html: email.html };
    };
    expect(await autoReplyTo(`Leserin.Sprache.${process.pid}@example.com`, GERMAN_CONTACT)).toEqual({ language: GERMAN.code, html: undefined });
    expect(await autoReplyTo(`Reader.Language.${process.pid}@example.com`, '/Contact')).toEqual({ language: site.languages.default.code, html: undefined });
  });
});
