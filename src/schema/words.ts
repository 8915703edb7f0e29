/**
 * A description made from the words it describes: a file of words (config/admin.ts, config/server.ts)
 * says most of its shape itself, and its description says only what the words cannot.
 */
import { object, text, type Infer, type ObjectSchema, type Schema, type Shape } from './schema';

/** A group of words described by wordsLike: its explicit keys typed as they are described, the others as whatever the words are. */
export interface WordsSchema<E extends Shape> extends Schema<Infer<ObjectSchema<E>> & { readonly [key: string]: unknown }> {
  readonly shape: E & Shape;
}

/**
 * The description of a group of words, made from the words as the file holds them: each text a
 * `text()` (written, not empty, at most a line's characters), each group a group of its own made
 * the same way; `explicit` describes the keys that say more (a sentence with {placeholders}, a
 * limit, a number, a list, keys named by the code's own lists), each in its place. A value neither
 * a text nor a group is described as a text, which the checker then refuses: describe it in
 * `explicit`. Its type names the explicit keys; the words' own type names the others (the file is
 * checked against this description, so its type cannot be made from the file's).
 */
export function wordsLike<const E extends Shape = Record<never, never>>(words: object, explicit: E = {} as E): WordsSchema<E> {
  const shape: Shape = {};
  for (const [key, value] of Object.entries(words)) {
    if (Object.hasOwn(explicit, key)) shape[key] = explicit[key]!;
    else if (typeof value === 'object' && value !== null && !Array.isArray(value)) shape[key] = wordsLike(value);
    else shape[key] = text();
  }
  for (const [key, schema] of Object.entries(explicit)) if (!Object.hasOwn(shape, key)) shape[key] = schema;
  return object(shape) as WordsSchema<E>;
}

/** The group of words at these keys of a file of words (an empty group where there is none: its description then names only its explicit keys). */
export function wordsAt(words: unknown, keys: readonly string[]): object {
  let group = words;
  for (const key of keys) group = typeof group === 'object' && group !== null ? (group as Record<string, unknown>)[key] : undefined;
  return typeof group === 'object' && group !== null ? group : {};
}
