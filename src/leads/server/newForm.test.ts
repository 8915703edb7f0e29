/**
 * A form the code does not know, taken from the build our server serves (as a build's manifest
 * hands it over), and everything downstream of its leads with no code of its own: a real server
 * over real HTTP with its SQLite store. A lead posted as a page's script does is read back through
 * the inbox (its fields by label, in the form's order), listed, found, exported (CSV and JSON, a
 * column per field), the field removed later leaves it whole, and erasing its address deletes it.
 */
import { randomUUID } from 'node:crypto';
import forms from '../../../config/forms';
import routes from '../../../config/routes';
import site from '../../../config/site';
import { NOTHING_MOVED } from '../../site/model/siteContent';
import type { Served } from '../../site/server/servedContent';
import { createFormRegistry, lockedForms, type FormRegistry } from '../../site/forms/model/registry';
import { buildDocument } from '../../site/forms/model/document';
import type { FormConfig } from '../../site/forms/model/formSchema';
import { api } from '../../platform/api';
import { proofHeaders } from '../../test/proof';
import { pdfWith, startSignedIn, type Client, type TestServer } from '../../test/adminServer';
import { AUDIT_FORM_NAME as NEW_FORM_NAME, auditField as fieldOf, auditForm as newForm, auditValid, auditWithout } from '../../test/auditForm';
import { type LeadDetail, type LeadList } from '../model/adminApi';
import { adminRoutes, pathOf } from '../../platform/inboxRoutes';
import { leadFields } from '../model/leadFields';
import { deployFiles } from '../../deploy/deployFiles';
import { FIRESTORE_RULES_FILE, STORAGE_RULES_FILE, firestoreRules } from '../../deploy/firebaseRules';
import { allows, parseRules } from '../../test/securityRules';
import { fill } from '../../schema/text';

jest.setTimeout(60_000);

/** Serves a build whose manifest lists these forms beside the seed's (on the server of `served`). */
const serveForms = (served: Served, extra: Readonly<Record<string, unknown>>) =>
  served.takeServedContent({ site, routes, forms: { ...forms, ...extra } as typeof forms, moved: NOTHING_MOVED });

describe('the registry', () => {
  // A server's forms (registry.ts createFormRegistry, as app.served.forms holds them), the bundled ones until it takes a build's.
  let registry: FormRegistry;
  beforeEach(() => {
    registry = createFormRegistry();
  });

  it('takes a new form from the build, and every list of forms follows it', () => {
    expect(registry.take({ ...forms, [NEW_FORM_NAME]: newForm })).toContain(NEW_FORM_NAME);
    expect(registry.knownCollections()).toEqual([...lockedForms.map((name) => forms[name].collection), newForm.collection]);
    expect(registry.allForms().map((form) => form.collection)).toContain(newForm.collection);
    expect(registry.allUploads().map((upload) => upload.pathPrefix)).toContain(fieldOf('brief').upload!.pathPrefix);
    expect(registry.formTitle(NEW_FORM_NAME)).toBe(newForm.title);
  });

  it("refuses a new form writing to a locked form's collection, to another's, or that fails the form schema", () => {
    const taken = registry.take({
      ...forms,
      copy: { ...newForm, collection: forms.inquiry.collection },
      first: newForm,
      second: { ...newForm, title: 'Second' },
      broken: { ...newForm, collection: 'Broken', fields: newForm.fields.map((field) => (field.kind === 'email' ? { ...field, maxLength: 20 } : field)) },
    });
    expect(taken).toEqual([...lockedForms, 'first']);
    expect(registry.knownCollections().filter((collection) => collection === forms.inquiry.collection)).toHaveLength(1);
    expect(registry.knownCollections()).not.toContain('Broken');
  });

  it('takes an auto-reply greeting by the form’s name column, and refuses one carrying anything else the visitor typed', () => {
    // The name column without the browser's autofill hint: still the one placeholder an auto-reply may carry.
    const fields = newForm.fields.map((field) => (field.name === 'fullName' ? { ...field, autoComplete: 'nickname' } : field));
    const mailing = (text: string) => ({ ...newForm, fields, autoReply: { ...newForm.autoReply, text } });
    expect(registry.take({ ...forms, named: mailing('{fullName}') })).toContain('named');
    expect(registry.take({ ...forms, carrying: mailing('{currentSite}') })).not.toContain('carrying');
  });

  it("keeps the seed's four as bundled when the build changes their contract", () => {
    const changed = { ...forms.inquiry, fields: [...forms.inquiry.fields].reverse() };
    expect(registry.take({ ...forms, inquiry: changed })).not.toContain('inquiry');
  });
});

describe("a new form's lead, downstream", () => {
  let s: TestServer;
  let agency: Client;
  const address = `audit-${randomUUID().slice(0, 8)}@example.com`;
  const marker = `Marker${randomUUID().slice(0, 8)}`;
  let docId = '';

  beforeAll(async () => {
    ({ server: s, client: agency } = await startSignedIn());
    serveForms(s.app.served, { [NEW_FORM_NAME]: newForm });
    // The brief, uploaded as the form's file field does.
    const upload = await fetch(`${s.base}${api.files}${fieldOf('brief').upload!.pathPrefix}${randomUUID()}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: (await pdfWith(marker)) as unknown as NonNullable<RequestInit['body']>,
    });
    expect(upload.status).toBe(201);
    const { url } = (await upload.json()) as { url: string };
    const document = buildDocument(newForm as FormConfig, {
      ...auditValid,
      fullName: `Ada ${marker}`,
      email: address,
      currentSite: 'https://shop.example.com/',
      brief: url,
    });
    const posted = await fetch(s.base + api.documents(newForm.collection), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [api.submissionKeyHeader]: randomUUID(), ...(await proofHeaders(s.base)) },
      body: JSON.stringify(document),
    });
    expect([posted.status, posted.status === 201 ? '' : await posted.text()]).toEqual([201, '']);
    docId = ((await posted.json()) as { id: string }).id;
  });
  afterAll(() => s.close());

  const lead = async () => {
    const response = await agency.send('GET', pathOf('lead', { docId }));
    return { status: response.status, lead: response.status === 200 ? ((await response.json()) as LeadDetail) : undefined };
  };

  it('shows the lead by its fields’ labels in the form’s order, under the form’s title', async () => {
    const { lead: shown } = await lead();
    expect(shown!.formTitle).toBe(newForm.title);
    // Every question applies to these answers (an online shop on another platform, with photos).
    const asked = newForm.fields.filter((field) => field.kind !== 'file');
    expect(shown!.fields.map((field) => field.label)).toEqual(asked.map((field) => field.label));
    const budget = fieldOf('monthlyBudget').options!.find((option) => option.value === 'high')!;
    expect(shown!.fields.find((field) => field.key === 'monthlyBudget')!.value).toContain(budget.label!);
    expect(shown!.retired).toEqual([]);
  });

  it('lists, counts and finds it under its form', async () => {
    const response = await agency.send('GET', `${adminRoutes.leads.path}?form=${NEW_FORM_NAME}&q=${marker}`);
    const list = (await response.json()) as LeadList;
    expect(list.leads.map((row) => [row.docId, row.formTitle, row.email])).toEqual([[docId, newForm.title, address]]);
    expect(list.forms).toContainEqual({ name: NEW_FORM_NAME, title: newForm.title });
    expect(list.byForm[NEW_FORM_NAME]).toBe(1);
  });

  it('exports a column per field of the form, CSV and JSON', async () => {
    const csv = await (await agency.send('GET', `${adminRoutes.export.path}?form=${NEW_FORM_NAME}&format=csv`)).text();
    const [header, row] = csv.replace(/^\uFEFF/, '').split('\r\n');
    // The name and e-mail are the export's own columns; every other field has one by its label.
    const inColumns = new Set<string>(Object.values(newForm.columns));
    for (const field of newForm.fields.filter((f) => !inColumns.has(f.name))) expect(header).toContain(`"${field.label}"`);
    expect(row).toContain('"https://shop.example.com/"');
    expect(row).toContain(`"${auditValid.platform}"`);
    const json = (await (await agency.send('GET', `${adminRoutes.export.path}?form=${NEW_FORM_NAME}&format=json`)).json()) as Record<string, string>[];
    expect(json).toHaveLength(1);
    expect(json[0]![fieldOf('platform').label]).toBe(auditValid.platform);
  });

  it('keeps the lead whole when a field is removed later: its value under the removed ones, and in the export', async () => {
    const withoutBudget = auditWithout('monthlyBudget');
    serveForms(s.app.served, { [NEW_FORM_NAME]: withoutBudget });
    try {
      const { lead: shown } = await lead();
      expect(shown!.fields.map((field) => field.key)).not.toContain('monthlyBudget');
      expect(shown!.retired.map((field) => [field.key, field.label])).toEqual([['monthlyBudget', withoutBudget.retired![0]!.label]]);
      expect(shown!.retired[0]!.value).toContain('high');
      const csv = await (await agency.send('GET', `${adminRoutes.export.path}?form=${NEW_FORM_NAME}&format=csv`)).text();
      expect(csv.split('\r\n')[0]).toContain(`"${withoutBudget.retired![0]!.label}"`);
    } finally {
      serveForms(s.app.served, { [NEW_FORM_NAME]: newForm });
    }
  });

  describe('a forged submission, as a script posts it', () => {
    const rules = parseRules(firestoreRules({ [NEW_FORM_NAME]: newForm }));
    const forger = `Forger${randomUUID().slice(0, 8)}`;
    const messageOf = (field: string) => newForm.checks.find((check) => check.field === field)!.message;
    const said = (template: string, field: string) => fill(template, { label: fieldOf(field).label });
    /** Each: what it changes of valid answers, and the sentence it is refused with. */
    const forged: [string, Record<string, unknown>, string][] = [
      ['the hidden field sent', { projectType: 'Company site', otherPlatform: '' }, said(newForm.messages.notShown, 'platform')],
      ['the shown required field missing', { platform: '', otherPlatform: '' }, messageOf('platform')],
      ['a number field with letters', { photoCount: 'twelve' }, messageOf('photoCount')],
      ['an option not offered', { projectType: 'A blog' }, said(newForm.messages.notAnOption, 'projectType')],
      ['a checkbox ticked twice', { extras: ['Logo', 'Logo'], photoCount: '' }, said(newForm.messages.notAnOption, 'extras')],
      ['checkboxes as text', { extras: 'Photos' }, said(newForm.messages.notText, 'extras')],
    ];
    const documentOf = (changes: Record<string, unknown>) => {
      const now = new Date();
      return { ...buildDocument(newForm as FormConfig, { ...auditValid, fullName: forger, email: address }, now), ...changes };
    };

    it.each(forged)('%s: refused by our server with a sentence, nothing stored', async (_name, changes, sentence) => {
      const posted = await fetch(s.base + api.documents(newForm.collection), {
        method: 'POST',
        headers: { 'content-type': 'application/json', [api.submissionKeyHeader]: randomUUID(), ...(await proofHeaders(s.base)) },
        body: JSON.stringify(documentOf(changes)),
      });
      expect([posted.status, ((await posted.json()) as { message: string }).message]).toEqual([400, sentence]);
      const found = (await (await agency.send('GET', `${adminRoutes.leads.path}?form=${NEW_FORM_NAME}&q=${forger}`)).json()) as LeadList;
      expect(found.leads).toEqual([]);
    });

    it.each(forged)('%s: refused by the generated Firestore rules', (_name, changes) => {
      const create = (data: Record<string, unknown>) =>
        allows(rules, { path: `/databases/(default)/documents/${newForm.collection}/${randomUUID()}`, method: 'create', request: { resource: { data } } });
      // The same answers unforged are allowed: each refusal is the forgery's.
      expect(create(documentOf({}))).toBe(true);
      expect(create(documentOf(changes))).toBe(false);
    });
  });

  it('erases it by its address', async () => {
    const erased = await agency.change('POST', adminRoutes.erase.path, { json: { email: address, confirm: address.toUpperCase() } });
    expect(erased.status).toBe(200);
    expect((await lead()).status).toBe(404);
  });
});

it("the Firebase build's rules open the new form's collection and upload folder", () => {
  const files = Object.fromEntries(deployFiles({ ...forms, [NEW_FORM_NAME]: newForm as FormConfig }));
  expect(files[FIRESTORE_RULES_FILE]).toContain(`match /${newForm.collection}/`);
  expect(files[STORAGE_RULES_FILE]).toContain(fieldOf('brief').upload!.pathPrefix.split('/')[1]);
});

it('leaves out a field its answers hide, and shows a value stored for it with what the form no longer asks', () => {
  const form = newForm as FormConfig;
  const company = { ...auditValid, projectType: 'Company site', platform: '', otherPlatform: '' };
  expect(leadFields(form, company).fields.map((field) => field.key)).not.toContain('platform');
  const { fields, retired } = leadFields(form, { ...company, platform: 'Shopify', legacy: 'kept' });
  expect(fields.map((field) => field.key)).not.toContain('platform');
  expect(retired.map((field) => [field.key, field.value])).toEqual([
    ['platform', 'Shopify'],
    ['legacy', 'kept'],
  ]);
});
