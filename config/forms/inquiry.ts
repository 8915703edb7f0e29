/** The home page inquiry form ("LET'S DISCUSS YOUR REQUIREMENT"). */
import type { FormConfig } from '../../src/site/forms/model/formSchema';
import messages from './_messages';

export default {
  collection: 'Inquriy',
  submitLabel: 'Send Inquiry',
  submittingLabel: 'Sending…',
  layout: 'stacked',
  fields: [
    { name: 'Fname', kind: 'text', label: 'Full Name', autoComplete: 'name', maxLength: 100, required: true },
    { name: 'Email', kind: 'email', label: 'Email Address', autoComplete: 'email', maxLength: 254, required: true },
    { name: 'Number', kind: 'tel', label: 'Phone Number', autoComplete: 'tel-national', maxLength: 10, hint: 'Up to 10 digits, no spaces or +' },
    { name: 'Pname', kind: 'text', label: 'Your Project', placeholder: 'e.g. an online shop for my bakery', maxLength: 200, required: true },
  ],
  checks: [
    { field: 'Fname', rule: 'required', message: 'Please enter first name' },
    { field: 'Email', rule: 'email', message: 'Please enter a valid email address' },
    { field: 'Number', rule: 'digits', message: 'Please enter a valid phone number 0-9 & 10 Character' },
    { field: 'Pname', rule: 'required', message: 'Please enter a Project' },
  ],
  reset: 'afterSave',
  success: { toast: 'Thankyou For Send', variant: 'success' },
  failure: { toast: 'Plas Try Agin', variant: 'error' },
  // What it brings (config/admin.ts `kinds`): insights count each kind apart.
  kind: 'client',
  // The fields that go in the exports' shared Name, Email and Phone columns.
  columns: { name: 'Fname', email: 'Email', phone: 'Number' },
  // What the agency is told of each new inquiry (mail and webhook, once the settings of docs/inbox.md are made).
  notify: { subject: 'New inquiry from {Fname}: {Pname}', email: true, webhook: true },
  // The e-mail the visitor gets at once (only {Fname} may be used: nothing else they typed is in it).
  autoReply: {
    subject: 'Thank you for your inquiry',
    text: 'Hello {Fname},\n\nThank you for telling us about your project. We will study your requirement and get back to you within one working day.\n\nThe Business Growth team',
  },
  // A business inquiry: kept two years, long enough to follow up and to answer questions about a quote.
  retention: { days: 730 },
  messages,
} satisfies FormConfig;
