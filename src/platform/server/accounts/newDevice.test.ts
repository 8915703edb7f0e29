/**
 * A new browser confirmed by mail, against our real server over real HTTP and a real SMTP server
 * in this process (smtp-server, each mail parsed with postal-mime): a browser the account never
 * finished a sign-in from gets no session from the password (nor the app's code) alone, but a code
 * mailed to the account's address; typed there, once, it signs in and the browser is known from
 * then on. Wrong codes spend it; its minutes end it; the mails to an account are limited; a
 * server without mail refuses the setting. A passkey needing no code is signed in with in Chromium
 * (e2e/admin-second-factor.e2e.ts). Texts come from config/server.ts.
 */
import { Secret, TOTP } from 'otpauth';
import admin from '../../../../config/admin';
import server from '../../../../config/server';
import { CSRF_HEADER, SECOND_STEP_API, type SecondStepNeeded, type SecondFactorState, type TotpSetup } from '../../signIn';
import { adminRoutes } from '../../inboxRoutes';
import { readNotifySettings } from '../../../leads/server/notify';
import { addAccount, Client, startServer, type TestServer } from '../../../test/adminServer';
import { startSmtp, waitFor, type SmtpReceiver } from '../../../test/receivers';
import { fill } from '../../../schema/text';
import { DEVICE_COOKIE } from './newDevice';

const messages = server.admin.messages;
const settings = server.admin.signIn.newDevice;
const OWNER = 'owner@agency.test';
const EDITOR = 'editor@agency.test';

let s: TestServer;
let smtp: SmtpReceiver;
/** The owner's browser: signed in before owners turned the mail on, so known to the owner's account. */
let known: Client;

async function mailingServer(): Promise<TestServer> {
  const { settings: notify, problems } = readNotifySettings({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Agency Site <site@agency.test>',
    NOTIFY_TO: 'sales@agency.test',
    PUBLIC_URL: 'https://www.agency.test',
  });
  expect(problems).toEqual([]);
  return startServer({ notifications: { settings: notify, log: { warn: () => undefined } } });
}

beforeEach(async () => {
  smtp = await startSmtp(0);
  s = await mailingServer();
  await addAccount(s, OWNER);
  await addAccount(s, EDITOR, undefined, 'editor');
  known = new Client(s.base);
  expect((await known.signIn(OWNER)).status).toBe(204);
  const on = await known.change(adminRoutes.secondFactorRequired.method, adminRoutes.secondFactorRequired.path, { json: { newDeviceMail: true } });
  expect(on.status).toBe(204);
});
afterEach(async () => {
  await s.close();
  await smtp.close();
});

const signedIn = async (client: Client) => (await client.send(adminRoutes.me.method, adminRoutes.me.path)).status === 200;

async function secondStep(client: Client, answer: unknown): Promise<Response> {
  const { csrfToken } = await client.signInState();
  return client.send('POST', SECOND_STEP_API, { json: answer, headers: { [CSRF_HEADER]: csrfToken } });
}

/** The code of the newest mail to `to` after `before` mails, with that mail. */
async function mailedCode(to: string, before: number) {
  await waitFor('the mail with the code', () => smtp.mails.length > before, { on: [smtp.changes] });
  const mail = smtp.mails.at(-1)!;
  expect(mail.envelope.to).toEqual([to]);
  const code = new RegExp(`\\b\\d{${settings.digits}}\\b`).exec(mail.email.text ?? '')?.[0];
  expect(code).toBeDefined();
  return { code: code!, mail };
}

/** A browser that has never been here signs in with the right password: the step asks for the mailed code. */
async function newBrowser(email = OWNER, userAgent = 'Firefox on a laptop of a stranger'): Promise<{ client: Client; code: string }> {
  const client = new Client(s.base, { 'user-agent': userAgent });
  const before = smtp.mails.length;
  const response = await client.signIn(email);
  expect(response.status).toBe(200);
  expect(((await response.json()) as SecondStepNeeded).secondStep.methods).toEqual(['mail']);
  const { code } = await mailedCode(email, before);
  return { client, code };
}

it("the mail names a common browser in words (its name, version and system), not by its user agent's code", async () => {
  const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
  const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
  const edge = `${chrome} Edg/131.0.2903.86`;
  for (const [userAgent, name, version, system] of [
    [chrome, 'Chrome', '131', 'Windows'],
    [iphone, 'Safari', '17', 'iPhone'],
    [edge, 'Edge', '131', 'Windows'],
  ] as const) {
    await newBrowser(OWNER, userAgent);
    const text = smtp.mails.at(-1)!.email.text ?? '';
    expect(text).toContain(fill(server.admin.newDeviceMail.browser, { name, version, system }));
    expect(text).not.toContain('Mozilla/5.0');
  }
});

it('a new browser gets no session from the password: a code mailed to the account signs it in, once; then it is known, as the browser known before is', async () => {
  const { client, code } = await newBrowser();
  expect(await signedIn(client)).toBe(false);
  const mail = smtp.mails.at(-1)!;
  expect(mail.email.subject).toBe(fill(server.admin.newDeviceMail.subject, { code }));
  expect(mail.email.text).toContain('Firefox on a laptop of a stranger');
  expect(mail.email.headers.find((h) => h.key === 'auto-submitted')?.value).toBe('auto-generated');
  // A password is changed on the server only: the mail sends the owner to the inbox's button that ends every session.
  expect(mail.email.text).toContain(admin.nav.signOutEverywhere);
  // Another step's answers are not this one's.
  expect((await secondStep(client, { method: 'totp', code: '000000' })).status).toBe(400);
  const wrong = code === '0'.repeat(settings.digits) ? '1'.repeat(settings.digits) : '0'.repeat(settings.digits);
  const refused = await secondStep(client, { method: 'mail', code: wrong });
  expect([refused.status, ((await refused.json()) as { message: string }).message]).toEqual([401, messages.wrongMailCode]);
  expect((await secondStep(client, { method: 'mail', code })).status).toBe(204);
  expect(await signedIn(client)).toBe(true);
  // Once: the step is over.
  const again = await secondStep(client, { method: 'mail', code });
  expect([again.status, ((await again.json()) as { message: string }).message]).toEqual([401, messages.secondStepExpired]);
  // Known now: its next sign-in is the password's alone, as the browser known before; nothing is mailed.
  const mails = smtp.mails.length;
  expect((await client.signIn(OWNER)).status).toBe(204);
  expect((await known.signIn(OWNER)).status).toBe(204);
  expect(smtp.mails.length).toBe(mails);
  // The database keeps a hash of the browser's id, not the id its cookie holds.
  const cookie = decodeURIComponent(client.cookies.get(DEVICE_COOKIE)!);
  const hashes = s.app.store.db.prepare('SELECT device_hash FROM admin_devices WHERE email = ?').pluck().all(OWNER) as string[];
  expect(hashes).toHaveLength(2);
  for (const hash of hashes) expect(cookie).not.toContain(hash);
  // Known to the owner's account only: the editor's first sign-in from it is asked.
  const before = smtp.mails.length;
  const editors = await client.signIn(EDITOR);
  expect(editors.status).toBe(200);
  await mailedCode(EDITOR, before);
});

it('a forged or copied-across cookie is no known browser', async () => {
  const forged = new Client(s.base);
  forged.cookies.set(
    DEVICE_COOKIE,
    known.cookies.get(DEVICE_COOKIE)!.replace(/.(?=\.[^.]*$)/, (c) => (c === 'A' ? 'B' : 'A')),
  );
  expect((await forged.signIn(OWNER)).status).toBe(200);
});

it('wrong codes spend the code; its minutes end it; wrong codes count per account as the second step’s', async () => {
  // Two browsers spend their codes; the account's wrong codes are then past the second step's limit, from anywhere.
  const spent = settings.tries * 2 >= server.admin.signIn.secondFactor.perAccount.refuseAfter ? 2 : 1;
  for (let round = 0; round < spent; round++) {
    const { client, code } = await newBrowser();
    const wrong = code === '1'.repeat(settings.digits) ? '2'.repeat(settings.digits) : '1'.repeat(settings.digits);
    const answers: string[] = [];
    for (let i = 0; i < settings.tries; i++)
      answers.push(((await (await secondStep(client, { method: 'mail', code: wrong })).json()) as { message: string }).message);
    expect(answers).toEqual([...Array<string>(settings.tries - 1).fill(messages.wrongMailCode), messages.mailCodeSpent]);
    expect((await secondStep(client, { method: 'mail', code })).status).toBe(401);
    expect(await signedIn(client)).toBe(false);
  }
  if (spent === 2) {
    const third = await newBrowser();
    const refused = await secondStep(third.client, { method: 'mail', code: third.code });
    expect(refused.status).toBe(429);
    expect(await signedIn(third.client)).toBe(false);
  }

  const late = await newBrowser();
  s.clock.now += settings.minutes * 60_000 + 1000;
  const expired = await secondStep(late.client, { method: 'mail', code: late.code });
  expect([expired.status, ((await expired.json()) as { message: string }).message]).toEqual([401, messages.secondStepExpired]);
  expect(await signedIn(late.client)).toBe(false);
});

it('an account is mailed so many codes, then refused for a while', async () => {
  s.clock.now += 3_600_000;
  for (let i = 0; i < settings.mailRate.requests; i++) await newBrowser();
  const refused = await new Client(s.base).signIn(OWNER);
  expect(refused.status).toBe(429);
  expect(((await refused.json()) as { message: string }).message).toMatch(new RegExp(`^${messages.tooManyDeviceMails.split('{minutes}')[0]!}`));
});

it('an account with an app: its code first, then the mailed code; signing out everywhere makes every browser new', async () => {
  const started = await known.change(adminRoutes.totpStart.method, adminRoutes.totpStart.path);
  const { secret } = (await started.json()) as TotpSetup;
  const codeAt = (steps: number) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: s.clock.now + steps * 30_000 });
  expect((await known.change(adminRoutes.totpConfirm.method, adminRoutes.totpConfirm.path, { json: { code: codeAt(0) } })).status).toBe(200);
  s.clock.now += 60_000;

  const client = new Client(s.base);
  const step = await client.signIn(OWNER);
  expect(((await step.json()) as SecondStepNeeded).secondStep.methods).toEqual(['totp', 'recovery']);
  // The mailed code is not asked yet (nor mailed): the app's comes first.
  expect((await secondStep(client, { method: 'mail', code: '123456' })).status).toBe(400);
  const before = smtp.mails.length;
  const next = await secondStep(client, { method: 'totp', code: codeAt(0) });
  expect([next.status, (await next.json()) as SecondStepNeeded]).toEqual([200, { secondStep: { methods: ['mail'] } }]);
  expect(await signedIn(client)).toBe(false);
  const { code } = await mailedCode(OWNER, before);
  expect((await secondStep(client, { method: 'mail', code })).status).toBe(204);
  expect(await signedIn(client)).toBe(true);

  // Signed out everywhere: the browsers known before are new again.
  expect((await client.change(adminRoutes.signOutEverywhere.method, adminRoutes.signOutEverywhere.path)).status).toBe(204);
  s.clock.now += 60_000;
  const asked = await known.signIn(OWNER);
  expect(asked.status).toBe(200);
  const again = await secondStep(known, { method: 'totp', code: codeAt(0) });
  expect(((await again.json()) as SecondStepNeeded).secondStep.methods).toEqual(['mail']);
});

it('owners turn it off again; a server that sends no mail refuses to turn it on', async () => {
  const state = (await (await known.send('GET', adminRoutes.secondFactor.path)).json()) as SecondFactorState;
  expect([state.newDeviceMail, state.mailOn]).toEqual([true, true]);
  expect((await known.change(adminRoutes.secondFactorRequired.method, adminRoutes.secondFactorRequired.path, { json: { newDeviceMail: false } })).status).toBe(
    204,
  );
  expect((await new Client(s.base).signIn(OWNER)).status).toBe(204);

  const quiet = await startServer();
  try {
    await addAccount(quiet, OWNER);
    const owner = new Client(quiet.base);
    expect((await owner.signIn(OWNER)).status).toBe(204);
    const refused = await owner.change(adminRoutes.secondFactorRequired.method, adminRoutes.secondFactorRequired.path, { json: { newDeviceMail: true } });
    expect([refused.status, ((await refused.json()) as { message: string }).message]).toEqual([409, messages.deviceMailOff]);
    expect(((await (await owner.send('GET', adminRoutes.secondFactor.path)).json()) as SecondFactorState).mailOn).toBe(false);
  } finally {
    await quiet.close();
  }
});
