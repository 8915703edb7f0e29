/** The contact page form. */
import type { FormConfig } from '../../src/site/forms/model/formSchema';
import messages from './_messages';

export default {
  collection: 'Contact_cli',
  submitLabel: 'Send',
  submittingLabel: 'Sending…',
  layout: 'stacked',
  fields: [
    { name: 'Fullname', kind: 'text', label: 'Full Name', autoComplete: 'name', maxLength: 100, required: true, width: 'half' },
    { name: 'Company', kind: 'text', label: 'Business Name', autoComplete: 'organization', maxLength: 150, required: true, width: 'half' },
    { name: 'Number', kind: 'tel', label: 'Phone Number', autoComplete: 'tel-national', maxLength: 10, hint: 'Up to 10 digits, no spaces or +', required: true, width: 'half' },
    { name: 'Email', kind: 'email', label: 'Your Email Address', autoComplete: 'email', maxLength: 254, required: true, width: 'half' },
    {
      name: 'Your',
      kind: 'select',
      label: 'You are',
      maxLength: 100,
      defaultValue: 'You are a Business Man',
      // The specification: after a submit the visitor type is set to empty.
      valueAfterReset: '',
      options: [
        { value: '', label: 'Select one', disabled: true },
        { value: 'You are a Business Man', label: 'A Business Man' },
        { value: 'You are a Employes', label: 'An Employee' },
        { value: 'You are a Developer', label: 'A Developer' },
        { value: 'You are a Startup', label: 'A Startup' },
      ],
    },
    { name: 'Messsage', kind: 'textarea', label: 'Message', rows: 4, maxLength: 5000, required: true },
  ],
  checks: [
    { field: 'Fullname', rule: 'required', message: 'Please enter Full name' },
    { field: 'Company', rule: 'required', message: 'Please enter company Name' },
    { field: 'Number', rule: 'digitsRequired', message: 'Please enter a valid phone number 0-9 & 10 Character' },
    { field: 'Email', rule: 'email', message: 'Please enter a valid email address' },
    { field: 'Messsage', rule: 'required', message: 'Please enter a message' },
  ],
  // The specification: the contact form clears at once, whether or not the save works.
  reset: 'always',
  success: { toast: 'Thank you', variant: 'success' },
  // Nothing is shown on failure; the error is only logged.
  failure: {},
  keepInMemory: true,
  // What it brings (config/admin.ts `kinds`): insights count each kind apart.
  kind: 'client',
  // The fields that go in the exports' shared Name, Email and Phone columns.
  columns: { name: 'Fullname', email: 'Email', phone: 'Number' },
  notify: { subject: 'New message from {Fullname} ({Company})', email: true, webhook: true },
  // The e-mail the visitor gets at once (only {Fullname} may be used: nothing else they typed is in it).
  autoReply: {
    subject: 'We received your message',
    text: 'Hello {Fullname},\n\nThank you for contacting Business Growth. We have received your message and will get back to you within one working day.\n\nThe Business Growth team',
  },
  // A message to the agency: kept two years.
  retention: { days: 730 },
  messages,
} satisfies FormConfig;
