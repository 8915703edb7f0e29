/**
 * Real receivers for the notification tests, in the test's own process: an SMTP server
 * (smtp-server, no TLS) that parses every mail it takes with postal-mime, and an HTTP server
 * that records every webhook call. Both listen on 127.0.0.1; each can answer with a failure
 * on purpose, and be stopped and started again on the same port.
 */
import http from 'node:http';
import type net from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export { freePort } from './freePort';

export interface ReceivedMail {
  email: Email;
  raw: string;
  envelope: { from: string; to: string[] };
}

export interface SmtpReceiver {
  port: number;
  mails: ReceivedMail[];
  close(): Promise<void>;
}

/** An SMTP server on `port` (0: any free one) that keeps every mail it accepts. */
export async function startSmtp(port = 0, mails: ReceivedMail[] = []): Promise<SmtpReceiver> {
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        PostalMime.parse(raw).then(
          (email) => {
            const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
            mails.push({ email, raw, envelope: { from, to: session.envelope.rcptTo.map((r) => r.address) } });
            callback();
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
  return { port: address.port, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
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
  close(): Promise<void>;
}

export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  const receiver = { calls: [] as WebhookCall[], answer: 200 } as WebhookReceiver;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = receiver.answer;
      receiver.calls.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), status });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'no');
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

/** Waits until `ready()` holds (polling), or fails with `what` after `ms`. */
export async function waitFor(what: string, ready: () => boolean, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!ready()) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
