/**
 * The config checker itself, with nothing of Node in it: walks every file of config/ with its
 * schema, then checks what a single file cannot know on its own (routes pointing at pages,
 * addresses used twice, pages no route shows, section ids used twice on a page).
 *
 * It loads nothing and reads no disk: the caller passes the config objects and says which files
 * public/ holds. src/content/server/checkConfig.ts runs it over the project (npm run check); the content editor runs it
 * in the browser on the values being edited, and shows each problem on the field of its key.
 */
import { formSchema } from '../../site/forms/model/formSchema';
import { adminSchema, MOVED_FILE, serverSchema } from './contentSchemas';
import { articlePath, articleSchema, NEWEST_ARTICLE as NEWEST } from '../../site/model/articleSchema';
import { pageSchema } from '../../site/model/pageSchema';
import { routesSchema } from '../../site/model/routesSchema';
import { routeTable } from '../../site/model/routeTable';
import { addressProblem } from '../../schema/addresses';
import { movedSchema } from '../../site/model/movedSchema';
import { closest, formatPath, SLUG, type CheckContext, type Path, type Refusal, type Schema } from '../../schema/schema';
import { siteSchema } from '../../site/model/siteSchema';
import { checkTranslationFile, translatedFileOf, translationFileOf, type TranslationTarget } from '../../site/model/translation';
import { addressIn } from '../../site/model/languageContent';

export interface CheckOptions {
  /** The default export of config/site.ts (left out or undefined: not checked, e.g. it could not be read). */
  site?: unknown;
  /** The default export of config/server.ts. */
  server?: unknown;
  /** The default export of config/admin.ts (the inbox's words). */
  admin?: unknown;
  /** The default export of config/routes.ts. */
  routes?: unknown;
  /** The default export of config/moved.ts (written by each publish; none before the first). */
  moved?: unknown;
  /** Page id -> the default export of config/pages/<id>.ts, for the pages that could be read. */
  pages?: Readonly<Record<string, unknown>>;
  /** The page ids (the files of config/pages). Default: the keys of `pages`. */
  pageIds?: readonly string[];
  /** Page id -> the file named in messages. Default: `config/pages/<id>.ts`. */
  pageFiles?: Readonly<Record<string, string>>;
  /** Form id -> the default export of config/forms/<id>.ts. */
  forms?: Readonly<Record<string, unknown>>;
  /** The form names pages may use. Default: the keys of `forms`. */
  formIds?: readonly string[];
  /** Form id -> the file named in messages. Default: `config/forms/<id>.ts`. */
  formFiles?: Readonly<Record<string, string>>;
  /** The top-level names of public/ (files and folders): no page's address may take one (src/schema/addresses.ts). */
  publicNames?: readonly string[];
  /** Article id -> the default export of config/articles/<id>.ts, for the articles that could be read. */
  articles?: Readonly<Record<string, unknown>>;
  /** Article id -> the file named in messages. Default: `config/articles/<id>.ts`. */
  articleFiles?: Readonly<Record<string, string>>;
  /**
   * The translation files by their names ("config/translations/<code>/pages/contact.ts" -> its
   * default export): each checked against the file it translates (src/site/model/translation.ts).
   */
  translations?: Readonly<Record<string, unknown>>;
}

/** One problem: the file, the key it is about, the sentence (without the file and key), and the same in the office's words. */
export interface Problem {
  file: string;
  path: Path;
  message: string;
  words: Refusal;
}

/** The sentence as npm run check prints it: `<file>: <key path> <what is wrong>. <what to do>.` */
export const problemSentence = (problem: Problem): string => `${problem.file}: ${formatPath(problem.path)} ${problem.message}`;

const SITE_FILE = 'config/site.ts';
const SERVER_FILE = 'config/server.ts';
const ADMIN_FILE = 'config/admin.ts';
const ROUTES_FILE = 'config/routes.ts';
const PAGES_FOLDER = 'config/pages';
const ARTICLES_FOLDER = 'config/articles';

const quote = (value: unknown) => JSON.stringify(value);

type Report = (path: Path, message: string, words: Refusal) => void;

/** Checks the whole site config and returns every problem found, in file order. */
export function checkContent(options: CheckOptions, publicFileExists: (urlPath: string) => boolean): Problem[] {
  const problems: Problem[] = [];
  const pages = options.pages ?? {};
  const pageIds = options.pageIds ?? (options.pages ? Object.keys(pages) : undefined);
  const forms = options.forms ?? {};
  const formIds = new Set(options.formIds ?? Object.keys(forms));
  const sitePaths = new Set([...routeTable(options.routes).map((a) => a.path), ...ownAddresses(pages).map((a) => a.address)]);
  const articles = options.articles ?? {};
  const articleBase =
    isRecord(options.site) && isRecord(options.site.articles) && typeof options.site.articles.path === 'string' ? options.site.articles.path : undefined;
  // A link may lead to a page or to an article's page.
  const linkPaths = new Set([...sitePaths, ...articleAddresses(articles, articleBase)]);

  const brand = isRecord(options.site) && isRecord(options.site.brand) ? options.site.brand : undefined;
  const siteUrl = typeof brand?.url === 'string' ? brand.url : undefined;
  // A form by the name the office knows it by: its own title, or config/admin.ts `forms` (the seed's four).
  const adminForms = isRecord(options.admin) && isRecord(options.admin.forms) ? options.admin.forms : {};
  const formTitles = Object.fromEntries(
    [...formIds].flatMap((id) => {
      const form = forms[id];
      const title = isRecord(form) && typeof form.title === 'string' ? form.title : adminForms[id];
      return typeof title === 'string' ? [[id, title]] : [];
    }),
  );
  const formFields = Object.fromEntries(
    [...formIds].flatMap((id) => {
      const form = forms[id];
      const fields = isRecord(form) && Array.isArray(form.fields) ? form.fields : undefined;
      return fields ? [[id, fields.flatMap((f: unknown) => (isRecord(f) && typeof f.name === 'string' ? [f.name] : []))]] : [];
    }),
  );
  const contextFor = (file: string, paths: ReadonlySet<string> = linkPaths): CheckContext & { report: Report } => ({
    file,
    sitePaths: paths,
    formIds,
    formTitles,
    formFields,
    ...(siteUrl ? { siteUrl } : {}),
    publicFileExists,
    ...(options.publicNames ? { publicNames: options.publicNames } : {}),
    report: (keyPath, message, words) => problems.push({ file, path: keyPath, message, words }),
  });
  const check = (schema: Schema<unknown>, value: unknown, ctx: CheckContext) => schema.check(value, [], ctx);

  if (options.site !== undefined) {
    const ctx = contextFor(SITE_FILE);
    check(siteSchema, options.site, ctx);
    // Only the WhatsApp link may leave its address out (it is a chat with contact.phone's number).
    const social = isRecord(options.site) && Array.isArray(options.site.social) ? options.site.social : [];
    social.forEach((item: unknown, i) => {
      if (isRecord(item) && item.href === undefined && item.icon !== 'whatsapp')
        ctx.report(['social', i, 'href'], 'is missing. Add it: it should be a page path like "/Contact" or a full address like "https://example.com".', {
          kind: 'missing',
        });
    });
  }
  if (options.server !== undefined) check(serverSchema, options.server, contextFor(SERVER_FILE));
  if (options.admin !== undefined) check(adminSchema, options.admin, contextFor(ADMIN_FILE));

  if (options.routes !== undefined) {
    // Routes are checked before the site's addresses are known, so links are not checked against them.
    const ctx = contextFor(ROUTES_FILE, new Set());
    check(routesSchema, options.routes, ctx);
    checkRouteTargets(options.routes, pageIds, ctx.report);
    checkDuplicateAddresses(options.routes, ctx.report);
  }

  // Its links (a removed page's words) lead to pages of the site; its addresses are the site's no more.
  if (options.moved !== undefined) check(movedSchema, options.moved, contextFor(MOVED_FILE));

  const withOwnAddress = new Set(ownAddresses(pages).map((a) => a.page));
  if (pageIds && options.routes !== undefined) {
    checkUnusedPages(
      options.routes,
      pageIds.filter((id) => !withOwnAddress.has(id)),
      (id, sentence) => contextFor(options.pageFiles?.[id] ?? `${PAGES_FOLDER}/${id}.ts`).report([], sentence, { kind: 'pageNotReached' }),
    );
    checkOwnAddresses(options.routes, pages, (id, sentence, words) =>
      contextFor(options.pageFiles?.[id] ?? `${PAGES_FOLDER}/${id}.ts`).report(['address'], sentence, words),
    );
  }

  for (const id of pageIds ?? Object.keys(pages)) {
    if (!(id in pages)) continue;
    const ctx = contextFor(options.pageFiles?.[id] ?? `config/pages/${id}.ts`);
    check(pageSchema, pages[id], ctx);
    checkSectionIds(pages[id], ctx.report);
    if (options.articles !== undefined) checkArticleInFull(pages[id], Object.keys(articles), ctx.report);
  }

  for (const id of Object.keys(forms)) {
    check(formSchema, forms[id], contextFor(options.formFiles?.[id] ?? `config/forms/${id}.ts`));
  }

  const firstAddress = new Map<string, string>();
  for (const id of Object.keys(articles)) {
    const file = options.articleFiles?.[id] ?? `${ARTICLES_FOLDER}/${id}.ts`;
    const ctx = contextFor(file);
    check(articleSchema, articles[id], ctx);
    checkArticleAddress(articles[id], articleBase, sitePaths, firstAddress, file, options.publicNames ?? [], ctx.report);
  }

  checkTranslations(options, contextFor);
  checkTranslatedAddresses(options, (file, sentence, words) => contextFor(file).report(['address'], sentence, words));
  return problems;
}

/**
 * The addresses of each other language, as the render gives them (languageContent.ts addressIn:
 * a translation's own address, else the default one, under the prefix): a page's own address in a
 * language is no other page's there (as checkOwnAddresses holds for the default language, in its
 * words), an article's no other article's, and no address config/moved.ts keeps answering (moved
 * or gone: under every prefix too, and it would answer before the page). An address that is no
 * address is the translation file's own check's (checkTranslationFile).
 */
function checkTranslatedAddresses(options: CheckOptions, report: (file: string, sentence: string, words: Refusal) => void): void {
  const languages =
    isRecord(options.site) && isRecord(options.site.languages) && Array.isArray(options.site.languages.others) ? options.site.languages.others : [];
  const pages = options.pages ?? {};
  const articles = options.articles ?? {};
  const fileOf = (ids: Readonly<Record<string, string>> | undefined, folder: string, id: string) => ids?.[id] ?? `${folder}/${id}.ts`;
  const moved = isRecord(options.moved) ? options.moved : {};
  const oldAddresses = new Set([
    ...(Array.isArray(moved.moved) ? moved.moved.flatMap((entry: unknown) => (isRecord(entry) && typeof entry.from === 'string' ? [entry.from] : [])) : []),
    ...(Array.isArray(moved.gone)
      ? moved.gone.flatMap((entry: unknown) =>
          typeof entry === 'string' ? [entry] : isRecord(entry) && typeof entry.address === 'string' ? [entry.address] : [],
        )
      : []),
  ]);
  const titleOf = (value: unknown, id: string) => quote(isRecord(value) && typeof value.title === 'string' ? value.title : id);
  const ownOf = (file: unknown) => (isRecord(file) && typeof file.address === 'string' && file.address !== '/' ? file.address : undefined);
  for (const language of languages) {
    if (!isRecord(language) || typeof language.code !== 'string' || typeof language.prefix !== 'string') continue;
    const prefix = language.prefix;
    const translationOf = (file: string) => options.translations?.[translationFileOf(language.code as string, file)];
    // The pages in the file order: the routes' (their main address), then the office's own.
    const rows = [
      ...routeTable(options.routes)
        .filter((row) => row.path === row.canonical && Object.hasOwn(pages, row.page))
        .map((row) => ({ id: row.page, path: row.path })),
      ...ownAddresses(pages).map(({ page, address }) => ({ id: page, path: address })),
    ].map((row) => {
      const file = fileOf(options.pageFiles, PAGES_FOLDER, row.id);
      const own = ownOf(translationOf(file));
      return {
        ...row,
        file: translationFileOf(language.code as string, file),
        own,
        address: addressIn({ prefix }, row.path, own === undefined ? undefined : { address: own }),
      };
    });
    const taken = new Map<string, string>();
    // The default addresses under the prefix first: a translated address may not take one of them either.
    for (const row of rows) if (row.own === undefined && !taken.has(row.address)) taken.set(row.address, row.id);
    for (const row of rows) {
      if (row.own === undefined) continue;
      const other = taken.get(row.address);
      if (other !== undefined && other !== row.id) {
        report(row.file, `${quote(row.address)} is already the address of the page ${titleOf(pages[other], other)}. Choose another address.`, {
          kind: 'addressTaken',
          values: { value: row.address },
        });
      } else if (oldAddresses.has(row.own)) {
        report(
          row.file,
          `${quote(row.address)} was the address of a page that moved or was removed (${MOVED_FILE}), and its old visitors are still answered there. Choose another address.`,
          { kind: 'addressMovedAway', values: { value: row.address } },
        );
      } else taken.set(row.address, row.id);
    }
    // Each article's own address in the language: no other article's there (the default addresses kept first).
    const articleRows = Object.entries(articles).flatMap(([id, article]) => {
      if (!isRecord(article) || typeof article.address !== 'string') return [];
      const file = fileOf(options.articleFiles, ARTICLES_FOLDER, id);
      const own = ownOf(translationOf(file));
      return [
        {
          title: titleOf(article, id),
          file: translationFileOf(language.code as string, file),
          own,
          address: own === undefined ? article.address : own.slice(1),
        },
      ];
    });
    const firstArticle = new Map<string, string>();
    for (const row of articleRows) if (row.own === undefined && !firstArticle.has(row.address)) firstArticle.set(row.address, row.title);
    for (const row of articleRows) {
      if (row.own === undefined) continue;
      const earlier = firstArticle.get(row.address);
      if (earlier !== undefined) {
        report(row.file, `${quote(row.address)} is already the address of the article ${earlier} in this language. Choose another address.`, {
          kind: 'articleAddressTaken',
          values: { value: row.address, title: earlier },
        });
      } else firstArticle.set(row.address, row.title);
    }
  }
}

/** The codes of the languages config/site.ts declares besides the default one (none when it cannot tell). */
function otherLanguages(site: unknown): string[] {
  const languages = isRecord(site) && isRecord(site.languages) ? site.languages : undefined;
  const others = Array.isArray(languages?.others) ? languages.others : [];
  return others.flatMap((other: unknown) => (isRecord(other) && typeof other.code === 'string' ? [other.code] : []));
}

/**
 * Each translation file: of a language config/site.ts declares (not the default one), translating
 * a file the office's words are in (config/site.ts, a page, a form, an article, config/moved.ts), each of its keys
 * a text of that file (checkTranslationFile).
 */
function checkTranslations(options: CheckOptions, contextFor: (file: string) => CheckContext & { report: Report }): void {
  const languages = otherLanguages(options.site);
  const byFile = (ids: Readonly<Record<string, string>> | undefined, folder: string, file: string) =>
    Object.keys(ids ?? {}).find((id) => ids![id] === file) ?? (file.startsWith(`${folder}/`) ? file.slice(folder.length + 1, -'.ts'.length) : undefined);
  for (const [name, value] of Object.entries(options.translations ?? {})) {
    const ctx = contextFor(name);
    const translated = translatedFileOf(name);
    if (translated === undefined) continue;
    if (!languages.includes(translated.code)) {
      ctx.report(
        [],
        `is a translation into ${quote(translated.code)}, which is not a language of the site. Add it to languages.others in ${SITE_FILE}, or remove this file.`,
        { kind: 'languageNotDeclared', values: { value: translated.code } },
      );
      continue;
    }
    const target = translationTarget(options, translated.file, byFile);
    if (target === undefined) {
      ctx.report([], `translates ${translated.file}, which is not a file of the site's words (its settings, a page, a form or an article). Remove this file.`, {
        kind: 'notTranslatable',
      });
      continue;
    }
    checkTranslationFile(value, target, ctx);
  }
}

function translationTarget(
  options: CheckOptions,
  file: string,
  byFile: (ids: Readonly<Record<string, string>> | undefined, folder: string, file: string) => string | undefined,
): TranslationTarget | undefined {
  if (file === SITE_FILE) return options.site === undefined ? undefined : { schema: siteSchema, value: options.site, hasAddress: false };
  // The words a removed page's visitors read (its message, its links' labels).
  if (file === MOVED_FILE) return options.moved === undefined ? undefined : { schema: movedSchema, value: options.moved, hasAddress: false };
  const page = byFile(options.pageFiles, PAGES_FOLDER, file);
  if (page !== undefined && options.pages && Object.hasOwn(options.pages, page)) return { schema: pageSchema, value: options.pages[page], hasAddress: true };
  const form = byFile(options.formFiles, 'config/forms', file);
  if (form !== undefined && options.forms && Object.hasOwn(options.forms, form)) return { schema: formSchema, value: options.forms[form], hasAddress: false };
  const article = byFile(options.articleFiles, ARTICLES_FOLDER, file);
  if (article !== undefined && options.articles && Object.hasOwn(options.articles, article))
    return { schema: articleSchema, value: options.articles[article], hasAddress: true };
  return undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function routeList(routes: unknown): Record<string, unknown>[] {
  if (!isRecord(routes) || !Array.isArray(routes.routes)) return [];
  return routes.routes.map((r) => (isRecord(r) ? r : {}));
}

function notAPage(value: string, pageIds: readonly string[]): string {
  const near = closest(value, pageIds);
  return (
    `is ${quote(value)}, which is not a page.${near ? ` Did you mean ${quote(near)}?` : ''}` +
    ` Use one of the pages of ${PAGES_FOLDER}: ${[...pageIds].sort().join(', ')}.`
  );
}

function checkRouteTargets(routes: unknown, pageIds: readonly string[] | undefined, report: Report): void {
  if (!pageIds) return;
  routeList(routes).forEach((route, i) => {
    if (typeof route.page === 'string' && route.page.trim() !== '' && !pageIds.includes(route.page)) {
      report(['routes', i, 'page'], notAPage(route.page, pageIds), { kind: 'developerSetting' });
    }
  });
  const fallback = isRecord(routes) ? routes.fallback : undefined;
  if (typeof fallback === 'string' && fallback.trim() !== '' && !pageIds.includes(fallback)) {
    report(['fallback'], notAPage(fallback, pageIds), { kind: 'developerSetting' });
  }
}

function checkDuplicateAddresses(routes: unknown, report: Report): void {
  const first = new Map<string, Path>();
  for (const { path: address, where: keyPath } of routeTable(routes)) {
    const earlier = first.get(address);
    if (earlier) {
      report(keyPath, `${quote(address)} is used twice (also at ${formatPath(earlier)}). Each address may appear only once, so remove one of them.`, {
        kind: 'addressTaken',
        values: { value: address },
      });
    } else {
      first.set(address, keyPath);
    }
  }
}

function checkUnusedPages(routes: unknown, pageIds: readonly string[], report: (id: string, sentence: string) => void): void {
  const targets = [...routeList(routes).map((r) => r.page), isRecord(routes) ? routes.fallback : undefined];
  const used = new Set<unknown>(targets);
  // A misspelled target is already reported with its suggestion; do not also call the suggested page unused.
  for (const target of targets) {
    if (typeof target === 'string' && !pageIds.includes(target)) used.add(closest(target, pageIds));
  }
  for (const id of pageIds) {
    if (!used.has(id)) {
      report(id, `is a page no route in ${ROUTES_FILE} shows, so visitors cannot reach it. Add a route for it in ${ROUTES_FILE}, or delete the file.`);
    }
  }
}

function checkSectionIds(page: unknown, report: Report): void {
  if (!isRecord(page) || !Array.isArray(page.sections)) return;
  const first = new Map<string, number>();
  page.sections.forEach((section, i) => {
    if (!isRecord(section) || typeof section.id !== 'string' || section.id.trim() === '') return;
    const earlier = first.get(section.id);
    if (earlier === undefined) {
      first.set(section.id, i);
      return;
    }
    report(
      ['sections', i, 'id'],
      `${quote(section.id)} is used twice on this page (also at sections[${earlier}].id). Each section id must be different, so rename one of them.`,
      { kind: 'anchorTaken', values: { value: section.id } },
    );
  });
}

/** A list of articles shows in full the newest article, or one of the articles by its id (its file's name). */
function checkArticleInFull(page: unknown, articleIds: readonly string[], report: Report): void {
  if (!isRecord(page) || !Array.isArray(page.sections)) return;
  page.sections.forEach((section, i) => {
    if (!isRecord(section) || section.type !== 'articles' || typeof section.inFull !== 'string') return;
    const value = section.inFull;
    if (value === NEWEST || articleIds.includes(value)) return;
    const choices = [NEWEST, ...articleIds];
    const near = closest(value, choices);
    report(
      ['sections', i, 'inFull'],
      `is ${quote(value)}, which is not an article.${near ? ` Did you mean ${quote(near)}?` : ''} Use ${quote(NEWEST)} or the name of a file of ${ARTICLES_FOLDER}: ${articleIds.join(', ')}.`,
      { kind: 'notAChoice', values: { value, choices: choices.join(', ') } },
    );
  });
}

/**
 * An article's address is its own: no other article has it, its page's address under the
 * articles' base path may be a page's (src/schema/addresses.ts: none of the site's own names,
 * whatever their case; with the articles at "/", an article "admin" would be the page "/admin"),
 * and it is not the address of a page of config/routes.ts (the article's page would hide the
 * page, or the page the article).
 */
function checkArticleAddress(
  article: unknown,
  base: string | undefined,
  sitePaths: ReadonlySet<string>,
  first: Map<string, string>,
  file: string,
  publicNames: readonly string[],
  report: Report,
): void {
  if (!isRecord(article) || typeof article.address !== 'string' || article.address === '') return;
  const address = article.address;
  const earlier = first.get(address);
  if (earlier !== undefined) {
    report(['address'], `${quote(address)} is already the address of the article ${quote(earlier)}. Each article needs its own address, so change this one.`, {
      kind: 'articleAddressTaken',
      values: { value: address, title: quote(earlier) },
    });
    return;
  }
  first.set(address, typeof article.title === 'string' && article.title.trim() !== '' ? article.title : file);
  // The base path is checked on its own (config/site.ts); an address that is no slug is refused by its schema.
  if (base === undefined || addressProblem(base, { publicNames }) !== undefined || !SLUG.test(address)) return;
  const page = articlePath(base, { address });
  const problem = addressProblem(page, { publicNames });
  if (problem !== undefined) {
    report(['address'], `${quote(address)} makes the address ${quote(page)}, which ${problem}`, { kind: 'badAddress', values: { value: page, problem } });
    return;
  }
  if (sitePaths.has(page)) {
    report(['address'], `${quote(address)} makes the address ${quote(page)}, which a page of the site already has. Choose another address.`, {
      kind: 'addressTaken',
      values: { value: page },
    });
  }
}

/** The addresses of the articles' pages (none when the site does not say where they are). */
function articleAddresses(articles: Readonly<Record<string, unknown>>, base: string | undefined): string[] {
  if (base === undefined) return [];
  return Object.values(articles).flatMap((article) =>
    isRecord(article) && typeof article.address === 'string' && article.address !== '' ? [articlePath(base, { address: article.address })] : [],
  );
}

/** The pages that carry their own address (the office's pages), in file order. */
function ownAddresses(pages: Readonly<Record<string, unknown>>): { page: string; address: string }[] {
  return Object.entries(pages).flatMap(([page, config]) => (isRecord(config) && typeof config.address === 'string' ? [{ page, address: config.address }] : []));
}

/** A page's own address is for a page no route shows, and is no other page's address. */
function checkOwnAddresses(routes: unknown, pages: Readonly<Record<string, unknown>>, report: (id: string, sentence: string, words: Refusal) => void): void {
  const table = routeTable(routes);
  const taken = new Map(table.map((row) => [row.path, row.page]));
  const titleOf = (id: string) => {
    const page = pages[id];
    return isRecord(page) && typeof page.title === 'string' ? quote(page.title) : quote(id);
  };
  for (const { page, address } of ownAddresses(pages)) {
    if (table.some((row) => row.page === page)) {
      report(page, `is set, but this page already has its address in ${ROUTES_FILE}. Remove the key: only pages the office made carry their own address.`, {
        kind: 'developerSetting',
      });
      continue;
    }
    const other = taken.get(address);
    if (other !== undefined)
      report(page, `${quote(address)} is already the address of the page ${titleOf(other)}. Choose another address.`, {
        kind: 'addressTaken',
        values: { value: address },
      });
    else taken.set(address, page);
  }
}
