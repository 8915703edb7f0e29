/**
 * The order of the visitors' mails, against our real server over real HTTP and a real SMTP server
 * in this process: a flood of newsletter sign-ups from many networks queues their confirmations;
 * a real lead's auto-reply posted after them is sent before the confirmations still waiting, not
 * behind every one of them. The SMTP server holds the first mail until the flood is queued, so the
 * queue is full when the lead comes, however fast the machine.
 */
import { SMTPServer } from 'smtp-server';
import type net from 'node:net';
import { validData } from '../../../test/formFixtures';
import { startSignedIn, submit, type TestServer } from '../../../test/adminServer';
import { Changes, mailSettingsTo, waitFor } from '../../../test/receivers';

jest.setTimeout(120_000);

const SIGN_UPS = 50;
let s: TestServer;
let smtp: SMTPServer;
/** The visitors' mails in the order the SMTP server took them (their first recipient). */
const received: string[] = [];
const changes = new Changes();
let release!: () => void;
const held = new Promise<void>((resolve) => (release = resolve));

beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        void held.then(() => {
          received.push(session.envelope.rcptTo[0]?.address ?? '');
          callback();
          changes.notify();
        });
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const settings = mailSettingsTo((smtp.server.address() as net.AddressInfo).port);
  ({ server: s } = await startSignedIn({ notifications: { settings, log: { warn: () => undefined } } }));
});
afterAll(async () => {
  release();
  await s?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

it('a real lead’s auto-reply goes before the confirmations of a flood of sign-ups queued ahead of it', async () => {
  const flood = Array.from({ length: SIGN_UPS }, (_u, i) => `made.up.${process.pid}.${i}@example.net`);
  for (const [i, address] of flood.entries()) await submit(s, 'newsletter', { Email: address }, { 'x-forwarded-for': `2001:db8:7:${i.toString(16)}::1` });
  const lead = `real.client.${process.pid}@example.com`;
  await submit(s, 'contact', { ...validData.contact, Email: lead }, { 'x-forwarded-for': '192.0.2.10' });
  release();
  await waitFor('every visitor’s mail', () => flood.every((a) => received.includes(a)) && received.includes(lead), { on: [changes] });
  const visitors = received.filter((to) => to === lead || flood.includes(to));
  // Sent before the confirmations that were still waiting when it came (the worker reads a batch at a time).
  expect(visitors.indexOf(lead)).toBeLessThan(SIGN_UPS / 2);
});
