/**
 * Test fixtures for the four forms of config/forms.
 *
 * What the specification fixes is written here: the collections and stored keys (section 3),
 * the order of the checks and the values each check accepts or refuses (section 5). What the
 * agency may reword or extend is read from config/forms: the messages of the checks, the toasts,
 * the options of the lists. So a routine edit of that copy (CONTENT.md) turns no test red, and a
 * test still fails when the site shows something other than what config/ says.
 *
 * - `validData[form]`: values that pass every check (freelancer: with a CV URL and a position).
 * - `validVariants[form]`: more values that pass, e.g. with the optional fields left empty.
 * - `invalidData[form]`: one or more cases per check, in the spec's check order. Each case
 *   breaks the check it names (`check`, an index into the form's checks) while every earlier
 *   check passes; cases with `several: true` break several checks at once and expect the
 *   first of them, in spec order, to be the one reported.
 */
import forms from '../../config/forms';
/** The four forms' answers: all text. */
type FormValues = Record<string, string>;
import type { FormConfig } from '../site/forms/model/formSchema';

export type FormId = 'newsletter' | 'inquiry' | 'freelancer' | 'contact';
export const formIds: FormId[] = ['newsletter', 'inquiry', 'freelancer', 'contact'];

const configs: Record<FormId, FormConfig> = forms;

export interface InvalidCase {
  /** What is wrong, for the test's name. */
  name: string;
  values: FormValues;
  /** The index, in the form's ordered checks, of the check expected to fail. */
  check: number;
  /** The field and the exact message the visitor is shown (config/forms). */
  field: string;
  message: string;
  /** Several checks fail at once; the first in spec order wins. */
  several?: boolean;
}

/** The message config/forms gives the check of `field` (each field has one check). */
export function messageOf(form: FormId, field: string): string {
  const check = configs[form].checks.find((c) => c.field === field);
  if (!check) throw new Error(`config/forms/${form}.ts has no check of ${field}`);
  return check.message;
}

/** The spec's collections and their stored keys (section 3), id and Date included. */
export const specDocuments: Record<FormId, { collection: string; keys: string[] }> = {
  newsletter: { collection: 'subcribe', keys: ['Email', 'id', 'Date'] },
  inquiry: { collection: 'Inquriy', keys: ['Fname', 'Email', 'Number', 'Pname', 'id', 'Date'] },
  freelancer: {
    collection: 'freelancers',
    keys: ['fullName', 'Email', 'Number', 'portfolioUrl', 'SelectedTechnology', 'CvFile', 'Messsage', 'id', 'Date'],
  },
  contact: { collection: 'Contact_cli', keys: ['Fullname', 'Company', 'Email', 'Number', 'Your', 'Messsage', 'id', 'Date'] },
};

/**
 * The toasts after a save and after a failed one (config/forms `success.toast`, `failure.toast`);
 * undefined: nothing is shown (the spec shows nothing after a newsletter sign-up, nor after a
 * failed contact save).
 */
export const toasts: Record<FormId, { success?: string; failure?: string }> = Object.fromEntries(
  formIds.map((id) => [id, { success: configs[id].success.toast, failure: configs[id].failure.toast }]),
) as Record<FormId, { success?: string; failure?: string }>;

/** The values a select field offers (config/forms), the disabled placeholder left out. */
function optionValues(form: FormId, field: string): string[] {
  const found = configs[form].fields.find((f) => f.name === field);
  if (!found?.options) throw new Error(`config/forms/${form}.ts has no list field ${field}`);
  return found.options.filter((o) => !o.disabled).map((o) => o.value);
}

function firstOption(form: FormId, field: string): string {
  const [first] = optionValues(form, field);
  if (first === undefined) throw new Error(`config/forms/${form}.ts: ${field} offers no option`);
  return first;
}

/** Addresses the spec's rule for e-mail (text @ text . text, no spaces) refuses. */
export const badEmails = ['', 'a b@c.de', 'a@b', '@b.c', 'a@b.c ', ' a@b.c', 'a@.', 'a@b.', 'ab.c', 'a@@b.c', 'a@b@c.de', 'a\t@b.c'];
/** And some it accepts. */
export const goodEmails = ['a@b.co', 'a@b.c', 'first.last+tag@sub.example.org', 'x_y@b-c.de'];

const cvUrl = '/api/files/Image/CvDeveloper/0f8c6a2e-3b1d-4c5e-9f7a-1b2c3d4e5f60?token=abcDEF123_-';

export const validData: Record<FormId, FormValues> = {
  newsletter: { Email: 'a@b.co' },
  inquiry: { Fname: 'Ada Lovelace', Email: 'ada@example.com', Number: '0123456789', Pname: 'An online shop for my bakery' },
  freelancer: {
    fullName: 'Grace Hopper',
    Email: 'grace@example.com',
    Number: '5551234',
    portfolioUrl: 'https://grace.example.com',
    SelectedTechnology: firstOption('freelancer', 'SelectedTechnology'),
    CvFile: cvUrl,
    Messsage: 'I write compilers.',
  },
  contact: {
    Fullname: 'Alan Turing',
    Company: 'Bletchley Ltd',
    Number: '0711234567',
    Email: 'alan@example.co.uk',
    Your: firstOption('contact', 'Your'),
    Messsage: 'We need a website.',
  },
};

export const validVariants: Record<FormId, FormValues[]> = {
  newsletter: goodEmails.map((Email) => ({ Email })),
  inquiry: [
    // The phone is optional, and 10 characters are not enforced.
    { ...validData.inquiry, Number: '' },
    { ...validData.inquiry, Number: '1' },
    { ...validData.inquiry, Email: 'a@b.co', Pname: '=HYPERLINK("x")' },
  ],
  freelancer: [
    // Position and CV are not required; the phone is optional; the portfolio only needs text.
    { ...validData.freelancer, Number: '', SelectedTechnology: '', CvFile: '' },
    { ...validData.freelancer, portfolioUrl: 'my site' },
    // Every position offered passes.
    ...optionValues('freelancer', 'SelectedTechnology').map((SelectedTechnology) => ({ ...validData.freelancer, SelectedTechnology })),
  ],
  contact: [
    // The visitor type is not validated: empty, and every option, pass.
    { ...validData.contact, Your: '' },
    { ...validData.contact, Number: '1' },
    ...optionValues('contact', 'Your').map((Your) => ({ ...validData.contact, Your })),
  ],
};

const blanks = ['', '   ', '\t\n'];

function cases(form: FormId, check: number, field: string, bad: string[]): InvalidCase[] {
  const message = messageOf(form, field);
  return bad.map((value) => ({
    name: `${field} ${JSON.stringify(value)}`,
    values: { ...validData[form], [field]: value },
    check,
    field,
    message,
  }));
}

export const invalidData: Record<FormId, InvalidCase[]> = {
  newsletter: [...cases('newsletter', 0, 'Email', badEmails)],

  inquiry: [
    ...cases('inquiry', 0, 'Fname', blanks),
    ...cases('inquiry', 1, 'Email', badEmails),
    ...cases('inquiry', 2, 'Number', ['abc', '12 34', '+441234', '-1', '1.5', '０１２']),
    ...cases('inquiry', 3, 'Pname', blanks),
    {
      name: 'everything wrong: the name comes first',
      values: { Fname: '', Email: 'a b@c.de', Number: 'abc', Pname: '' },
      check: 0,
      field: 'Fname',
      message: messageOf('inquiry', 'Fname'),
      several: true,
    },
    {
      name: 'e-mail, phone and project wrong: the e-mail comes first',
      values: { ...validData.inquiry, Email: 'a@b', Number: 'x', Pname: '' },
      check: 1,
      field: 'Email',
      message: messageOf('inquiry', 'Email'),
      several: true,
    },
    {
      name: 'phone and project wrong: the phone comes first',
      values: { ...validData.inquiry, Number: '12-34', Pname: ' ' },
      check: 2,
      field: 'Number',
      message: messageOf('inquiry', 'Number'),
      several: true,
    },
  ],

  freelancer: [
    ...cases('freelancer', 0, 'fullName', blanks),
    ...cases('freelancer', 1, 'Email', badEmails),
    ...cases('freelancer', 2, 'Number', ['abc', '555 1234', '(555)1234']),
    ...cases('freelancer', 3, 'portfolioUrl', blanks),
    ...cases('freelancer', 4, 'Messsage', blanks),
    {
      name: 'everything wrong, optional fields empty: the name comes first',
      values: { fullName: ' ', Email: '@b.c', Number: 'n', portfolioUrl: '', SelectedTechnology: '', CvFile: '', Messsage: '' },
      check: 0,
      field: 'fullName',
      message: messageOf('freelancer', 'fullName'),
      several: true,
    },
    {
      name: 'phone, portfolio and message wrong: the phone comes first',
      values: { ...validData.freelancer, Number: 'abc', portfolioUrl: '', Messsage: '' },
      check: 2,
      field: 'Number',
      message: messageOf('freelancer', 'Number'),
      several: true,
    },
    {
      name: 'portfolio and message empty: the portfolio comes first',
      values: { ...validData.freelancer, portfolioUrl: '', Messsage: '' },
      check: 3,
      field: 'portfolioUrl',
      message: messageOf('freelancer', 'portfolioUrl'),
      several: true,
    },
  ],

  contact: [
    ...cases('contact', 0, 'Fullname', blanks),
    ...cases('contact', 1, 'Company', blanks),
    // The contact phone needs at least one digit: empty fails here (the inquiry's passes).
    ...cases('contact', 2, 'Number', ['', 'abc', '12 34', '+4412']),
    ...cases('contact', 3, 'Email', badEmails),
    ...cases('contact', 4, 'Messsage', blanks),
    {
      name: 'everything wrong: the name comes first',
      values: { Fullname: '', Company: '', Number: '', Email: '', Your: '', Messsage: '' },
      check: 0,
      field: 'Fullname',
      message: messageOf('contact', 'Fullname'),
      several: true,
    },
    {
      name: 'company, phone, e-mail and message wrong: the company comes first',
      values: { ...validData.contact, Company: ' ', Number: 'x', Email: 'a@b', Messsage: '' },
      check: 1,
      field: 'Company',
      message: messageOf('contact', 'Company'),
      several: true,
    },
    {
      name: 'phone empty and e-mail wrong: the phone comes first (spec order)',
      values: { ...validData.contact, Number: '', Email: 'a b@c.de' },
      check: 2,
      field: 'Number',
      message: messageOf('contact', 'Number'),
      several: true,
    },
    {
      name: 'e-mail wrong and message empty: the e-mail comes first',
      values: { ...validData.contact, Email: 'a@b.c ', Messsage: '' },
      check: 3,
      field: 'Email',
      message: messageOf('contact', 'Email'),
      several: true,
    },
  ],
};
