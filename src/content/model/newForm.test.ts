/**
 * A new form's parts made from the office's words: its file's name, its collection (unique), a
 * question's key made from its label while it is not yet published and fixed from its first
 * publish on (its checks following it), and a new question's limit at least what its kind starts with.
 */
import admin from '../../../config/admin';
import server from '../../../config/server';
import { collectionOf, fieldKeyOf, followLabels, formTitleOf, newFormId, newFormValue } from './newForm';
import { newFormSchema } from './newFormSchema';
import { newFormContract } from './contentContract';
import { choiceKinds, fieldKinds, formSchema } from '../../site/forms/model/formSchema';
import type { CheckContext } from '../../schema/schema';
import { fill } from '../../schema/text';
import { firstFailure } from '../../site/forms/model/buildSchema';
import type { FormConfig } from '../../site/forms/model/formSchema';

const start = admin.content.newForm.start;

/** The checker's sentences on a value. */
function checkAgainst(schema: typeof newFormSchema, value: unknown): string[] {
  const found: string[] = [];
  const ctx: CheckContext = {
    file: '',
    sitePaths: new Set(),
    formIds: new Set(),
    publicFileExists: () => true,
    report: (path, message) => found.push(`${path.join('.')} ${message}`),
  };
  schema.check(value, [], ctx);
  return found;
}

it('names the file, the collection and the keys from the words, another when taken', () => {
  expect(newFormId('Free website audit!', new Set())).toBe('free-website-audit');
  expect(newFormId('Free website audit', new Set(['free-website-audit']))).toBe('free-website-audit-2');
  expect(collectionOf('Free website audit', new Set())).toBe('FreeWebsiteAudit');
  expect(collectionOf('Free website audit', new Set(['FreeWebsiteAudit']))).toBe('FreeWebsiteAudit2');
  expect(collectionOf('2026 offer', new Set())).toBe('Form2026Offer');
  expect(fieldKeyOf('Your current site', new Set())).toBe('yourCurrentSite');
  expect(fieldKeyOf('Your current site', new Set(['yourCurrentSite']))).toBe('yourCurrentSite2');
  expect(fieldKeyOf('Café & plans', new Set())).toBe('cafePlans');
});

it("never gives a question the spam trap's key, which would send every post of the form to Spam", () => {
  const trap = server.spamTrap.name;
  expect(fieldKeyOf(trap, new Set())).not.toBe(trap);
  expect(fieldKeyOf(trap, new Set([trap]))).not.toBe(trap);
});

it("a form's first value passes the form's schema, and is named by its title", () => {
  const form = newFormValue({ title: 'Audit', kind: Object.keys(admin.kinds)[0]!, days: admin.content.newForm.retentionChoices[0]!.days }, new Set());
  expect(checkAgainst(newFormSchema, form)).toEqual([]);
  expect(formTitleOf('audit', form)).toBe('Audit');
  expect(formTitleOf('inquiry', {})).toBe(admin.forms.inquiry);
});

it('a question not yet published takes its key from its label; a published one keeps its key; checks follow', () => {
  const published = { fields: [{ name: 'yourName', kind: 'text', label: 'Your name', maxLength: 100 }] };
  const draft = {
    fields: [
      { name: 'yourName', kind: 'text', label: 'Name', maxLength: 100 },
      { name: '', kind: 'url', label: 'Your site', maxLength: 1 },
    ],
    checks: [{ field: '', rule: 'url', message: 'm' }],
  };
  const after = followLabels(published, draft) as typeof draft;
  expect(after.fields.map((f) => f.name)).toEqual(['yourName', 'yourSite']);
  expect(after.fields[1]!.maxLength).toBe(start.maxLength.url);
  expect(after.checks[0]!.field).toBe('yourSite');
  // Its label changed again before it is published: its key and its checks follow.
  const renamed = followLabels(published, { ...after, fields: [after.fields[0], { ...after.fields[1], label: 'Current site' }] }) as typeof draft;
  expect(renamed.fields[1]!.name).toBe('currentSite');
  expect(renamed.checks[0]!.field).toBe('currentSite');
  // Published, it keeps it whatever its label.
  expect(
    (followLabels(renamed, { ...renamed, fields: [renamed.fields[0], { ...renamed.fields[1], label: 'Web address' }] }) as typeof draft).fields[1]!.name,
  ).toBe('currentSite');
});

it('a question of every kind the site has, added as the editor adds one, passes the schema: its limit from the words it starts with, a question of choices with a first answer, a file question with the upload the site has', () => {
  const form = newFormValue({ title: 'Audit', kind: Object.keys(admin.kinds)[0]!, days: admin.content.newForm.retentionChoices[0]!.days }, new Set());
  for (const kind of fieldKinds) {
    const added = followLabels(form, { ...form, fields: [...(form.fields as unknown[]), { name: '', kind, label: `Question ${kind}`, maxLength: 1 }] }) as {
      fields: Array<{ options?: unknown[]; upload?: { pathPrefix: string; maxBytes: number; hint: string } }>;
    };
    expect([kind, checkAgainst(newFormSchema, added)]).toEqual([kind, []]);
    expect([kind, added.fields.at(-1)!.options !== undefined]).toEqual([kind, (choiceKinds as readonly string[]).includes(kind)]);
    expect([kind, added.fields.at(-1)!.upload !== undefined]).toEqual([kind, kind === 'file']);
    // Made another kind before it is published, it keeps no answers or upload it cannot show.
    const retyped = followLabels(form, { ...added, fields: [added.fields[0], { ...added.fields.at(-1), kind: 'text' }] }) as typeof added;
    expect(retyped.fields.at(-1)!.options).toBeUndefined();
    expect(retyped.fields.at(-1)!.upload).toBeUndefined();
  }
  // A file question's folder is the form's own; its size and its words the site's.
  const file = followLabels(form, { ...form, fields: [...(form.fields as unknown[]), { name: '', kind: 'file', label: 'Brief', maxLength: 1 }] }) as {
    fields: Array<{ upload?: { pathPrefix: string; maxBytes: number; hint: string } }>;
  };
  expect(file.fields.at(-1)!.upload).toMatchObject({ pathPrefix: `Image/${String(form.collection)}/`, hint: start.upload.hint });
  // Each kind is offered in the office's words.
  expect(fieldKinds.filter((kind) => !Object.hasOwn(admin.content.choices.kind, kind))).toEqual([]);
});

it("a question's Required switch brings its check, first of its checks, and takes it away; a check's number comes and goes with its rule", () => {
  const form = newFormValue({ title: 'Audit', kind: Object.keys(admin.kinds)[0]!, days: admin.content.newForm.retentionChoices[0]!.days }, new Set());
  const first = (form.fields as Array<{ name: string; label: string }>)[0]!;
  // The form starts with a required question: the check that makes it so is there.
  expect(form.checks).toEqual([{ field: first.name, rule: 'required', message: fill(start.required, { label: first.label }) }]);
  const site = { name: 'site', kind: 'url', label: 'Site', maxLength: 2000 };
  const draft = { ...form, fields: [first, site], checks: [{ field: 'site', rule: 'url', message: 'u' }] };
  type Checks = { checks: Array<{ field: string; rule: string; min?: number }> };
  const on = followLabels(form, { ...draft, fields: [first, { ...site, required: true }] }) as Checks;
  expect(on.checks.map((c) => [c.field, c.rule])).toEqual([
    ['site', 'required'],
    ['site', 'url'],
    [first.name, 'required'],
  ]);
  const off = followLabels(form, { ...on, fields: [{ ...first, required: false }, site] }) as Checks;
  expect(off.checks.map((c) => [c.field, c.rule])).toEqual([['site', 'url']]);
  const counted = followLabels(form, { ...off, checks: [{ field: 'site', rule: 'minLength', message: 'm' }] }) as Checks;
  expect(counted.checks[0]!.min).toBe(start.min);
  expect(checkAgainst(newFormSchema, counted)).toEqual([]);
  expect('min' in (followLabels(form, { ...counted, checks: [{ ...counted.checks[0], rule: 'url' }] }) as Checks).checks[0]!).toBe(false);
});

it('a published question removed is retired by itself (its checks go with it), so the publish is not refused; one never published is simply removed', () => {
  const form = newFormValue({ title: 'Audit', kind: Object.keys(admin.kinds)[0]!, days: admin.content.newForm.retentionChoices[0]!.days }, new Set());
  const first = (form.fields as Array<{ name: string }>)[0]!;
  const site = { name: 'site', kind: 'url', label: 'Site', maxLength: 2000 };
  const published = followLabels(undefined, {
    ...form,
    fields: [first, site],
    checks: [...(form.checks as unknown[]), { field: 'site', rule: 'url', message: 'u' }],
  }) as {
    fields: unknown[];
    checks: unknown[];
  };
  const fresh = followLabels(published, {
    ...published,
    fields: [...published.fields, { name: '', kind: 'text', label: 'Later', maxLength: 100 }],
  }) as typeof published;
  type Removed = { fields: unknown[]; checks: Array<{ field: string }>; retired?: unknown[] };
  const removed = followLabels(published, { ...fresh, fields: [first] }) as Removed;
  expect({ retired: removed.retired, checks: removed.checks.map((c) => c.field) }).toEqual({
    retired: [{ name: 'site', label: 'Site', kind: 'url' }],
    checks: [first.name],
  });
  expect(checkAgainst(newFormSchema, removed)).toEqual([]);
  expect(newFormContract(published, removed)).toEqual([]);
  // Changed again, it stays retired once.
  expect((followLabels(published, { ...removed }) as Removed).retired).toEqual(removed.retired);
  // A question never published leaves no trace.
  expect((followLabels(published, { ...fresh, fields: published.fields }) as Removed).retired).toBeUndefined();
});

it("a condition follows its question's new key, and goes with a question removed (published or not), as its checks do", () => {
  const form = newFormValue({ title: 'Audit', kind: Object.keys(admin.kinds)[0]!, days: admin.content.newForm.retentionChoices[0]!.days }, new Set());
  const first = (form.fields as Array<{ name: string }>)[0]!;
  const pick = { name: '', kind: 'radio', label: 'Pick', maxLength: 5, options: [{ value: 'Ay' }] };
  type Draft = { fields: Array<{ name: string; showWhen?: { field: string } }>; checks: Array<{ field: string }> };
  const added = followLabels(form, { ...form, fields: [first, pick, { name: '', kind: 'text', label: 'Then', maxLength: 50 }] }) as Draft;
  const conditioned = { ...added, fields: added.fields.map((f, i) => (i === 2 ? { ...f, showWhen: { field: 'pick', is: ['Ay'] } } : f)) };
  const relabelled = followLabels(form, { ...conditioned, fields: conditioned.fields.map((f, i) => (i === 1 ? { ...f, label: 'Choose' } : f)) }) as Draft;
  expect(relabelled.fields[2]!.showWhen?.field).toBe('choose');
  const withCheck = { ...relabelled, checks: [...relabelled.checks, { field: 'choose', rule: 'required', message: 'm' }] };
  const dropped = followLabels(form, { ...withCheck, fields: [relabelled.fields[0], relabelled.fields[2]] }) as Draft;
  expect({ showWhen: dropped.fields[1]!.showWhen, checks: dropped.checks.map((c) => c.field) }).toEqual({ showWhen: undefined, checks: [first.name] });
  expect(checkAgainst(newFormSchema, dropped)).toEqual([]);
});

it("a phone question of a form made here takes a number with its country code (the specification's forms keep their 10 digits)", () => {
  const form = newFormValue({ title: 'Audit', kind: Object.keys(admin.kinds)[0]!, days: admin.content.newForm.retentionChoices[0]!.days }, new Set());
  const withPhone = (maxLength: number) => ({ ...form, fields: [...(form.fields as unknown[]), { name: 'phone', kind: 'tel', label: 'Phone', maxLength }] });
  const international = '+44 7700 900123 ext. 1234';
  expect(checkAgainst(newFormSchema, withPhone(10))).toEqual([expect.stringMatching(/^fields\.1\.maxLength is 10, .* at least 30 /)]);
  expect(checkAgainst(newFormSchema, withPhone(international.length + 5))).toEqual([]);
  // The specification's forms' schema keeps its 10 digits.
  expect(checkAgainst(formSchema as typeof newFormSchema, withPhone(10))).toEqual([]);
  expect(start.maxLength.tel).toBeGreaterThanOrEqual(international.length);
});

it("a condition added as the editor adds one starts with the question's first answer, and never keeps an empty answer", () => {
  const form = newFormValue({ title: 'Audit', kind: Object.keys(admin.kinds)[0]!, days: admin.content.newForm.retentionChoices[0]!.days }, new Set());
  const pick = { name: '', kind: 'radio', label: 'Pick', maxLength: 5, options: [{ value: 'Ay' }, { value: 'Bee' }] };
  type Draft = { fields: Array<{ showWhen?: { field: string; is: string[] } }> };
  const laid = followLabels(form, {
    ...form,
    fields: [...(form.fields as unknown[]), pick, { name: '', kind: 'text', label: 'Then', maxLength: 50 }],
  }) as Draft;
  const added = (is: string[]) =>
    (followLabels(form, { ...laid, fields: laid.fields.map((f, i) => (i === 2 ? { ...f, showWhen: { field: 'pick', is } } : f)) }) as Draft).fields[2]!
      .showWhen;
  expect(added([''])).toEqual({ field: 'pick', is: ['Ay'] });
  expect(added(['Bee', ''])).toEqual({ field: 'pick', is: ['Bee'] });
});

it('an e-mail question gets its e-mail check by itself, which our server runs: "email" when required, "emailOrEmpty" when it may be left empty', async () => {
  const form = newFormValue({ title: 'Audit', kind: Object.keys(admin.kinds)[0]!, days: admin.content.newForm.retentionChoices[0]!.days }, new Set());
  const first = (form.fields as Array<{ name: string; label: string }>)[0]!;
  const mail = { name: 'question', kind: 'email', label: 'Your e-mail', maxLength: 254 };
  type Checks = { checks: Array<{ field: string; rule: string; message: string }> };
  const optional = followLabels(form, { ...form, fields: [first, mail] }) as Checks & Record<string, unknown>;
  const key = fieldKeyOf(mail.label, new Set([first.name]));
  expect(optional.checks.filter((c) => c.field === key)).toEqual([{ field: key, rule: 'emailOrEmpty', message: fill(start.email, { label: mail.label }) }]);
  expect(checkAgainst(newFormSchema, optional)).toEqual([]);
  const required = followLabels(form, { ...optional, fields: [first, { ...mail, name: key, required: true }] }) as Checks & Record<string, unknown>;
  expect(required.checks.filter((c) => c.field === key).map((c) => c.rule)).toEqual(['required', 'email']);
  // Our server: not an e-mail address is refused with its message; left empty, only when it may be.
  const post = (values: Record<string, unknown>) => firstFailure(required as unknown as FormConfig, { [first.name]: 'Ada', [key]: '', ...values });
  expect(post({ [key]: 'ada at example' })?.message).toBe(fill(start.email, { label: mail.label }));
  expect(post({ [key]: 'ada@example.com' })).toBeNull();
  expect(firstFailure(optional as unknown as FormConfig, { [first.name]: 'Ada', [key]: '' })).toBeNull();
  expect(firstFailure(optional as unknown as FormConfig, { [first.name]: 'Ada', [key]: 'ada' })?.message).toBe(fill(start.email, { label: mail.label }));
});
