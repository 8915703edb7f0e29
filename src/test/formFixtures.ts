/**
 * Test fixtures for the four forms of config/forms, written from the specification
 * (sections 3, 5 and 8), not from the config: every message here is the spec's exact text.
 *
 * - `validData[form]`: values that pass every check (freelancer: with a CV URL and a position).
 * - `validVariants[form]`: more values that pass, e.g. with the optional fields left empty.
 * - `invalidData[form]`: one or more cases per check, in the spec's check order. Each case
 *   breaks the check it names (`check`, an index into the form's checks) while every earlier
 *   check passes; cases with `several: true` break several checks at once and expect the
 *   first of them, in spec order, to be the one reported.
 */
import type { FormValues } from '../forms/model/buildSchema';

export type FormId = 'newsletter' | 'inquiry' | 'freelancer' | 'contact';
export const formIds: FormId[] = ['newsletter', 'inquiry', 'freelancer', 'contact'];

export interface InvalidCase {
  /** What is wrong, for the test's name. */
  name: string;
  values: FormValues;
  /** The index, in the form's ordered checks, of the check expected to fail. */
  check: number;
  /** The field and the exact message the visitor is shown. */
  field: string;
  message: string;
  /** Several checks fail at once; the first in spec order wins. */
  several?: boolean;
}

/** The spec's messages (section 5). */
export const specMessages = {
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number 0-9 & 10 Character',
  firstName: 'Please enter first name',
  project: 'Please enter a Project',
  fullName: 'Please enter Full name',
  company: 'Please enter company Name',
  portfolio: 'Please enter a portfolioUrl link for Http//',
  message: 'Please enter a message',
} as const;

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

/** The spec's toasts (section 8); undefined: nothing is shown. */
export const specToasts: Record<FormId, { success?: string; failure?: string }> = {
  newsletter: {},
  inquiry: { success: 'Thankyou For Send', failure: 'Plas Try Agin' },
  freelancer: { success: 'Thankyou For Connecting , We Will Meassage Soon.. For Join Team', failure: 'Plase Try agin' },
  contact: { success: 'Thank you' },
};

/** E-mail addresses the spec's rule (text @ text . text, no spaces) refuses. */
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
    SelectedTechnology: 'React.js',
    CvFile: cvUrl,
    Messsage: 'I write compilers.',
  },
  contact: {
    Fullname: 'Alan Turing',
    Company: 'Bletchley Ltd',
    Number: '0711234567',
    Email: 'alan@example.co.uk',
    Your: 'You are a Business Man',
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
    { ...validData.freelancer, SelectedTechnology: 'Fluter', portfolioUrl: 'my site' },
    { ...validData.freelancer, SelectedTechnology: 'Android' },
  ],
  contact: [
    // The visitor type is not validated: empty, and every option, pass.
    { ...validData.contact, Your: '' },
    { ...validData.contact, Your: 'You are a Employes' },
    { ...validData.contact, Your: 'You are a Developer' },
    { ...validData.contact, Your: 'You are a Startup', Number: '1' },
  ],
};

const blanks = ['', '   ', '\t\n'];

function cases(form: FormId, check: number, field: string, message: string, bad: string[]): InvalidCase[] {
  return bad.map((value) => ({
    name: `${field} ${JSON.stringify(value)}`,
    values: { ...validData[form], [field]: value },
    check,
    field,
    message,
  }));
}

export const invalidData: Record<FormId, InvalidCase[]> = {
  newsletter: [...cases('newsletter', 0, 'Email', specMessages.email, badEmails)],

  inquiry: [
    ...cases('inquiry', 0, 'Fname', specMessages.firstName, blanks),
    ...cases('inquiry', 1, 'Email', specMessages.email, badEmails),
    ...cases('inquiry', 2, 'Number', specMessages.phone, ['abc', '12 34', '+441234', '-1', '1.5', '０１２']),
    ...cases('inquiry', 3, 'Pname', specMessages.project, blanks),
    {
      name: 'everything wrong: the name comes first',
      values: { Fname: '', Email: 'a b@c.de', Number: 'abc', Pname: '' },
      check: 0,
      field: 'Fname',
      message: specMessages.firstName,
      several: true,
    },
    {
      name: 'e-mail, phone and project wrong: the e-mail comes first',
      values: { ...validData.inquiry, Email: 'a@b', Number: 'x', Pname: '' },
      check: 1,
      field: 'Email',
      message: specMessages.email,
      several: true,
    },
    {
      name: 'phone and project wrong: the phone comes first',
      values: { ...validData.inquiry, Number: '12-34', Pname: ' ' },
      check: 2,
      field: 'Number',
      message: specMessages.phone,
      several: true,
    },
  ],

  freelancer: [
    ...cases('freelancer', 0, 'fullName', specMessages.fullName, blanks),
    ...cases('freelancer', 1, 'Email', specMessages.email, badEmails),
    ...cases('freelancer', 2, 'Number', specMessages.phone, ['abc', '555 1234', '(555)1234']),
    ...cases('freelancer', 3, 'portfolioUrl', specMessages.portfolio, blanks),
    ...cases('freelancer', 4, 'Messsage', specMessages.message, blanks),
    {
      name: 'everything wrong, optional fields empty: the name comes first',
      values: { fullName: ' ', Email: '@b.c', Number: 'n', portfolioUrl: '', SelectedTechnology: '', CvFile: '', Messsage: '' },
      check: 0,
      field: 'fullName',
      message: specMessages.fullName,
      several: true,
    },
    {
      name: 'phone, portfolio and message wrong: the phone comes first',
      values: { ...validData.freelancer, Number: 'abc', portfolioUrl: '', Messsage: '' },
      check: 2,
      field: 'Number',
      message: specMessages.phone,
      several: true,
    },
    {
      name: 'portfolio and message empty: the portfolio comes first',
      values: { ...validData.freelancer, portfolioUrl: '', Messsage: '' },
      check: 3,
      field: 'portfolioUrl',
      message: specMessages.portfolio,
      several: true,
    },
  ],

  contact: [
    ...cases('contact', 0, 'Fullname', specMessages.fullName, blanks),
    ...cases('contact', 1, 'Company', specMessages.company, blanks),
    // The contact phone needs at least one digit: empty fails here (the inquiry's passes).
    ...cases('contact', 2, 'Number', specMessages.phone, ['', 'abc', '12 34', '+4412']),
    ...cases('contact', 3, 'Email', specMessages.email, badEmails),
    ...cases('contact', 4, 'Messsage', specMessages.message, blanks),
    {
      name: 'everything wrong: the name comes first',
      values: { Fullname: '', Company: '', Number: '', Email: '', Your: '', Messsage: '' },
      check: 0,
      field: 'Fullname',
      message: specMessages.fullName,
      several: true,
    },
    {
      name: 'company, phone, e-mail and message wrong: the company comes first',
      values: { ...validData.contact, Company: ' ', Number: 'x', Email: 'a@b', Messsage: '' },
      check: 1,
      field: 'Company',
      message: specMessages.company,
      several: true,
    },
    {
      name: 'phone empty and e-mail wrong: the phone comes first (spec order)',
      values: { ...validData.contact, Number: '', Email: 'a b@c.de' },
      check: 2,
      field: 'Number',
      message: specMessages.phone,
      several: true,
    },
    {
      name: 'e-mail wrong and message empty: the e-mail comes first',
      values: { ...validData.contact, Email: 'a@b.c ', Messsage: '' },
      check: 3,
      field: 'Email',
      message: specMessages.email,
      several: true,
    },
  ],
};
