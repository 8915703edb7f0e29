/**
 * A test-only form of the kind the office makes (docs/content-files.md): every new field kind,
 * a condition on a radio answer, a chain (a field shown by a conditional field), a condition on
 * checkboxes, and checks with the new rules. Passed to the same functions as config/forms' forms.
 */
import forms from '../../config/forms';
import type { FormConfig } from '../site/forms/model/formSchema';

export const auditForm: FormConfig = {
  collection: 'ProbeAudit',
  kind: 'client',
  columns: { name: 'fullName', email: 'email' },
  submitLabel: 'Send the probe',
  submittingLabel: 'Sending the probe…',
  layout: 'stacked',
  fields: [
    { name: 'fullName', kind: 'text', label: 'Probe name', maxLength: 100, required: true },
    { name: 'email', kind: 'email', label: 'Probe mail', maxLength: 254, required: true },
    { name: 'website', kind: 'url', label: 'Probe site', maxLength: 2000 },
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
    { name: 'extras', kind: 'checkboxes', label: 'Probe extras', maxLength: 100, options: [{ value: 'Logo' }, { value: 'Texts' }, { value: 'Photos' }] },
    { name: 'photoCount', kind: 'number', label: 'Probe photo count', maxLength: 30, showWhen: { field: 'extras', is: ['Photos'] } },
    { name: 'launch', kind: 'date', label: 'Probe launch', maxLength: 10 },
    { name: 'brief', kind: 'textarea', label: 'Probe brief', maxLength: 2000 },
    { name: 'agree', kind: 'consent', label: 'Probe: I agree to be contacted.', maxLength: 10, required: true },
  ],
  checks: [
    { field: 'fullName', rule: 'required', message: 'probe: name' },
    { field: 'email', rule: 'email', message: 'probe: mail' },
    { field: 'website', rule: 'url', message: 'probe: site' },
    { field: 'projectType', rule: 'required', message: 'probe: project' },
    { field: 'platform', rule: 'required', message: 'probe: platform' },
    { field: 'otherPlatform', rule: 'required', message: 'probe: other platform' },
    { field: 'photoCount', rule: 'number', message: 'probe: photo count' },
    { field: 'launch', rule: 'date', message: 'probe: launch' },
    { field: 'brief', rule: 'minLength', min: 5, message: 'probe: brief' },
    { field: 'agree', rule: 'required', message: 'probe: agree' },
  ],
  reset: 'afterSave',
  success: {},
  failure: {},
  notify: { subject: 'New probe from {fullName}', email: false, webhook: false },
  retention: { days: 30 },
  messages: forms.contact.messages,
};

/** Answers that pass every check of auditForm (the online shop on another platform, with photos). */
export const auditValid = {
  fullName: 'Zoë Probe',
  email: 'zoe@example.com',
  website: 'example.com',
  projectType: 'Online shop',
  platform: 'Other',
  otherPlatform: 'A probe platform',
  extras: ['Texts', 'Photos'],
  photoCount: '1 200',
  launch: '2027-03-01',
  brief: 'A brief long enough.',
  agree: true,
};
