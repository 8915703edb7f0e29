import { fullMatch } from './pattern';

/** A new random storage id (a v4 UUID), as the agency's storage paths use. */
export function newStorageId(): string {
  return crypto.randomUUID();
}

/**
 * A lowercase v4 UUID, as crypto.randomUUID() makes: hex groups 8-4-4-4-12 whose version digit
 * is 4 and whose variant digit is 8, 9, a or b (pattern.ts syntax, whole value). Ids that are
 * not random (the nil UUID, a version 1 UUID made of a clock and a machine's address, any other
 * version) are refused: nobody can guess or collide with an id a visitor's browser made.
 */
const uuidV4Source = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';

/** The shape of a storage id (a CV's file name) our server and the Cloud Storage rules accept. */
export const storageIdSource = uuidV4Source;

/** The same id's shape, for our server to accept only ids it could have been given. */
export const storageIdPattern = fullMatch(storageIdSource);

/**
 * The key of a submission, under which Firestore stores its document (the Firestore rules
 * accept no other document id): the same lowercase v4 UUID.
 */
export const submissionKeySource = uuidV4Source;
