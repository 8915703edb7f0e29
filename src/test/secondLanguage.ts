/**
 * A second language for the tests of a site in two (never in the seed's config/, which stays in
 * one): German, declared in a copy of config/site.ts's value (withGerman) or in a site folder's
 * own copy of config/site.ts (addGerman: a folder of src/test/contentSite.ts makeSite).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '../site/model/siteSchema';

export const GERMAN = { code: 'de-DE', name: 'Deutsch', prefix: '/de' } as const;

/** The site's value with German declared beside its languages. */
export const withGerman = <S extends Pick<SiteConfig, 'languages'>>(site: S): S => ({
  ...site,
  languages: { ...site.languages, others: [...site.languages.others, { ...GERMAN }] },
});

/** Declares German in the site folder's config/site.ts (the seed's `others: []`). */
export function addGerman(siteDir: string): void {
  const file = path.join(siteDir, 'config', 'site.ts');
  const text = readFileSync(file, 'utf8');
  if (!text.includes('others: [],')) throw new Error(`${file}: no empty list of other languages to add German to`);
  writeFileSync(file, text.replace('others: [],', `others: [${JSON.stringify(GERMAN)}],`));
}
