/**
 * The test-only form of the kind the office makes (docs/content-files.md), in the shape the
 * content editor writes config/forms/<name>.ts: a campaign's "free website audit" with every
 * field kind the seed's forms lack, a condition on a radio answer, a chain (a field shown by a
 * conditional field), a condition on checkboxes, checks with the new rules, and a brief as a PDF.
 * Tests pass it to the same functions as config/forms' forms, or hand it to our server as a
 * build's manifest does (its `app.served.takeServedContent`: src/site/server/servedContent.ts),
 * never through config/forms.
 */
import forms from '../../config/forms';
import messages from '../../config/forms/_messages';
import type { FieldConfig, FormConfig } from '../site/forms/model/formSchema';

/** The brief's upload: the seed's CV limits, in a folder of the form's own. */
const brief = { ...forms.freelancer.fields.find((field) => field.kind === 'file')!.upload!, pathPrefix: 'Image/FreeWebsiteAudit/' };

/** Its name in config/forms (the file's name, the name pages place it by). */
export const AUDIT_FORM_NAME = 'free-website-audit';

export const auditForm = {
  title: 'Free website audit',
  collection: 'FreeWebsiteAudit',
  kind: 'client',
  columns: { name: 'fullName', email: 'email' },
  submitLabel: 'Send the probe',
  submittingLabel: 'Sending the probe…',
  layout: 'stacked',
  fields: [
    { name: 'fullName', kind: 'text', label: 'Probe name', autoComplete: 'name', maxLength: 100, required: true },
    { name: 'email', kind: 'email', label: 'Probe mail', autoComplete: 'email', maxLength: 254, required: true },
    { name: 'currentSite', kind: 'url', label: 'Probe site', maxLength: 2000 },
    {
      name: 'projectType',
      kind: 'radio',
      label: 'Probe project',
      maxLength: 100,
      required: true,
      options: [{ value: 'Company site' }, { value: 'Online shop' }],
    },
    {
      name: 'platform',
      kind: 'select',
      label: 'Probe platform',
      maxLength: 100,
      required: true,
      defaultValue: '',
      options: [{ value: '', label: 'Pick', disabled: true }, { value: 'Shopify' }, { value: 'Other' }],
      showWhen: { field: 'projectType', is: ['Online shop'] },
    },
    // A chain: shown only when platform is shown and says Other.
    {
      name: 'otherPlatform',
      kind: 'text',
      label: 'Probe other platform',
      maxLength: 100,
      showWhen: { field: 'platform', is: ['Other'], says: 'Probe: only for other platforms.' },
    },
    // A choice whose answers read otherwise than they are stored.
    {
      name: 'monthlyBudget',
      kind: 'select',
      label: 'Probe budget',
      maxLength: 100,
      options: [
        { value: 'low', label: 'Probe budget: low' },
        { value: 'high', label: 'Probe budget: high' },
      ],
    },
    { name: 'extras', kind: 'checkboxes', label: 'Probe extras', maxLength: 100, options: [{ value: 'Logo' }, { value: 'Texts' }, { value: 'Photos' }] },
    { name: 'photoCount', kind: 'number', label: 'Probe photo count', maxLength: 30, showWhen: { field: 'extras', is: ['Photos'] } },
    { name: 'launch', kind: 'date', label: 'Probe launch', maxLength: 10 },
    { name: 'notes', kind: 'textarea', label: 'Probe notes', maxLength: 2000 },
    { name: 'brief', kind: 'file', label: 'Probe brief', maxLength: 2000, upload: brief },
    { name: 'agree', kind: 'consent', label: 'Probe: I agree to be contacted.', maxLength: 10, required: true },
  ],
  checks: [
    { field: 'fullName', rule: 'required', message: 'probe: name' },
    { field: 'email', rule: 'email', message: 'probe: mail' },
    { field: 'currentSite', rule: 'url', message: 'probe: site' },
    { field: 'projectType', rule: 'required', message: 'probe: project' },
    { field: 'platform', rule: 'required', message: 'probe: platform' },
    { field: 'otherPlatform', rule: 'required', message: 'probe: other platform' },
    { field: 'photoCount', rule: 'number', message: 'probe: photo count' },
    { field: 'launch', rule: 'date', message: 'probe: launch' },
    { field: 'notes', rule: 'minLength', min: 5, message: 'probe: notes' },
    { field: 'agree', rule: 'required', message: 'probe: agree' },
  ],
  reset: 'afterSave',
  success: { toast: 'Probe: thank you', variant: 'success' },
  failure: { toast: 'Probe: not sent', variant: 'error' },
  notify: { subject: 'Probe from {fullName}: {currentSite}', email: true, webhook: true },
  autoReply: { subject: 'Your probe, {fullName}', text: 'Hello {fullName},\n\nA probe.' },
  retention: { days: 90, cvDays: 30 },
  messages,
} satisfies FormConfig;

/** Answers that pass every check of auditForm (the online shop on another platform, with photos, no brief). */
export const auditValid = {
  fullName: 'Zoë Probe',
  email: 'zoe@example.com',
  currentSite: 'example.com',
  projectType: 'Online shop',
  platform: 'Other',
  otherPlatform: 'A probe platform',
  monthlyBudget: 'high',
  extras: ['Texts', 'Photos'],
  photoCount: '1 200',
  launch: '2027-03-01',
  notes: 'Notes long enough.',
  brief: '',
  agree: true,
};

/** A field of auditForm by its key. */
export const auditField = (name: string): FieldConfig => (auditForm as FormConfig).fields.find((field) => field.name === name)!;

/** auditForm after an editor removed a question (kept under `retired`, its checks gone with it), as src/content/model/newForm.ts followLabels leaves it. */
export function auditWithout(name: string): FormConfig {
  const { label, kind } = auditField(name);
  return {
    ...auditForm,
    fields: auditForm.fields.filter((field) => field.name !== name),
    checks: auditForm.checks.filter((check) => check.field !== name),
    retired: [{ name, label, kind }],
  };
}
