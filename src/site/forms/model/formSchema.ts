/**
 * The description of one file in config/forms: where its submissions go, its fields,
 * its ordered checks with their messages, and what the visitor sees afterwards.
 */
import {
  anyText,
  boolean,
  checkPlaceholders,
  contract,
  developerOnly,
  list,
  presenceFixed,
  longText,
  number,
  object,
  oneOf,
  optional,
  ownerOnly,
  mailedToStrangers,
  placeholders,
  sameInEveryLanguage,
  text,
  type CheckContext,
  type Infer,
  type Path,
  type Schema,
} from '../../../schema/schema';
import { MAX_RULE_MIN, isCountedRule, ruleNames } from '../../../platform/rules';
import { checkConditions } from './conditionCheck';

export const fieldKinds = ['text', 'email', 'tel', 'url', 'textarea', 'select', 'file', 'number', 'radio', 'checkboxes', 'date', 'consent'] as const;
type FieldKind = (typeof fieldKinds)[number];

/** The kinds whose value is one of `options` (checkboxes: a list of them). */
export const choiceKinds: readonly FieldKind[] = ['select', 'radio', 'checkboxes'];

/** The least a limit may be, in words for its sentence: `what` a field of this kind is, and `because` of what it needs as many characters. */
interface LeastLength {
  least: number;
  what: string;
  because: string;
}

/**
 * The fewest characters a field of each kind must accept (its `maxLength`), so that no form
 * refuses a real answer: our server refuses an answer longer than the limit, and a visitor's
 * browser gives up on a refused submission, so a lead refused for its length is lost. Why each
 * number is in docs/content-files.md ("How long an answer may be"). A choice field must accept its
 * longest option instead (checked with its options).
 */
const LEAST_LENGTH: Readonly<Record<(typeof fieldKinds)[number], LeastLength | undefined>> = {
  text: { least: 100, what: 'a text field', because: "a person's full name, or a business's or a project's name, can be that long" },
  email: { least: 254, what: 'an e-mail field', because: 'an e-mail address can be 254 characters long' },
  tel: { least: 10, what: 'a phone field', because: 'visitors may type 10 characters in a phone field' },
  url: { least: 2000, what: 'an address field', because: 'a web address can be 2000 characters long' },
  textarea: { least: 2000, what: 'a message field', because: 'a message of a few paragraphs is that long' },
  select: undefined,
  radio: undefined,
  checkboxes: undefined,
  // Its value is true or false, never text.
  consent: undefined,
  number: { least: 30, what: 'a number field', because: 'people type numbers with signs, decimals and separators, such as 1 250 000,50' },
  date: { least: 10, what: 'a date field', because: 'a date is sent as YYYY-MM-DD' },
  file: { least: 2000, what: 'a file field', because: "it holds the uploaded file's web address, which can be 2000 characters long" },
};

/**
 * Where a form made in the editor needs more than the specification's forms (their phone fields
 * take 10 digits, and stay so): a phone question of the office's own takes a number with its
 * country code and spaces.
 */
const OFFICE_LEAST_LENGTH: Partial<Record<(typeof fieldKinds)[number], LeastLength>> = {
  tel: { least: 30, what: 'a phone field', because: 'a number with its country code and spaces, such as +44 7700 900123, and an extension can be that long' },
};

const optionSchema = object({
  /** What is stored (spelled exactly as the agency's data has it). */
  value: sameInEveryLanguage(anyText()),
  /** What the visitor reads; defaults to the value. */
  label: optional(text()),
  /** A placeholder choice that cannot be picked ("Select Position"). */
  disabled: optional(boolean()),
});

const uploadSchema = object({
  /** Storage folder of uploaded files, ending with /: "Image/CvDeveloper/". */
  pathPrefix: contract(text()),
  /** File types accepted, by extension and by media type. */
  extensions: developerOnly(contract(list(contract(text()), { min: 1 }))),
  mediaTypes: developerOnly(contract(list(contract(text()), { min: 1 }))),
  /** Largest file accepted, in bytes. */
  maxBytes: developerOnly(number({ min: 1, integer: true })),
  hint: text(),
  uploading: text(),
  /** {name} is replaced by the file's name. */
  done: text(),
  tooLarge: text(),
  wrongType: text(),
  failed: text(),
});

/** Shows a field only when another field's answer is one of `is` (docs/content-files.md, "Fields shown when they apply"). */
const showWhenSchema = object({
  /** The `name` of the field whose answer decides (a select, radio or checkboxes field). */
  field: sameInEveryLanguage(text()),
  /** The answers (option values of that field) that show this field; for checkboxes, any of them ticked. */
  is: list(sameInEveryLanguage(anyText()), { min: 1 }),
  /** The condition in words, shown under the label when the page runs without JavaScript; left out: made from config/forms/_messages.ts onlyIf. */
  says: optional(text()),
});

const fieldSchema = object({
  /** The key this field is stored under, exactly as the agency's data spells it. */
  name: contract(text()),
  kind: contract(oneOf(fieldKinds)),
  label: text(),
  placeholder: optional(text()),
  /**
   * A line under the field, shown from the start (until a check's message takes its place): what
   * the field takes, so a visitor knows its limit before the box stops taking characters.
   */
  hint: optional(text()),
  /** Browser autofill hint: name, email, tel, organization, url. */
  autoComplete: developerOnly(optional(text())),
  /**
   * The most characters the field accepts (the input stops there; our server refuses more): at
   * least what a real answer of its kind needs (LEAST_LENGTH below). Only an owner changes it.
   */
  maxLength: ownerOnly(developerOnly(number({ min: 1, max: 100000, integer: true })), 'accepts'),
  /** Text areas: visible lines. */
  rows: developerOnly(optional(number({ min: 1, max: 30, integer: true }))),
  /** Shows the field as required (a star, and aria-required for screen readers). */
  required: developerOnly(optional(boolean())),
  /** Select fields: the choices, in order. */
  options: presenceFixed(optional(list(optionSchema, { min: 1 }))),
  /** The value when the form first shows (select fields). */
  defaultValue: developerOnly(optional(anyText())),
  /** The value after the form clears, when it differs from defaultValue. */
  valueAfterReset: developerOnly(optional(anyText())),
  /** Half-width fields sit two to a row on wide screens. */
  width: developerOnly(optional(oneOf(['full', 'half']))),
  /** File fields: what may be uploaded and what the visitor is told. */
  upload: presenceFixed(optional(uploadSchema)),
  /** Shown (and its checks run) only when another field has one of some answers; hidden, it is sent empty. */
  showWhen: optional(showWhenSchema),
});

/** A field removed from a form after its leads were stored: its key is never used again, and the inbox shows old leads' values by its label. */
const retiredFieldSchema = object({
  name: contract(text()),
  label: text(),
  kind: contract(oneOf(fieldKinds)),
});

const checkSchema = object({
  /** The `name` of the field checked. */
  field: contract(text()),
  rule: contract(oneOf(ruleNames)),
  /** The number of a rule that needs one (minLength: the fewest characters). */
  min: optional(number({ min: 1, max: MAX_RULE_MIN, integer: true })),
  /** Shown to the visitor when the check fails. */
  message: text(),
});

const outcomeSchema = object({
  /** A toast message; leave out to show nothing (the result is still logged). */
  toast: optional(text()),
  variant: developerOnly(optional(oneOf(['success', 'error', 'info', 'warning']))),
});

/** What the agency is told of each new submission (config/server.ts `notifications` holds the rest of the wording). */
const notifySchema = object({
  /** The e-mail's heading (its first line), and the webhook's summary: {field name} is replaced by what the visitor typed. The e-mail's subject is the conversation's with the visitor. */
  subject: text(),
  /** Mail the agency (SMTP_URL, NOTIFY_TO) on each new submission. Only an owner changes it. */
  email: ownerOnly(boolean(), 'told'),
  /** Call the webhook (WEBHOOK_URL) on each new submission. Only an owner changes it. */
  webhook: ownerOnly(boolean(), 'told'),
});

/**
 * The e-mail the visitor gets at once (docs/inbox.md "Auto-replies"): the agency's words only,
 * mailed to any address a stranger types, so only an owner changes them, and a link in them may
 * lead only to the site itself.
 * {name field} (the field `columns.name` names; without `columns`, the one with autoComplete
 * "name") is the one placeholder: the only thing the visitor typed that it carries, cut short
 * (config/server.ts notifications.autoReply). A form's other answers (an address, a message, a
 * choice) could carry anyone's words to a stranger's mailbox, so none of them may be used.
 */
const autoReplySchema = ownerOnly(
  object({
    subject: mailedToStrangers(text()),
    text: mailedToStrangers(longText()),
  }),
  'strangers',
);

/** Which of the form's fields go in the columns every form shares (exports, the person's card): the sender's name, e-mail and phone. */
const columnsSchema = object({
  name: optional(sameInEveryLanguage(text())),
  email: optional(sameInEveryLanguage(text())),
  phone: optional(sameInEveryLanguage(text())),
});

const baseFormSchema = object({
  /** The form's name in the editor and the inbox (a form the office made; the seed's four have theirs in config/admin.ts `forms`). */
  title: optional(text()),
  /** The database collection, spelled exactly as the agency's data has it. */
  collection: contract(text()),
  /** What the form brings: a key of config/admin.ts `kinds` (client leads, applications, sign-ups…); insights count each kind apart. */
  kind: developerOnly(text()),
  /** The fields (by `name`) that go in the shared Name, Email and Phone columns of the exports: who a lead is from (replies, erasure). Only an owner changes it. */
  columns: ownerOnly(developerOnly(contract(columnsSchema)), 'sender'),
  /** The submit button's text (the newsletter's arrow button uses it as its name). */
  submitLabel: text(),
  submittingLabel: text(),
  /** 'stacked' puts fields under each other; 'inline' puts one field and an arrow button on a line. */
  layout: developerOnly(oneOf(['stacked', 'inline'])),
  fields: contract(list(fieldSchema, { min: 1 })),
  /** Checked in this order; the first that fails is the only message shown. */
  checks: contract(list(checkSchema)),
  /** Fields removed after a publish (a form the office made): their keys are never reused, and old leads keep their values. */
  retired: contract(optional(list(retiredFieldSchema))),
  /** When the fields clear: after a successful save, or at once whatever happens. */
  reset: developerOnly(oneOf(['afterSave', 'always'])),
  success: outcomeSchema,
  failure: outcomeSchema,
  notify: notifySchema,
  /** Leave out for no auto-reply (never sent for a submission the spam trap caught). */
  autoReply: optional(autoReplySchema),
  /**
   * Whether a submission is someone waiting for the agency's answer (left out: yes): it arrives
   * unread (counted in the inbox's number and the tab's title) and its person waits for the
   * agency (first in the list's order, in the daily mail). No (a newsletter sign-up): it is
   * listed under its form, neither unread nor waiting (src/leads/server/attention.ts).
   */
  awaitsAnswer: developerOnly(optional(boolean())),
  /** Also keep each submission in a list in the page's memory (contact form). */
  keepInMemory: developerOnly(optional(boolean())),
  /**
   * How long our server keeps what this form stored (docs/inbox.md, "Retention"): each lead is deleted
   * `days` after it arrived, and an uploaded CV after `cvDays` (forms with a file field).
   */
  retention: developerOnly(
    object({
      days: number({ min: 1, integer: true }),
      cvDays: optional(number({ min: 1, integer: true })),
    }),
  ),
  /** Answers for requests no honest browser sends; our server replies with them. */
  messages: developerOnly(
    object({
      /** {label} and {max} are replaced. */
      tooLong: text(),
      /** {label} is replaced. */
      notText: text(),
      /** {label} is replaced. */
      notAnOption: text(),
      unknownKey: text(),
      missingKey: text(),
      /** A value sent for a field its condition hides. {label} is replaced. */
      notShown: text(),
      /** A condition in words (without JavaScript every field shows): {label} and {values} are replaced. */
      onlyIf: text(),
      /** Joins the answers in onlyIf's {values}. */
      onlyIfOr: text(),
    }),
  ),
});

export type FormConfig = Infer<typeof baseFormSchema>;
export type FieldConfig = FormConfig['fields'][number];

/**
 * A field's limit against what real answers need (LEAST_LENGTH, or a choice field's longest
 * option), and a choice field's starting values against its options that cannot be picked: our
 * server refuses both, whoever set them (a developer in the file, an owner in the editor).
 */
function checkLimit(field: Partial<FieldConfig>, at: Path, ctx: CheckContext, least: Partial<typeof LEAST_LENGTH> = LEAST_LENGTH): void {
  const { maxLength, kind } = field;
  const options = Array.isArray(field.options) ? field.options.filter((o) => o && typeof o === 'object' && typeof o.value === 'string') : [];
  if (typeof maxLength === 'number' && Number.isInteger(maxLength) && maxLength >= 1) {
    const longest = options.reduce<string | undefined>((found, o) => (found === undefined || o.value.length > found.length ? o.value : found), undefined);
    const need: LeastLength | undefined =
      typeof kind === 'string' && Object.hasOwn(least, kind) && least[kind]
        ? least[kind]
        : longest !== undefined
          ? { least: longest.length, what: 'a choice field', because: `its option ${JSON.stringify(longest)} is ${longest.length} characters long` }
          : undefined;
    if (need && maxLength < need.least) {
      ctx.report(
        [...at, 'maxLength'],
        `is ${maxLength}, but ${need.what} must accept at least ${need.least} characters (${need.because}): with less, our server refuses real answers and their leads are lost. Use ${need.least} or more.`,
        { kind: 'limitTooLow', values: { value: maxLength, least: need.least, what: need.what, because: need.because } },
      );
    }
  }
  // The value a choice field starts with (or returns to) is sent as it is: an option visitors cannot pick is refused.
  options.forEach((option, n) => {
    if (option.disabled !== true || option.value === '') return;
    const starts = (['defaultValue', 'valueAfterReset'] as const).find((key) => field[key] === option.value);
    if (starts === undefined) return;
    ctx.report(
      [...at, 'options', n, 'disabled'],
      `is true, but this option (${JSON.stringify(option.value)}) is the field's ${starts}, and our server refuses an option that cannot be picked: every visitor who leaves the field as it is would be refused. Remove disabled, or make another option the ${starts}.`,
      { kind: 'disabledStart', values: { value: option.value } },
    );
  });
}

/** A form made in the editor's limits where they are more than the specification's forms' (OFFICE_LEAST_LENGTH). */
export function checkOfficeLimits(value: unknown, path: Path, ctx: CheckContext): void {
  const fields = value && typeof value === 'object' && Array.isArray((value as Partial<FormConfig>).fields) ? (value as FormConfig).fields : [];
  fields.forEach((f, i) => {
    if (f && typeof f === 'object' && typeof f.kind === 'string' && Object.hasOwn(OFFICE_LEAST_LENGTH, f.kind))
      checkLimit(f, [...path, 'fields', i], ctx, OFFICE_LEAST_LENGTH);
  });
}

/** The form description plus what one key cannot know alone: checks name real fields, names are unique. */
export const formSchema: Schema<FormConfig> = {
  ...baseFormSchema,
  check(value, path, ctx) {
    const given = value as Partial<FormConfig> | null;
    if (given && typeof given === 'object' && !Array.isArray(given) && given.retention === undefined) {
      // Said in the form's own terms (the privacy page and the server's deletions read it), and
      // the rest checked as usual.
      ctx.report(
        [...path, 'retention'],
        'is missing: every form needs a retention period, which our server enforces and the privacy page shows. Add retention: { days: <number> } (730 is two years).',
        { kind: 'developerSetting' },
      );
      baseFormSchema.check({ ...given, retention: { days: 1 } }, path, ctx);
    } else {
      baseFormSchema.check(value, path, ctx);
    }
    const form = value as Partial<FormConfig> | null;
    if (!form || !Array.isArray(form.fields)) return;
    const names = form.fields.map((f) => (f && typeof f === 'object' ? f.name : undefined));
    const retiredNames = (Array.isArray(form.retired) ? form.retired : []).map((f) => (f && typeof f === 'object' ? f.name : undefined));
    retiredNames.forEach((name, i) => {
      if (typeof name === 'string' && (names.includes(name) || retiredNames.indexOf(name) !== i)) {
        ctx.report([...path, 'retired', i, 'name'], `${JSON.stringify(name)} is the key of a field removed earlier: a new question needs a key of its own.`, {
          kind: 'developerSetting',
        });
      }
    });
    names.forEach((name, i) => {
      if (typeof name === 'string' && names.indexOf(name) !== i) {
        ctx.report([...path, 'fields', i, 'name'], `${JSON.stringify(name)} is used by two fields. Each field needs its own name.`, {
          kind: 'developerSetting',
        });
      }
    });
    form.fields.forEach((f, i) => {
      if (!f || typeof f !== 'object') return;
      checkLimit(f, [...path, 'fields', i], ctx);
      if (typeof f.kind === 'string' && choiceKinds.includes(f.kind) && !f.options)
        ctx.report([...path, 'fields', i, 'options'], `is missing. A ${f.kind} field needs its list of options.`, { kind: 'missing' });
      if (f.kind === 'file' && !f.upload)
        ctx.report([...path, 'fields', i, 'upload'], 'is missing. A file field needs its upload settings.', { kind: 'developerSetting' });
      if (typeof f.kind === 'string' && choiceKinds.includes(f.kind) && Array.isArray(f.options)) {
        const values = f.options.map((o) => (o && typeof o === 'object' ? o.value : undefined)).filter((v): v is string => typeof v === 'string');
        for (const key of ['defaultValue', 'valueAfterReset'] as const) {
          const given = f[key];
          if (typeof given === 'string' && !values.includes(given)) {
            ctx.report(
              [...path, 'fields', i, key],
              `${JSON.stringify(given)} is not one of this field's options, so the form could not show it. Use one of: ${values.map((v) => JSON.stringify(v)).join(', ')}.`,
              { kind: 'notAChoice', values: { value: given, choices: values.join(', ') } },
            );
          }
        }
      }
    });
    const retention = form.retention as Partial<FormConfig['retention']> | undefined;
    if (retention && typeof retention.cvDays === 'number') {
      if (!form.fields.some((f) => f && typeof f === 'object' && f.kind === 'file')) {
        ctx.report([...path, 'retention', 'cvDays'], 'is set, but this form has no file field. Remove it, or add the file field it is meant for.', {
          kind: 'developerSetting',
        });
      } else if (typeof retention.days === 'number' && retention.cvDays > retention.days) {
        ctx.report(
          [...path, 'retention', 'cvDays'],
          `is ${retention.cvDays}, but the whole lead is deleted after ${retention.days} days. Make it at most ${retention.days}.`,
          { kind: 'developerSetting' },
        );
      }
    }
    const notify = form.notify as Partial<FormConfig['notify']> | undefined;
    if (notify && typeof notify === 'object') {
      checkPlaceholders(
        notify.subject,
        names.filter((n): n is string => typeof n === 'string'),
        'a field of this form',
        [...path, 'notify', 'subject'],
        ctx,
      );
    }
    const autoReply = form.autoReply as Partial<NonNullable<FormConfig['autoReply']>> | undefined;
    if (autoReply && typeof autoReply === 'object') {
      // The sender's name as the inbox and the mails read it (registry.ts senderFields): `columns.name`, else the autofill's name field.
      const named = (form.columns as Partial<FormConfig['columns']> | undefined)?.name;
      const name = typeof named === 'string' ? named : form.fields.find((f) => f && typeof f === 'object' && f.autoComplete === 'name')?.name;
      for (const key of ['subject', 'text'] as const) {
        for (const used of new Set(typeof autoReply[key] === 'string' ? placeholders(autoReply[key]) : [])) {
          if (used === name) continue;
          ctx.report(
            [...path, 'autoReply', key],
            `uses {${used}}, but an auto-reply may carry only the visitor's name (so the form cannot mail anyone someone else's words). ${name ? `Use {${name}}, or no placeholder.` : 'This form has no name field: write it without placeholders.'}`,
            { kind: 'autoReplyPlaceholder', values: { name: `{${used}}` } },
          );
        }
      }
    }
    const columns = form.columns as Partial<FormConfig['columns']> | undefined;
    if (columns && typeof columns === 'object') {
      const kinds = { name: undefined, email: 'email', phone: 'tel' } as const;
      for (const key of Object.keys(kinds) as (keyof typeof kinds)[]) {
        const named = columns[key];
        if (typeof named !== 'string') continue;
        const field = form.fields.find((f) => f && typeof f === 'object' && f.name === named);
        if (!field)
          ctx.report(
            [...path, 'columns', key],
            `${JSON.stringify(named)} is not a field of this form. Use one of: ${[...new Set(names.filter(Boolean))].join(', ')}.`,
            { kind: 'developerSetting' },
          );
        else if (kinds[key] && field.kind !== kinds[key])
          ctx.report(
            [...path, 'columns', key],
            `${JSON.stringify(named)} is a field of kind "${field.kind}", but this column takes a field of kind "${kinds[key]}".`,
            { kind: 'developerSetting' },
          );
      }
    }
    (Array.isArray(form.checks) ? form.checks : []).forEach((c, i) => {
      if (!c || typeof c !== 'object') return;
      if (typeof c.field === 'string' && !names.includes(c.field)) {
        ctx.report(
          [...path, 'checks', i, 'field'],
          `${JSON.stringify(c.field)} is not a field of this form. Use one of: ${[...new Set(names.filter(Boolean))].join(', ')}.`,
          { kind: 'developerSetting' },
        );
      }
      if (typeof c.rule === 'string' && isCountedRule(c.rule) && c.min === undefined)
        ctx.report([...path, 'checks', i, 'min'], `is missing. The rule "${c.rule}" needs its number: add min: <number>.`, { kind: 'missing' });
      if (typeof c.rule === 'string' && !isCountedRule(c.rule) && c.min !== undefined)
        ctx.report([...path, 'checks', i, 'min'], `is set, but the rule "${c.rule}" takes no number. Remove it.`, { kind: 'developerSetting' });
      const checked = form.fields!.find((f) => f && typeof f === 'object' && f.name === c.field);
      if (checked && (checked.kind === 'checkboxes' || checked.kind === 'consent') && c.rule !== 'required')
        ctx.report(
          [...path, 'checks', i, 'rule'],
          `is "${c.rule}", but ${JSON.stringify(c.field)} is a ${checked.kind} field, whose answer is ${checked.kind === 'consent' ? 'a ticked box or not' : 'a list of ticked options'}, not text: only "required" applies to it.`,
          { kind: 'developerSetting' },
        );
    });
    checkConditions(form.fields, [...path, 'fields'], ctx);
  },
};
