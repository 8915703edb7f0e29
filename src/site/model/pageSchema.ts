/** The description of one file in config/pages. */
import { sectionSchema } from '../sections/schemas';
import { boolean, describe, description, label, list, object, optional, routePath, title, type Infer } from '../../schema/schema';

export const pageSchema = object({
  /** The browser tab title and the search result headline. */
  title: title(),
  /** The search result snippet: one or two sentences. */
  description: description(),
  /**
   * The page's address, for a page the office made (a landing page): config/routes.ts stays the
   * developers' list of the site's own pages, and a page it does not show is at this address.
   * Changing it leaves a permanent redirect from the old one (config/moved.ts).
   */
  address: describe(optional(routePath()), { shownWith: 'inMenu' }),
  /**
   * Whether the site's menu links to it. A page made in the editor always has it (true or false):
   * the editor shows the address and menu keys only on a page that has it (the site's own pages have their address in config/routes.ts).
   */
  inMenu: describe(optional(boolean()), { shownWith: 'inMenu' }),
  /** Its words in the menu (default: its title). */
  menuLabel: describe(optional(label()), { shownWith: 'inMenu' }),
  /** Whether search engines may list it (default: yes); when not, it is marked noindex and left out of sitemap.xml. */
  searchable: describe(optional(boolean()), { absent: true }),
  sections: list(sectionSchema, { min: 1 }),
});
export type PageConfig = Infer<typeof pageSchema>;
