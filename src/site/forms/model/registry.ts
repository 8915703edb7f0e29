/**
 * The site's forms, by the name pages and the footer place them with (config/forms/index.ts)
 * and by the collection their documents go to. The one place anything looks a form up: the
 * form renderer, the browser's outbox, our server's endpoints and the leads CLI.
 */
import forms from '../../../../config/forms';
import type { FieldConfig, FormConfig } from './formSchema';

export type FormName = keyof typeof forms;
export type UploadConfig = NonNullable<FieldConfig['upload']>;

const bundled: Readonly<Record<string, FormConfig>> = forms;
let byName: Readonly<Record<string, FormConfig>> = bundled;
let all: readonly FormConfig[] = Object.values(byName);

/**
 * Our server looks forms up in the build it serves (its site manifest's `forms`): a publish from
 * the content editor changes texts and options, and the server checks posts with them from the
 * moment the new build is live, without a restart. The data contract stays this code's: a form
 * is taken from the build only under a name this code knows, with the same collection and the
 * same field keys and kinds (else the bundled one is kept). Returns the names taken.
 */
export function takeBuiltForms(built: Readonly<Record<string, unknown>> | undefined): string[] {
  const taken: string[] = [];
  const next: Record<string, FormConfig> = {};
  for (const [name, form] of Object.entries(bundled)) {
    const candidate = built?.[name] as FormConfig | undefined;
    const sameContract =
      candidate !== undefined &&
      candidate.collection === form.collection &&
      Array.isArray(candidate.fields) &&
      JSON.stringify(candidate.fields.map((f) => [f.name, f.kind])) === JSON.stringify(form.fields.map((f) => [f.name, f.kind]));
    next[name] = sameContract ? candidate : form;
    if (sameContract) taken.push(name);
  }
  byName = next;
  all = Object.values(byName);
  return taken;
}

/** Every collection a form writes to. */
export const knownCollections: readonly string[] = all.map((form) => form.collection);

export function formNamed(name: string): FormConfig | undefined {
  return Object.hasOwn(byName, name) ? byName[name] : undefined;
}

export function formForCollection(collection: string): FormConfig | undefined {
  return all.find((form) => form.collection === collection);
}

/** The name config/forms/index.ts gives the form writing to a collection (inquiry, contact, …). */
export function formNameOf(collection: string): FormName | undefined {
  return (Object.keys(byName) as FormName[]).find((name) => byName[name]!.collection === collection);
}

/** The upload settings for a storage folder ("Image/CvDeveloper/"), if some form uploads there. */
export function uploadForPrefix(prefix: string): UploadConfig | undefined {
  return allUploads.find((upload) => upload.pathPrefix === prefix);
}

export const allUploads: readonly UploadConfig[] = all.flatMap((form) => form.fields.flatMap((f) => (f.upload ? [f.upload] : [])));

/** Every form of config/forms. */
export const allForms: readonly FormConfig[] = all;

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
