/**
 * A form the code does not know, as the content editor would write it (config/forms/<name>.ts,
 * the shape of docs/content-files.md): a campaign's audit request with a question shown only for
 * one answer and a file. Tests hand it to our server as a build's manifest does
 * (src/site/server/servedContent.ts takeServedContent), never through config/forms.
 */
import forms from '../../config/forms';
import messages from '../../config/forms/_messages';
import type { FormConfig } from '../site/forms/model/formSchema';

const cv = forms.freelancer.fields.find((field) => field.kind === 'file')!.upload!;

export const NEW_FORM_NAME = 'free-website-audit';

export const newForm = {
  title: 'Free website audit',
  collection: 'FreeWebsiteAudit',
  submitLabel: 'Ask for my audit',
  submittingLabel: 'Asking…',
  layout: 'stacked',
  fields: [
    { name: 'fullName', kind: 'text', label: 'Your name', autoComplete: 'name', maxLength: 100, required: true },
    { name: 'email', kind: 'email', label: 'Your e-mail', autoComplete: 'email', maxLength: 254, required: true },
    { name: 'currentSite', kind: 'url', label: 'Your current site', maxLength: 2000 },
    {
      name: 'monthlyBudget',
      kind: 'select',
      label: 'Monthly budget',
      maxLength: 100,
      options: [
        { value: 'low', label: 'Under 500 a month' },
        { value: 'high', label: 'Over 500 a month' },
      ],
    },
    { name: 'projectType', kind: 'select', label: 'Project type', maxLength: 100, options: [{ value: 'A company website' }, { value: 'An online shop' }] },
    {
      name: 'platform',
      kind: 'select',
      label: 'Which platform?',
      maxLength: 100,
      options: [{ value: 'Shopify' }, { value: 'WooCommerce' }],
      showWhen: { field: 'projectType', is: ['An online shop'] },
    },
    { name: 'brief', kind: 'file', label: 'Your brief', maxLength: 2000, upload: { ...cv, pathPrefix: 'Image/FreeWebsiteAudit/' } },
  ],
  checks: [
    { field: 'fullName', rule: 'required', message: 'Your name, please' },
    { field: 'email', rule: 'email', message: 'An e-mail address, please' },
  ],
  reset: 'afterSave',
  success: { toast: 'Thank you: your audit is on its way', variant: 'success' },
  failure: { toast: 'That did not go through', variant: 'error' },
  kind: 'client',
  columns: { name: 'fullName', email: 'email' },
  notify: { subject: 'Audit for {fullName}: {currentSite}', email: true, webhook: true },
  autoReply: { subject: 'Your audit, {fullName}', text: 'Hello {fullName},\n\nWe are looking at your site.' },
  retention: { days: 90, cvDays: 30 },
  messages,
} satisfies FormConfig;

/** The same form after an editor removed its budget question (kept under `retired`). */
export const newFormWithoutBudget: FormConfig = {
  ...newForm,
  fields: newForm.fields.filter((field) => field.name !== 'monthlyBudget'),
  retired: [{ name: 'monthlyBudget', label: 'Monthly budget', kind: 'select' }],
};
