/**
 * The sign-in and the account's own routes (its password, its second step, signing out), and what
 * they answer: src/platform/inboxRoutes.ts puts the account's in the inbox's table, and
 * src/apps/server/admin/routes.ts answers the sign-in's.
 */
import { z } from 'zod/mini';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { answers, type Contract } from './contract';

/** Signing in happens before there is a session, so it lives outside /api/admin/. */
export const SIGN_IN_API = '/api/session';
/** The sign-in's second step (a passkey, a code of the app, a recovery code): under the sign-in's address, so its cookies go with it. */
export const SECOND_STEP_API = `${SIGN_IN_API}/second-step`;

/** Every /api/admin/… answer without a valid session is 401, whatever the method. */
export const ADMIN_API_PREFIX = '/api/admin';

/** The header carrying the CSRF token on every request that changes something. */
export const CSRF_HEADER = 'x-csrf-token';

/** A key a request may carry, any value: the route's code reads it and refuses what it is not, in its own words. */
const anything = z.optional(z.unknown());

/** The sign-in's routes, before there is a session. */
export const signInRoutes = {
  /** Whether an account exists, and the CSRF token of the sign-in (SignInState). */
  signInState: { method: 'GET', path: SIGN_IN_API, answer: answers<SignInState>() },
  /** Body: { email, password, remember }. 204 signed in, or 200 with the second step asked for (SecondStepNeeded). */
  signIn: {
    method: 'POST',
    path: SIGN_IN_API,
    body: z.object({ email: z.string(), password: z.string(), remember: z.optional(z.boolean()) }),
    answer: answers<SecondStepNeeded | undefined>(),
  },
  /** Body: a SecondStepAnswer. 204 signed in, or 200 with what is asked next (SecondStepNeeded). */
  secondStep: {
    method: 'POST',
    path: SECOND_STEP_API,
    // Read once the step the browser is at is known (a step over answers 401 whatever is sent).
    body: z.optional(z.object({ method: anything, code: anything, response: anything })),
    answer: answers<SecondStepNeeded | undefined>(),
  },
} as const satisfies Record<string, Contract>;

/** The account's own routes in the inbox: signing out, its password typed again, its second step at sign-in. */
export const accountRoutes = {
  signOut: { method: 'POST', path: '/api/admin/sign-out', answer: answers<void>() },
  /** Body: { password }. The account's password typed again: the actions of PASSWORD_AGAIN_ROUTES may go on (204). */
  confirmPassword: { method: 'POST', path: '/api/admin/password', body: z.object({ password: z.string() }), answer: answers<void>() },
  /** 204 when the password was typed recently enough for PASSWORD_AGAIN_ROUTES; otherwise their refusal (a download asks first). */
  recentPassword: { method: 'GET', path: '/api/admin/password', answer: answers<void>() },
  /** Ends every session of the account, on every device (remembered ones too). */
  signOutEverywhere: { method: 'POST', path: '/api/admin/sign-out-everywhere', answer: answers<void>() },
  /** The account's second steps at sign-in (SecondFactorState). */
  secondFactor: { method: 'GET', path: '/api/admin/second-factor', answer: answers<SecondFactorState>() },
  /** Starts setting up an authenticator app (TotpSetup: its secret, as text and as an otpauth:// address). Asks for the password again. */
  totpStart: { method: 'POST', path: '/api/admin/second-factor/app', answer: answers<TotpSetup>() },
  /** Body: { code }. The app's first code: the app is on (NewRecoveryCodes, with the codes when it is the account's first second step). */
  totpConfirm: {
    method: 'POST',
    path: '/api/admin/second-factor/app/confirm',
    body: z.object({ code: z.string().check(z.maxLength(64)) }),
    answer: answers<NewRecoveryCodes>(),
  },
  /** Takes the app off. Asks for the password again. */
  totpRemove: { method: 'DELETE', path: '/api/admin/second-factor/app' },
  /** What the browser needs to make a passkey (WebAuthn's creation options). Asks for the password again. */
  passkeyOptions: { method: 'POST', path: '/api/admin/second-factor/passkeys/options', answer: answers<PublicKeyCredentialCreationOptionsJSON>() },
  /** Body: { name, response } (the browser's new credential). Keeps the passkey (NewRecoveryCodes). */
  passkeyAdd: {
    method: 'POST',
    path: '/api/admin/second-factor/passkeys',
    body: z.object({ name: z.string(), response: anything }),
    answer: answers<NewRecoveryCodes>(),
  },
  /** Takes a passkey off. Asks for the password again. */
  passkeyRemove: { method: 'DELETE', path: '/api/admin/second-factor/passkeys/:passkeyId' },
  /** New recovery codes (the old ones stop working): NewRecoveryCodes. Asks for the password again. */
  recoveryCodes: { method: 'POST', path: '/api/admin/second-factor/recovery-codes', answer: answers<NewRecoveryCodes>() },
  /** Body: { required } or { newDeviceMail }. An owner requires a second step of every account (or no longer); asks a new browser to be confirmed by mail (or no longer). Asks for the password again. */
  secondFactorRequired: {
    method: 'POST',
    path: '/api/admin/second-factor/required',
    body: z.object({ required: z.optional(z.boolean()), newDeviceMail: z.optional(z.boolean()) }),
  },
} as const satisfies Record<string, Contract>;

/** The refusal's `reason` (status 403) when the password must be typed again: { message, reason }. */
export const PASSWORD_AGAIN = 'passwordAgain';

/** GET /api/session: who is signed in (if anyone), or what the sign-in page needs. */
export interface SignInState {
  /** The account signed in with this browser's session, if any. */
  email?: string;
  /** False until `npm run leads -- add-admin` made the first account. */
  accounts: boolean;
  /** The sign-in form's CSRF token. */
  csrfToken: string;
}

/** POST /api/session's answer (200) when the account gives a second step after its password: how it may, and a passkey's challenge. */
export interface SecondStepNeeded {
  secondStep: {
    /** How it may go on; `mail` alone: a code mailed to the account's address (a new browser), typed now. */
    methods: ('passkey' | 'totp' | 'recovery' | 'mail')[];
    /** WebAuthn's request options (PublicKeyCredentialRequestOptionsJSON) when the account has a passkey. */
    passkeyOptions?: Record<string, unknown>;
  };
}

/** Body of POST /api/session/second-step: a code of the app, a recovery code, or a passkey's answer. */
export type SecondStepAnswer = { method: 'totp' | 'recovery' | 'mail'; code: string } | { method: 'passkey'; response: Record<string, unknown> };

/** The account's second steps at sign-in, as the inbox's Sign-in and security screen shows them. */
export interface SecondFactorState {
  totp: boolean;
  passkeys: { id: string; name: string; createdAt: number; lastUsedAt: number | null }[];
  recoveryLeft: number;
  /** Owners require a second step of every account. */
  required: boolean;
  /** Owners ask a new browser to be confirmed by a code mailed to the account (src/platform/server/accounts/newDevice.ts). */
  newDeviceMail: boolean;
  /** Whether the server sends mail (SMTP_URL, MAIL_FROM): without it, new browsers cannot be confirmed by mail. */
  mailOn: boolean;
}

/** An authenticator app being set up: its secret as text, and as the otpauth:// address its QR code holds. */
export interface TotpSetup {
  secret: string;
  uri: string;
}

/** New recovery codes, shown once (none: the account keeps the ones it has). */
export interface NewRecoveryCodes {
  recoveryCodes?: string[];
}
