/** The newsletter's routes under /api/admin/: its subscribers (a page, the CSV, one unsubscribed by hand) and the newsletters themselves. */
import server from '../../../../../config/server';
import { newsletterRoutes } from '../../../../newsletter/model/newsletterApi';
import { newsletterHandlers } from '../../../../newsletter/server/routes';
import { subscriberExport, subscriberList, unsubscribeSubscriber } from '../../../../newsletter/server/admin';
import { resendConfirmation } from '../../../../newsletter/server/resend';
import type { Newsletter } from '../../../../newsletter/server';
import { createLimiter } from '../../../../platform/server/rateLimit';
import { fill } from '../../../../schema/text';
import { fail, type AdminApiOptions, type Route } from './route';

const messages = server.admin.messages;

/** `newsletter`: the app's (its plugin, src/newsletter/server/plugin.ts). */
export function registerNewsletter(route: Route, { store, notifications, clock, publicUrl, served }: AdminApiOptions, newsletter: Newsletter) {
  // The newsletter's subscribers (src/newsletter/server/admin.ts): a page of a state's, its CSV, one unsubscribed by hand.
  route(
    'subscribers',
    async (request, reply, _role, answer) => {
      const list = subscriberList(store, request.query, notifications.visitorMailOn());
      return list ? answer(list) : fail(reply, 400, messages.badFilter);
    },
    { refusals: messages.badFilter },
  );
  route(
    'subscribersExport',
    async (request, reply) => {
      const file = subscriberExport(store, request.query, clock(), served);
      if (!file) return fail(reply, 400, messages.badFilter);
      return reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${file.name}"`).send(file.stream);
    },
    { refusals: messages.badFilter },
  );
  route('unsubscribe', async (request, reply, _role, answer) => {
    const done = unsubscribeSubscriber(store, request.params.subscriberId, clock());
    if (done === 'unknown') return fail(reply, 404, messages.unknownSubscriber);
    if (done === 'notSubscribed') return fail(reply, 409, messages.notSubscribed);
    return answer(done);
  });

  // An owner sends a waiting sign-up its confirmation again: a few per account, then resendRate's pace.
  const resends = createLimiter(server.admin.resendRate, clock);
  route('resendConfirmation', async (request, reply, _role, answer) => {
    const wait = resends.take(request.session.email ?? '');
    if (wait > 0) return fail(reply, 429, fill(messages.tooManyResends, { minutes: Math.ceil(wait / 60) }));
    const done = resendConfirmation(store, notifications, request.params.subscriberId, publicUrl, newsletter.tokens, served);
    if (done === 'unknown') return fail(reply, 404, messages.unknownSubscriber);
    if (done === 'notWaiting') return fail(reply, 409, messages.notWaiting);
    if (done === 'today') return fail(reply, 409, messages.confirmationToday);
    if (done === 'off') return fail(reply, 409, messages.confirmationOff);
    return answer(done.subscriber);
  });

  // The newsletter: written by every account, sent by owners (the role check of route.ts).
  const handlers = newsletterHandlers({ store, clock, publicUrl, newsletter });
  const register = <N extends keyof typeof newsletterRoutes>(name: N) =>
    route(name, (request, reply, _role, answer) => handlers[name](request, reply, request.session.email ?? '', answer), {
      bodyLimit: server.newsletter.bodyMaxBytes + 16 * 1024,
    });
  for (const name of Object.keys(newsletterRoutes) as (keyof typeof newsletterRoutes)[]) register(name);
}
