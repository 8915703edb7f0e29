/** Where the prerendered HTML of each address is written, and read by our server and Firebase Hosting. */
export function htmlFileFor(address: string): string {
  return address === '/' ? 'index.html' : `${address.slice(1)}.html`;
}

/** The page for addresses the site does not have: Home, marked noindex. */
export const FALLBACK_FILE = '_fallback.html';
export const FALLBACK_RENDER_PATH = '/__no_such_page__';
