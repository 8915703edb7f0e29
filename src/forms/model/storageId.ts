import { fullMatch } from './pattern';

/** A new random storage id made of hex groups (a v4 UUID), as the agency's storage paths use. */
export function newStorageId(): string {
  return crypto.randomUUID();
}

/**
 * The shape of a storage id our server and the Cloud Storage rules accept: lowercase hex
 * groups 8-4-4-4-12 (pattern.ts syntax, whole value).
 */
export const storageIdSource = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** The same id's shape, for our server to accept only ids it could have been given. */
export const storageIdPattern = fullMatch(storageIdSource);

/**
 * A lowercase v4 UUID, as crypto.randomUUID() makes: the key of a submission, under which
 * Firestore stores its document (the Firestore rules accept no other document id).
 */
export const submissionKeySource = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';
