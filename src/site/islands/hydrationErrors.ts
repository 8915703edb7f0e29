/**
 * What React recovered from while hydrating (server HTML that did not match what the browser
 * rendered, so React redrew that part): reported on the console with one clear prefix, so it
 * is seen in development and the browser tests (e2e/hydration.e2e.ts) fail on it.
 */
export const HYDRATION_ERROR_PREFIX = 'Hydration problem:';

/** What the production build's numbered React errors met while hydrating mean (react.dev/errors). */
const reactErrors: Record<string, string> = {
  '418': "the page's HTML did not match what the browser rendered",
  '419': 'a part of the page could not be rendered on the server, so the browser rendered it',
  '421': 'a part of the page changed before it had hydrated, so the browser rendered it again',
  '423': 'an error while hydrating made React render the whole page again',
};

export function reportRecoverableError(error: unknown, info: { componentStack?: string }): void {
  const message = error instanceof Error ? error.message : String(error);
  const code = /Minified React error #(\d+)/.exec(message)?.[1];
  const meaning = code && reactErrors[code] ? `${reactErrors[code]} (${message})` : message;
  const cause = error instanceof Error && error.cause instanceof Error ? ` Cause: ${error.cause.message}` : '';
  console.error(`${HYDRATION_ERROR_PREFIX} ${meaning}${cause}${info.componentStack ? `\n${info.componentStack.trim()}` : ''}`);
}
