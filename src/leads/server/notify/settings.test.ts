/**
 * The notification settings: off without them, on when right, and one plain sentence for
 * each wrong one (the site starts all the same; that channel's deliveries wait). Pinned
 * exactly, as a person reads them at start.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeSettings, readNotifySettings } from './settings';

const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const mail = {
  SMTP_URL: 'smtp://site%40agency.example:p4ss%3Aword@mail.agency.example:587',
  MAIL_FROM: 'Agency Site <site@agency.example>',
  NOTIFY_TO: 'sales@agency.example, Owner <owner@agency.example>',
};
const hook = { WEBHOOK_URL: 'https://hooks.chat.example/services/T0/B0/x', WEBHOOK_SECRET: SECRET };
const read = (env: Record<string, string>) => readNotifySettings(env, 'https://www.example.com');

test('nothing set: everything off, no sentence, links to config/site.ts brand.url', () => {
  expect(read({})).toEqual({ settings: { publicUrl: 'https://www.example.com', waiting: [] }, problems: [] });
  // Empty values (as deploy/site.env.example has them) are the same as none.
  expect(read({ SMTP_URL: '', MAIL_FROM: ' ', NOTIFY_TO: '', WEBHOOK_URL: '', WEBHOOK_SECRET: '', PUBLIC_URL: '' })).toEqual(read({}));
  expect(describeSettings(read({}).settings)).toBe('Notifications of new leads: off.');
});

test('everything set right', () => {
  const { settings, problems } = read({ ...mail, ...hook, PUBLIC_URL: 'https://leads.agency.example/' });
  expect(problems).toEqual([]);
  expect(settings).toEqual({
    publicUrl: 'https://leads.agency.example',
    email: {
      smtpUrl: mail.SMTP_URL,
      from: mail.MAIL_FROM,
      fromAddress: 'site@agency.example',
      fromName: 'Agency Site',
      to: ['sales@agency.example', 'owner@agency.example'],
    },
    webhook: { url: hook.WEBHOOK_URL, secret: Buffer.alloc(32, 7) },
    // The newsletter's sender: SMTP_URL and MAIL_FROM.
    sender: { smtpUrl: mail.SMTP_URL, from: mail.MAIL_FROM, fromAddress: 'site@agency.example', fromName: 'Agency Site' },
    waiting: [],
  });
  expect(describeSettings(settings)).toBe(
    'Notifications of new leads: e-mail to sales@agency.example, owner@agency.example and webhook to hooks.chat.example (signed).',
  );
  expect(read({ ...mail, SMTP_URL: 'smtps://mail.agency.example:465' }).problems).toEqual([]);
});

test('a webhook without a secret is sent unsigned (chat tools need none)', () => {
  const { settings, problems } = read({ WEBHOOK_URL: hook.WEBHOOK_URL });
  expect(problems).toEqual([]);
  expect(settings.webhook).toEqual({ url: hook.WEBHOOK_URL });
  expect(describeSettings(settings)).toBe('Notifications of new leads: webhook to hooks.chat.example (not signed: no WEBHOOK_SECRET).');
});

const waits = 'so e-mails about new leads wait until it is fixed';
const hookWaits = 'so webhooks about new leads wait until it is fixed';
const MAKE = `node -e "console.log('whsec_' + require('crypto').randomBytes(32).toString('base64'))"`;

test.each([
  [
    { ...mail, SMTP_URL: 'mail.agency.example:587' },
    `SMTP_URL is not an SMTP address like smtp://user:password@mail.example.com:587 (or smtps://… for port 465), ${waits}.`,
  ],
  [
    { ...mail, SMTP_URL: 'https://mail.agency.example' },
    `SMTP_URL is not an SMTP address like smtp://user:password@mail.example.com:587 (or smtps://… for port 465), ${waits}.`,
  ],
  [
    { ...mail, SMTP_URL: 'smtp://user:pa ss@[bad' },
    `SMTP_URL is not an SMTP address like smtp://user:password@mail.example.com:587 (or smtps://… for port 465), ${waits}.`,
  ],
  [
    { MAIL_FROM: mail.MAIL_FROM, NOTIFY_TO: mail.NOTIFY_TO },
    `SMTP_URL is not set while MAIL_FROM is, ${waits}: set it to your mail server, like smtp://user:password@mail.example.com:587.`,
  ],
  [
    { SMTP_URL: mail.SMTP_URL, NOTIFY_TO: mail.NOTIFY_TO },
    `MAIL_FROM is not set, ${waits}: set it to the sender, like MAIL_FROM="Your Agency <site@your-domain.example>".`,
  ],
  [{ ...mail, MAIL_FROM: 'Agency Site' }, `MAIL_FROM is not one e-mail address like "Your Agency <site@your-domain.example>", ${waits}.`],
  [
    { ...mail, MAIL_FROM: 'a@agency.example, b@agency.example' },
    `MAIL_FROM is not one e-mail address like "Your Agency <site@your-domain.example>", ${waits}.`,
  ],
  [
    { SMTP_URL: mail.SMTP_URL, MAIL_FROM: mail.MAIL_FROM },
    `NOTIFY_TO is not set, ${waits}: set it to who gets them, like NOTIFY_TO=sales@your-domain.example,owner@your-domain.example.`,
  ],
  [
    { ...mail, NOTIFY_TO: 'sales@agency.example; owner@agency.example' },
    `NOTIFY_TO is not a list of e-mail addresses separated by commas, like sales@your-domain.example,owner@your-domain.example, ${waits}.`,
  ],
  [
    { ...mail, NOTIFY_TO: 'sales' },
    `NOTIFY_TO is not a list of e-mail addresses separated by commas, like sales@your-domain.example,owner@your-domain.example, ${waits}.`,
  ],
  [
    { ...mail, NOTIFY_TO: 'sales@agency.example\r\nBcc: all@elsewhere.example' },
    `NOTIFY_TO is not a list of e-mail addresses separated by commas, like sales@your-domain.example,owner@your-domain.example, ${waits}.`,
  ],
  [
    { NOTIFY_TO: 'sales@agency.example' },
    `SMTP_URL is not set while NOTIFY_TO is, ${waits}: set it to your mail server, like smtp://user:password@mail.example.com:587.`,
  ],
])('a wrong e-mail setting: %j is one sentence, and e-mail waits', (env, sentence) => {
  const { settings, problems } = read(env);
  expect(problems).toContain(sentence);
  expect(settings.email).toBeUndefined();
  expect(settings.waiting).toEqual(['email']);
});

test('each wrong setting is its own sentence, all at once', () => {
  expect(read({ SMTP_URL: 'nonsense', MAIL_FROM: 'nobody', NOTIFY_TO: 'nobody' }).problems).toHaveLength(3);
});

test.each([
  [{ WEBHOOK_URL: 'hooks.chat.example/x' }, `WEBHOOK_URL is not an http:// or https:// address, ${hookWaits}.`],
  [{ WEBHOOK_URL: 'ftp://hooks.chat.example/x' }, `WEBHOOK_URL is not an http:// or https:// address, ${hookWaits}.`],
  [{ WEBHOOK_SECRET: SECRET }, `WEBHOOK_URL is not set while WEBHOOK_SECRET is, ${hookWaits}: set it to the address that receives them.`],
  [{ ...hook, WEBHOOK_SECRET: 'my secret' }, `WEBHOOK_SECRET is not "whsec_" followed by 24 to 64 bytes in base64 (make one with: ${MAKE}), ${hookWaits}.`],
  [
    { ...hook, WEBHOOK_SECRET: Buffer.alloc(32).toString('base64') },
    `WEBHOOK_SECRET is not "whsec_" followed by 24 to 64 bytes in base64 (make one with: ${MAKE}), ${hookWaits}.`,
  ],
  [
    { ...hook, WEBHOOK_SECRET: `whsec_${Buffer.alloc(16).toString('base64')}` },
    `WEBHOOK_SECRET is not "whsec_" followed by 24 to 64 bytes in base64 (make one with: ${MAKE}), ${hookWaits}.`,
  ],
  [
    { ...hook, WEBHOOK_SECRET: 'whsec_not*base64!' },
    `WEBHOOK_SECRET is not "whsec_" followed by 24 to 64 bytes in base64 (make one with: ${MAKE}), ${hookWaits}.`,
  ],
])('a wrong webhook setting: %j is one sentence, and the webhook waits', (env, sentence) => {
  const { settings, problems } = read(env);
  expect(problems).toEqual([sentence]);
  expect(settings.webhook).toBeUndefined();
  expect(settings.waiting).toEqual(['webhook']);
});

test('a wrong PUBLIC_URL: one sentence, and the links use config/site.ts brand.url', () => {
  expect(read({ PUBLIC_URL: 'www.agency.example' })).toEqual({
    settings: { publicUrl: 'https://www.example.com', waiting: [] },
    problems: [
      'PUBLIC_URL is not an address like https://www.your-domain.example, so the links in notifications start with https://www.example.com (config/site.ts brand.url) until it is fixed.',
    ],
  });
});

test('a wrong channel leaves the other one on', () => {
  const { settings } = read({ ...mail, NOTIFY_TO: 'nobody', ...hook });
  expect(settings.webhook).toBeDefined();
  expect(settings.waiting).toEqual(['email']);
  expect(describeSettings(settings)).toBe('Notifications of new leads: webhook to hooks.chat.example (signed); waiting for a setting to be fixed: email.');
});

test('no sentence repeats a password or a secret', () => {
  const secretEnv = { SMTP_URL: 'smtp://user:hunter2-secret@', MAIL_FROM: 'x', NOTIFY_TO: 'y', WEBHOOK_URL: 'nope', WEBHOOK_SECRET: 'whsec_hunter2-secret' };
  const { problems } = read(secretEnv);
  expect(problems.length).toBeGreaterThan(0);
  for (const problem of problems) expect(problem).not.toContain('hunter2');
});

describe('the DKIM key (DKIM_PRIVATE_KEY_FILE, DKIM_SELECTOR, DKIM_DOMAIN)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dkim-settings-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const keyFile = (name: string, text: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return file;
  };
  const rsa = (bits: number) => generateKeyPairSync('rsa', { modulusLength: bits }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const good = keyFile('good.pem', rsa(2048));
  const unsigned = 'so the newsletter is not sent until it is fixed (docs/deploy-own-server.md "Mail that arrives")';
  const MAKE_KEY = 'openssl genrsa -out dkim-private.pem 2048';

  test("a right key signs every mail of the site: the newsletter's and the notifications'", () => {
    const { settings, problems } = read({ ...mail, DKIM_PRIVATE_KEY_FILE: good, DKIM_SELECTOR: 'site2026' });
    expect(problems).toEqual([]);
    const dkim = { domainName: 'agency.example', keySelector: 'site2026', privateKey: expect.stringContaining('BEGIN RSA PRIVATE KEY') };
    expect(settings.sender?.dkim).toEqual(dkim);
    expect(settings.email?.dkim).toEqual(dkim);
    // A domain MAIL_FROM's is under (relaxed alignment): taken.
    expect(
      read({ ...mail, MAIL_FROM: 'Site <site@mail.agency.example>', DKIM_PRIVATE_KEY_FILE: good, DKIM_SELECTOR: 'x', DKIM_DOMAIN: 'agency.example' }).settings
        .sender?.dkim?.domainName,
    ).toBe('agency.example');
  });

  test.each([
    [
      { DKIM_SELECTOR: 'site2026' },
      `DKIM_PRIVATE_KEY_FILE is not set while DKIM_SELECTOR or DKIM_DOMAIN is, ${unsigned}: make a key with ${MAKE_KEY} and name its file.`,
    ],
    [
      { DKIM_PRIVATE_KEY_FILE: path.join(dir, 'none.pem'), DKIM_SELECTOR: 's' },
      `DKIM_PRIVATE_KEY_FILE (${path.join(dir, 'none.pem')}) does not exist, ${unsigned}: make one with ${MAKE_KEY}.`,
    ],
    [
      { DKIM_PRIVATE_KEY_FILE: keyFile('text.pem', 'not a key'), DKIM_SELECTOR: 's' },
      `DKIM_PRIVATE_KEY_FILE (${path.join(dir, 'text.pem')}) is not a private key in PEM form, ${unsigned}: make one with ${MAKE_KEY}.`,
    ],
    [
      { DKIM_PRIVATE_KEY_FILE: keyFile('small.pem', rsa(512)), DKIM_SELECTOR: 's' },
      `DKIM_PRIVATE_KEY_FILE (${path.join(dir, 'small.pem')}) is not an RSA key of 1024 bits or more (2048 is usual), ${unsigned}: make one with ${MAKE_KEY}.`,
    ],
    [
      { DKIM_PRIVATE_KEY_FILE: good },
      `DKIM_SELECTOR is not set, ${unsigned}: set it to the name of the DNS record of the key (<selector>._domainkey.<domain>).`,
    ],
    [
      { DKIM_PRIVATE_KEY_FILE: good, DKIM_SELECTOR: 'a b' },
      `DKIM_SELECTOR is not a DNS name like "site2026", ${unsigned}: set it to the name of the DNS record of the key (<selector>._domainkey.<domain>).`,
    ],
    [
      { DKIM_PRIVATE_KEY_FILE: good, DKIM_SELECTOR: 's', DKIM_DOMAIN: 'other.example' },
      `DKIM_DOMAIN (other.example) is not MAIL_FROM's domain (agency.example) or one it is under, so DMARC would not count the signature as yours, ${unsigned}.`,
    ],
  ])('a wrong DKIM setting %j is one sentence, and the newsletter is not sent unsigned', (dkim, sentence) => {
    const { settings, problems } = read({ ...mail, ...dkim });
    expect(problems).toEqual([sentence]);
    expect(settings.sender).toBeUndefined();
  });
});
