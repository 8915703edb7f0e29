/**
 * A new form's parts made from the office's words: its file's name, its collection (unique), a
 * question's key made from its label while it is not yet published and fixed from its first
 * publish on (its checks following it), and a new question's limit at least what its kind starts with.
 */
import admin from '../../../config/admin';
import { collectionOf, fieldKeyOf, followLabels, formTitleOf, newFormId, newFormValue } from './newForm';
import { newFormSchema } from './newFormSchema';
import type { CheckContext } from '../../schema/schema';

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
    checks: [{ field: '', rule: 'required', message: 'm' }],
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
