/**
 * The inbox's calls to our server (src/leads/model/adminApi.ts names every route). Requests that
 * change something carry the session's CSRF token; a 401 means the session has ended, and the
 * inbox shows the sign-in again. An action refused because the password must be typed again
 * (PASSWORD_AGAIN) asks for it (PasswordAgain.tsx) and is sent again once it is typed. Refusals
 * carry the server's sentence (config/server.ts).
 */
import admin from '../../../config/admin';
import { CSRF_HEADER, PASSWORD_AGAIN, SECOND_STEP_API, SIGN_IN_API, type SecondStepAnswer, type SecondStepNeeded, type SignInState } from '../signIn';
import { adminRoutes, pathOf, type AdminRoute, type Me } from '../inboxRoutes';
import type { AnswerOf, BodyOf, ParamsOf, QueryOf } from '../contract';

/** A refusal or a failure, with the sentence to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The refusal's whole answer (a newer version of what was refused, for one). */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

/** The session ended (or there was none): the sign-in shows. */
export class SignedOut extends ApiError {}

let csrfToken = '';
let signedOutListener: () => void = () => undefined;
/** Asks for the password again; resolves true once the server took it, false when the owner gave up. */
let passwordAsker: () => Promise<boolean> = async () => false;

/** Called whenever the server says the session is over. */
export function onSignedOut(listener: () => void): void {
  signedOutListener = listener;
}

/** Who asks for the password when an action needs it again (PasswordAgain.tsx, while signed in). */
export function onPasswordAgain(asker: () => Promise<boolean>): void {
  passwordAsker = asker;
}

/** The owner gave up typing the password again: the action was not done. */
class NotConfirmed extends ApiError {}

/** Whether a refusal is the one that asks for the password again. */
async function asksPassword(response: Response): Promise<boolean> {
  if (response.status !== 403) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { reason?: unknown } | null;
  return body?.reason === PASSWORD_AGAIN;
}

async function send(method: string, url: string, json?: unknown, token = csrfToken, file?: Blob, keepalive = false): Promise<Response> {
  const headers: Record<string, string> = {};
  if (json !== undefined) headers['content-type'] = 'application/json';
  if (file) headers['content-type'] = file.type || 'application/octet-stream';
  if (method !== 'GET') headers[CSRF_HEADER] = token;
  try {
    return await fetch(url, { method, headers, credentials: 'same-origin', keepalive, body: file ?? (json === undefined ? undefined : JSON.stringify(json)) });
  } catch {
    throw new ApiError(0, admin.errors.network);
  }
}

/**
 * A request to a route of the inbox's table as its contract says (the content editor's:
 * src/content/model/contentApi.ts), with the session's CSRF token; a 401 shows the sign-in. Answers the
 * response as it is (the caller reads refusals that carry more than a sentence; answerOf its answer).
 * `keepalive`: sent even as the page closes.
 */
export async function sendTo<R extends AdminRoute>(route: R, options: CallOptions<R> & { keepalive?: boolean } = {}): Promise<Response> {
  const response = await send(adminRoutes[route].method, urlOf(route, options), options.json, csrfToken, undefined, options.keepalive);
  if (response.status === 401) {
    signedOutListener();
    throw new SignedOut(401, admin.signIn.sessionEnded);
  }
  return response;
}

/**
 * sendTo for a file whose sending takes a while (a picture of several MB): through
 * XMLHttpRequest, whose upload tells how much of it has gone (`onProgress`, a fraction from 0 to
 * 1), which fetch does not. Answers the response as sendTo does.
 */
export async function sendFileTo<R extends AdminRoute>(route: R, options: CallOptions<R>, file: Blob, onProgress: (sent: number) => void): Promise<Response> {
  const response = await new Promise<Response>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(adminRoutes[route].method, urlOf(route, options));
    request.withCredentials = true;
    request.responseType = 'blob';
    request.setRequestHeader('content-type', file.type || 'application/octet-stream');
    request.setRequestHeader(CSRF_HEADER, csrfToken);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const headers = new Headers();
      for (const line of request
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      // A status without a body (204, 304) takes none.
      const empty = [101, 204, 205, 304].includes(request.status);
      resolve(new Response(empty ? null : (request.response as Blob), { status: request.status, headers }));
    };
    request.onerror = () => reject(new ApiError(0, admin.errors.network));
    request.onabort = () => reject(new ApiError(0, admin.errors.network));
    request.send(file);
  });
  if (response.status === 401) {
    signedOutListener();
    throw new SignedOut(401, admin.signIn.sessionEnded);
  }
  return response;
}

export { failure as refusalOf };

async function failure(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return new ApiError(response.status, typeof body?.message === 'string' ? body.message : admin.errors.unexpected, body ?? undefined);
}

/** What a call sends: the address's parameters, the query, the JSON body, as the route's contract says (src/platform/contract.ts). */
export interface CallOptions<R extends AdminRoute = AdminRoute> {
  params?: ParamsOf<(typeof adminRoutes)[R]['path']>;
  query?: QueryOf<(typeof adminRoutes)[R]>;
  json?: BodyOf<(typeof adminRoutes)[R]>;
}

/** The address of a route with its parameters and query (for links: the export, the CV). */
export function urlOf<R extends AdminRoute>(route: R, { params, query }: CallOptions<R> = {}): string {
  const search = new URLSearchParams(
    Object.entries(query ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
  ).toString();
  return `${pathOf(route, params)}${search ? `?${search}` : ''}`;
}

/** What a route answered when it succeeded, as its contract types it (a refusal: its ApiError). */
export async function answerOf<R extends AdminRoute>(_route: R, response: Response): Promise<AnswerOf<(typeof adminRoutes)[R]>> {
  if (!response.ok) throw await failure(response);
  return (response.status === 204 ? undefined : await response.json()) as AnswerOf<(typeof adminRoutes)[R]>;
}

/** A call of a route of the inbox's table: what it sends and what it answers are the route's contract's. */
export async function call<R extends AdminRoute>(route: R, options: CallOptions<R> = {}): Promise<AnswerOf<(typeof adminRoutes)[R]>> {
  let response = await send(adminRoutes[route].method, urlOf(route, options), options.json);
  // The password typed long ago: asked for, then the same request once more.
  if (await asksPassword(response)) {
    if (!(await passwordAsker())) throw new NotConfirmed(403, admin.passwordAgain.cancelled);
    response = await send(adminRoutes[route].method, urlOf(route, options), options.json);
  }
  if (response.status === 401) {
    signedOutListener();
    throw new SignedOut(401, admin.signIn.sessionEnded);
  }
  return answerOf(route, response);
}

/** Who is signed in (and this session's CSRF token), or SignedOut. */
export async function whoAmI(): Promise<Me> {
  const response = await send('GET', adminRoutes.me.path);
  if (response.status === 401) throw new SignedOut(401, admin.signIn.sessionEnded);
  if (!response.ok) throw await failure(response);
  const me = (await response.json()) as Me;
  csrfToken = me.csrfToken;
  return me;
}

export async function signInState(): Promise<SignInState> {
  const response = await send('GET', SIGN_IN_API);
  if (!response.ok) throw await failure(response);
  return (await response.json()) as SignInState;
}

/**
 * Signs in ("Keep me signed in on this device" when `remember`): resolves when the session has
 * started, or with the second step the account asks for after its password; rejects with the
 * server's sentence.
 */
export async function signIn(email: string, password: string, token: string, remember: boolean): Promise<SecondStepNeeded | undefined> {
  const response = await send('POST', SIGN_IN_API, { email, password, remember }, token);
  if (!response.ok) throw await failure(response);
  return response.status === 200 ? ((await response.json()) as SecondStepNeeded) : undefined;
}

/**
 * The sign-in's second step (a code of the app, a recovery code, a passkey's answer, a mailed
 * code): resolves when the session has started, or with what is asked next (a new browser's mailed code).
 */
export async function secondStep(answer: SecondStepAnswer, token: string): Promise<SecondStepNeeded | undefined> {
  const response = await send('POST', SECOND_STEP_API, answer, token);
  if (!response.ok) throw await failure(response);
  return response.status === 200 ? ((await response.json()) as SecondStepNeeded) : undefined;
}

/** The password typed again; resolves once the server took it, or rejects with its sentence (wrong, too many tries). */
export async function confirmPassword(password: string): Promise<void> {
  const response = await send(adminRoutes.confirmPassword.method, adminRoutes.confirmPassword.path, { password });
  if (response.status === 401) {
    signedOutListener();
    throw new SignedOut(401, admin.signIn.sessionEnded);
  }
  if (!response.ok) throw await failure(response);
}

/** Before a download that needs it (an export): the password asked for again if its time is over. */
async function passwordRecent(): Promise<void> {
  await call('recentPassword');
}

/**
 * A download link's click (an export) that asks for the password again first when its time is
 * over, then downloads as the link's own: `onClick={downloadAfterPassword(attempt)}`.
 */
export function downloadAfterPassword(attempt: (action: () => Promise<void>) => Promise<boolean>) {
  return (event: { currentTarget: EventTarget; preventDefault(): void }) => {
    const link = event.currentTarget as HTMLAnchorElement;
    if (link.dataset.asked === 'yes') return void delete link.dataset.asked;
    event.preventDefault();
    void attempt(async () => {
      await passwordRecent();
      link.dataset.asked = 'yes';
      link.click();
    });
  };
}
