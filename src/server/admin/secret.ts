/**
 * The key that signs the inbox's cookies (the session id, the sign-in page's CSRF secret).
 * Made at the first start and kept in the data folder (`<DATA_DIR>/session-secret`, readable by
 * the site's user only): never in the repository, the config or a backup (backups copy the
 * database and the CVs). Deleting it signs everyone out at the next start. When it cannot be
 * written (a full or read-only data disk), the site still starts, with a key of this run only:
 * sessions then end at the next restart.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const SECRET_FILE = 'session-secret';

export function sessionSecret(dataDir: string): { secret: string; kept: boolean } {
  const file = path.join(dataDir, SECRET_FILE);
  const made = randomBytes(32).toString('hex');
  try {
    // 'wx': only the first start writes it, even if two processes start at once.
    writeFileSync(file, made, { flag: 'wx', mode: 0o600 });
    return { secret: made, kept: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      // The file may have been made before its bytes could be written (a full disk): an empty key
      // left behind would stop the next reading of it (this run's other readers, the next start).
      rmSync(file, { force: true });
      return { secret: made, kept: false };
    }
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/.test(secret)) throw new Error(`${file} is not a key this site made: delete it, and the site makes a new one at the next start.`);
  return { secret, kept: true };
}
