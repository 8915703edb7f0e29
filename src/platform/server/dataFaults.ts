/**
 * Faults of the data folder's disk (full, read-only, failing): they pass when space returns or
 * the disk is repaired, and nothing the visitor sent is wrong. The forms answer them with their
 * failure outcome (503, which the browser's outbox keeps and sends again; `?failed=` for a plain
 * post), never as a bug of ours; any other error stays one.
 */

/** Thrown while the database cannot be opened (src/platform/server/store/store.ts openStoreWhenPossible). */
export class DataUnavailable extends Error {
  readonly code = 'BG_DATA_UNAVAILABLE';
  constructor(readonly reason: unknown) {
    super('The data folder does not take writes just now');
  }
}

const fsCodes = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO', 'EMFILE', 'ENFILE']);
// SQLite's result codes (better-sqlite3 puts the extended one in `code`).
const sqliteCodes = /^SQLITE_(FULL|IOERR|CANTOPEN|READONLY|BUSY|NOMEM)/;

export function isDataFault(error: unknown): boolean {
  if (error instanceof DataUnavailable) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (fsCodes.has(code) || sqliteCodes.test(code));
}
