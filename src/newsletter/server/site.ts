/**
 * The site's content as the newsletter's mails and pages read it: the build served
 * (src/site/server/servedContent.ts), in the reader's language (its translations; the default
 * language's words where there are none), with the newsletter's words of this code's
 * config/site.ts when the build served predates them (one published before this release: a
 * sign-up, a newsletter or an unsubscribe must never fail on it).
 */
import codeSite from '../../../config/site';
import type { SiteConfig } from '../../site/model/siteSchema';
import type { Served } from '../../site/server/servedContent';
import { markFallback, markFallbacks } from '../../site/model/fallbackMarks';

/** The content a server serves (app.served), as far as its words in each language. */
export type SiteIn = Pick<Served, 'servedSiteIn'>;

/** The site in `language` (a code of config/site.ts languages; none or null: the default language), as `served` serves it. */
export function newsletterSite(served: SiteIn, language?: string | null): SiteConfig {
  const site = served.servedSiteIn(language);
  if (site.newsletter && site.newsletterMail && site.unsubscribePage) return site;
  return {
    ...site,
    newsletter: site.newsletter ?? codeSite.newsletter,
    newsletterMail: site.newsletterMail ?? codeSite.newsletterMail,
    unsubscribePage: site.unsubscribePage ?? codeSite.unsubscribePage,
  };
}

/** The code of a language the mail is written in: the reader's, else the default language's. */
export function languageCodeOf(site: Pick<SiteConfig, 'languages'>, language?: string | null): string {
  const languages = (site as Partial<Pick<SiteConfig, 'languages'>>).languages ?? codeSite.languages;
  return language && languages.others.some((other) => other.code === language) ? language : languages.default.code;
}

/**
 * The `lang` of a page or mail in a language: its code on a site in more than one; on a site in
 * one, "en" as the site's pages have it then (index.html: drawn byte for byte as before languages).
 */
export function htmlLangOf(site: Pick<SiteConfig, 'languages'>, language?: string | null): string {
  const languages = (site as Partial<Pick<SiteConfig, 'languages'>>).languages ?? codeSite.languages;
  return languages.others.length === 0 ? 'en' : languageCodeOf(site, language);
}

/** The address of the home page in a language: "/" for the default, else its prefix. */
export function homeOf(site: Pick<SiteConfig, 'languages'>, language?: string | null): string {
  const languages = (site as Partial<Pick<SiteConfig, 'languages'>>).languages ?? codeSite.languages;
  return languages.others.find((other) => other.code === language)?.prefix || '/';
}

/**
 * How a page in a reader's language writes the words `words` picks from the site: put between the
 * fallback marks (src/site/model/fallbackMarks.ts) where they are still the default language's
 * (not translated yet), so that withFallbacksMarked gives their element the default language's
 * `lang`, as the render does on the site's own pages; as they are where they are the reader's
 * language's, or the site has one language.
 */
export function fallbackMarkOf(served: SiteIn, language: string | null | undefined, words: (site: SiteConfig) => string): (text: string) => string {
  const site = newsletterSite(served, language);
  const first = newsletterSite(served, null);
  return htmlLangOf(site, language) !== htmlLangOf(first, null) && words(site) === words(first) ? markFallback : (text) => text;
}

/** A page's HTML with each text fallbackMarkOf marked saying the default language (its element's `lang`), the marks taken out. */
export const withFallbacksMarked = (html: string, served: SiteIn): string => markFallbacks(html, languageCodeOf(newsletterSite(served, null)));
