/**
 * Addresses never break: what config/moved.ts holds after a publish, worked out from the
 * addresses of the content before and after it (routing.ts contentAddresses: one per page,
 * `page:<id>`, and per any other kind with an address of its own).
 *
 *   - a thing whose address changed leaves `{ from: old, to: new }` (a permanent redirect);
 *   - a thing removed leaves its address in `gone` (410 Gone);
 *   - chains collapse: an earlier `{ from: a, to: b }` whose `b` moves to `c` becomes a → c (one
 *     redirect, never two), and becomes gone with `b`;
 *   - an address the site answers again (a new page took it) is neither moved nor gone;
 *   - an address that cannot be a page's (src/schema/addresses.ts: the site's own names, which
 *     the start's check refuses in config/moved.ts) is neither: it was never a page;
 *   - going back (an undo, a restore) brings back the redirects of the state it goes back to
 *     (`remembered`): an address gone since leads again to its page once that page answers;
 *   - a page removed leaves what the office chose for its visitors (`farewells`): the words they
 *     read at its address (kept with it in `gone`, and with every address that led to it), or
 *     another page's address to send them to (a redirect, like a move);
 *   - a gone address's links lead where their pages are now: to a page's new address, and
 *     never to an address no page answers (such a link is left out; with none left, the
 *     site's own links are shown: config/site.ts `gone`).
 *
 * Pure: the publish (src/content/server/publish.ts) writes the result; our server, Caddy's
 * snippets and firebase.json serve it (src/site/model/siteManifest.ts carries it).
 */
import type { GoneEntry, GoneLink, MovedConfig } from './movedSchema';
import { isPageAddress, siteLinkOf } from '../../schema/addresses';
import type { ContentAddress } from './routing';

export interface MovedOptions {
  /** The top-level names of public/ (no address of config/moved.ts may take one, as the checker holds). */
  publicNames?: readonly string[];
  /** The redirects of the state an undo or a restore goes back to: each leads again where its page answers. */
  remembered?: MovedConfig['moved'];
  /** What the office chose for the visitors of each page removed now, by the page's address before. */
  farewells?: Readonly<Record<string, Farewell>>;
}

/** The words a removed page's visitors read (each left out: the site's, config/site.ts `gone`). */
export interface GoneWords {
  message?: string;
  links?: GoneLink[];
}

/** What a removed page's address answers from now on, as the office chose when removing it: its words (410), or another page (301). */
export type Farewell = GoneWords | { to: string };

/** A gone entry's address (an entry is the address alone, or the address with its words). */
export const goneAddress = (entry: GoneEntry): string => (typeof entry === 'string' ? entry : entry.address);

/** A gone entry's own words (none for an address alone). */
export const goneWordsOf = (entry: GoneEntry): GoneWords =>
  typeof entry === 'string'
    ? {}
    : { ...(entry.message === undefined ? {} : { message: entry.message }), ...(entry.links === undefined ? {} : { links: [...entry.links] }) };

/** A gone entry: the address alone when it has no words of its own (as written before words came). */
const goneEntryOf = (address: string, words: GoneWords): GoneEntry =>
  words.message === undefined && words.links === undefined ? address : { address, ...words };

export function movedAfter(
  previous: MovedConfig,
  before: readonly ContentAddress[],
  after: readonly ContentAddress[],
  answered: readonly string[] = after.map((a) => a.address),
  { publicNames = [], remembered = [], farewells = {} }: MovedOptions = {},
): MovedConfig {
  const now = new Map(after.map((a) => [a.key, a.address]));
  const live = new Set(answered);
  const canBe = (address: string) => isPageAddress(address, { publicNames });
  /** Where each address of `before` went: its new address, or null when its thing is gone. */
  const went = new Map<string, string | null>();
  for (const { key, address } of before) {
    const next = now.has(key) ? now.get(key)! : null;
    if (next !== address) went.set(address, next);
  }
  /** What each address gone now leaves: the words of its entry until now, or the office's farewell (which wins). */
  const left = new Map<string, Farewell>(previous.gone.map((entry) => [goneAddress(entry), goneWordsOf(entry)]));
  for (const [address, farewell] of Object.entries(farewells)) if (went.get(address) === null) left.set(address, farewell);
  // An address that moved once may move again: follow it to where it is now (or to its end), and what its end left.
  const follow = (address: string): { to: string | null; farewell: Farewell } => {
    const seen = new Set<string>();
    let at: string | null = address;
    let last = address;
    while (at !== null && went.has(at) && !seen.has(at)) {
      seen.add(at);
      last = at;
      at = went.get(at)!;
    }
    return { to: at, farewell: at === null ? (left.get(last) ?? {}) : {} };
  };

  const moved = new Map<string, string>();
  const gone = new Map<string, GoneWords>();
  const settle = (from: string, to: string | null, farewell: Farewell = {}) => {
    moved.delete(from);
    gone.delete(from);
    if (live.has(from) || !canBe(from)) return;
    // Removed, its visitors sent to another page the office chose: a redirect, as long as that page answers.
    const target = to === null && 'to' in farewell ? farewell.to : to;
    if (target === null || !live.has(target) || !canBe(target) || target === from) gone.set(from, 'to' in farewell ? {} : farewell);
    else moved.set(from, target);
  };
  for (const { from, to } of previous.moved) {
    const { to: end, farewell } = follow(to);
    settle(from, end, farewell);
  }
  for (const entry of previous.gone) settle(goneAddress(entry), null, left.get(goneAddress(entry)));
  for (const address of went.keys()) {
    const { to, farewell } = follow(address);
    settle(address, to, farewell);
  }
  // Going back: an address gone whose page answers again (through the redirects of now, those brought back
  // included) leads to it again. Each round takes one address out of gone at least, so it ends.
  for (let again = true; again;) {
    again = false;
    for (const { from, to } of remembered) {
      const target = moved.get(to) ?? to;
      if (gone.has(from) && target !== from && live.has(target) && canBe(target)) {
        gone.delete(from);
        moved.set(from, target);
        again = true;
      }
    }
  }
  // Each link of the words leads where its page is now: a page moved, its new address; a page no longer answered, no link.
  const linkNow = (link: GoneLink): GoneLink | undefined => {
    const page = siteLinkOf(link.href);
    if (page === undefined) return link;
    const target = moved.get(page.path) ?? page.path;
    return live.has(target) ? { ...link, href: `${target}${page.rest}` } : undefined;
  };
  const wordsNow = ({ message, links }: GoneWords): GoneWords => {
    const kept = links?.flatMap((link) => linkNow(link) ?? []);
    return { ...(message === undefined ? {} : { message }), ...(kept === undefined || kept.length === 0 ? {} : { links: kept }) };
  };
  return {
    moved: [...moved].map(([from, to]) => ({ from, to })).sort((a, b) => a.from.localeCompare(b.from)),
    gone: [...gone].sort(([a], [b]) => a.localeCompare(b)).map(([address, words]) => goneEntryOf(address, wordsNow(words))),
  };
}

/** Whether two values of config/moved.ts say the same. */
export const sameMoved = (a: MovedConfig, b: MovedConfig) => JSON.stringify(a) === JSON.stringify(b);
