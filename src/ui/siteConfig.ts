/**
 * The site's config (config/site.ts) as the page renderers read it: the built config unless a
 * provider gives another. Pages never provide one, so what visitors get is drawn from the built
 * file; the content editor's preview provides the draft being edited, so a change to the header,
 * contact bar, menu or footer shows in the preview as it is typed.
 */
import { createContext, useContext } from 'react';
import site from '../../config/site';
import type { SiteConfig } from '../config/siteSchema';

export const SiteConfigContext = createContext<SiteConfig>(site);

export function useSite(): SiteConfig {
  return useContext(SiteConfigContext);
}
