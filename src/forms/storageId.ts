/** A new random storage id made of hex groups (a v4 UUID), as the agency's storage paths use. */
export function newStorageId(): string {
  return crypto.randomUUID();
}

/** The same id's shape, for our server to accept only ids it could have been given. */
export const storageIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
