/**
 * The part of config/site.ts that is built into the code: the brand's colours and the
 * specification's constants (breakpoints, timings, the carousel's and the toasts' settings).
 * The browser's islands and the themes are styled and timed with these when the code is built;
 * every other value of config/site.ts is content, drawn into the pages at render time and never
 * bundled (the visitors' build sees only this part: src/render/vitePlugins.ts). Changing one is a
 * developer's change: a new build (`npm run release`), not a publish. The code reads them from
 * builtSettings.ts.
 */
import type { SiteConfig } from './siteSchema';

export interface SiteSettings {
  brand: { colors: SiteConfig['brand']['colors'] };
  constants: SiteConfig['constants'];
}

/** The settings of a site config (the keys above, nothing else). */
export function settingsOf(config: Pick<SiteConfig, 'brand' | 'constants'> | SiteSettings): SiteSettings {
  return { brand: { colors: config.brand.colors }, constants: config.constants };
}
