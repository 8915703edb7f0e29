import type { ScryptParams } from '../platform/server/accounts/accounts';

/**
 * The scrypt cost of the tests' accounts: about half a millisecond a check (64 KiB) instead of
 * production's third of a second and 128 MiB (accounts.ts PASSWORD_HASHING, which
 * accounts.test.ts pins and scripts/bench-signin.ts measures the sign-in at). The server checks
 * every password, and an e-mail without an account, at the cost its accounts' hashes were made
 * with. The browser tests' accounts are made at this cost too (e2e/helpers/admin.ts), but for
 * the one made by the command line itself (production's cost, as the agency makes one).
 */
export const TEST_HASHING: Readonly<ScryptParams> = Object.freeze({ N: 2 ** 6, r: 8, p: 1 });
