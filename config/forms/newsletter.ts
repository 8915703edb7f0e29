/** The footer's newsletter sign-up ('Are You A Business Man?'). */
import type { FormConfig } from '../../src/site/forms/model/formSchema';
import messages from './_messages';

export default {
  collection: 'subcribe',
  submitLabel: 'Subscribe',
  submittingLabel: 'Subscribing…',
  layout: 'inline',
  fields: [
    { name: 'Email', kind: 'email', label: 'Your email address', placeholder: 'Enter your email', autoComplete: 'email', maxLength: 254 },
  ],
  checks: [{ field: 'Email', rule: 'email', message: 'Please enter a valid email address' }],
  reset: 'afterSave',
  // The specification shows nothing either way; the result is only logged.
  success: {},
  failure: {},
  // What it brings (config/admin.ts `kinds`): insights count each kind apart.
  kind: 'subscriber',
  // A sign-up is nobody waiting for the agency's answer: listed under its form, never unread or waiting.
  awaitsAnswer: false,
  // The fields that go in the exports' shared Name, Email and Phone columns.
  columns: { email: 'Email' },
  // A sign-up is not worth an e-mail each: it goes to the webhook only (a chat channel, say).
  notify: { subject: 'New newsletter sign-up: {Email}', email: false, webhook: true },
  // A newsletter sign-up: kept five years (erase one sooner from the inbox when someone unsubscribes).
  retention: { days: 1825 },
  messages,
} satisfies FormConfig;
