/**
 * The key that signs the inbox's cookies (the session id, the sign-in page's CSRF secret).
 * Made at the first start and kept in the data folder (`<DATA_DIR>/session-secret`, readable by
 * the site's user only): never in the repository, the config or a backup (backups copy the
 * database and the CVs). Deleting the file signs everyone out at the next start.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const SECRET_FILE = 'session-secret';

export function sessionSecret(dataDir: string): string {
  const file = path.join(dataDir, SECRET_FILE);
  try {
    // 'wx': only the first start writes it, even if two processes start at once.
    writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/.test(secret)) throw new Error(`${file} is not a key this site made: delete it, and the site makes a new one at the next start.`);
  return secret;
}
