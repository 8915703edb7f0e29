/** The forms our server accepts, looked up by the collection their documents go to. */
import forms from '../../config/forms';
import type { FieldConfig, FormConfig } from '../forms/formSchema';

const all: FormConfig[] = Object.values(forms);

export function formForCollection(collection: string): FormConfig | undefined {
  return all.find((form) => form.collection === collection);
}

export type UploadConfig = NonNullable<FieldConfig['upload']>;

/** The upload settings for a storage folder ("Image/CvDeveloper/"), if some form uploads there. */
export function uploadForPrefix(prefix: string): UploadConfig | undefined {
  for (const form of all) {
    for (const field of form.fields) if (field.upload?.pathPrefix === prefix) return field.upload;
  }
  return undefined;
}

export const allUploads: UploadConfig[] = all.flatMap((form) => form.fields.flatMap((f) => (f.upload ? [f.upload] : [])));
