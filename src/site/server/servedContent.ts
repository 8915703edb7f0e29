/**
 * The content of the pages our server serves, as far as the server itself needs it (the site
 * manifest's `content`: src/site/model/siteManifest.ts): which page an address shows (visits,
 * insights, where a plain post returns to), the forms it checks posts with, and the agency's
 * name and addresses in its mails. Taken from each build it serves (siteBuild.ts), so a publish
 * changes them together with the pages, without a restart. Until a build is served (a server
 * without pages, in tests) the code's own config/ is the content.
 *
 * One per server (`createServedContent`, decorated as `app.served` by servedPlugin.ts): two
 * servers in one process (the tests start many) each serve their own build's content, and check
 * posts with their own build's forms (`forms`: src/site/forms/model/registry.ts createFormRegistry).
 */
import forms from '../../../config/forms';
import { agencyAddressOf } from '../../platform/server/mail/settings';
import routes from '../../../config/routes';
import site from '../../../config/site';
import { createFormRegistry } from '../forms/model/registry';
import { linkInLanguage } from '../model/languageContent';
import { siteRoutes, type SiteRoutes } from '../model/routing';
import { NOTHING_MOVED } from '../model/siteContent';
import type { ServedContent } from '../model/siteManifest';
import { siteLanguages, type LanguageInfo } from '../model/translation';

/** The content one server serves, and the switch to a build's (`takeServedContent`). */
export type Served = ReturnType<typeof createServedContent>;

/** The content of a server that serves no build yet: the code's own config/, until `takeServedContent`. */
export function createServedContent() {
  let current: ServedContent = { site, routes, forms, moved: NOTHING_MOVED };
  let currentRoutes: SiteRoutes = siteRoutes(routes);
  /** The addresses of every page the build served wrote (the manifest's `pages`: routes, office pages, articles). */
  let builtPaths: ReadonlySet<string> = new Set();
  /** The forms this server checks posts with and looks leads' forms up in: the build's, under the code's data contract. */
  const formRegistry = createFormRegistry();

  /**
   * Serves this content from now on (the forms only under the code's own data contract:
   * registry.ts createFormRegistry's `take`), with the addresses of the pages its build wrote.
   */
  function takeServedContent(content: ServedContent, pages: readonly { path: string }[] = []): void {
    current = content;
    currentRoutes = siteRoutes(content.routes);
    builtPaths = new Set(pages.map((page) => page.path));
    formRegistry.take(content.forms);
  }

  /**
   * The one rule for which addresses are pages of the site, as visits and insights count them: a
   * route's main address (an alias or a trailing slash counts as its page), or a page the served
   * build wrote at that address (an article, whose link a newsletter carries); undefined for
   * anything else.
   */
  function countedPageOf(path: string): string | undefined {
    const resolved = currentRoutes.resolvePath(path);
    if (resolved.matched) return resolved.canonical;
    return builtPaths.has(resolved.path) ? resolved.path : undefined;
  }

  /**
   * The address of a page of the site as a visitor reached it (where a plain post returns to): a
   * route's address (one trailing slash ignored), or a page the served build wrote there (an
   * article, a page in another language: `/de/Kontakt`); undefined for anything else.
   */
  function pageAddressOf(path: string): string | undefined {
    const resolved = currentRoutes.resolvePath(path);
    return resolved.matched || builtPaths.has(resolved.path) ? resolved.path : undefined;
  }

  const servedSite = () => current.site;

  /**
   * The agency's own address (contact.email of the site served, when it is a plain address): the
   * Reply-To of the site's mails, the mailbox the site reads, the agency's side of a conversation
   * and of the people it keeps. The site's content says it, so a publish changes it.
   */
  function agencyAddress(): string | undefined {
    return agencyAddressOf(current.site.contact.email.href);
  }

  /** The served site's languages, the default first (config/site.ts `languages`; a build from before languages: the code's default alone). */
  function servedLanguages(): LanguageInfo[] {
    if (!(current.site as Partial<typeof current.site>).languages) return siteLanguages({ languages: { ...site.languages, others: [] } });
    return siteLanguages(current.site);
  }

  /** The language of a page of the site by its address: the one whose prefix it is under, else the default one (config/site.ts `languages`). */
  function languageOfAddress(address: string | undefined): string {
    const languages = servedLanguages();
    const under = address === undefined ? undefined : languages.slice(1).find((l) => address === l.prefix || address.startsWith(`${l.prefix}/`));
    return (under ?? languages[0]!).code;
  }

  /** The site's words and its forms in a language (its translations, the default language's where there are none). */
  function servedIn(code: string): Pick<ServedContent, 'site' | 'forms'> {
    return current.languages?.[code] ?? current;
  }

  /** The site's words in a language (its translations, the default language's where there are none); the default language's for an unknown one or none. */
  const servedSiteIn = (code: string | null | undefined) => (code ? servedIn(code) : current).site;

  /**
   * A link to a page of the site as it leads in a language: to that page's address in it (its
   * translated address under its prefix: the build's `addresses`), a full address at one of
   * `origins` (the site's own) too, else as it is (the default language, a link to no page, another
   * site's, a build from before languages).
   */
  function servedLinkIn(code: string | null | undefined, origins: readonly string[] = []): (href: string) => string {
    const addresses = code ? current.languages?.[code]?.addresses : undefined;
    if (!addresses) return (href) => href;
    return linkInLanguage(currentRoutes, (path) => (Object.hasOwn(addresses, path) ? addresses[path] : undefined), origins);
  }

  /** The form writing to a collection in a language (its words translated; its collection, keys, values and checks the stored form's), else the form itself. */
  function servedFormIn<F extends { collection: string }>(form: F, language: string | undefined): F {
    if (language === undefined) return form;
    const translated = Object.values(servedIn(language).forms).find((other) => other.collection === form.collection);
    return (translated as F | undefined) ?? form;
  }

  return {
    forms: formRegistry,
    takeServedContent,
    countedPageOf,
    pageAddressOf,
    servedSite,
    agencyAddress,
    servedLanguages,
    languageOfAddress,
    servedSiteIn,
    servedLinkIn,
    servedFormIn,
  };
}
