/**
 * The description of config/moved.ts: the addresses that were pages of the site. It is written by
 * each publish (src/site/model/moved.ts works it out from the addresses before and after), never by
 * hand: a page's address changed leaves `{ from, to }` (a permanent redirect), a page removed
 * leaves its address in `gone` (answered 410 Gone with a page saying so). A page removed may
 * also leave `{ from, to }`, when the office chose to send its visitors to another page.
 */
import { href, list, object, optional, routePath, text, type Infer, type Schema } from '../../schema/schema';

/** A link of a removed page's words: its text and where it leads (a page of the site, or a full address). */
export const goneLinkSchema = object({ label: text(), href: href() });

/** A removed page's address with what its visitors read there (each left out: config/site.ts `gone`). */
const goneWithWords = object({
  address: routePath(),
  /** The sentence its visitors read, set when the page was removed ("This offer has ended"). */
  message: optional(text()),
  /** The links offered instead (the site's pages the office chose). */
  links: optional(list(goneLinkSchema, { min: 1 })),
});

/** A removed page's address: as written before words came ("/old-offer", the default words), or with its words. */
const goneEntry: Schema<string | Infer<typeof goneWithWords>> = {
  optional: false,
  expects: 'an address like "/old-offer", or a group { address, message, links }',
  meta: goneWithWords.meta,
  check(value, path, ctx) {
    if (typeof value === 'string') routePath().check(value, path, ctx);
    else goneWithWords.check(value, path, ctx);
  },
};

export const movedSchema = object({
  /** An old address and the address that replaced it (chains are collapsed: `to` is always a page). */
  moved: list(object({ from: routePath(), to: routePath() })),
  /** Addresses of pages removed, each with the words its visitors read there (or the site's, config/site.ts `gone`). */
  gone: list(goneEntry),
});
export type MovedConfig = Infer<typeof movedSchema>;
export type GoneEntry = MovedConfig['gone'][number];
export type GoneLink = Infer<typeof goneLinkSchema>;
