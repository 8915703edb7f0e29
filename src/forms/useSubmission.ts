/**
 * What happens after a valid submit, as the form's config says: build the document,
 * save it through the data port, show the outcome toast (or nothing), log, and clear
 * the fields after a save or at once.
 */
import { useRef } from 'react';
import { notify } from '../app/notify';
import { useDataPort } from '../data/DataPortContext';
import type { FormValues } from './buildSchema';
import { buildDocument } from './document';
import type { FormConfig } from './formSchema';
import { keepInMemory } from './memory';

export function useSubmission(
  form: FormConfig,
  resetFields: () => void,
  pendingUpload: () => Promise<unknown>,
  currentValues?: () => FormValues,
) {
  const port = useDataPort();
  const inFlight = useRef(false);

  return async function submit(raw: FormValues) {
    if (inFlight.current) return; // a second click while saving saves nothing more
    inFlight.current = true;
    try {
      // A CV still uploading is waited for, so its URL is part of the document.
      await pendingUpload().catch(() => undefined);
      const values = { ...raw };
      // `raw` was taken when the submit began; a file field's URL may only have arrived since.
      if (currentValues) {
        const now = currentValues();
        for (const f of form.fields) if (f.kind === 'file') values[f.name] = now[f.name] ?? '';
      }
      const document = buildDocument(form, values);
      if (form.keepInMemory) keepInMemory(form.collection, document);
      if (form.reset === 'always') resetFields();
      try {
        const saved = await port.saveDocument(form.collection, document);
        console.info(`Saved to ${form.collection}:`, saved.id);
        if (form.success.toast) notify(form.success.toast, form.success.variant ?? 'success');
        if (form.reset === 'afterSave') resetFields();
      } catch (error) {
        console.error(`Could not save to ${form.collection}:`, error);
        if (form.failure.toast) notify(form.failure.toast, form.failure.variant ?? 'error');
      }
    } finally {
      inFlight.current = false;
    }
  };
}
