/**
 * Wrong passwords at the sign-in, counted per account from one client (the e-mail typed, whether
 * or not it has an account, so the answer says nothing about which exist, with the client's
 * address: an IPv6 /64 is one client) and per client across accounts, in the database (a restart
 * forgives no one). Never per account alone: a stranger's wrong passwords for the owner's
 * address slow and refuse the stranger, not the owner signing in from elsewhere. Past `slowAfter` failures in the window each answer
 * waits, twice as long each time; past `refuseAfter` every try is refused (429) until the
 * window since the first failure has passed. A try counts as failed from the moment it starts,
 * until its password proves right: tries sent all at once cannot slip past the count.
 */
import server from '../../../config/server';
import { clientKey } from '../rateLimit';
import type { Store } from '../store';
import { lazyStatements } from '../statements';

const settings = server.admin.signIn;
const WINDOW_MS = settings.windowMinutes * 60 * 1000;

/** Refused, or let through after `delayMs`; `priorFailures`: the client's failures before this try. */
export type Verdict = { refusedForSeconds: number } | { delayMs: number; priorFailures: number };

/** An address counts as its client, as in the forms' rate limits: an IPv6 network (a /64) is one client. */
export const signInClient = (address: string) => clientKey(address, server.limits.ipv6ClientBits);
const accountKey = (account: string, address: string) => `account:${signInClient(address)}:${account}`;
const addressKey = (address: string) => `address:${signInClient(address)}`;

function delayFor(failures: number, { slowAfter }: { slowAfter: number }): number {
  if (failures < slowAfter) return 0;
  return Math.min(settings.maxDelaySeconds, settings.firstDelaySeconds * 2 ** (failures - slowAfter)) * 1000;
}

export function signInThrottle(store: Store, clock: () => number) {
  const q = lazyStatements(store, (db) => ({
    read: db.prepare('SELECT failures, first_at AS firstAt FROM sign_in_failures WHERE key = ?'),
    count: db.prepare('INSERT INTO sign_in_failures (key, failures, first_at) VALUES (?, 1, ?) ON CONFLICT (key) DO UPDATE SET failures = failures + 1'),
    forget: db.prepare('DELETE FROM sign_in_failures WHERE key = ?'),
    uncount: db.prepare('UPDATE sign_in_failures SET failures = failures - 1 WHERE key = ? AND failures > 0'),
  }));

  return {
    /** Before a password is checked: refused, or counted (as a failure until `succeeded`) with the delay to wait first. */
    begin(account: string, address: string): Verdict {
      const { read, count } = q();
      return store.db.transaction((): Verdict => {
        const now = clock();
        sweepFailures(store, now);
        const byAccount = read.get(accountKey(account, address)) as { failures: number; firstAt: number } | undefined;
        const byAddress = read.get(addressKey(address)) as { failures: number; firstAt: number } | undefined;
        const refusedUntil = Math.max(
          byAccount && byAccount.failures >= settings.perAccount.refuseAfter ? byAccount.firstAt + WINDOW_MS : 0,
          byAddress && byAddress.failures >= settings.perAddress.refuseAfter ? byAddress.firstAt + WINDOW_MS : 0,
        );
        if (refusedUntil > now) return { refusedForSeconds: Math.max(1, Math.ceil((refusedUntil - now) / 1000)) };
        count.run(accountKey(account, address), now);
        count.run(addressKey(address), now);
        return {
          delayMs: Math.max(delayFor(byAccount?.failures ?? 0, settings.perAccount), delayFor(byAddress?.failures ?? 0, settings.perAddress)),
          priorFailures: byAddress?.failures ?? 0,
        };
      })();
    },
    /** The try was refused before its password was checked (too many waiting): it counts for nothing. */
    notTried(account: string, address: string): void {
      q().uncount.run(accountKey(account, address));
      q().uncount.run(addressKey(address));
    },
    /** The password was right: the account's count from this client starts again; the client's loses this try. */
    succeeded(account: string, address: string): void {
      q().forget.run(accountKey(account, address));
      q().uncount.run(addressKey(address));
    },
  };
}

/** Deletes counts whose window has passed. */
export function sweepFailures(store: Store, now: number): void {
  store.db.prepare('DELETE FROM sign_in_failures WHERE first_at <= ?').run(now - WINDOW_MS);
}
