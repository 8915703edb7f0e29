/**
 * The second step at sign-in, against our real server over real HTTP: an authenticator app's codes
 * (RFC 6238, each taken once), recovery codes (each once), a stolen password alone opening
 * nothing, wrong codes slowed then refused per account (a right password forgives none), the step
 * ending after its minutes, owners requiring one of every account, and the command line taking
 * them off an account that lost its devices. Passkeys are signed in with in Chromium
 * (e2e/admin-second-factor.e2e.ts, with a virtual authenticator); here a forged one is refused.
 */
import { Secret, TOTP } from 'otpauth';
import server from '../../../../config/server';
import { SECOND_STEP_API, CSRF_HEADER, SIGN_IN_API, type NewRecoveryCodes, type SecondFactorState, type SecondStepNeeded, type TotpSetup } from '../../signIn';
import { adminRoutes, pathOf } from '../../inboxRoutes';
import { addAccount, Client, leads, startServer, type TestServer } from '../../../test/adminServer';
import { SECOND_STEP_COOKIE, SESSION_COOKIE } from '../../../apps/server/admin/routes';
import { newsletterRoutes } from '../../../newsletter/model/newsletterApi';

const messages = server.admin.messages;
const settings = server.admin.signIn.secondFactor;
const OWNER = 'owner@agency.test';
const EDITOR = 'editor@agency.test';

let s: TestServer;
beforeEach(async () => {
  s = await startServer();
  await addAccount(s, OWNER);
});
afterEach(() => s.close());

async function signedIn(email = OWNER): Promise<Client> {
  const client = new Client(s.base);
  expect((await client.signIn(email)).status).toBe(204);
  return client;
}

/** The code the app shows at the server's time, `steps` periods of 30 s away. */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: s.clock.now + steps * 30_000 });

/** Sets up the app for a signed-in client: its secret and the recovery codes it was shown. */
async function setUpApp(client: Client): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await client.change(adminRoutes.totpStart.method, adminRoutes.totpStart.path);
  expect(started.status).toBe(200);
  const setup = (await started.json()) as TotpSetup;
  expect(setup.uri).toMatch(/^otpauth:\/\/totp\//);
  expect(setup.uri).toContain(`secret=${setup.secret}`);
  const confirmed = await client.change(adminRoutes.totpConfirm.method, adminRoutes.totpConfirm.path, { json: { code: codeOf(setup.secret) } });
  expect(confirmed.status).toBe(200);
  const { recoveryCodes } = (await confirmed.json()) as NewRecoveryCodes;
  return { secret: setup.secret, recoveryCodes: recoveryCodes! };
}

/** The password step: the answer, and the client (holding the step's cookie). */
async function passwordStep(email = OWNER): Promise<{ client: Client; response: Response }> {
  const client = new Client(s.base);
  const response = await client.signIn(email);
  return { client, response };
}

async function secondStep(client: Client, answer: unknown): Promise<Response> {
  const { csrfToken } = await client.signInState();
  return client.send('POST', SECOND_STEP_API, { json: answer, headers: { [CSRF_HEADER]: csrfToken } });
}

const state = async (client: Client) => (await (await client.send('GET', adminRoutes.secondFactor.path)).json()) as SecondFactorState;

it('a stolen password alone opens nothing once the app is set up: the second step asks for its code, and a right one signs in', async () => {
  const { secret, recoveryCodes } = await setUpApp(await signedIn());
  expect(recoveryCodes).toHaveLength(settings.recoveryCodes);
  expect(new Set(recoveryCodes).size).toBe(settings.recoveryCodes);

  s.clock.now += 60_000;
  const { client, response } = await passwordStep();
  expect(response.status).toBe(200);
  expect(((await response.json()) as SecondStepNeeded).secondStep.methods).toEqual(['totp', 'recovery']);
  expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
  expect(client.lastSetCookies.find((line) => line.startsWith(`${SECOND_STEP_COOKIE}=`))).toMatch(
    new RegExp(`Max-Age=${settings.minutes * 60}; Path=${SIGN_IN_API}; HttpOnly; SameSite=Strict$`),
  );
  expect((await client.send('GET', adminRoutes.me.path)).status).toBe(401);

  const wrong = await secondStep(client, { method: 'totp', code: codeOf(secret, 5) });
  expect(wrong.status).toBe(401);
  expect(await wrong.json()).toEqual({ message: messages.wrongCode });
  const right = await secondStep(client, { method: 'totp', code: codeOf(secret) });
  expect(right.status).toBe(204);
  expect((await client.me()).email).toBe(OWNER);
  // The step is taken: its cookie opens nothing again.
  expect((await secondStep(client, { method: 'totp', code: codeOf(secret) })).status).toBe(401);
});

it('a code is taken once (a code seen over a shoulder is worth nothing after), and the one before it no more', async () => {
  const { secret } = await setUpApp(await signedIn());
  s.clock.now += 90_000;
  const first = await passwordStep();
  expect((await secondStep(first.client, { method: 'totp', code: codeOf(secret) })).status).toBe(204);
  const again = await passwordStep();
  const replayed = await secondStep(again.client, { method: 'totp', code: codeOf(secret) });
  expect(replayed.status).toBe(401);
  expect((await secondStep(again.client, { method: 'totp', code: codeOf(secret, -1) })).status).toBe(401);
  s.clock.now += 30_000;
  expect((await secondStep(again.client, { method: 'totp', code: codeOf(secret) })).status).toBe(204);
});

it('a recovery code signs in once, in any case and with or without its dash', async () => {
  const { recoveryCodes } = await setUpApp(await signedIn());
  const [code] = recoveryCodes;
  const first = await passwordStep();
  expect((await secondStep(first.client, { method: 'recovery', code: code!.toUpperCase().replace('-', ' ') })).status).toBe(204);
  const again = await passwordStep();
  const used = await secondStep(again.client, { method: 'recovery', code: code! });
  expect(used.status).toBe(401);
  expect(await used.json()).toEqual({ message: messages.wrongRecoveryCode });
  expect((await state(first.client)).recoveryLeft).toBe(settings.recoveryCodes - 1);
  // New codes: the old ones stop working.
  const made = (await (await first.client.change(adminRoutes.recoveryCodes.method, adminRoutes.recoveryCodes.path)).json()) as NewRecoveryCodes;
  expect(made.recoveryCodes).toHaveLength(settings.recoveryCodes);
  expect((await secondStep(again.client, { method: 'recovery', code: recoveryCodes[1]! })).status).toBe(401);
  expect((await secondStep(again.client, { method: 'recovery', code: made.recoveryCodes![0]! })).status).toBe(204);
});

it('wrong codes are slowed, then refused for the account from anywhere; typing the right password again forgives none', async () => {
  const { secret } = await setUpApp(await signedIn());
  const { slowAfter, refuseAfter } = settings.perAccount;
  for (let i = 0; i < refuseAfter; i++) {
    // Each try from a new client, after a right password: the count is the account's.
    const { client } = await passwordStep();
    expect((await secondStep(client, { method: 'totp', code: '000000' === codeOf(secret) ? '111111' : '000000' })).status).toBe(401);
  }
  expect(s.waits.filter((ms) => ms > 0)).toHaveLength(refuseAfter - slowAfter);
  const { client } = await passwordStep();
  const refused = await secondStep(client, { method: 'totp', code: codeOf(secret) });
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toBe(String(server.admin.signIn.windowMinutes * 60));
  s.clock.now += server.admin.signIn.windowMinutes * 60_000 + 1;
  const later = await passwordStep();
  expect((await secondStep(later.client, { method: 'totp', code: codeOf(secret) })).status).toBe(204);
});

it('the second step ends after its minutes: the password is asked again', async () => {
  const { secret } = await setUpApp(await signedIn());
  const { client } = await passwordStep();
  s.clock.now += settings.minutes * 60_000 + 1;
  const late = await secondStep(client, { method: 'totp', code: codeOf(secret) });
  expect(late.status).toBe(401);
  expect(await late.json()).toEqual({ message: messages.secondStepExpired });
});

it('a forged passkey, a made-up step cookie and a missing code are refused, and sign no one in', async () => {
  await setUpApp(await signedIn());
  const { client } = await passwordStep();
  const forged = await secondStep(client, { method: 'passkey', response: { id: 'made-up', rawId: 'made-up', type: 'public-key', response: {} } });
  expect(forged.status).toBe(401);
  expect(await forged.json()).toEqual({ message: messages.passkeyFailed });
  expect((await secondStep(client, { method: 'totp' })).status).toBe(400);
  const stranger = new Client(s.base);
  stranger.cookies.set(SECOND_STEP_COOKIE, 'made-up');
  const madeUp = await secondStep(stranger, { method: 'recovery', code: 'abcde-fghij' });
  expect(madeUp.status).toBe(401);
  expect(await madeUp.json()).toEqual({ message: messages.secondStepExpired });
  expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
});

it('owners may require a second step of every account: one without may only set one up, and may not remove its last', async () => {
  await addAccount(s, EDITOR, undefined, 'editor');
  const owner = await signedIn();
  expect((await owner.change(adminRoutes.secondFactorRequired.method, adminRoutes.secondFactorRequired.path, { json: { required: true } })).status).toBe(204);

  const editor = await signedIn(EDITOR);
  expect(await editor.me()).toMatchObject({ mustSetUpSecondFactor: true });
  const blocked = await editor.send(newsletterRoutes.newsletters.method, newsletterRoutes.newsletters.path);
  expect(blocked.status).toBe(403);
  expect(await blocked.json()).toEqual({ message: messages.secondFactorFirst });
  // The owner too, who has none either.
  expect((await owner.send(adminRoutes.leads.method, adminRoutes.leads.path)).status).toBe(403);
  // An editor may not change the requirement.
  expect((await editor.change(adminRoutes.secondFactorRequired.method, adminRoutes.secondFactorRequired.path, { json: { required: false } })).status).toBe(403);

  await setUpApp(editor);
  expect((await editor.me()).mustSetUpSecondFactor).toBeUndefined();
  expect((await editor.send(newsletterRoutes.newsletters.method, newsletterRoutes.newsletters.path)).status).toBe(200);
  const last = await editor.change(adminRoutes.totpRemove.method, adminRoutes.totpRemove.path);
  expect(last.status).toBe(409);
  expect(await last.json()).toEqual({ message: messages.lastSecondFactor });
  expect((await state(editor)).totp).toBe(true);
});

it('the command line takes every second step off an account that lost its devices, and ends its sessions', async () => {
  const client = await signedIn();
  await setUpApp(client);
  const out = await leads(['reset-second-factor', 'Owner@Agency.test'], s.dataDir);
  expect(out.code).toBe(0);
  expect(out.stdout).toContain(OWNER);
  expect((await client.send('GET', adminRoutes.me.path)).status).toBe(401);
  // The password alone signs in again.
  expect((await (await passwordStep()).response).status).toBe(204);
  const unknown = await leads(['reset-second-factor', 'nobody@agency.test'], s.dataDir);
  expect(unknown.code).toBe(2);
});

it("removing a passkey that is not the account's changes nothing", async () => {
  const client = await signedIn();
  await setUpApp(client);
  expect((await client.change('DELETE', pathOf('passkeyRemove', { passkeyId: 'someone-elses' }))).status).toBe(204);
  expect((await state(client)).totp).toBe(true);
});
