/**
 * Real receivers for the notification tests, in the test's own process: an SMTP server
 * (smtp-server, no TLS) that parses every mail it takes with postal-mime, and an HTTP server
 * that records every webhook call. Both listen on 127.0.0.1; each can answer with a failure
 * on purpose, and be stopped and started again on the same port. Each says when it took
 * something (`changes`), so that a test waits for that event (waitFor with `on`), not a time.
 */
import http from 'node:http';
import type net from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { readNotifySettings, type NotifySettings } from '../leads/server/notify';

export { freePort } from './freePort';

export { Changes } from '../platform/server/changes';
import { Changes } from '../platform/server/changes';

export interface ReceivedMail {
  email: Email;
  raw: string;
  envelope: { from: string; to: string[] };
}

export interface SmtpReceiver {
  port: number;
  mails: ReceivedMail[];
  /** Told after each mail is in `mails`. */
  changes: Changes;
  close(): Promise<void>;
}

/** The SMTP server startSmtp starts: one that can hold the mails it is sent. */
export interface HoldingSmtp extends SmtpReceiver {
  /**
   * Holds the mails sent from now on: each waits, its sender's DATA unanswered (the site's
   * delivery still under way), until the function returned is called. Then they are taken.
   */
  hold(): () => void;
}

/** An SMTP server on `port` (0: any free one) that keeps every mail it accepts. */
export async function startSmtp(port = 0, mails: ReceivedMail[] = []): Promise<HoldingSmtp> {
  const changes = new Changes();
  let held: Promise<void> = Promise.resolve();
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        held
          .then(() => PostalMime.parse(raw))
          .then(
            (email) => {
              const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
              mails.push({ email, raw, envelope: { from, to: session.envelope.rcptTo.map((r) => r.address) } });
              callback();
              changes.notify();
            },
            (error: Error) => callback(error),
          );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as net.AddressInfo;
  const hold = () => {
    let release = () => undefined as void;
    held = new Promise<void>((resolve) => (release = resolve));
    return () => release();
  };
  return { port: address.port, mails, changes, hold, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export interface WebhookCall {
  headers: http.IncomingHttpHeaders;
  /** The body exactly as it arrived (a signature is over these bytes). */
  body: string;
  /** The status it was answered with. */
  status: number;
}

export interface WebhookReceiver {
  port: number;
  url: string;
  calls: WebhookCall[];
  /** The status the next calls are answered with (200 unless changed). */
  answer: number;
  /** Told after each call is in `calls`. */
  changes: Changes;
  close(): Promise<void>;
}

export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  const receiver = { calls: [] as WebhookCall[], answer: 200, changes: new Changes() } as WebhookReceiver;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = receiver.answer;
      receiver.calls.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), status });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'no');
      receiver.changes.notify();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const address = server.address() as net.AddressInfo;
  return Object.assign(receiver, {
    port: address.port,
    url: `http://127.0.0.1:${address.port}/hooks/leads`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

export interface WaitOptions {
  /**
   * What tells of a change to what `ready` reads: `ready` is looked at again after each, never
   * on a timer. Without it (a state another process writes, which tells this one nothing),
   * `ready` is polled every 20 ms.
   */
  on?: readonly Changes[];
  /** How long before giving up with "Timed out waiting for …" (not a budget: a failure's message). */
  ms?: number;
}

/**
 * Waits until `ready()` holds, or fails with `what` after a while. Give `on` whenever this
 * process is told of the change (a receiver's `changes`, a server's worker): the wait then
 * ends at the event itself.
 */
export function waitFor(what: string, ready: () => boolean, options: number | WaitOptions = {}): Promise<void> {
  const { on, ms = 20_000 } = typeof options === 'number' ? { ms: options } : options;
  return new Promise<void>((resolve, reject) => {
    const stops: (() => void)[] = [];
    const end = (error?: Error) => {
      for (const stop of stops.splice(0)) stop();
      if (error) reject(error);
      else resolve();
    };
    const look = () => {
      try {
        if (ready()) end();
      } catch (error) {
        end(error as Error);
      }
    };
    const deadline = setTimeout(() => end(new Error(`Timed out waiting for ${what}`)), ms);
    stops.push(() => clearTimeout(deadline));
    if (on) for (const changes of on) stops.push(changes.subscribe(look));
    else {
      const poll = setInterval(look, 20);
      stops.push(() => clearInterval(poll));
    }
    look();
  });
}

/** The agency's mail settings in the tests that read its mails: the sender, the owner's address and the site's public address. */
const TEST_MAIL = {
  MAIL_FROM: 'Agency Site <site@agency.example>',
  NOTIFY_TO: 'sales@agency.example',
  PUBLIC_URL: 'https://www.agency.example',
} as const;

/**
 * The site's mail settings as the server reads them from its environment (readNotifySettings),
 * sending through a test's SMTP receiver on `smtpPort`; `env` adds settings or replaces those of
 * TEST_MAIL. Settings the server would refuse throw, naming each problem.
 */
export function mailSettingsTo(smtpPort: number, env: Record<string, string> = {}): NotifySettings {
  const { settings, problems } = readNotifySettings({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, ...TEST_MAIL, ...env });
  if (problems.length > 0) throw new Error(`The test's mail settings: ${problems.join(' ')}`);
  return settings;
}
