/** The career page application form for freelancers. */
import type { FormConfig } from '../../src/site/forms/model/formSchema';
import messages from './_messages';

export default {
  collection: 'freelancers',
  submitLabel: 'Send Application',
  submittingLabel: 'Sending…',
  layout: 'stacked',
  fields: [
    { name: 'fullName', kind: 'text', label: 'Full Name', autoComplete: 'name', maxLength: 100, required: true, width: 'half' },
    { name: 'Email', kind: 'email', label: 'Email Address', autoComplete: 'email', maxLength: 254, required: true, width: 'half' },
    { name: 'Number', kind: 'tel', label: 'Phone Number', autoComplete: 'tel-national', maxLength: 10, hint: 'Up to 10 digits, no spaces or +', width: 'half' },
    {
      name: 'portfolioUrl',
      kind: 'url',
      label: 'Portfolio URL',
      placeholder: 'https://',
      autoComplete: 'url',
      maxLength: 2048,
      required: true,
      width: 'half',
    },
    {
      name: 'SelectedTechnology',
      kind: 'select',
      label: 'Position',
      maxLength: 100,
      defaultValue: '',
      width: 'half',
      options: [
        { value: '', label: 'Select Position', disabled: true },
        { value: 'React.js', label: 'Web Desiner' },
        { value: 'Next.js', label: 'MERN Stack Developer' },
        { value: 'Express.js', label: 'Business Development Executive' },
        { value: 'Node.js' },
        { value: 'Fluter', label: 'Flutter' },
        { value: 'Android' },
      ],
    },
    {
      name: 'CvFile',
      kind: 'file',
      label: 'Your CV',
      maxLength: 2048,
      width: 'half',
      upload: {
        pathPrefix: 'Image/CvDeveloper/',
        extensions: ['.pdf', '.doc', '.docx'],
        mediaTypes: [
          'application/pdf',
          'application/msword',
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        ],
        maxBytes: 5242880,
        hint: 'PDF, DOC or DOCX, up to 5 MB.',
        uploading: 'Uploading {name}…',
        done: '{name} uploaded.',
        tooLarge: 'This file is larger than 5 MB. Please choose a smaller file.',
        wrongType: 'Please choose a PDF, DOC or DOCX file.',
        failed: 'The upload did not work. You can try again, or send the form without a CV.',
      },
    },
    { name: 'Messsage', kind: 'textarea', label: 'Message', rows: 4, maxLength: 5000, required: true },
  ],
  checks: [
    { field: 'fullName', rule: 'required', message: 'Please enter Full name' },
    { field: 'Email', rule: 'email', message: 'Please enter a valid email address' },
    { field: 'Number', rule: 'digits', message: 'Please enter a valid phone number 0-9 & 10 Character' },
    { field: 'portfolioUrl', rule: 'required', message: 'Please enter a portfolioUrl link for Http//' },
    { field: 'Messsage', rule: 'required', message: 'Please enter a message' },
  ],
  reset: 'afterSave',
  success: { toast: 'Thankyou For Connecting , We Will Meassage Soon.. For Join Team', variant: 'success' },
  failure: { toast: 'Plase Try agin', variant: 'error' },
  // What it brings (config/admin.ts `kinds`): insights count each kind apart.
  kind: 'application',
  // The fields that go in the exports' shared Name, Email and Phone columns.
  columns: { name: 'fullName', email: 'Email', phone: 'Number' },
  notify: { subject: 'New application from {fullName}', email: true, webhook: true },
  // The e-mail the applicant gets at once (only {fullName} may be used: nothing else they typed is in it).
  autoReply: {
    subject: 'We received your application',
    text: 'Hello {fullName},\n\nThank you for applying to join our team of freelancers. We look at every application and will contact you if your profile matches a project.\n\nThe Business Growth team',
  },
  // An application: kept one year; the CV itself half a year.
  retention: { days: 365, cvDays: 180 },
  messages,
} satisfies FormConfig;
