/**
 * The site's content in each of its languages (config/site.ts `languages`): the render draws
 * every page of each language from it, under the language's prefix. A language's content is the
 * default content with each text replaced by its translation (config/translations/<code>), each
 * link to a page of the site (written as a path, or whole at the site's own address) leading to
 * that page in the same language, and its own addresses
 * (a page's translated address where its translation file gives one). A site in one language has
 * one content, the default one as it is: its pages are drawn exactly as before languages existed.
 */
import { articlePages } from './articles';
import { articleSchema, type Article } from './articleSchema';
import { pageSchema, type PageConfig } from './pageSchema';
import { movedSchema, type GoneEntry, type MovedConfig } from './movedSchema';
import type { RoutesConfig } from './routesSchema';
import { pagePathsOf, siteRoutes, type SiteRoutes } from './routing';
import { siteLinkOf } from '../../schema/addresses';
import type { Schema } from '../../schema/schema';
import { formSchema, type FormConfig } from '../forms/model/formSchema';
import type { SiteContent } from './siteContent';
import type { ServedContent } from './siteManifest';
import { siteSchema, type SiteConfig } from './siteSchema';
import { markFallback, withoutMarks } from './fallbackMarks';
import { mapStrings, siteLanguages, translate, type ContentLanguage, type LanguageInfo, type LanguageVersion, type TranslationFile } from './translation';

const configFile = {
  site: 'config/site.ts',
  page: (id: string) => `config/pages/${id}.ts`,
  form: (id: string) => `config/forms/${id}.ts`,
  article: (id: string) => `config/articles/${id}.ts`,
  moved: 'config/moved.ts',
};

/** A page's or an article's address in a language: its translation's own address, else its default address, under the language's prefix (the render's, and the checker's). */
export function addressIn(language: Pick<LanguageInfo, 'prefix'>, path: string, file: Pick<TranslationFile, 'address'> | undefined): string {
  if (language.prefix === '') return path;
  const own = file?.address;
  return `${language.prefix}${own !== undefined && own !== '/' ? own : path === '/' ? '' : path}`;
}

/** Every page's and article's default address with its address in each language (by code). */
function addressesOf(content: SiteContent, languages: readonly LanguageInfo[]): Map<string, Map<string, string>> {
  const table = new Map<string, Map<string, string>>();
  const filesOf = (code: string) => content.translations?.[code] ?? {};
  for (const { path, page } of pagePathsOf(content.routes).filter((p) => p.path === p.canonical))
    table.set(path, new Map(languages.map((l) => [l.code, addressIn(l, path, filesOf(l.code)[configFile.page(page)])])));
  for (const { path, article } of articlePages(content)) {
    // An article is under its list's page in each language ("/de/Blog/<address>"), at its translation's own address there where it has one.
    const list = table.get(content.site.articles.path);
    const under = (l: LanguageInfo) => {
      const own = l.prefix === '' ? undefined : filesOf(l.code)[configFile.article(article.id)]?.address;
      return `${list!.get(l.code)!}/${own === undefined ? article.address : own.slice(1)}`.replace('//', '/');
    };
    table.set(path, new Map(languages.map((l) => [l.code, list ? under(l) : addressIn(l, path, undefined)])));
  }
  return table;
}

/**
 * A link to a page of the site leading to the same page in a language (an alias to its page's
 * address, a trailing slash as the router ignores it), by `inLanguage` (a page's or an article's
 * default address to its address in that language); a full address at one of `origins` (the site's
 * own, "https://www.example.com/Contact") too, keeping its origin; any other link, or one to an
 * address that is no page, as it is. The pages of a language and the newsletters to its readers
 * both link so.
 */
export function linkInLanguage(
  routes: Pick<SiteRoutes, 'pagePaths'>,
  inLanguage: (path: string) => string | undefined,
  origins: readonly string[] = [],
): (href: string) => string {
  return (href) => {
    const own = atOrigin(href, origins);
    const target = siteLinkOf(own ? own.local : href);
    if (!target) return href;
    const path = target.path.length > 1 ? target.path.replace(/\/$/, '') : target.path;
    const hit = routes.pagePaths.find((p) => p.path === path);
    const address = inLanguage(hit ? hit.canonical : path);
    return address === undefined ? href : `${own?.origin ?? ''}${address}${target.rest}`;
  };
}

/** A full address at one of `origins`: its origin, and the rest as a link within the site ("/Contact?x#y"); undefined for any other. */
function atOrigin(href: string, origins: readonly string[]): { origin: string; local: string } | undefined {
  if (origins.length === 0 || !/^https?:\/\//i.test(href)) return undefined;
  const parse = (address: string) => {
    try {
      return new URL(address);
    } catch {
      return undefined;
    }
  };
  const url = parse(href);
  if (!url || !origins.some((origin) => parse(origin)?.origin === url.origin)) return undefined;
  return { origin: url.origin, local: `${url.pathname}${url.search}${url.hash}` };
}

/**
 * Every page's and article's default address with its address in `code` (a language of the site
 * other than the default), from the default language's content of languageContents: what our
 * server keeps of each language (src/site/model/siteManifest.ts ServedContent `languages`).
 */
function addressesIn(defaultContent: SiteContent, code: string): Record<string, string> {
  const versions = defaultContent.language?.versions ?? {};
  return Object.fromEntries(
    Object.entries(versions).flatMap(([path, each]) => {
      const own = each.find((version) => version.code === code);
      return own ? [[path, own.path]] : [];
    }),
  );
}

/**
 * What our server keeps of each language other than the default (the site manifest's
 * `content.languages`): its words of the site and the forms (texts left untranslated in the
 * default language's words, without the render's marks) and its pages' addresses (addressesIn).
 * Nothing for a site in one language.
 */
export function servedLanguagesOf(content: SiteContent): Pick<ServedContent, 'languages'> {
  const [first, ...others] = languageContents(content);
  if (others.length === 0) return {};
  const words = (drawn: SiteContent) =>
    JSON.parse(withoutMarks(JSON.stringify({ site: drawn.site, forms: drawn.forms }))) as Pick<SiteContent, 'site' | 'forms'>;
  return {
    languages: Object.fromEntries(
      others.map(({ language, content: drawn }) => [language.code, { ...words(drawn), addresses: addressesIn(first!.content, language.code) }]),
    ),
  };
}

/**
 * The content of each language of the site, the default first. A site in one language: its
 * content as it is (no `language`). Otherwise each content has `language` (the versions of each
 * of its pages, for the head's alternates and the header's switcher), and every other language's
 * texts left untranslated marked (fallbackMarks.ts) for the render.
 */
export function languageContents(content: SiteContent): { language: LanguageInfo; content: SiteContent }[] {
  const languages = siteLanguages(content.site);
  if (languages.length === 1) return [{ language: languages[0]!, content }];
  const addresses = addressesOf(content, languages);
  const defaultCode = languages[0]!.code;
  return languages.map((language) => {
    const inLanguage = (path: string) => addresses.get(path)?.get(language.code);
    const versions: Record<string, LanguageVersion[]> = {};
    for (const byCode of addresses.values()) {
      versions[byCode.get(language.code)!] = languages.map((l) => ({ code: l.code, name: l.name, path: byCode.get(l.code)! }));
    }
    const home = inLanguage('/') ?? (language.prefix || '/');
    const meta: ContentLanguage = { code: language.code, defaultCode, home, versions };
    if (language.prefix === '') return { language, content: { ...content, language: meta } };
    const files = content.translations?.[language.code] ?? {};
    const routes = siteRoutes(content.routes);
    // A link written whole at the site's own address (brand.url: "https://www.example.com/Contact") too, as a newsletter's.
    const link = linkInLanguage(routes, inLanguage, [content.site.brand.url]);
    const inThisLanguage = <T>(schema: Schema<unknown>, value: T, file: string): T => {
      const translated = translate(schema, value, files[file], markFallback).value;
      return mapStrings(
        schema,
        translated,
        [],
        (leaf) => leaf.meta.kind === 'link' && leaf.meta.pages,
        (_, href) => link(href),
      ) as T;
    };
    const site = inThisLanguage(siteSchema, content.site, configFile.site) as SiteConfig;
    const pages = Object.fromEntries(
      Object.entries(content.pages).map(([id, page]) => [id, inThisLanguage(pageSchema, page, configFile.page(id)) as PageConfig]),
    ) as Record<string, PageConfig>;
    const forms = Object.fromEntries(
      Object.entries(content.forms).map(([id, form]) => [id, inThisLanguage(formSchema, form, configFile.form(id)) as FormConfig]),
    ) as Record<string, FormConfig>;
    const articles = content.articles.map((article) => {
      // Its own address in this language (under the list's page), where its translation gives one.
      const own = files[configFile.article(article.id)]?.address;
      return {
        ...inThisLanguage(articleSchema, article, configFile.article(article.id)),
        id: article.id,
        ...(own ? { address: own.slice(1) } : {}),
      } as Article;
    });
    const languageRoutes: RoutesConfig = {
      routes: routes.pagePaths.filter((p) => p.path === p.canonical).map((p) => ({ path: inLanguage(p.path)!, page: p.page })),
      fallback: content.routes.fallback,
    };
    return {
      language,
      content: {
        site: {
          ...site,
          articles: { ...site.articles, path: inLanguage(content.site.articles.path) ?? site.articles.path, dateLocale: language.code },
        },
        routes: languageRoutes,
        pages,
        forms,
        // The gone addresses under this prefix, for the pages their visitors get in this language
        // (gonePages.ts); the moved ones are answered from the default content's (movedInEveryLanguage).
        // Their words too (a removed page's own: config/moved.ts, translated as every other file of words).
        moved: { moved: [], gone: inThisLanguage(movedSchema, content.moved, configFile.moved).gone.map((entry) => goneUnder(language.prefix, entry, link)) },
        articles,
        language: meta,
      },
    };
  });
}

/** An address under a language's prefix. */
const under = (prefix: string, address: string) => `${prefix}${address === '/' ? '' : address}`;

/** A gone address under a language's prefix, its own links (where `link` is given) leading to their pages in that language. */
function goneUnder(prefix: string, entry: GoneEntry, link?: (href: string) => string): GoneEntry {
  if (typeof entry === 'string') return under(prefix, entry);
  const links = link && entry.links?.map((l) => ({ ...l, href: link(l.href) }));
  return { ...entry, address: under(prefix, entry.address), ...(links ? { links } : {}) };
}

/**
 * The site's moved and gone addresses (config/moved.ts) in every language: each old address
 * under each other language's prefix too, leading to its page's address in that language, or
 * gone there as well. A site in one language: as they are.
 */
export function movedInEveryLanguage(content: SiteContent): MovedConfig {
  const languages = siteLanguages(content.site);
  if (languages.length === 1) return content.moved;
  const addresses = addressesOf(content, languages);
  const others = languages.slice(1);
  return {
    moved: [
      ...content.moved.moved,
      ...others.flatMap((l) =>
        content.moved.moved.map(({ from, to }) => ({ from: under(l.prefix, from), to: addresses.get(to)?.get(l.code) ?? under(l.prefix, to) })),
      ),
    ],
    gone: [...content.moved.gone, ...others.flatMap((l) => content.moved.gone.map((entry) => goneUnder(l.prefix, entry)))],
  };
}
