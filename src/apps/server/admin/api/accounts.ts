/** The account's own routes under /api/admin/: who is signed in, signing out (here or everywhere), the password typed again. */
import server from '../../../../../config/server';
import { unreadCount } from '../../../../leads/server/inbox';
import type { Me } from '../../../../leads/model/adminApi';
import { endSessionsOf, passwordIsRecent } from '../../../../platform/server/accounts/sessions';
import { isHttps } from '../../../../platform/server/security';
import { fail, json, passwordAgain, SESSION_COOKIE, type AdminApiOptions, type CheckPassword, type Route } from './route';

const messages = server.admin.messages;

export function registerAccounts(route: Route, { store, clock, live, checkPassword, placeholders }: AdminApiOptions & { checkPassword: CheckPassword }) {
  route('me', async (request, reply, role) => {
    const owner = role === 'owner';
    const me: Me = {
      email: request.session.email ?? '',
      role,
      csrfToken: reply.generateCsrf(),
      placeholders: owner ? placeholders : [],
      ...(owner ? { unread: unreadCount(store) } : {}),
    };
    return json(reply, 200, me);
  });

  route('signOut', async (request, reply) => {
    live.endSession(request.session.sessionId);
    await request.session.destroy();
    reply.clearCookie(SESSION_COOKIE, { path: '/api/', httpOnly: true, sameSite: 'strict', secure: isHttps(request) });
    return reply.code(204).send();
  });

  // Every session of the account ends, this one and the remembered devices' included.
  route('signOutEverywhere', async (request, reply) => {
    endSessionsOf(store, request.session.email ?? '');
    live.endAccount(request.session.email ?? '');
    await request.session.destroy();
    reply.clearCookie(SESSION_COOKIE, { path: '/api/', httpOnly: true, sameSite: 'strict', secure: isHttps(request) });
    return reply.code(204).send();
  });

  // The password typed again: checked, throttled and queued as at the sign-in (per account from this address, and per address).
  route(
    'confirmPassword',
    async (request, reply) => {
      const { password } = (request.body ?? {}) as { password?: unknown };
      if (typeof password !== 'string' || password.length > server.admin.passwordMaxLength) return fail(reply, 400, messages.wrongPasswordAgain);
      const checked = await checkPassword(request, reply, { account: request.session.email ?? '', address: request.ip }, password);
      if (checked === 'refused') return reply;
      if (checked === 'wrong') return fail(reply, 403, messages.wrongPasswordAgain);
      request.session.passwordAt = clock();
      return reply.code(204).send();
    },
    3 * server.admin.passwordMaxLength + 256,
  );

  route('recentPassword', async (request, reply) => (passwordIsRecent(request.session, clock()) ? reply.code(204).send() : passwordAgain(reply)));
}
