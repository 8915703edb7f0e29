/** The description of config/routes.ts: which page answers which path. */
import { list, object, optional, routePath, text, type Infer } from '../../schema/schema';

export const routesSchema = object({
  routes: list(
    object({
      /** The main address of the page; links and the sitemap use it. */
      path: routePath(),
      /** The page file in config/pages (without .ts). */
      page: text(),
      /** Other addresses that show the same page. */
      aliases: optional(list(routePath())),
    }),
    { min: 1 },
  ),
  /** The page shown for any address not listed above. */
  fallback: text(),
});
export type RoutesConfig = Infer<typeof routesSchema>;
