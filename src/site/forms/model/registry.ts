/**
 * The site's forms, by the name pages and the footer place them with (config/forms/index.ts)
 * and by the collection their documents go to. The one place anything looks a form up: the
 * bundled forms (`bundledForms`, a constant: the browser's code, the leads CLI) or a server's
 * (`createFormRegistry`, one per server as `app.served.forms`: its endpoints, leads and mails).
 */
import admin from '../../../../config/admin';
import forms from '../../../../config/forms';
import { checkOfficeLimits, formSchema, type FieldConfig, type FormConfig } from './formSchema';
import type { CheckContext } from '../../../schema/schema';

type FormName = string;
type UploadConfig = NonNullable<FieldConfig['upload']>;

/**
 * The specification's four forms: their collections, field keys, kinds, checks and order are the
 * data contract, and never change (the office changes their words only). Any other form is the
 * office's (config/forms/<name>.ts, made in the content editor), its fields its own.
 */
export const lockedForms = ['newsletter', 'inquiry', 'freelancer', 'contact'] as const satisfies readonly (keyof typeof forms)[];
type LockedForm = (typeof lockedForms)[number];

/** Whether a form is one of the four (its fields never change). */
export const isLocked = (name: string): name is LockedForm => (lockedForms as readonly string[]).includes(name);

const bundled: Readonly<Record<string, FormConfig>> = forms;

/** The answers our server gives that the specification's forms share (each imports config/forms/_messages.ts): a form made in the editor starts with them. */
export const sharedMessages: FormConfig['messages'] = bundled[lockedForms[0]!]!.messages;

/** The schema's refusals of a form given by a build (none: it can be taken). */
function refusalsOf(form: unknown): string[] {
  const refusals: string[] = [];
  const ctx: CheckContext = {
    file: 'the build',
    sitePaths: new Set(),
    formIds: new Set(),
    publicFileExists: () => true,
    report: (path, message) => refusals.push(`${path.join('.')} ${message}`),
  };
  formSchema.check(form, [], ctx);
  checkOfficeLimits(form, [], ctx);
  return refusals;
}

/**
 * Our server looks forms up in the build it serves (its site manifest's `forms`): a publish from
 * the content editor changes texts and options, and the server checks posts with them from the
 * moment the new build is live, without a restart. A locked form is taken only with the same
 * collection and the same field keys and kinds (else the bundled one is kept). Any other form is
 * taken when its fields pass the form schema and its collection is neither a locked form's nor
 * a form's taken before it (the locked ones first, then the build's order); else it is left out
 * (a bundled one of the office's is kept as bundled when the build's is refused). Returns the
 * forms by name and the names taken from the build.
 */
function formsOfBuild(built: Readonly<Record<string, unknown>> | undefined): { byName: Readonly<Record<string, FormConfig>>; taken: string[] } {
  const taken: string[] = [];
  const next: Record<string, FormConfig> = {};
  const collections = new Set<string>();
  for (const name of lockedForms) {
    const form = bundled[name]!;
    const candidate = built?.[name] as FormConfig | undefined;
    const sameContract =
      candidate !== undefined &&
      candidate.collection === form.collection &&
      Array.isArray(candidate.fields) &&
      JSON.stringify(candidate.fields.map((f) => [f.name, f.kind])) === JSON.stringify(form.fields.map((f) => [f.name, f.kind]));
    next[name] = sameContract ? candidate : form;
    collections.add(form.collection);
    if (sameContract) taken.push(name);
  }
  const names = [...new Set([...Object.keys(built ?? {}), ...Object.keys(bundled)])].filter((name) => !isLocked(name));
  for (const name of names) {
    const candidate = built?.[name];
    const free = (form: unknown): form is FormConfig =>
      form !== undefined && refusalsOf(form).length === 0 && !collections.has((form as FormConfig).collection);
    const form = free(candidate) ? candidate : Object.hasOwn(bundled, name) && free(bundled[name]) ? bundled[name] : undefined;
    if (!form) continue;
    next[name] = form;
    collections.add(form.collection);
    if (form === candidate) taken.push(name);
  }
  return { byName: next, taken };
}

/** The forms one list holds, by name and in order. */
interface Held {
  byName: Readonly<Record<string, FormConfig>>;
  all: readonly FormConfig[];
}
const held = (byName: Readonly<Record<string, FormConfig>>): Held => ({ byName, all: Object.values(byName) });
const bundledHeld = held(bundled);

/** Every look-up of a form, in the list `current` holds. */
function lookupsIn(current: () => Held) {
  /** Every collection a form writes to, the locked forms' first (follows the build served). */
  const knownCollections = (): readonly string[] => current().all.map((form) => form.collection);

  function formNamed(name: string): FormConfig | undefined {
    const { byName } = current();
    return Object.hasOwn(byName, name) ? byName[name] : undefined;
  }

  function formForCollection(collection: string): FormConfig | undefined {
    return current().all.find((form) => form.collection === collection);
  }

  /** The name config/forms/index.ts gives the form writing to a collection (inquiry, contact, free-website-audit, …). */
  function formNameOf(collection: string): FormName | undefined {
    const { byName } = current();
    return Object.keys(byName).find((name) => byName[name]!.collection === collection);
  }

  /**
   * A form's name for people (the inbox, its exports, mails): the seed's four by config/admin.ts
   * `forms`, any other by its own `title` (its name in config/forms when it has none).
   */
  function formTitle(name: string): string {
    if (isLocked(name)) return admin.forms[name];
    return formNamed(name)?.title ?? name;
  }

  /** Every form served, in order, by its name and its name for people. */
  const formTitles = (): { name: string; title: string }[] => Object.keys(current().byName).map((name) => ({ name, title: formTitle(name) }));

  /** The name a collection's form goes by for people (formTitle), or the collection itself when no form writes to it. */
  function collectionTitle(collection: string): string {
    const name = formNameOf(collection);
    return name === undefined ? collection : formTitle(name);
  }

  /** Every form's upload settings (follows the build served). */
  const allUploads = (): readonly UploadConfig[] => current().all.flatMap((form) => form.fields.flatMap((f) => (f.upload ? [f.upload] : [])));

  /** The upload settings for a storage folder ("Image/CvDeveloper/"), if some form uploads there. */
  function uploadForPrefix(prefix: string): UploadConfig | undefined {
    return allUploads().find((upload) => upload.pathPrefix === prefix);
  }

  /** Every form the server takes posts for (follows the build served). */
  const allForms = (): readonly FormConfig[] => current().all;

  return { knownCollections, formNamed, formForCollection, formNameOf, formTitle, formTitles, collectionTitle, uploadForPrefix, allUploads, allForms };
}

/** The look-ups of one list of forms (a server's, `FormRegistry`, or the bundled ones, `bundledForms`). */
export type FormLookups = ReturnType<typeof lookupsIn>;

/**
 * The forms of config/forms as the code bundles them, never changed: the browser's code (the
 * inbox) and anything that serves no build (the leads CLI, a store opened outside a server) look
 * forms up here.
 */
export const bundledForms: FormLookups = lookupsIn(() => bundledHeld);

/**
 * The forms one server checks posts with: the bundled ones until it takes a build's (`take`:
 * formsOfBuild's rules; returns the names taken from the build). One per server (servedContent.ts
 * makes it, as `app.served.forms`): two servers in one process each keep their own.
 */
export function createFormRegistry() {
  let current = bundledHeld;
  /** Looks forms up in this build's forms from now on (formsOfBuild); the names taken from it. */
  function take(next: Readonly<Record<string, unknown>> | undefined): string[] {
    const { byName, taken } = formsOfBuild(next);
    current = held(byName);
    return taken;
  }
  return { ...lookupsIn(() => current), take };
}

/** A server's forms (createFormRegistry). */
export type FormRegistry = ReturnType<typeof createFormRegistry>;

/**
 * The fields that say who sent a lead: its name, its e-mail fields (the first is the one to reply
 * to, and the person the lead belongs to) and its phone, as the form's `columns` (config/forms)
 * name them. The inbox's list, the notifications, the erasure, the sorting and the exports all ask here.
 */
export function senderFields(form: FormConfig | undefined): { name?: FieldConfig; emails: FieldConfig[]; phone?: FieldConfig } {
  if (!form) return { emails: [] };
  // A form of a build made before `columns` existed has none: its name field, its e-mail fields.
  const columns: Partial<FormConfig['columns']> = (form as Partial<FormConfig>).columns ?? { name: form.fields.find((f) => f.autoComplete === 'name')?.name };
  const named = (key: keyof FormConfig['columns']) => (columns[key] === undefined ? undefined : form.fields.find((f) => f.name === columns[key]));
  const name = named('name');
  const email = named('email');
  const phone = named('phone');
  const emails = [...(email ? [email] : []), ...form.fields.filter((f) => f.kind === 'email' && f !== email)];
  return { ...(name ? { name } : {}), emails, ...(phone ? { phone } : {}) };
}

/** What a form brings (config/forms `kind`), or the first kind of config/admin.ts for a form of an older build. */
export function kindOf(form: FormConfig | undefined, firstKind: string): string {
  return (form as Partial<FormConfig> | undefined)?.kind ?? firstKind;
}
