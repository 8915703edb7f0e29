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
 *   - an address that cannot be a page's (src/shared/addresses.ts: the site's own names, which
 *     the start's check refuses in config/moved.ts) is neither: it was never a page;
 *   - going back (an undo, a restore) brings back the redirects of the state it goes back to
 *     (`remembered`): an address gone since leads again to its page once that page answers.
 *
 * Pure: the publish (src/server/content/publish.ts) writes the result; our server, Caddy's
 * snippets and firebase.json serve it (src/shared/siteManifest.ts carries it).
 */
import type { MovedConfig } from '../config/movedSchema';
import { isPageAddress } from './addresses';
import type { ContentAddress } from './routing';

export interface MovedOptions {
  /** The top-level names of public/ (no address of config/moved.ts may take one, as the checker holds). */
  publicNames?: readonly string[];
  /** The redirects of the state an undo or a restore goes back to: each leads again where its page answers. */
  remembered?: MovedConfig['moved'];
}

export function movedAfter(
  previous: MovedConfig,
  before: readonly ContentAddress[],
  after: readonly ContentAddress[],
  answered: readonly string[] = after.map((a) => a.address),
  { publicNames = [], remembered = [] }: MovedOptions = {},
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
  // An address that moved once may move again: follow it to where it is now (or to its end).
  const follow = (address: string): string | null => {
    const seen = new Set<string>();
    let at: string | null = address;
    while (at !== null && went.has(at) && !seen.has(at)) {
      seen.add(at);
      at = went.get(at)!;
    }
    return at;
  };

  const moved = new Map<string, string>();
  const gone = new Set<string>();
  const settle = (from: string, to: string | null) => {
    moved.delete(from);
    gone.delete(from);
    if (live.has(from) || !canBe(from)) return;
    if (to === null || !live.has(to) || !canBe(to)) gone.add(from);
    else if (to !== from) moved.set(from, to);
  };
  for (const { from, to } of previous.moved) settle(from, follow(to));
  for (const address of previous.gone) settle(address, null);
  for (const address of went.keys()) settle(address, follow(address));
  // Going back: an address gone whose page answers again (through the redirects of now, those brought back
  // included) leads to it again. Each round takes one address out of gone at least, so it ends.
  for (let again = true; again; ) {
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
  return {
    moved: [...moved].map(([from, to]) => ({ from, to })).sort((a, b) => a.from.localeCompare(b.from)),
    gone: [...gone].sort((a, b) => a.localeCompare(b)),
  };
}

/** Whether two values of config/moved.ts say the same. */
export const sameMoved = (a: MovedConfig, b: MovedConfig) => JSON.stringify(a) === JSON.stringify(b);
