/**
 * What happens after a valid submit, as the form's config says: build the document, put
 * it in the browser's outbox (src/site/forms/submit/outbox.ts: it is not lost if the save fails), save
 * it through the data port, show the outcome toast (or nothing), log, and clear the fields
 * after a save or at once. A failed submission sent again as it was filled is the same
 * submission (its key): stored once, and the visitor is told it was sent; saved later by the
 * outbox, the form still on the page says so and clears, as after its own send.
 */
import { useEffect, useRef } from 'react';
import { notify } from '../../islands/toasts/notify';
import { useDataPort } from '../../data/DataPortContext';
import { fieldRefusalOf, serverRefusalOf, type FieldRefusal } from '../../data/port';
import type { FormValues } from '../model/buildSchema';
import { buildDocument } from '../model/document';
import type { FormConfig } from '../model/formSchema';
import { keepInMemory } from './memory';
import { enqueue, isPermanent, onSaved, retryLater, send, type Pending } from './outbox';

export interface SubmissionOptions {
  resetFields: () => void;
  /** Resolves when a file still uploading is done (its URL belongs in the document). */
  pendingUpload: () => Promise<unknown>;
  /** The form's values now (a file field's URL may have arrived after the submit began). */
  currentValues?: () => FormValues;
  /**
   * The hidden spam-trap field (config/server.ts spamTrap): its name, and what it holds now.
   * Filled in (a robot, or a browser's autofill), it is sent along like any submission: our
   * server stores it marked as spam and tells nobody; the Firebase adapter leaves the field out
   * (its rules accept only the form's keys), so there a person is never lost either.
   */
  spamTrap?: { name: string; value: () => string };
  /**
   * The server refused one field with a check's message: show it there, as the browser's own
   * check would. Returns false when the form has no such field (the failure message is shown).
   */
  showRefusal?: (refusal: FieldRefusal) => boolean;
}

/** A submission of this form not saved yet: the filled form it was made of, and its entry in the outbox. */
interface Unsent {
  filled: string;
  entry: Pending;
  stop: () => void;
}

export function useSubmission(form: FormConfig, { resetFields, pendingUpload, currentValues, spamTrap, showRefusal }: SubmissionOptions) {
  const port = useDataPort();
  const inFlight = useRef(false);
  // Sent again as it was filled, a submission that failed is the same one (its key): stored once, answered as the first.
  const unsent = useRef<Unsent | undefined>(undefined);
  // A form that leaves the page leaves its submission to the outbox, which says when it is saved.
  useEffect(() => () => unsent.current?.stop(), []);

  const succeeded = () => {
    if (form.success.toast) notify(form.success.toast, form.success.variant ?? 'success');
    if (form.reset === 'afterSave') resetFields();
  };

  return async function submit(raw: FormValues) {
    if (inFlight.current) return; // a second click while saving saves nothing more
    inFlight.current = true;
    try {
      // A CV still uploading is waited for, so its URL is part of the document.
      await pendingUpload().catch(() => undefined);
      const values = { ...raw };
      if (currentValues) {
        const now = currentValues();
        for (const f of form.fields) if (f.kind === 'file') values[f.name] = now[f.name] ?? '';
      }
      const trap = spamTrap?.value() ?? '';
      const filled = JSON.stringify([values, trap]);
      let entry: Pending;
      if (unsent.current?.filled === filled) {
        // The same filled form again after a failure (the first may have been stored, its answer lost): the same submission.
        entry = unsent.current.entry;
      } else {
        unsent.current?.stop();
        const document = buildDocument(form, values);
        // Written to the browser's storage before anything else: from here on it is not lost.
        const made = enqueue(form.collection, trap === '' || !spamTrap ? document : { ...document, [spamTrap.name]: trap }, form.success);
        if (form.keepInMemory) keepInMemory(form.collection, document);
        // Saved, by this send or by the outbox later: the form says so and clears, once.
        const stop = onSaved(made.key, () => {
          if (unsent.current?.entry.key === made.key) unsent.current = undefined;
          succeeded();
        });
        unsent.current = { filled, entry: made, stop };
        entry = made;
      }
      if (form.reset === 'always') resetFields();
      try {
        const id = await send(port, entry);
        console.info(`Saved to ${form.collection}:`, id);
      } catch (error) {
        console.error(`Could not save to ${form.collection}:`, error);
        if (isPermanent(error)) {
          unsent.current?.stop();
          unsent.current = undefined;
        } else retryLater(port);
        const refusal = fieldRefusalOf(error);
        if (refusal && showRefusal?.(refusal)) return;
        // A refusal not tied to one of the form's fields (too many requests, say): still the server's words.
        const words = serverRefusalOf(error);
        if (words) {
          notify(words, 'error');
          return;
        }
        if (form.failure.toast) notify(form.failure.toast, form.failure.variant ?? 'error');
      }
    } finally {
      inFlight.current = false;
    }
  };
}
