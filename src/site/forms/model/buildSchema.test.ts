/**
 * The four forms' checks, as the visitor meets them: through the yup schema buildSchema()
 * makes, both directly (validateValues, what our server runs) and through react-hook-form's
 * yupResolver (what the browser runs). The order of the checks is the spec's; their messages are
 * read from config/forms (the agency's copy, which CONTENT.md lets the office reword).
 */
import { yupResolver } from '@hookform/resolvers/yup';
import type { Resolver } from 'react-hook-form';
import forms from '../../../../config/forms';
import { buildSchema, firstFailure, initialValues, NOT_A_CHECK, validateValues, type FormValues } from './buildSchema';
import { formIds, invalidData, messageOf, validData, validVariants, type FormId } from '../../../test/formFixtures';
import type { FormConfig } from './formSchema';
import { rules } from '../../../platform/rules';

const configs: Record<FormId, FormConfig> = forms;

/** What react-hook-form gets back from the resolver for these values. */
async function resolve(form: FormConfig, values: unknown): Promise<Record<string, { message?: string }>> {
  const resolver = yupResolver(buildSchema(form)) as unknown as Resolver<FormValues>;
  const result = await resolver(values as FormValues, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
    criteriaMode: 'firstError',
    names: undefined,
  });
  return result.errors as Record<string, { message?: string }>;
}

/** What the resolver says, as { field: message }. */
async function resolverMessages(form: FormConfig, values: unknown): Promise<Record<string, string | undefined>> {
  const errors = await resolve(form, values);
  return Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error.message]));
}

/** `{name}` placeholders filled in, as the site does. */
const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (all, key: string) => String(values[key] ?? all));

/** A form's answers for requests no honest browser sends (config/forms/_messages.ts, or the form's own), filled in. */
function oddMessagesOf(form: FormConfig) {
  const m = form.messages;
  return {
    tooLong: (label: string, max: number) => fill(m.tooLong, { label, max }),
    notText: (label: string) => fill(m.notText, { label }),
    notAnOption: (label: string) => fill(m.notAnOption, { label }),
    unknownKey: m.unknownKey,
    missingKey: m.missingKey,
  };
}

/** A field of a form (config/forms). */
function fieldOf(form: FormConfig, name: string) {
  const found = form.fields.find((f) => f.name === name);
  if (!found) throw new Error(`no field ${name}`);
  return found;
}

/** yup's own wording, which must never reach anyone. */
const yupDefault = /must be a `|cannot be null|is a required field|must be defined|must be a .* type|field has unspecified keys|must match/;

describe("the checks in config are the spec's, in the spec's order, each with a message of its own", () => {
  const expected: Record<FormId, string[]> = {
    newsletter: ['Email'],
    inquiry: ['Fname', 'Email', 'Number', 'Pname'],
    freelancer: ['fullName', 'Email', 'Number', 'portfolioUrl', 'Messsage'],
    contact: ['Fullname', 'Company', 'Number', 'Email', 'Messsage'],
  };
  it.each(formIds)('%s', (id) => {
    expect(configs[id].checks.map((c) => c.field)).toEqual(expected[id]);
    // The message is the agency's wording (config/forms): any text, but never none.
    for (const check of configs[id].checks) expect(check.message.trim()).not.toBe('');
  });

  it('phone inputs accept at most 10 characters', () => {
    for (const id of formIds) {
      for (const field of configs[id].fields.filter((f) => f.kind === 'tel')) expect([id, field.maxLength]).toEqual([id, 10]);
    }
  });
});

describe.each(formIds)('the %s form', (id) => {
  const form = configs[id];
  const oddMessages = oddMessagesOf(form);

  describe('valid values pass', () => {
    it.each([validData[id], ...validVariants[id]].map((v) => [JSON.stringify(v), v] as const))('%s', async (_name, values) => {
      expect(firstFailure(form, values)).toBeNull();
      await expect(validateValues(form, values)).resolves.toBeNull();
      await expect(resolverMessages(form, values)).resolves.toEqual({});
    });
  });

  describe('every invalid case fails on its field with the message of its check', () => {
    it.each(invalidData[id].map((c) => [c.name, c] as const))('%s', async (_name, c) => {
      const expected = { field: c.field, message: c.message, check: c.check };
      expect(firstFailure(form, c.values)).toEqual(expected);
      await expect(validateValues(form, c.values)).resolves.toEqual(expected);
      // react-hook-form sees the first failing field only, with the same message.
      await expect(resolverMessages(form, c.values)).resolves.toEqual({ [c.field]: c.message });
    });
  });

  it('the invalid cases cover every check, in order, each breaking only its own check', () => {
    const single = invalidData[id].filter((c) => !c.several);
    const covered = [...new Set(single.map((c) => c.check))];
    expect(covered).toEqual(form.checks.map((_c, i) => i));
    for (const c of single) {
      const failing = form.checks.flatMap((check, i) => (rules[check.rule](c.values[check.field] ?? '') ? [] : [i]));
      expect([c.name, failing]).toEqual([c.name, [c.check]]);
      expect(form.checks[c.check]).toMatchObject({ field: c.field, message: c.message });
    }
    for (const c of invalidData[id].filter((x) => x.several)) {
      const failing = form.checks.flatMap((check, i) => (rules[check.rule](c.values[check.field] ?? '') ? [] : [i]));
      expect(failing.length).toBeGreaterThan(1);
      expect(failing[0]).toBe(c.check);
    }
  });

  describe('odd values get a message from the config, never a yup default', () => {
    const base = validData[id];
    const oddCases: [string, unknown, string, string][] = [];
    for (const field of form.fields) {
      for (const [what, value] of [
        ['a number', 5],
        ['null', null],
        ['true', true],
        ['an array', ['a@b.co']],
        ['an object', { a: 1 }],
        ['undefined', undefined],
        ['a NUL byte', 'a\u0000b'],
        ['half of a surrogate pair', 'a\ud800b'],
        ['a lone low surrogate', '\udc00'],
        ['a surrogate pair the wrong way round', '\ude00\ud83d'],
      ] as const) {
        oddCases.push([`${field.name} is ${what}`, { ...base, [field.name]: value }, field.name, oddMessages.notText(field.label)]);
      }
      oddCases.push([
        `${field.name} is one character too long`,
        { ...base, [field.name]: '1'.repeat(field.maxLength + 1) },
        field.name,
        oddMessages.tooLong(field.label, field.maxLength),
      ]);
      const { [field.name]: _dropped, ...missing } = base;
      oddCases.push([`${field.name} is missing`, missing, field.name, oddMessages.missingKey]);
      if (field.options) {
        for (const value of ['Manager', 'react.js', field.options.find((o) => o.label && o.label !== o.value)?.label ?? 'x']) {
          oddCases.push([
            `${field.name} is ${JSON.stringify(value)}, not an option`,
            { ...base, [field.name]: value },
            field.name,
            oddMessages.notAnOption(field.label),
          ]);
        }
      }
    }
    oddCases.push(['an extra key', { ...base, isAdmin: 'yes' }, 'isAdmin', oddMessages.unknownKey]);
    oddCases.push(['an extra key named like a stamp', { ...base, id: 5 }, 'id', oddMessages.unknownKey]);

    it.each(oddCases)('%s', async (_name, values, field, message) => {
      // None of the form's checks: a plain post's outcome shows the "something is missing" message.
      expect(firstFailure(form, values)).toEqual({ field, message, check: NOT_A_CHECK });
      await expect(validateValues(form, values)).resolves.toEqual({ field, message, check: NOT_A_CHECK });
      const seen = await resolverMessages(form, values);
      expect(seen).toEqual({ [field]: message });
    });

    it.each([
      ['null', null],
      ['an array', [base]],
      ['a number', 42],
      ['a string', 'Email=a@b.co'],
    ])('the whole form is %s', async (_name, values) => {
      await expect(validateValues(form, values)).resolves.toEqual({ field: expect.any(String), message: oddMessages.missingKey, check: NOT_A_CHECK });
      const seen = Object.values(await resolverMessages(form, values));
      expect(seen).toEqual([oddMessages.missingKey]);
    });

    it('an odd value and a failing check: the odd value is reported, never a yup default', async () => {
      const first = form.fields[0]!;
      const last = form.fields[form.fields.length - 1]!;
      const values = { ...base, [first.name]: '', [last.name]: null };
      const seen = await resolverMessages(form, values);
      expect(Object.values(seen).join(' ')).not.toMatch(yupDefault);
      expect(Object.keys(seen)).toHaveLength(1);
    });
  });
});

describe('examples from the spec', () => {
  it('the inquiry phone refuses letters', async () => {
    await expect(validateValues(forms.inquiry, { ...validData.inquiry, Number: 'abc' })).resolves.toEqual({
      field: 'Number',
      message: messageOf('inquiry', 'Number'),
      check: 2,
    });
  });

  it('an empty phone fails the contact form but passes the inquiry form', async () => {
    await expect(validateValues(forms.contact, { ...validData.contact, Number: '' })).resolves.toEqual({
      field: 'Number',
      message: messageOf('contact', 'Number'),
      check: 2,
    });
    await expect(validateValues(forms.inquiry, { ...validData.inquiry, Number: '' })).resolves.toBeNull();
  });

  it.each(['a b@c.de', 'a@b', '@b.c', 'a@b.c '])('the e-mail %j is refused', async (Email) => {
    await expect(validateValues(forms.newsletter, { Email })).resolves.toEqual({ field: 'Email', message: messageOf('newsletter', 'Email'), check: 0 });
  });

  it('the e-mail a@b.co is accepted', async () => {
    await expect(validateValues(forms.newsletter, { Email: 'a@b.co' })).resolves.toBeNull();
  });

  it('an 11-digit phone is refused with the length message (the input holds 10)', async () => {
    await expect(validateValues(forms.inquiry, { ...validData.inquiry, Number: '01234567890' })).resolves.toEqual({
      field: 'Number',
      message: oddMessagesOf(forms.inquiry).tooLong(fieldOf(forms.inquiry, 'Number').label, 10),
      check: NOT_A_CHECK,
    });
    await expect(validateValues(forms.inquiry, { ...validData.inquiry, Number: '0123456789' })).resolves.toBeNull();
  });

  it('a freelancer position that is not a listed value (but a label shown) is refused', async () => {
    const position = fieldOf(forms.freelancer, 'SelectedTechnology');
    const shownLabel = position.options!.find((o) => o.label && o.label !== o.value)!.label!;
    await expect(validateValues(forms.freelancer, { ...validData.freelancer, SelectedTechnology: shownLabel })).resolves.toEqual({
      field: 'SelectedTechnology',
      message: oddMessagesOf(forms.freelancer).notAnOption(position.label),
      check: NOT_A_CHECK,
    });
  });
});

describe('initialValues', () => {
  it('contact: the visitor type starts on its default (config/forms) and is empty after a reset', () => {
    const start = fieldOf(forms.contact, 'Your').defaultValue;
    expect(initialValues(forms.contact)).toEqual({ Fullname: '', Company: '', Number: '', Email: '', Your: start, Messsage: '' });
    expect(initialValues(forms.contact, true)).toEqual({ Fullname: '', Company: '', Number: '', Email: '', Your: '', Messsage: '' });
  });

  it('freelancer: every field starts empty, the position on its placeholder', () => {
    const empty = { fullName: '', Email: '', Number: '', portfolioUrl: '', SelectedTechnology: '', CvFile: '', Messsage: '' };
    expect(initialValues(forms.freelancer)).toEqual(empty);
    expect(initialValues(forms.freelancer, true)).toEqual(empty);
  });

  it('a list without a starting answer starts on its first option that can be chosen, as a browser shows it and a page sends it', () => {
    const select = forms.freelancer.fields.find((f) => f.kind === 'select')!;
    const fresh = { ...forms.freelancer, fields: forms.freelancer.fields.map((f) => (f === select ? { ...f, defaultValue: undefined } : f)) };
    const first = select.options!.find((o) => !o.disabled)!.value;
    expect(first).not.toBe('');
    expect(initialValues(fresh)[select.name]).toBe(first);
  });

  it.each(['newsletter', 'inquiry'] as const)('%s: every field starts and ends empty', (id) => {
    const empty = Object.fromEntries(Object.keys(validData[id]).map((k) => [k, '']));
    expect(initialValues(configs[id])).toEqual(empty);
    expect(initialValues(configs[id], true)).toEqual(empty);
  });
});
