/** What the inbox's screens ask besides the leads, under /api/admin/: the mailbox's state, the live updates. */
import { mailboxStatus } from '../../../../leads/server/mailbox/reader';
import { confirmationsHeldForOwner } from '../../../../newsletter/server/subscribers';
import { type AdminApiOptions, type Route } from './route';

export function registerScreens(route: Route, { store, notifications, clock, mailboxOn, live }: AdminApiOptions) {
  route('mailbox', async (_request, _reply, _role, answer) => answer(mailboxStatus(store, mailboxOn, clock())));
  // The visitors' mails held now, and why (the inbox's notice).
  route('visitorMail', async (_request, _reply, _role, answer) => {
    const held = notifications.visitorMailHeld();
    return answer(held && { ...held, forOwner: confirmationsHeldForOwner(store.db).count });
  });

  // This screen's live updates: a stream that stays open (live.ts).
  route('live', async (request, reply) => live.answer(request, reply, request.session.email ?? '', request.session.sessionId));
}
