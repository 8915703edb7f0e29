/**
 * The one way the tests run a real IMAP server: Debian's Dovecot (package `dovecot-imapd`;
 * DOVECOT_PATH overrides /usr/sbin/dovecot), from a config file in a folder of its own, on a
 * free 127.0.0.1 port, with one mailbox (an account with a password, an inbox and a Sent folder
 * marked \Sent, in Maildir). It can be stopped and started again on the same port with the same
 * mail (the mailbox offline, then back), and a mail can be put into the Maildir directly, as the
 * mail server does while IMAP is down. As root (CI) Dovecot's own users run it; otherwise the
 * test's user. Its home is removed by `remove()`. A relay in front of it (`relayTo`) drops the
 * connections when a test says, as a server or a router on the way does, while Dovecot runs on.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, chmodSync, chownSync, constants, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import { freePort } from './freePort';

const dovecotPath = process.env.DOVECOT_PATH || '/usr/sbin/dovecot';

export const hasDovecot = (() => {
  try {
    accessSync(dovecotPath, constants.X_OK);
    return true;
  } catch {
    return false;
  }
})();

/** Why a test that needs Dovecot is skipped where it is not installed (never in CI: there it fails). */
export const noDovecot = `Dovecot is not installed (${dovecotPath}): apt-get install -y dovecot-imapd`;

export interface RunningDovecot {
  port: number;
  /** The mailbox's login, an e-mail address, and its password. */
  user: string;
  password: string;
  /** IMAP_URL for our server. */
  url: string;
  /** Starts it again (after stop) on the same port, with the same mail. */
  start(): Promise<void>;
  /** Stops it (the mail stays). */
  stop(): Promise<void>;
  /** Stops it and removes its folder. */
  remove(): Promise<void>;
  /** Puts a mail into a folder's Maildir as the mail server delivers it (works while IMAP is stopped). */
  deliver(raw: string, folder?: 'INBOX' | 'Sent'): void;
  /** A client of the mailbox, connected (the caller logs it out). */
  client(): Promise<ImapFlow>;
  /** The last 4,000 characters Dovecot logged. */
  log(): string;
}

const root = process.getuid?.() === 0;
/** A system user's ids (/etc/passwd). */
const userIds = (name: string) => {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  const [, , uid = '0', gid = '0'] = line?.split(':') ?? [];
  return { uid: Number(uid), gid: Number(gid) };
};

/** Resolves once something answers on the port (a connection opened and closed), or rejects if Dovecot stops first. */
function listening(port: number, child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let done = false;
    const exit = () => finish(new Error('Dovecot stopped before it listened'));
    const finish = (error?: Error) => {
      if (done) return;
      done = true;
      child.off('exit', exit);
      if (error) reject(error);
      else resolve();
    };
    child.once('exit', exit);
    const attempt = () => {
      if (done) return;
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        finish();
      });
      // Not listening yet: try again once Dovecot has had a moment (a state, not a duration: the port answering).
      socket.once('error', () => setImmediate(() => setTimeout(attempt, 25)));
    };
    attempt();
  });
}

export async function startDovecot(): Promise<RunningDovecot> {
  const home = mkdtempSync(path.join(os.tmpdir(), 'dovecot-'));
  const port = await freePort();
  const user = 'hello@agency.test';
  const password = 'a mailbox password';
  const me = os.userInfo().username;
  const mailUser = root ? 'dovecot' : me;
  const ids = root ? userIds('dovecot') : { uid: process.getuid!(), gid: process.getgid!() };
  for (const dir of ['run', 'state', 'mail']) mkdirSync(path.join(home, dir));
  writeFileSync(path.join(home, 'users'), `${user}:{PLAIN}${password}\n`);
  const mailDir = path.join(home, 'mail');
  writeFileSync(
    path.join(home, 'dovecot.conf'),
    [
      `base_dir = ${home}/run`,
      `state_dir = ${home}/state`,
      'log_path = /dev/stderr',
      `instance_name = test-${port}`,
      'protocols = imap',
      'listen = 127.0.0.1',
      'ssl = no',
      'disable_plaintext_auth = no',
      'auth_mechanisms = plain login',
      `mail_location = maildir:${mailDir}/%u`,
      'first_valid_uid = 1',
      `default_internal_user = ${root ? 'dovecot' : me}`,
      `default_internal_group = ${root ? 'dovecot' : os.userInfo().username}`,
      `default_login_user = ${root ? 'dovenull' : me}`,
      `passdb {\n  driver = passwd-file\n  args = scheme=PLAIN username_format=%u ${home}/users\n}`,
      `userdb {\n  driver = static\n  args = uid=${mailUser} gid=${root ? 'dovecot' : ids.gid} home=${mailDir}/%u\n}`,
      `service imap-login {\n  inet_listener imap {\n    address = 127.0.0.1\n    port = ${port}\n  }\n  inet_listener imaps {\n    port = 0\n  }\n  chroot =\n}`,
      'service anvil {\n  chroot =\n}',
      'namespace inbox {\n  inbox = yes\n  mailbox Sent {\n    special_use = \\Sent\n    auto = create\n  }\n}',
      '',
    ].join('\n'),
  );
  if (root) {
    // Dovecot's own users read the passwords and the mail: the folder is theirs to enter.
    chmodSync(home, 0o755);
    chownSync(mailDir, ids.uid, ids.gid);
  }

  let child: ChildProcess | undefined;
  let log = '';
  const start = async () => {
    const started = spawn(dovecotPath, ['-F', '-c', path.join(home, 'dovecot.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
    child = started;
    started.stderr!.on('data', (chunk) => (log = (log + String(chunk)).slice(-4000)));
    await listening(port, started);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const gone = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await gone;
  };
  await start();

  let delivered = 0;
  return {
    port,
    user,
    password,
    url: `imap://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}`,
    start,
    stop,
    async remove() {
      await stop();
      rmSync(home, { recursive: true, force: true });
    },
    deliver(raw, folder = 'INBOX') {
      const box = path.join(mailDir, user, ...(folder === 'INBOX' ? [] : [`.${folder}`]));
      for (const sub of ['', 'new', 'cur', 'tmp']) {
        const dir = path.join(box, sub);
        mkdirSync(dir, { recursive: true });
        if (root) chownSync(dir, ids.uid, ids.gid);
      }
      const file = path.join(box, 'new', `${Date.now()}.M${++delivered}P${process.pid}.test`);
      writeFileSync(file, raw.replace(/\r?\n/g, '\n'));
      if (root) chownSync(file, ids.uid, ids.gid);
    },
    async client() {
      const client = new ImapFlow({ host: '127.0.0.1', port, secure: false, auth: { user, pass: password }, logger: false, disableAutoIdle: true });
      await client.connect();
      return client;
    },
    log: () => log,
  };
}

export interface Relay {
  /** IMAP_URL through the relay. */
  url: string;
  /** How many connections it has taken. */
  readonly connections: number;
  /** Closes every connection now, as a server or a router on the way does with an idle one. */
  drop(): void;
  /**
   * Closes every connection open now at the moment its client next ends IDLE (writes DONE: a
   * reading begins), as a server that closed it just then: the client finds it gone mid-command.
   */
  dropAtNextReading(): void;
  close(): Promise<void>;
}

/**
 * A TCP relay in front of a test's Dovecot whose connections the test closes when it wants (the
 * server's side of a connection dropped), while Dovecot itself keeps running.
 */
export async function relayTo(dovecot: RunningDovecot): Promise<Relay> {
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket; armed: boolean; cut(): void }>();
  let connections = 0;
  const server = net.createServer((client) => {
    connections++;
    const upstream = net.connect(dovecot.port, '127.0.0.1');
    const pair = {
      client,
      upstream,
      armed: false,
      cut() {
        pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      },
    };
    pairs.add(pair);
    client.on('data', (chunk: Buffer) => {
      if (pair.armed && chunk.toString('latin1').startsWith('DONE')) pair.cut();
      else upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    for (const socket of [client, upstream]) {
      socket.on('close', pair.cut);
      socket.on('error', pair.cut);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(dovecot.url);
  url.port = String(port);
  return {
    url: url.href,
    get connections() {
      return connections;
    },
    drop() {
      for (const pair of [...pairs]) pair.cut();
    },
    dropAtNextReading() {
      for (const pair of pairs) pair.armed = true;
    },
    close() {
      for (const pair of [...pairs]) pair.cut();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
