import type { FormDocument } from '../model/document';

/** Submissions kept in the page's memory for forms with keepInMemory (the contact form), by collection. */
export const submissionsInMemory: Record<string, FormDocument[]> = {};

export function keepInMemory(collection: string, document: FormDocument): void {
  (submissionsInMemory[collection] ??= []).push(document);
}
