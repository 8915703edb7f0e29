/**
 * What may be the address of a page of this site, decided in one place: the config checker
 * (config/routes.ts, and the links in content), the route table the router and the build read
 * (routing.ts: an address refused here never becomes a route or a file), and any operation that
 * adds a page. An address is one path on this site: a single / at the start, parts of letters,
 * digits, - and _ between single slashes, no "." or ".." part, no backslash, no %-escape, no
 * query or anchor; and none of the names the site's own apps and files use, compared without
 * regard to case (a file system or Caddy's path matcher may not tell /Admin from /admin).
 *
 * Each refusal is the end of a sentence for people, after the address in quotes:
 * `"/admin" is used by the site's own inbox, so no page can have it. Choose another address.`
 * Nothing here reads a disk: it runs in the browser's editor too.
 */
import { ADMIN_PAGE, API_PREFIX, HEALTH_PATH } from './ownAddresses';
import {
  ERROR_FILE,
  ERROR_RENDER_PATH,
  FALLBACK_FILE,
  FALLBACK_RENDER_PATH,
  FEED_NAME,
  GONE_FOLDER,
  OUTCOMES_FOLDER,
  ROBOTS_FILE,
  SITEMAP_FILE,
} from './pageFiles';

/** A top-level name of the site's own, and what uses it (words for people). */
export interface ReservedName {
  name: string;
  usedBy: string;
}

const firstPart = (address: string) => address.split('/').filter(Boolean)[0]!;
const withoutHtml = (file: string) => file.slice(0, -'.html'.length);

/**
 * The top-level names the site's server, its build and its files take: the one list every
 * address the site makes is held to (a page's, an alias, an article's page under its base path,
 * the articles' base path, config/moved.ts's entries), by the checker, the editor and the
 * publish. The build's own pictures and any other file or folder of public/ are added by the
 * checker from the folder itself.
 */
export const RESERVED_NAMES: readonly ReservedName[] = [
  { name: firstPart(ADMIN_PAGE), usedBy: "the site's own inbox" },
  { name: firstPart(API_PREFIX), usedBy: "the site's server (its forms and the inbox)" },
  { name: firstPart(HEALTH_PATH), usedBy: "the server's health check" },
  { name: 'assets', usedBy: "the site's scripts and styles" },
  { name: 'images', usedBy: "the site's pictures" },
  { name: OUTCOMES_FOLDER, usedBy: 'the pages shown after a form is sent without JavaScript' },
  { name: GONE_FOLDER, usedBy: 'the pages shown at the addresses of removed pages' },
  { name: 'index', usedBy: "the home page's file" },
  { name: withoutHtml(FALLBACK_FILE), usedBy: 'the page shown for unknown addresses' },
  { name: withoutHtml(ERROR_FILE), usedBy: 'the error page' },
  { name: firstPart(FALLBACK_RENDER_PATH), usedBy: 'the page shown for unknown addresses' },
  { name: firstPart(ERROR_RENDER_PATH), usedBy: 'the error page' },
  { name: SITEMAP_FILE, usedBy: "the list of the site's pages for search engines" },
  { name: ROBOTS_FILE, usedBy: 'the rules for search engines' },
  { name: FEED_NAME, usedBy: "the feed of the site's articles" },
];

/** The longest part between two slashes our server answers (a longer one is refused, 414). */
const MAX_PART_LENGTH = 100;
const MAX_ADDRESS_LENGTH = 200;

const PART = /^[A-Za-z0-9_-]+$/;
export const NOT_A_PATH = 'is not a valid path. It should start with / and use only letters, digits, - and _.';

export interface AddressOptions {
  /** Top-level names of public/ (its files and folders): the build copies them beside the pages. */
  publicNames?: readonly string[];
  /** Check the names the site uses (an address of config/routes.ts); a link's target is checked against the routes instead. */
  reserved?: boolean;
}

/** The names an address may not start with: the site's own, and public/'s. */
export function reservedNames(publicNames: readonly string[] = []): ReservedName[] {
  const own = new Set(RESERVED_NAMES.map((r) => r.name.toLowerCase()));
  return [
    ...RESERVED_NAMES,
    ...publicNames.filter((name) => !own.has(name.toLowerCase())).map((name) => ({ name, usedBy: `the file or folder public/${name}` })),
  ];
}

/** The reserved name `address` starts with (its first part, or that part's name before a "."), whatever its case, or undefined. */
function reservedNameOf(address: string, publicNames: readonly string[] = []): ReservedName | undefined {
  const first = (address.split('/').find(Boolean) ?? '').toLowerCase();
  if (first === '') return undefined;
  return reservedNames(publicNames).find(({ name }) => first === name.toLowerCase() || first.startsWith(`${name.toLowerCase()}.`));
}

/** Why `address` cannot be a page's address (the end of a sentence after it, in quotes), or undefined when it can. */
export function addressProblem(address: string, { publicNames = [], reserved = true }: AddressOptions = {}): string | undefined {
  if (!address.startsWith('/')) return NOT_A_PATH;
  if (address.startsWith('//') || address.startsWith('/\\')) {
    return `starts with ${address.slice(0, 2)}, which browsers read as the address of another site. A page's address starts with a single /, like "/Contact".`;
  }
  if (address.includes('\\')) return 'has a backslash (\\), which browsers read as /. Use only letters, digits, - and _ between the slashes.';
  if (/[?#]/.test(address)) return 'has a query or an anchor (? or #). An address of a page is a path only, like "/Contact".';
  if (address.includes('%')) return 'has a %-escape. Write the letters themselves, and only letters, digits, - and _.';
  if (address === '/') return undefined;
  const parts = address.slice(1).split('/');
  if (reserved) {
    const taken = reservedNameOf(address, publicNames);
    if (taken) return `is used by ${taken.usedBy}, so no page can have it. Choose another address.`;
  }
  if (address.endsWith('/')) return `ends with /. Write it without: "${address.replace(/\/+$/, () => '')}" (the site answers both).`;
  if (parts.some((part) => part === '')) return 'has an empty part between two slashes. Write each / once.';
  if (parts.some((part) => part === '.' || part === '..'))
    return 'has a part "." or "..", which browsers turn into another address. Use only letters, digits, - and _ between the slashes.';
  if (!parts.every((part) => PART.test(part))) return NOT_A_PATH;
  if (parts.some((part) => part.length > MAX_PART_LENGTH))
    return `has a part longer than ${MAX_PART_LENGTH} characters between two slashes, which the server refuses. Shorten it.`;
  if (address.length > MAX_ADDRESS_LENGTH) return `is longer than ${MAX_ADDRESS_LENGTH} characters. Shorten it.`;
  return undefined;
}

/** Whether `address` may be a page's address. */
export const isPageAddress = (address: string, options?: AddressOptions) => addressProblem(address, options) === undefined;

/**
 * A link's target on this site: its path, and what follows it (`?…`, `#…`), or undefined for
 * a link that is not to this site at all. A link starting with // (or /\) is another site's
 * address to a browser, never a page of this one.
 */
export function siteLinkOf(href: string): { path: string; rest: string } | undefined {
  if (!href.startsWith('/') || href.startsWith('//') || href.startsWith('/\\')) return undefined;
  const end = href.search(/[?#]/);
  return end < 0 ? { path: href, rest: '' } : { path: href.slice(0, end), rest: href.slice(end) };
}

/** Why a link that starts with / cannot be a link to a page of this site, or undefined when its path may be one. */
export function siteLinkProblem(href: string): string | undefined {
  if (href.startsWith('//') || href.startsWith('/\\')) {
    return `starts with ${href.slice(0, 2)}, which browsers read as the address of another site, so it is not a link to a page of this one. For a page of this site write a single / ("/Contact"); for another site write its whole address, starting with https://.`;
  }
  const link = siteLinkOf(href);
  if (!link) return undefined;
  return addressProblem(link.path, { reserved: false });
}
