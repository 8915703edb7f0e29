/**
 * npm run leads -- export [<collection>] [--format json|csv] [--status <s>] [--spam|--inbox] [--search <text>]
 *                                                              print the leads of a view (the inbox's Export does the same)
 * npm run leads -- backup <file>                                copy the database safely, even while the site runs
 * npm run leads -- count                                        how many documents each collection holds
 * npm run leads -- add-admin <email>                            make an inbox account (or give it a new password); the password from standard input
 * npm run leads -- remove-admin <email>                         remove an inbox account; its sessions end
 * npm run leads -- admins                                       list the inbox accounts
 * DATA_DIR chooses the data folder (default ./data).
 */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import path from 'node:path';
import server from '../config/server';
import { LEAD_STATUSES, type LeadStatus } from '../src/shared/adminApi';
import { databaseFile, openStore, type Store } from '../src/server/store';
import { exportLeads, knownCollections, type LeadFilter } from '../src/server/leads';
import { listAdmins, looksLikeEmail, MAX_PASSWORD_LENGTH, passwordLengthOk, removeAdmin, setAdmin } from '../src/server/admin/accounts';

const usage = `Usage:
  npm run leads -- export [<collection>] [--format json|csv] [--status new|read|replied|archived] [--spam | --inbox] [--search <text>]
  npm run leads -- backup <file>
  npm run leads -- count
  npm run leads -- add-admin <email>      (then type the password; or: echo "$PASSWORD" | npm run leads -- add-admin <email>)
  npm run leads -- remove-admin <email>
  npm run leads -- admins
Collections: ${knownCollections.join(', ')}`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

/** The value after a --name option, and the arguments without both. */
function option(args: string[], name: string): { value: string | undefined; rest: string[] } {
  const at = args.indexOf(name);
  if (at < 0) return { value: undefined, rest: args };
  const value = args[at + 1];
  if (value === undefined || value.startsWith('--')) fail(`${name} needs a value after it.`);
  return { value, rest: [...args.slice(0, at), ...args.slice(at + 2)] };
}

/** One line from standard input: typed without echo at a terminal, else the first line piped in. */
async function readPassword(prompt: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    let text = '';
    for await (const chunk of input) text += String(chunk);
    return text.split(/\r?\n/)[0] ?? '';
  }
  process.stderr.write(prompt);
  input.setRawMode(true);
  input.resume();
  input.setEncoding('utf8');
  return new Promise((resolve) => {
    let typed = '';
    const onData = (keys: string) => {
      for (const key of keys) {
        if (key === '\r' || key === '\n' || key === '\u0004') {
          input.setRawMode(false);
          input.pause();
          input.off('data', onData);
          process.stderr.write('\n');
          resolve(typed);
          return;
        }
        if (key === '\u0003') {
          process.stderr.write('\n');
          process.exit(130);
        }
        typed = key === '\u007f' || key === '\b' ? [...typed].slice(0, -1).join('') : typed + key;
      }
    };
    input.on('data', onData);
  });
}

async function addAdmin(store: Store, email: string | undefined) {
  if (!email || !looksLikeEmail(email.trim())) fail(`Name the account by its e-mail address, like: npm run leads -- add-admin you@example.com`);
  const password = await readPassword(`Password for ${email} (at least ${server.admin.passwordMinLength} characters): `);
  if (!passwordLengthOk(password)) fail(`The password must be ${server.admin.passwordMinLength} to ${MAX_PASSWORD_LENGTH} characters long. Nothing was changed.`);
  if (process.stdin.isTTY && (await readPassword('The same password again: ')) !== password) fail('The two passwords are not the same. Nothing was changed.');
  const { existed } = await setAdmin(store, email, password);
  process.stdout.write(
    existed
      ? `${email.trim()} has a new password; its sessions have ended.\n`
      : `${email.trim()} can now sign in to the inbox at /admin.\n`,
  );
}

function exportView(store: Store, args: string[]) {
  const format = option(args, '--format');
  const status = option(format.rest, '--status');
  const search = option(status.rest, '--search');
  const rest = search.rest.filter((a) => a !== '--spam' && a !== '--inbox');
  const unknown = rest.find((a) => a.startsWith('--'));
  if (unknown) fail(`Unknown option ${unknown}. ${usage}`);
  const [collection, extra] = rest;
  if (extra !== undefined) fail(`Name at most one collection. ${usage}`);
  if (collection !== undefined && !knownCollections.includes(collection)) fail(`"${collection}" is not a collection. Use one of: ${knownCollections.join(', ')}.`);
  const chosenFormat = format.value ?? 'json';
  if (chosenFormat !== 'json' && chosenFormat !== 'csv') fail('--format must be json or csv.');
  if (status.value !== undefined && !LEAD_STATUSES.includes(status.value as LeadStatus)) fail(`--status must be one of: ${LEAD_STATUSES.join(', ')}.`);
  if (args.includes('--spam') && args.includes('--inbox')) fail('Choose --spam or --inbox, not both.');
  const filter: LeadFilter = {
    ...(collection === undefined ? {} : { collection }),
    ...(status.value === undefined ? {} : { status: status.value as LeadStatus }),
    ...(args.includes('--spam') ? { spam: true } : args.includes('--inbox') ? { spam: false } : {}),
    ...(search.value === undefined ? {} : { search: search.value }),
  };
  // The inbox shows the newest first; the plain export of a collection keeps its old order.
  const plain = Object.keys(filter).length <= 1 && collection !== undefined;
  process.stdout.write(exportLeads(store, filter, chosenFormat, plain ? 'oldest' : 'newest'));
}

const [command, ...rest] = process.argv.slice(2);
const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
if (!command || command === '--help' || command === 'help') {
  process.stdout.write(`${usage}\n`);
  process.exit(command ? 0 : 2);
}
const makesAccounts = command === 'add-admin';
if (!makesAccounts && !existsSync(databaseFile(dataDir))) fail(`No database at ${databaseFile(dataDir)} yet: nothing has been submitted (or set DATA_DIR).`);
// count only reads (it checks a backup without changing it: docs/deploy-own-server.md).
const store = openStore(dataDir, { readonly: command === 'count' });

try {
  if (command === 'export') {
    exportView(store, rest);
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
  } else if (command === 'add-admin') {
    await addAdmin(store, rest[0]);
  } else if (command === 'remove-admin') {
    const email = rest[0];
    if (!email) fail('Name the account to remove, like: npm run leads -- remove-admin you@example.com');
    if (!removeAdmin(store, email)) fail(`There is no account for ${email}. The accounts are: ${listAdmins(store).join(', ') || 'none yet'}.`);
    process.stdout.write(`${email} can no longer sign in; its sessions have ended.\n`);
  } else if (command === 'admins') {
    const admins = listAdmins(store);
    process.stdout.write(admins.length > 0 ? `${admins.join('\n')}\n` : 'No accounts yet: npm run leads -- add-admin you@example.com\n');
  } else {
    fail(`Unknown command "${command}". ${usage}`);
  }
} finally {
  store.close();
}
