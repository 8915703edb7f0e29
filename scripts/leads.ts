/**
 * npm run leads -- export [<collection>] [--format json|csv] [--status <s>] [--spam|--inbox] [--search <text>]
 *                                                              print the rows of a view for tools (CSV or JSON, the same rows), newest first, streamed from the database (the inbox's Export does the same)
 * npm run leads -- documents [<collection>] [--status <s>] [--spam|--inbox] [--search <text>]
 *                                                              print the view's stored documents exactly as sent (the specification's keys), as JSON
 * npm run leads -- backup <file>                                copy the database safely, even while the site runs
 * npm run leads -- count                                        how many documents each collection holds
 * npm run leads -- add-admin <email> [--role owner|editor]     make an inbox account (or give it a new password); the password from standard input;
 *                                                              an owner (the default for a new account) sees leads and edits content, an editor edits content only
 * npm run leads -- remove-admin <email>                         remove an inbox account; its sessions end, its drafts go
 * npm run leads -- reset-second-factor <email>                  take an account's passkeys, authenticator app and recovery codes off (it lost its devices); its sessions end
 * npm run leads -- admins                                       list the inbox accounts
 * DATA_DIR chooses the data folder (default ./data).
 */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import path from 'node:path';
import server from '../config/server';
import { fill } from '../src/schema/text';
import { LEAD_STATUSES, type LeadStatus } from '../src/leads/model/adminApi';
import { ADMIN_ROLES, type AdminRole } from '../src/platform/roles';
import { openStore } from '../src/apps/server/siteStore';
import { databaseFile, type Store } from '../src/platform/server/store/store';
import { pipeline } from 'node:stream/promises';
import { exportStream, type LeadFilter } from '../src/leads/server/leads';
import { bundledForms } from '../src/site/forms/model/registry';
import { readNotifySettings } from '../src/leads/server/notify/settings';
import { createServedContent } from '../src/site/server/servedContent';
import { readCommandLine, type CommandSpec, type Parsed } from './lib/commandLine.mjs';
import { listAdminRoles, listAdmins, looksLikeEmail, normalizeEmail, passwordLengthOk, removeAdmin, setAdmin } from '../src/platform/server/accounts/accounts';
import { resetSecondFactors } from '../src/platform/server/accounts/secondFactor';

/** The command line serves no build: its forms are the bundled ones (config/forms). */
const { knownCollections } = bundledForms;

const usage = `Usage:
  npm run leads -- export [<collection>] [--format json|csv] [--status new|read|answered|replied|archived] [--spam | --inbox] [--search <text>]
  npm run leads -- documents [<collection>] [--status new|read|answered|replied|archived] [--spam | --inbox] [--search <text>]
  npm run leads -- backup <file>
  npm run leads -- count
  npm run leads -- add-admin <email> [--role owner|editor]      (then type the password; or: echo "$PASSWORD" | npm run leads -- add-admin <email>)
                                          owner (a new account's default): leads and content; editor: content only
  npm run leads -- remove-admin <email>
  npm run leads -- reset-second-factor <email>
  npm run leads -- admins
Collections: ${knownCollections().join(', ')}`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

/**
 * Every command, what it takes on its command line: read strictly before anything is opened,
 * so an unknown option, a missing value or a word too many changes nothing
 * (scripts/lib/commandLine.mjs). An option is one line in `options`.
 */
/** The options that choose a view, as the inbox's filters do. */
const viewOptions = {
  status: { type: 'string', value: LEAD_STATUSES.join('|') },
  spam: { type: 'boolean' },
  inbox: { type: 'boolean' },
  search: { type: 'string', value: 'text' },
} as const;

const commands = {
  export: {
    options: { format: { type: 'string', value: 'json|csv' }, ...viewOptions },
    words: [0, 1],
    wordsHint: ' [<collection>]',
  },
  documents: { options: viewOptions, words: [0, 1], wordsHint: ' [<collection>]' },
  backup: { words: [1, 1], wordsHint: ' <file>' },
  count: {},
  'add-admin': { options: { role: { type: 'string', value: ADMIN_ROLES.join('|') } }, words: [1, 1], wordsHint: ' <email>' },
  'remove-admin': { words: [1, 1], wordsHint: ' <email>' },
  'reset-second-factor': { words: [1, 1], wordsHint: ' <email>' },
  admins: {},
} satisfies Record<string, Omit<CommandSpec, 'command'>>;
type Command = keyof typeof commands;

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

/** The new account's password, asked for (and checked) before the database is opened. */
async function newPassword(email: string): Promise<string> {
  const password = await readPassword(`Password for ${email} (at least ${server.admin.passwordMinLength} characters): `);
  if (!passwordLengthOk(password))
    fail(`The password must be ${server.admin.passwordMinLength} to ${server.admin.passwordMaxLength} characters long. Nothing was changed.`);
  if (process.stdin.isTTY && (await readPassword('The same password again: ')) !== password) fail('The two passwords are not the same. Nothing was changed.');
  return password;
}

async function addAdmin(store: Store, email: string, password: string, role: AdminRole | undefined) {
  const { existed } = await setAdmin(store, email, password, Date.now(), role);
  const as = role === undefined ? '' : ` (${role})`;
  process.stdout.write(
    existed
      ? `${email.trim()}${as} has a new password; its sessions have ended.\n`
      : `${fill(server.admin.accountAdded[role ?? 'owner'], { email: email.trim() })}\n`,
  );
}

/** The export's view from its parsed command line, or the sentence saying what is wrong with it. */
function exportFilter({ values, words }: Parsed, documents: boolean): { filter: LeadFilter; format: 'json' | 'csv' | 'documents'; collection?: string } {
  const [collection] = words;
  if (collection !== undefined && !knownCollections().includes(collection))
    fail(`"${collection}" is not a collection. Use one of: ${knownCollections().join(', ')}.`);
  const format = documents ? 'documents' : ((values.format as string | undefined) ?? 'json');
  if (format !== 'json' && format !== 'csv' && format !== 'documents') fail('--format must be json or csv.');
  const status = values.status as string | undefined;
  if (status !== undefined && !LEAD_STATUSES.includes(status as LeadStatus)) fail(`--status must be one of: ${LEAD_STATUSES.join(', ')}.`);
  if (values.spam && values.inbox) fail('Choose --spam or --inbox, not both.');
  const search = values.search as string | undefined;
  const filter: LeadFilter = {
    ...(collection === undefined ? {} : { collection }),
    ...(status === undefined ? {} : { status: status as LeadStatus }),
    ...(values.spam ? { spam: true } : values.inbox ? { spam: false } : {}),
    ...(search === undefined ? {} : { search }),
  };
  return { filter, format, collection };
}

async function exportView(store: Store, { filter, format }: ReturnType<typeof exportFilter>) {
  // Newest first, whatever the view (as the inbox's Export); written as fast as the reader takes it.
  // The languages are the code's own config/site.ts (no build is served here).
  await pipeline(exportStream(store, filter, format, readNotifySettings(process.env).settings.publicUrl, createServedContent()), process.stdout);
}

const [command, ...rest] = process.argv.slice(2);
const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
if (!command || command === '--help' || command === 'help') {
  process.stdout.write(`${usage}\n`);
  process.exit(command ? 0 : 2);
}
if (!Object.hasOwn(commands, command)) fail(`Unknown command "${command}". ${usage}`);
const parsed = readCommandLine(rest, { command: `npm run leads -- ${command}`, ...commands[command as Command] });
const [word] = parsed.words;
// Everything the command line says is checked before the database is opened (or made).
const view = command === 'export' || command === 'documents' ? exportFilter(parsed, command === 'documents') : undefined;
if (command === 'add-admin' && !looksLikeEmail(word!.trim())) fail(`Name the account by its e-mail address, like: npm run leads -- add-admin you@example.com`);
const role = parsed.values.role as AdminRole | undefined;
if (role !== undefined && !ADMIN_ROLES.includes(role)) fail(`--role must be one of: ${ADMIN_ROLES.join(', ')}.`);
if (command === 'backup' && existsSync(word!)) fail(`${word} already exists: choose a new file name.`);
const password = command === 'add-admin' ? await newPassword(word!) : undefined;
const makesAccounts = command === 'add-admin';
if (!makesAccounts && !existsSync(databaseFile(dataDir))) fail(`No database at ${databaseFile(dataDir)} yet: nothing has been submitted (or set DATA_DIR).`);
// count only reads (it checks a backup without changing it: docs/deploy-own-server.md).
const store = openStore(dataDir, { readonly: command === 'count' });

try {
  if (command === 'export' || command === 'documents') {
    await exportView(store, view!);
  } else if (command === 'backup') {
    const target = word!;
    await store.backup(path.resolve(target));
    // The copy is one self-contained file (no -wal or -shm beside it, now or when it is read),
    // counted in itself: the site may have stored more since the snapshot was taken.
    const copy = new Database(path.resolve(target), { fileMustExist: true });
    copy.pragma('journal_mode = DELETE');
    const { n } = copy.prepare('SELECT count(*) AS n FROM documents').get() as { n: number };
    copy.close();
    process.stdout.write(`Backed up ${n} documents to ${target}\n`);
  } else if (command === 'count') {
    for (const c of knownCollections()) process.stdout.write(`${c}\t${store.count(c)}\n`);
  } else if (command === 'add-admin') {
    await addAdmin(store, word!, password!, role);
  } else if (command === 'remove-admin') {
    const email = word!;
    if (!removeAdmin(store, email)) fail(`There is no account for ${email}. The accounts are: ${listAdmins(store).join(', ') || 'none yet'}.`);
    process.stdout.write(`${email} can no longer sign in; its sessions have ended and its drafts are removed.\n`);
  } else if (command === 'reset-second-factor') {
    const email = normalizeEmail(word!);
    if (!listAdmins(store).includes(email)) fail(`There is no account for ${word!}. The accounts are: ${listAdmins(store).join(', ') || 'none yet'}.`);
    const { removed } = resetSecondFactors(store, email);
    process.stdout.write(fill(server.admin.secondFactorReset, { email, count: removed }) + '\n');
  } else if (command === 'admins') {
    const admins = listAdminRoles(store);
    process.stdout.write(
      admins.length > 0 ? `${admins.map((a) => `${a.email}\t${a.role}`).join('\n')}\n` : 'No accounts yet: npm run leads -- add-admin you@example.com\n',
    );
  }
} finally {
  store.close();
}
