/**
 * The content the page renderers draw (src/site/model/siteContent.ts), given by whoever draws: the
 * server renderer gives the content being rendered (the build's, or a publish's), the content
 * editor's preview the draft being edited. Renderers read it here, never by importing config/.
 */
import { createContext, useContext } from 'react';
import type { SiteConfig } from '../model/siteSchema';
import type { SiteContent } from '../model/siteContent';
import type { ContentLanguage } from '../model/translation';
import { siteRoutes, type SiteRoutes } from '../model/routing';

export const SiteContentContext = createContext<SiteContent | null>(null);

export function useSiteContent(): SiteContent {
  const content = useContext(SiteContentContext);
  if (!content) throw new Error('A page renderer was drawn without content: draw it inside <SiteContentContext.Provider>.');
  return content;
}

export function useSite(): SiteConfig {
  return useSiteContent().site;
}

/** The language of the content drawn and its pages in the others, on a site in more than one language (else undefined). */
export function useLanguage(): ContentLanguage | undefined {
  return useSiteContent().language;
}

const routesOf = new WeakMap<object, SiteRoutes>();

/** The addresses of the content's routes (worked out once per routes value). */
export function useSiteRoutes(): SiteRoutes {
  const { routes } = useSiteContent();
  let found = routesOf.get(routes);
  if (!found) routesOf.set(routes, (found = siteRoutes(routes)));
  return found;
}
