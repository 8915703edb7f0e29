/**
 * The stored record of each form (spec section 3): exactly the form's keys, plus id (the
 * submit time in milliseconds) and Date (the same moment as text), in the spec's collection.
 */
import forms from '../../../../config/forms';
import messages from '../../../../config/forms/_messages';
import { buildDocument, validateDocument } from './document';
import { NOT_A_CHECK } from './buildSchema';
import { formIds, invalidData, specDocuments, validData, validVariants, type FormId } from '../../../test/formFixtures';
import type { FormConfig } from './formSchema';

const configs: Record<FormId, FormConfig> = forms;
const { missingKey, unknownKey } = messages;
const submitted = new Date(2024, 2, 5, 14, 7, 9, 123);

describe.each(formIds)('the %s document', (id) => {
  const form = configs[id];
  const spec = specDocuments[id];

  it(`goes to the collection ${spec.collection}`, () => {
    expect(form.collection).toBe(spec.collection);
  });

  it(`has exactly the keys ${spec.keys.join(', ')}`, () => {
    const document = buildDocument(form, validData[id], submitted);
    expect(Object.keys(document).sort()).toEqual([...spec.keys].sort());
    // The field keys in the form's field order, then id and Date.
    expect(Object.keys(document)).toEqual([...form.fields.map((f) => f.name), 'id', 'Date']);
  });

  it('keeps the values as entered and stamps id and Date from the submit time', () => {
    const document = buildDocument(form, validData[id], submitted);
    expect(document).toEqual({ ...validData[id], id: submitted.getTime(), Date: submitted.toString() });
    expect(typeof document.id).toBe('number');
    expect(Number.isSafeInteger(document.id)).toBe(true);
    expect(Date.parse(document.Date)).toBe(Math.floor(submitted.getTime() / 1000) * 1000);
  });

  it('stamps the current time when no date is given', () => {
    const before = Date.now();
    const document = buildDocument(form, validData[id]);
    const after = Date.now();
    expect(document.id).toBeGreaterThanOrEqual(before);
    expect(document.id).toBeLessThanOrEqual(after);
    expect(document.Date).toBe(new Date(document.id).toString());
  });

  it('drops keys the form does not have and fills missing ones with empty text', () => {
    const [firstField, ...others] = form.fields.map((f) => f.name);
    const values = { ...validData[id], id: 'mine', Date: 'mine', isAdmin: 'yes' };
    delete (values as Record<string, string>)[firstField!];
    const document = buildDocument(form, values, submitted);
    expect(Object.keys(document).sort()).toEqual([...spec.keys].sort());
    expect(document[firstField!]).toBe('');
    for (const key of others) expect(document[key]).toBe(validData[id][key]);
    expect(document.id).toBe(submitted.getTime());
    expect(document.Date).toBe(submitted.toString());
  });

  it('a valid document passes the server check', async () => {
    for (const values of [validData[id], ...validVariants[id]]) {
      await expect(validateDocument(form, buildDocument(form, values, submitted))).resolves.toBeNull();
    }
  });

  it('an invalid document fails on the same check, with the same message', async () => {
    for (const c of invalidData[id]) {
      await expect(validateDocument(form, buildDocument(form, c.values, submitted))).resolves.toEqual({ field: c.field, message: c.message, check: c.check });
    }
  });

  describe('the server refuses a bad stamp', () => {
    const good = () => buildDocument(form, validData[id], submitted) as Record<string, unknown>;
    it.each([
      ['id missing', (d: Record<string, unknown>) => delete d.id],
      ['id as text', (d: Record<string, unknown>) => (d.id = String(d.id))],
      ['id zero', (d: Record<string, unknown>) => (d.id = 0)],
      ['id negative', (d: Record<string, unknown>) => (d.id = -submitted.getTime())],
      ['id with a fraction', (d: Record<string, unknown>) => (d.id = 1.5)],
      ['id beyond safe integers', (d: Record<string, unknown>) => (d.id = 2 ** 53)],
      ['id null', (d: Record<string, unknown>) => (d.id = null)],
      ['id NaN', (d: Record<string, unknown>) => (d.id = Number.NaN)],
    ])('%s', async (_name, spoil) => {
      const document = good();
      spoil(document);
      await expect(validateDocument(form, document)).resolves.toEqual({ field: 'id', message: missingKey, check: NOT_A_CHECK });
    });

    it.each([
      ['Date missing', (d: Record<string, unknown>) => delete d.Date],
      ['Date empty', (d: Record<string, unknown>) => (d.Date = '')],
      ['Date blank', (d: Record<string, unknown>) => (d.Date = '   ')],
      ['Date as a number', (d: Record<string, unknown>) => (d.Date = submitted.getTime())],
      ['Date over 100 characters', (d: Record<string, unknown>) => (d.Date = 'x'.repeat(101))],
      ['Date null', (d: Record<string, unknown>) => (d.Date = null)],
    ])('%s', async (_name, spoil) => {
      const document = good();
      spoil(document);
      await expect(validateDocument(form, document)).resolves.toEqual({ field: 'Date', message: missingKey, check: NOT_A_CHECK });
    });

    it('a Date of exactly 100 characters is accepted', async () => {
      await expect(validateDocument(form, { ...good(), Date: 'x'.repeat(100) })).resolves.toBeNull();
    });

    it.each([
      ['null', null],
      ['an array', [1]],
      ['text', 'hello'],
      ['a number', 7],
    ])('the document is %s', async (_name, document) => {
      await expect(validateDocument(form, document)).resolves.toEqual({ field: '', message: missingKey, check: NOT_A_CHECK });
    });

    it('an extra key is refused', async () => {
      await expect(validateDocument(form, { ...good(), extra: 'x' })).resolves.toEqual({
        field: 'extra',
        message: unknownKey,
        check: NOT_A_CHECK,
      });
    });
  });
});
