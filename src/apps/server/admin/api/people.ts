/** A person's data under /api/admin/: what an erasure would delete, the erasure (the address typed again), and the erasures done. */
import server from '../../../../../config/server';
import { samePerson } from '../../../../leads/model/person';
import { erasePerson, erasurePreview, erasureRecords } from '../../../../leads/server/privacy';
import { looksLikeEmail } from '../../../../platform/server/accounts/accounts';
import { fail, type AdminApiOptions, type Route } from './route';

const messages = server.admin.messages;

/** The e-mail address of an erasure's body, or undefined. */
function emailOf({ email }: { email?: unknown }): string | undefined {
  return typeof email === 'string' && looksLikeEmail(email.trim()) ? email : undefined;
}

export function registerPeople(route: Route, { store, personTables, served, dataDir, clock, outside }: AdminApiOptions) {
  route('erasurePreview', async (request, reply, _role, answer) => {
    const email = emailOf(request.body);
    return email ? answer(erasurePreview(store, served.forms, personTables, email)) : fail(reply, 400, messages.badEmail);
  });

  route('erasures', async (_request, _reply, _role, answer) => answer(erasureRecords(store)));

  // The second step: the address typed again (any form of the same person's).
  route('erase', async (request, reply, _role, answer) => {
    const email = emailOf(request.body);
    if (!email) return fail(reply, 400, messages.badEmail);
    const confirm = request.body.confirm;
    if (typeof confirm !== 'string' || confirm.length > 254 || !samePerson(confirm, email)) return fail(reply, 400, messages.eraseNotConfirmed);
    const agency = served.agencyAddress();
    return answer(
      erasePerson(store, served.forms, personTables, dataDir, email, request.session.email ?? '', clock(), {
        ...outside,
        ...(agency ? { agencyMailbox: agency } : {}),
      }),
    );
  });
}
