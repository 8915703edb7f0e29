/**
 * The content of the pages our server serves, as far as the server itself needs it (the site
 * manifest's `content`: src/site/model/siteManifest.ts): which page an address shows (visits,
 * insights, where a plain post returns to), the forms it checks posts with, and the agency's
 * name and addresses in its mails. Taken from each build it serves (siteBuild.ts), so a publish
 * changes them together with the pages, without a restart. Until a build is served (a server
 * without pages, in tests) the code's own config/ is the content.
 */
import forms from '../../../config/forms';
import routes from '../../../config/routes';
import site from '../../../config/site';
import { takeBuiltForms } from '../forms/model/registry';
import { siteRoutes, type SiteRoutes } from '../../content/model/routing';
import { NOTHING_MOVED } from '../../content/model/siteContent';
import type { ServedContent } from '../model/siteManifest';

let current: ServedContent = { site, routes, forms, moved: NOTHING_MOVED };
let currentRoutes: SiteRoutes = siteRoutes(routes);

/** Serves this content from now on (the forms only under the code's own data contract: takeBuiltForms). */
export function takeServedContent(content: ServedContent): void {
  current = content;
  currentRoutes = siteRoutes(content.routes);
  takeBuiltForms(content.forms);
}

export const servedSite = () => current.site;
export const servedRoutes = () => currentRoutes;
