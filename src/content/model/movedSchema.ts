/**
 * The description of config/moved.ts: the addresses that were pages of the site. It is written by
 * each publish (src/content/model/moved.ts works it out from the addresses before and after), never by
 * hand: a page's address changed leaves `{ from, to }` (a permanent redirect), a page removed
 * leaves its address in `gone` (answered 410 Gone).
 */
import { list, object, routePath, type Infer } from '../../schema/schema';

export const movedSchema = object({
  /** An old address and the address that replaced it (chains are collapsed: `to` is always a page). */
  moved: list(object({ from: routePath(), to: routePath() })),
  /** Addresses of pages removed. */
  gone: list(routePath()),
});
export type MovedConfig = Infer<typeof movedSchema>;
