/** The description of one file in config/pages. */
import { sectionSchema } from '../sections/schemas';
import { boolean, list, longText, object, optional, routePath, text, type Infer } from './schema';

export const pageSchema = object({
  /** The browser tab title and the search result headline. */
  title: text(),
  /** The search result snippet: one or two sentences. */
  description: longText(),
  /**
   * The page's address, for a page the office made (a landing page): config/routes.ts stays the
   * developers' list of the site's own pages, and a page it does not show is at this address.
   * Changing it leaves a permanent redirect from the old one (config/moved.ts).
   */
  address: optional(routePath()),
  /** Whether the site's menu links to it (a page the office made). */
  inMenu: optional(boolean()),
  /** Its words in the menu (default: its title). */
  menuLabel: optional(text()),
  /** Whether search engines may list it (default: yes); when not, it is marked noindex and left out of sitemap.xml. */
  searchable: optional(boolean()),
  sections: list(sectionSchema, { min: 1 }),
});
export type PageConfig = Infer<typeof pageSchema>;
