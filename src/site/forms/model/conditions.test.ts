/**
 * Fields shown when they apply, in the three places that check a form: the browser's schema
 * (buildSchema, what react-hook-form runs), our server (validateDocument) and the generated
 * Firestore rules (run by the rules interpreter). One table of cases, on a test-only form of
 * the kind the office makes (src/test/auditForm.ts); the three must agree on each.
 */
import { randomUUID } from 'node:crypto';
import { auditForm, auditValid } from '../../../test/auditForm';
import { allows, parseRules } from '../../../test/securityRules';
import { firestoreRules } from '../../../deploy/firebaseRules';
import { fill } from '../../../schema/text';
import type { CheckContext, Path } from '../../../schema/schema';
import { buildDocument, validateDocument } from './document';
import { validateValues, initialValues } from './buildSchema';
import { conditionWords, shownFields, withHiddenEmptied } from './conditions';
import { formSchema, type FieldConfig, type FormConfig } from './formSchema';

const rules = parseRules(firestoreRules({ audit: auditForm }));
const now = new Date(2026, 10, 28, 9, 30);
const label = (name: string) => auditForm.fields.find((f) => f.name === name)!.label;
const message = (field: string) => auditForm.checks.find((c) => c.field === field)!.message;
const notShown = (field: string) => fill(auditForm.messages.notShown, { label: label(field) });

function firestoreAccepts(values: Record<string, unknown>): boolean {
  const data = { ...buildDocument(auditForm, {}, now), ...values, id: now.getTime(), Date: now.toString() };
  return allows(rules, { path: `/databases/(default)/documents/${auditForm.collection}/${randomUUID()}`, method: 'create', request: { resource: { data } } });
}

/** Each case: changes to the valid answers, and the message expected (null: accepted). */
const cases: [string, Record<string, unknown>, string | null][] = [
  ['all shown and filled in', {}, null],
  ['a company site: platform and the chain after it hidden and empty', { projectType: 'Company site', platform: '', otherPlatform: '' }, null],
  ['a company site with platform sent: refused', { projectType: 'Company site', otherPlatform: '' }, notShown('platform')],
  ['a company site with the chain’s last field sent: refused', { projectType: 'Company site', platform: '' }, notShown('otherPlatform')],
  ['an online shop on Shopify: the chain’s last field hidden', { platform: 'Shopify', otherPlatform: '' }, null],
  ['an online shop on Shopify with the hidden field sent: refused', { platform: 'Shopify' }, notShown('otherPlatform')],
  ['an online shop with no platform: the shown required field refused', { platform: '', otherPlatform: '' }, message('platform')],
  ['the chain’s shown required field missing', { otherPlatform: ' ' }, message('otherPlatform')],
  ['no photos ticked: the count hidden', { extras: ['Logo'], photoCount: '' }, null],
  ['no photos ticked, a count sent: refused', { extras: ['Logo'] }, notShown('photoCount')],
  ['nothing ticked, no count', { extras: [], photoCount: '' }, null],
  ['photos ticked: the count checked as a number', { photoCount: 'many' }, message('photoCount')],
  ['a date not as YYYY-MM-DD', { launch: '1/3/2027' }, message('launch')],
  ['notes too short', { notes: 'Hi' }, message('notes')],
  ['a web address that is none', { currentSite: 'my site' }, message('currentSite')],
  ['consent not given', { agree: false }, message('agree')],
  ['consent as text: refused', { agree: 'true' }, fill(auditForm.messages.notText, { label: label('agree') })],
  ['checkboxes as text: refused', { extras: 'Logo' }, fill(auditForm.messages.notText, { label: label('extras') })],
  [
    'a ticked value that is no option: refused',
    { extras: ['Logo', 'Video'], photoCount: '' },
    fill(auditForm.messages.notAnOption, { label: label('extras') }),
  ],
  ['an option ticked twice: refused', { extras: ['Logo', 'Logo'], photoCount: '' }, fill(auditForm.messages.notAnOption, { label: label('extras') })],
  ['a radio answer that is no option: refused', { projectType: 'Blog' }, fill(auditForm.messages.notAnOption, { label: label('projectType') })],
];

describe.each(cases)('%s', (_name, changes, expected) => {
  const values = { ...auditValid, ...changes };

  it('the browser’s schema and our server give the same answer', async () => {
    expect((await validateValues(auditForm, values))?.message ?? null).toBe(expected);
    expect((await validateDocument(auditForm, buildDocument(auditForm, values as never, now)))?.message ?? null).toBe(expected);
  });

  it('the generated Firestore rules agree', () => {
    expect(firestoreAccepts(values)).toBe(expected === null);
  });
});

test('the browser sends hidden fields empty: what a visitor typed before changing their answer is not sent', async () => {
  const typed = { ...auditValid, projectType: 'Company site' };
  expect(await validateValues(auditForm, typed)).not.toBeNull();
  const sent = withHiddenEmptied(auditForm, typed);
  expect(sent).toMatchObject({ platform: '', otherPlatform: '', photoCount: '1 200' });
  expect(await validateValues(auditForm, sent)).toBeNull();
  expect(shownFields(auditForm, initialValues(auditForm))).not.toContain('platform');
});

test('a condition in words: its own, or the form’s template with the answers’ labels', () => {
  const platform = auditForm.fields.find((f) => f.name === 'platform')!;
  expect(conditionWords(auditForm, platform)).toBe(fill(auditForm.messages.onlyIf, { label: label('projectType'), values: 'Online shop' }));
  expect(
    conditionWords(
      auditForm,
      auditForm.fields.find((f) => f.name === 'otherPlatform')!,
    ),
  ).toBe(auditForm.fields.find((f) => f.name === 'otherPlatform')!.showWhen!.says);
  expect(conditionWords(auditForm, auditForm.fields[0]!)).toBeUndefined();
});

/** The checker's sentences on a form, by path. */
function sentences(form: unknown): [string, string][] {
  const found: [string, string][] = [];
  const ctx: CheckContext = {
    file: 'config/forms/probe.ts',
    sitePaths: new Set(),
    formIds: new Set(),
    publicFileExists: () => true,
    report: (path: Path, text: string) => found.push([path.join('.'), text]),
  };
  formSchema.check(form, [], ctx);
  return found;
}

const withField = (name: string, changes: Partial<FieldConfig>): FormConfig => ({
  ...auditForm,
  fields: auditForm.fields.map((f) => (f.name === name ? { ...f, ...changes } : f)),
});

describe('the checker', () => {
  it('accepts the audit form', () => {
    expect(sentences(auditForm)).toEqual([]);
  });

  it.each([
    ['a loop', withField('projectType', { showWhen: { field: 'platform', is: ['Other'] } }), 'fields.3.showWhen.field', /loop/],
    ['a condition on the field itself', withField('platform', { showWhen: { field: 'platform', is: ['Other'] } }), 'fields.4.showWhen.field', /itself/],
    ['a missing field', withField('platform', { showWhen: { field: 'nothing', is: ['Other'] } }), 'fields.4.showWhen.field', /"nothing" is not a field/],
    [
      'a value that is not an option',
      withField('platform', { showWhen: { field: 'projectType', is: ['Blog'] } }),
      'fields.4.showWhen.is.0',
      /"Blog" is not one of the options/,
    ],
    ['a field that has no options', withField('platform', { showWhen: { field: 'fullName', is: ['x'] } }), 'fields.4.showWhen.field', /no options/],
  ])('says in a sentence: %s', (_name, form, path, words) => {
    const said = sentences(form).filter(([at]) => at === path);
    expect(said).toHaveLength(1);
    expect(said[0]![1]).toMatch(words);
  });

  it('asks minLength for its number, and a checkboxes field for required only', () => {
    const form = {
      ...auditForm,
      checks: [
        { field: 'brief', rule: 'minLength', message: 'm' },
        { field: 'extras', rule: 'email', message: 'm' },
      ],
    };
    expect(sentences(form).map(([at]) => at)).toEqual(['checks.0.min', 'checks.1.rule']);
  });

  it.each([
    ['number', 29],
    ['date', 9],
  ])('keeps a %s field long enough for real answers', (kind, maxLength) => {
    const form = withField('launch', { kind: kind as FieldConfig['kind'], maxLength });
    expect(sentences(form).map(([at]) => at)).toEqual([`fields.${form.fields.findIndex((f) => f.name === 'launch')}.maxLength`]);
  });
});
