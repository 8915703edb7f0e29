/**
 * npm run leads -- export <collection> [--format json|csv]   print a collection's documents
 * npm run leads -- backup <file>                                copy the database safely, even while the site runs
 * npm run leads -- count                                        how many documents each collection holds
 * DATA_DIR chooses the data folder (default ./data).
 */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { databaseFile, openStore } from '../src/server/store';
import { exportCollection, knownCollections } from '../src/server/leads';

const usage = `Usage:
  npm run leads -- export <collection> [--format json|csv]
  npm run leads -- backup <file>
  npm run leads -- count
Collections: ${knownCollections.join(', ')}`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

const [command, ...rest] = process.argv.slice(2);
const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
if (!command || command === '--help' || command === 'help') {
  process.stdout.write(`${usage}\n`);
  process.exit(command ? 0 : 2);
}
if (!existsSync(databaseFile(dataDir))) fail(`No database at ${databaseFile(dataDir)} yet: nothing has been submitted (or set DATA_DIR).`);
// count only reads (it checks a backup without changing it: README, "Deploy on your own server").
const store = openStore(dataDir, { readonly: command === 'count' });

try {
  if (command === 'export') {
    const formatIndex = rest.indexOf('--format');
    const format = formatIndex >= 0 ? rest[formatIndex + 1] : 'json';
    const collection = rest.find((a, i) => !a.startsWith('--') && (formatIndex < 0 || i !== formatIndex + 1));
    if (!collection) fail(`Name a collection. ${usage}`);
    if (!knownCollections.includes(collection)) fail(`"${collection}" is not a collection. Use one of: ${knownCollections.join(', ')}.`);
    if (format !== 'json' && format !== 'csv') fail('--format must be json or csv.');
    process.stdout.write(exportCollection(store, collection, format));
  } else if (command === 'backup') {
    const target = rest[0];
    if (!target) fail(`Name the backup file. ${usage}`);
    if (existsSync(target)) fail(`${target} already exists: choose a new file name.`);
    await store.backup(path.resolve(target));
    // The copy is one self-contained file (no -wal or -shm beside it, now or when it is read),
    // counted in itself: the site may have stored more since the snapshot was taken.
    const copy = new Database(path.resolve(target), { fileMustExist: true });
    copy.pragma('journal_mode = DELETE');
    const { n } = copy.prepare('SELECT count(*) AS n FROM documents').get() as { n: number };
    copy.close();
    process.stdout.write(`Backed up ${n} documents to ${target}\n`);
  } else if (command === 'count') {
    for (const c of knownCollections) process.stdout.write(`${c}\t${store.count(c)}\n`);
  } else {
    fail(`Unknown command "${command}". ${usage}`);
  }
} finally {
  store.close();
}
