import { section, sectionType } from '../../../schema/common';
import {
  checkFacts,
  describe,
  factTemplate,
  formRef,
  heading,
  list,
  longText,
  object,
  optional,
  ownerOnly,
  placeholders,
  text,
  TEXT_LIMITS,
  type Infer,
} from '../../../schema/schema';

/**
 * What the site does with what visitors send (the privacy page): who is responsible, each form
 * with what it collects, why, where it is kept, for how long and who is told, and the visitor's
 * rights. What config already says is read from there, never typed again: the agency's name,
 * address and e-mail (config/site.ts), each form's fields, retention and notifications
 * (config/forms), and where submissions are stored (the build's data adapter).
 */
const basePrivacySchema = section('privacy', {
  responsible: object({
    heading: heading(),
    /** {name}, {address} and {email} come from config/site.ts (the e-mail as a link): each must be there. */
    text: factTemplate(['name', 'address', 'email']),
  }),
  forms: object({
    heading: heading(),
    text: optional(longText()),
    /** Every form of config/forms, in the order shown: its name for visitors and why it asks. */
    items: list(object({ form: formRef(), name: text(), purpose: text() }), { min: 1 }),
    /** The headings of each form's lines. */
    labels: object({ purpose: text(), collects: text(), storage: text(), kept: text(), told: text() }),
    /** The form's retention (config/forms, `retention.days`): {days} is filled in, and must be there (no figure of its own). */
    keptFor: factTemplate(['days']),
    /** An uploaded CV's own period (`retention.cvDays`), after keptFor: {days} must be there. */
    cvKeptFor: factTemplate(['days']),
    /** Where submissions are kept: shown for the build's data adapter (our own server, or Firebase). */
    storage: object({ local: text(), firebase: text() }),
    /**
     * Who is told of a new submission, from the form's `notify`: by e-mail, by the webhook, or
     * nobody. Each line states what the owner's switches decide: only an owner changes them.
     */
    told: ownerOnly(object({ email: text(), webhook: text(), none: text() }), 'told'),
  }),
  /**
   * What is counted of visits, and kept with a lead of where it came from (src/leads/server/visits.ts,
   * src/leads/server/sources.ts): `local` for a site on our own server, with `keptFor` ({days}: how long
   * the daily counts are kept, config/server.ts visits.keepDays); `firebase` for a Firebase build,
   * which counts nothing.
   */
  visits: optional(
    object({
      heading: heading(),
      local: list(longText(), { min: 1 }),
      keptFor: factTemplate(['days']),
      firebase: text(),
    }),
  ),
  /**
   * The newsletter (src/newsletter/server): `local` for a site on our own server, its paragraphs
   * saying what is kept with a subscription (the consent), its states, how to unsubscribe and that
   * no tracking pixel is used, {days} being how long a sign-up waits for its confirmation
   * (config/server.ts newsletter.unconfirmedDays); `firebase` for a Firebase build, where no server
   * of ours sends the confirmation.
   */
  newsletter: optional(
    object({
      heading: heading(),
      /** Its paragraphs: one of them holds {days} (checked below), none writes a figure of its own. */
      local: list(describe(factTemplate(['days'], [], { maxLength: TEXT_LIMITS.paragraph }), { kind: 'longText' }), { min: 1 }),
      firebase: longText(),
    }),
  ),
  rights: object({
    heading: heading(),
    paragraphs: list(longText(), { min: 1 }),
    /**
     * How to ask for erasure: {email} is the agency's address from config/site.ts, as a link;
     * {days} how soon the agency answers (config/server.ts privacy.answerWithinDays). Both must be there.
     */
    erasure: factTemplate(['email', 'days'], ['email', 'days'], { maxLength: TEXT_LIMITS.paragraph }),
  }),
});
type PrivacySection = Infer<typeof basePrivacySchema>;

/** The privacy section, and what one key cannot know alone: every form of config/forms is listed once. */
const privacySchema: typeof basePrivacySchema = {
  ...basePrivacySchema,
  check(value, path, ctx) {
    basePrivacySchema.check(value, path, ctx);
    // The newsletter's paragraphs: the sign-up's waiting time is said in one of them.
    const paragraphs = (value as Partial<PrivacySection> | null)?.newsletter?.local;
    if (Array.isArray(paragraphs) && paragraphs.length > 0 && !paragraphs.some((p) => typeof p === 'string' && placeholders(p).includes('days')))
      checkFacts(paragraphs.join(' '), ['days'], [...path, 'newsletter', 'local'], ctx, { figures: false });
    const items = (value as Partial<PrivacySection> | null)?.forms?.items;
    if (!Array.isArray(items)) return;
    const listed = items.map((item) => (item && typeof item === 'object' ? item.form : undefined));
    listed.forEach((form, i) => {
      if (typeof form === 'string' && listed.indexOf(form) !== i)
        ctx.report([...path, 'forms', 'items', i, 'form'], `"${form}" is listed twice. List each form once.`, { kind: 'formListedTwice', values: { form } });
    });
    const missing = [...ctx.formIds].filter((form) => !listed.includes(form));
    if (missing.length > 0) {
      // Each form by the name the office knows it by (a new form's title), its id beside it for a developer.
      const named = missing.map((f) => (ctx.formTitles?.[f] !== undefined && ctx.formTitles[f] !== f ? `“${ctx.formTitles[f]}”` : `“${f}”`));
      ctx.report(
        [...path, 'forms', 'items'],
        `does not list ${missing.map((f, i) => `${named[i]}${named[i] === `“${f}”` ? '' : ` ("${f}")`}`).join(', ')}. Every form of config/forms must say here what it collects and why: add it to this list with its words.`,
        {
          kind: 'formsNotListed',
          values: { forms: named.join(', ') },
        },
      );
    }
  },
};

/** The privacy section type: its description, and an example of it (drawn when no page uses the type). */
export const privacy = sectionType(privacySchema, {
  type: 'privacy',
  responsible: { heading: 'Who', text: '{name} at {address}: {email}.' },
  forms: {
    heading: 'Forms',
    items: [{ form: 'contact', name: 'Contact', purpose: 'To answer.' }],
    labels: { purpose: 'Why', collects: 'What', storage: 'Where', kept: 'How long', told: 'Told' },
    keptFor: '{days} days.',
    cvKeptFor: 'CV {days} days.',
    storage: { local: 'Here.', firebase: 'There.' },
    told: { email: 'Mail.', webhook: 'Chat.', none: 'Nobody.' },
  },
  rights: { heading: 'Rights', paragraphs: ['Ask.'], erasure: 'Write to {email}: an answer within {days} days.' },
});
