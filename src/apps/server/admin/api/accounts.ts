/**
 * The account's own routes under /api/admin/: who is signed in, signing out (here or everywhere),
 * the password typed again, and its second steps at sign-in (an authenticator app, passkeys,
 * recovery codes: src/platform/server/accounts/secondFactor.ts), with the owners' choice to require one.
 */
import server from '../../../../../config/server';
import { unreadCount } from '../../../../leads/server/inbox';
import { readyNewsletters } from '../../../../newsletter/server/newsletters';
import type { NewRecoveryCodes, SecondFactorState, TotpSetup } from '../../../../platform/signIn';
import type { Me } from '../../../../platform/inboxRoutes';
import { endSessionsOf, passwordIsRecent } from '../../../../platform/server/accounts/sessions';
import {
  addPasskey,
  confirmTotp,
  isLastRequired,
  mustSetUpSecondFactor,
  newRecoveryCodes,
  passkeyRegistrationOptions,
  relyingPartyOf,
  removePasskey,
  removeTotp,
  secondFactorRequired,
  secondFactorsOf,
  setSecondFactorRequired,
  startTotp,
} from '../../../../platform/server/accounts/secondFactor';
import { isHttps } from '../../../../platform/server/security';
import { forgetDevices, newDeviceMailOn, setNewDeviceMail } from '../../../../platform/server/accounts/newDevice';
import { fill } from '../../../../schema/text';
import { fail, passwordAgain, SESSION_COOKIE, type AdminApiOptions, type CheckPassword, type Route } from './route';

/** The longest name a passkey may be given (the device it is on). */
const PASSKEY_NAME_MAX = server.admin.signIn.secondFactor.passkeyNameMax;

const messages = server.admin.messages;

export function registerAccounts(
  route: Route,
  { store, served, clock, live, checkPassword, placeholders, sender }: AdminApiOptions & { checkPassword: CheckPassword },
) {
  route('me', async (request, reply, role, answer) => {
    const owner = role === 'owner';
    const me: Me = {
      email: request.session.email ?? '',
      role,
      csrfToken: reply.generateCsrf(),
      placeholders: owner ? placeholders : [],
      ...(owner ? { unread: unreadCount(store, served.forms), newslettersReady: readyNewsletters(store.db) } : {}),
      ...(mustSetUpSecondFactor(store, request.session.email ?? '') ? { mustSetUpSecondFactor: true as const } : {}),
    };
    return answer(me);
  });

  route('signOut', async (request, reply) => {
    live.endSession(request.session.sessionId);
    await request.session.destroy();
    reply.clearCookie(SESSION_COOKIE, { path: '/api/', httpOnly: true, sameSite: 'strict', secure: isHttps(request) });
    return reply.code(204).send();
  });

  // Every session of the account ends, this one and the remembered devices' included.
  // Its browsers are new again too (newDevice.ts): where owners ask for it, each confirms by mail at its next sign-in.
  route('signOutEverywhere', async (request, reply) => {
    endSessionsOf(store, request.session.email ?? '');
    forgetDevices(store, request.session.email ?? '');
    live.endAccount(request.session.email ?? '');
    await request.session.destroy();
    reply.clearCookie(SESSION_COOKIE, { path: '/api/', httpOnly: true, sameSite: 'strict', secure: isHttps(request) });
    return reply.code(204).send();
  });

  // The password typed again: checked, throttled and queued as at the sign-in (per account from this address, and per address).
  route(
    'confirmPassword',
    async (request, reply) => {
      const { password } = request.body;
      if (password.length > server.admin.passwordMaxLength) return fail(reply, 400, messages.wrongPasswordAgain);
      const checked = await checkPassword(request, reply, { account: request.session.email ?? '', address: request.ip }, password);
      if (checked === 'refused') return reply;
      if (checked === 'wrong') return fail(reply, 403, messages.wrongPasswordAgain);
      request.session.passwordAt = clock();
      return reply.code(204).send();
    },
    { bodyLimit: 3 * server.admin.passwordMaxLength + 256, refusals: messages.wrongPasswordAgain },
  );

  route('recentPassword', async (request, reply) => (passwordIsRecent(request.session, clock()) ? reply.code(204).send() : passwordAgain(reply)));

  const accountOf = (request: { session: { email?: string } }) => request.session.email ?? '';

  route('secondFactor', async (request, _reply, _role, answer) => {
    const state: SecondFactorState = {
      ...secondFactorsOf(store, accountOf(request)),
      required: secondFactorRequired(store),
      newDeviceMail: newDeviceMailOn(store),
      mailOn: sender !== undefined,
    };
    return answer(state);
  });

  route('totpStart', async (request, _reply, _role, answer) => answer(startTotp(store, accountOf(request), clock()) satisfies TotpSetup));

  route(
    'totpConfirm',
    async (request, reply, _role, answer) => {
      const done = confirmTotp(store, accountOf(request), request.body.code, clock());
      if (done === 'none') return fail(reply, 409, messages.noCodeSetUp);
      if (done === 'wrong') return fail(reply, 400, messages.wrongCode);
      return answer(done satisfies NewRecoveryCodes);
    },
    { refusals: messages.wrongCode },
  );

  route('totpRemove', async (request, reply) => {
    if (isLastRequired(store, accountOf(request), { totp: true })) return fail(reply, 409, messages.lastSecondFactor);
    removeTotp(store, accountOf(request));
    return reply.code(204).send();
  });

  route('passkeyOptions', async (request, _reply, _role, answer) => {
    const options = await passkeyRegistrationOptions(store, accountOf(request), relyingPartyOf(request));
    request.session.passkeyChallenge = options.challenge;
    return answer(options);
  });

  const badPasskeyName = fill(messages.badPasskeyName, { max: PASSKEY_NAME_MAX });
  route(
    'passkeyAdd',
    async (request, reply, _role, answer) => {
      const { name, response } = request.body;
      const challenge = request.session.passkeyChallenge;
      if (name.trim() === '' || [...name.trim()].length > PASSKEY_NAME_MAX) return fail(reply, 400, badPasskeyName);
      if (!challenge || !response || typeof response !== 'object') return fail(reply, 400, messages.passkeyFailed);
      // A challenge answers once.
      delete request.session.passkeyChallenge;
      const added = await addPasskey(store, accountOf(request), relyingPartyOf(request), challenge, response as never, name.trim(), clock());
      if (added === 'failed') return fail(reply, 400, messages.passkeyFailed);
      return answer(added satisfies NewRecoveryCodes);
    },
    { bodyLimit: 16 * 1024, refusals: badPasskeyName },
  );

  route('passkeyRemove', async (request, reply) => {
    const id = request.params.passkeyId;
    if (isLastRequired(store, accountOf(request), { passkey: id })) return fail(reply, 409, messages.lastSecondFactor);
    removePasskey(store, accountOf(request), id);
    return reply.code(204).send();
  });

  route('recoveryCodes', async (request, _reply, _role, answer) =>
    answer({ recoveryCodes: newRecoveryCodes(store, accountOf(request)) } satisfies NewRecoveryCodes),
  );

  // The owners' settings for every account: a second step required; a new browser confirmed by mail (only where the server sends mail).
  route(
    'secondFactorRequired',
    async (request, reply) => {
      const { required, newDeviceMail } = request.body;
      if (required === undefined && newDeviceMail === undefined) return fail(reply, 400, messages.badChange);
      if (newDeviceMail === true && sender === undefined) return fail(reply, 409, messages.deviceMailOff);
      if (required !== undefined) setSecondFactorRequired(store, required);
      if (newDeviceMail !== undefined) setNewDeviceMail(store, newDeviceMail);
      return reply.code(204).send();
    },
    { refusals: messages.badChange },
  );
}
