/**
 * The site's forms, by the name pages and the footer place them with (config/forms/index.ts)
 * and by the collection their documents go to. The one place anything looks a form up: the
 * form renderer, the browser's outbox, our server's endpoints and the leads CLI.
 */
import forms from '../../../config/forms';
import type { FieldConfig, FormConfig } from './formSchema';

export type FormName = keyof typeof forms;
export type UploadConfig = NonNullable<FieldConfig['upload']>;

const byName: Readonly<Record<string, FormConfig>> = forms;
const all: readonly FormConfig[] = Object.values(byName);

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
 * The fields that say who sent a lead: its name (the field with autoComplete "name") and its
 * e-mail fields (the first is the one to reply to). The inbox's list, the notifications, the
 * erasure and the sorting all ask here.
 */
export function senderFields(form: FormConfig | undefined): { name?: FieldConfig; emails: FieldConfig[] } {
  if (!form) return { emails: [] };
  const name = form.fields.find((f) => f.autoComplete === 'name');
  return { ...(name ? { name } : {}), emails: form.fields.filter((f) => f.kind === 'email') };
}
