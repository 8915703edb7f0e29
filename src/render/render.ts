/**
 * Draws the site's pages from content (src/site/model/siteContent.ts) with code built once: the
 * build runs it after vite (into dist/client), and each publish from the content editor runs it
 * into a folder of its own (dist/releases/<id>), with the same code and new content. What it
 * writes into the client folder:
 *
 * - real HTML for every main address (aliases share their page's file), the page for unknown
 *   addresses, the error page, and the pages shown at removed pages' addresses (gonePages.ts);
 * - the pages' variants with a plain post's outcome (outcomePages.ts);
 * - each form's description, the form islands' data (assets/forms/<name>-<hash>.json);
 * - sitemap.xml, robots.txt, and the site manifest our server reads (with the content it serves:
 *   the site's settings for its mails, the routes, the forms it checks posts with);
 * - the Caddy snippets of these pages (caddy/pages.caddy beside client/);
 * - .br and .gz copies of what it wrote (those of an earlier folder's identical files are taken).
 *
 * The pictures uploaded in the editor that the content names are linked in from public/ with
 * their sizes (src/site/model/pictureSizes.ts), and each page offers the sizes there are (srcset).
 *
 * Into a folder other than the code build's own, the code's files (scripts, styles, pictures,
 * the inbox) are linked first, not copied: every release of one build shares them, so a page
 * loaded before a publish still finds its scripts after it, whoever serves the files. They are
 * read-only to the release: every file the render writes replaces its name (ownFiles.ts), so
 * a page whose file has the name of one of them never writes into the code build.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FormConfig } from '../site/forms/model/formSchema';
import { CADDY_SNIPPETS_FILE, caddySnippets } from '../deploy/caddy';
import { frameOriginsOf } from '../platform/headers';
import { gonePagesOf } from '../site/model/gonePages';
import { ERROR_FILE, ERROR_RENDER_PATH, FALLBACK_FILE, FALLBACK_RENDER_PATH, htmlFileFor } from '../schema/pageFiles';
import type { RenderJob } from '../content/model/renderJob';
import type { PageRenderer } from '../site/model/pageRender';
import { isSearchable, siteRoutes } from '../site/model/routing';
import { contentFingerprint, RELEASE_FILE, type SiteContent } from '../site/model/siteContent';
import { UPLOADS_PATH, uploadNamesIn } from '../platform/uploads';
import { picturesAmong, sizeOf, type PictureSets } from '../site/model/pictureSizes';
import { SITE_MANIFEST_FILE, type OutcomePage, type SiteManifest } from '../site/model/siteManifest';
import { readCodeBuild, type CodeBuild } from './codeBuild';
import { compressFiles } from './compress';
import { robotsTxt, sitemapXml } from './crawlers';
import { atomFeed } from './feed';
import { writeSocialPictures } from './socialPictures';
import { articlePages, feedPathOf, liveContent } from '../site/model/articles';
import { createHashCollector, pageHashes } from './inlineHashes';
import { writeOutcomePages } from './outcomePages';
import { loaderScript, pageDocument } from './pageDocument';
import { languageContents, movedInEveryLanguage, servedLanguagesOf } from '../site/model/languageContent';
import { markFallbacks, withoutMarks } from '../site/model/fallbackMarks';
import { siteLanguages } from '../site/model/translation';
import { withHtmlLang } from './languages';
import { inside, shareOwn, writeOwn } from './ownFiles';

/** Where the forms' descriptions go, inside the client folder (hashed names: kept a year, like scripts). */
const FORMS_FOLDER = 'assets/forms';

/** A render's job (what a publish sends to the render thread too), and what only a render in this process is given. */
export interface RenderOptions extends RenderJob {
  /** Today, for the sitemap's lastmod (YYYY-MM-DD). */
  today?: string;
  /** The server renderer already loaded (a publish keeps it between renders), else imported from codeDir. */
  renderer?: PageRenderer;
  /** Brotli's quality for the pages' copies (compress.ts): its best, 11, unless told (a publish's: renderWorker.ts). */
  brotli?: number;
  /** The folder of compressed copies kept between builds (compress.ts compressFiles; the build's: build.ts). */
  keptCopies?: string;
}

export interface Rendered {
  /** Every page file written, with its size. */
  pages: { address: string; file: string; bytes: number }[];
  manifest: SiteManifest;
}

/** The server renderer of a code build (src/site/entry-server.tsx, bundled into ssr/). */
export async function loadRenderer(codeDir: string, query = ''): Promise<PageRenderer> {
  // The libraries' production builds, as in the browser: in development MUI names its classes
  // differently, and the browser would find none of the page's styles and insert them again.
  process.env.NODE_ENV = 'production';
  return (await import(pathToFileURL(path.join(codeDir, 'ssr', 'entry-server.js')).href + query)) as PageRenderer;
}

/** Links every file of the code build's client folder into `clientDir` (a release's). */
function linkCode(code: CodeBuild, codeClientDir: string, clientDir: string): void {
  for (const file of code.files) {
    const target = path.join(clientDir, file);
    mkdirSync(path.dirname(target), { recursive: true });
    try {
      linkSync(path.join(codeClientDir, file), target);
    } catch (error) {
      // Another file system (or no hard links): a copy does too.
      if ((error as NodeJS.ErrnoException).code === 'EXDEV' || (error as NodeJS.ErrnoException).code === 'EPERM')
        copyFileSync(path.join(codeClientDir, file), target);
      else throw error;
    }
  }
}

/**
 * Links the files of public/ the code build does not have (pictures published since) into
 * `clientDir`; of the pictures uploaded in the editor, only those the content names (one not
 * used, or not published yet, stays out of the site).
 */
function linkNewPublicFiles(code: CodeBuild, publicDir: string, clientDir: string, content: SiteContent): void {
  const known = new Set(code.files);
  const uploads = UPLOADS_PATH.slice(1);
  const named = uploadNamesIn(content);
  let entries;
  try {
    entries = readdirSync(publicDir, { recursive: true, withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.startsWith('.')) continue;
    const relative = path.relative(publicDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (known.has(relative) || existsSync(path.join(clientDir, relative))) continue;
    // An upload goes with its sizes (src/site/model/pictureSizes.ts).
    if (relative.startsWith(uploads) && !named.has(relative.slice(uploads.length)) && !named.has(sizeOf(relative.slice(uploads.length))?.upload ?? ''))
      continue;
    sameFile(publicDir, relative, relative, clientDir);
  }
}

/** The sizes there are in `clientDir` (a built client folder, or public/) of each upload the content names, by its address (src/site/model/pictureSizes.ts). */
export function picturesIn(clientDir: string, content: SiteContent): PictureSets {
  let names: string[];
  try {
    names = readdirSync(path.join(clientDir, ...UPLOADS_PATH.split('/').filter(Boolean)));
  } catch {
    return {};
  }
  return picturesAmong(names, uploadNamesIn(content));
}

/** The same file under another name (an alias's page): a link, or a copy where links cannot be made; the name replaced, never written through. */
function sameFile(fromDir: string, from: string, to: string, toDir = fromDir): void {
  shareOwn(inside(fromDir, from), toDir, to);
}

/** A short hash of text, for a file name that changes with the file. */
const hashOf = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 10).replace(/[-_]/g, '0');

export async function renderSite({
  content: allContent,
  codeDir,
  outDir,
  earlierClientDir,
  today = new Date().toISOString().slice(0, 10),
  renderer,
  publicDir,
  now = new Date(),
  brotli,
  keptCopies,
}: RenderOptions): Promise<Rendered> {
  // The site as it is at `now`: an article past its `expires` is not drawn, listed, in the sitemap or the feed.
  const content0 = liveContent(allContent, now);
  const code = readCodeBuild(codeDir);
  const codeClientDir = path.join(codeDir, 'client');
  const clientDir = path.join(outDir, 'client');
  mkdirSync(clientDir, { recursive: true });
  if (path.resolve(clientDir) !== path.resolve(codeClientDir)) linkCode(code, codeClientDir, clientDir);
  if (publicDir) linkNewPublicFiles(code, publicDir, clientDir, content0);
  const { renderPage } = renderer ?? (await loadRenderer(codeDir));
  const written: string[] = [];
  const write = (file: string, text: string) => {
    writeOwn(clientDir, file, text);
    written.push(file);
  };

  // Each language's content (a site in one language: the content as it is), the default first.
  const [main, ...others] = languageContents(content0);
  const content = main!.content;
  // Each form's description: what the browser's form island is drawn with (the page names the file).
  const writeForms = (forms: SiteContent['forms']) => {
    const files: Record<string, string> = {};
    for (const [name, form] of Object.entries(forms)) {
      // A text left in the default language is marked only in the pages (src/render/languages.ts).
      const json = withoutMarks(JSON.stringify(form));
      const file = `${FORMS_FOLDER}/${name}-${hashOf(json)}.json`;
      if (!written.includes(file)) write(file, json);
      files[name] = `/${file}`;
    }
    return files;
  };
  const formFiles = writeForms(content.forms);

  // Each article's 1200×630 picture for link previews, from its cover.
  const socialPictures = await writeSocialPictures(clientDir, content.articles, earlierClientDir);
  // The sizes of the uploaded pictures, those there are: the pages offer them (srcset).
  const pictures = picturesIn(clientDir, content);
  /** Those of the pictures a text (a page's inputs) names: a page is drawn again when they change. */
  const picturesNamedIn = (text: string) => JSON.stringify([...uploadNamesIn(text)].sort().map((name) => pictures[`${UPLOADS_PATH}${name}`] ?? null));

  const hashes = createHashCollector();
  const outcomes: OutcomePage[] = [];
  const pages: Rendered['pages'] = [];
  // What an earlier release drew (its render index), to take its pages whose inputs did not change as they are.
  const earlier = earlierClientDir ? readRenderIndex(earlierClientDir, code) : undefined;
  const index: RenderIndex = { code: codeId(code), pages: {} };
  /** How the pages of one language's content are drawn. */
  const drawer = (drawn: SiteContent, drawnFormFiles: Record<string, string>) => {
    // (A text left in the default language is marked in the page's own markup only: src/render/languages.ts.)
    const forms = JSON.parse(withoutMarks(JSON.stringify(Object.values(drawn.forms)))) as FormConfig[];
    const routes = siteRoutes(drawn.routes);
    // Everything a page is drawn from but the other pages and the articles: the site, routes, forms, the code's files.
    const shared = JSON.stringify({ ...drawn, pages: undefined, articles: undefined, formFiles: drawnFormFiles });
    const articles = articlePages(drawn);
    // What of the articles a page is drawn from: an article's page its article (and picture), a page that lists them the list.
    const articleInputs = (address: string, pageId: string) => {
      const own = articles.find((a) => a.path === address);
      if (own) return JSON.stringify({ article: own.article, picture: socialPictures[own.article.id] });
      return drawn.pages[pageId]?.sections.some((section) => section.type === 'articles') ? JSON.stringify(drawn.articles) : '';
    };
    // A site in more than one language: the page's lang, and its texts not yet translated marked (src/render/languages.ts).
    const language = drawn.language;
    const template = language ? { ...code.template, html: withHtmlLang(code.template.html, language.code) } : code.template;
    const renderInto = async (address: string, file: string, withOutcomes: boolean) => {
      const pageId = routes.resolvePath(address).page;
      const own = `${JSON.stringify(drawn.pages[pageId] ?? null)}\0${articleInputs(address, pageId)}`;
      const inputs = hashOf(`${shared}\0${address}\0${withOutcomes}\0${own}\0${picturesNamedIn(`${shared}${own}`)}`);
      const before = earlier?.index.pages[file];
      if (before && before.inputs === inputs && reuse(earlier!.dir, clientDir, [file, ...before.variants.map((v) => v.file)])) {
        // The same page as the release served: its files linked, not drawn again (a publish draws only the pages it changes).
        index.pages[file] = before;
        hashes.addHashes(before.inline);
        outcomes.push(...before.variants);
        pages.push({ address, file, bytes: before.bytes });
        return;
      }
      const drawnPage = await renderPage(address, drawn, { formFiles: drawnFormFiles, socialPictures, pictures });
      const page = language ? { ...drawnPage, head: withoutMarks(drawnPage.head), body: markFallbacks(drawnPage.body, language.defaultCode) } : drawnPage;
      // Fetched (not run) once the page has painted, so the first touch is answered at once: the
      // page's islands and what hydrates them (React). The forms' code waits for the visitor.
      const preload = [
        ...new Set([...code.hydrateFiles, ...page.islands.filter((name) => name !== 'form').flatMap((name) => code.islandFiles[name] ?? [])]),
      ].map((f) => `/${f}`);
      const html = pageDocument(template, page, loaderScript(code.template.scripts, preload));
      write(file, html);
      const inline = pageHashes(html);
      hashes.addHashes(inline);
      pages.push({ address, file, bytes: html.length });
      const variants = withOutcomes ? writeOutcomePages(clientDir, address, file, html, forms) : [];
      written.push(...variants.map((v) => v.file));
      outcomes.push(...variants);
      index.pages[file] = { inputs, inline, variants, bytes: html.length };
    };
    return { routes, articles, renderInto };
  };

  const { routes, articles, renderInto } = drawer(content, formFiles);
  // Each page once, at its main address; its aliases are the same file under their own names
  // (Caddy and Firebase Hosting find a page by its file's name), and their outcomes the page's.
  for (const { path: address, canonical } of routes.pagePaths) {
    const file = htmlFileFor(address);
    if (address === canonical) await renderInto(address, file, true);
    else {
      sameFile(clientDir, htmlFileFor(canonical), file);
      written.push(file);
      outcomes.push(...outcomes.filter((o) => o.path === canonical).map((o) => ({ ...o, path: address })));
    }
  }
  // Each article's own page (no form on it: no outcome variants).
  for (const { path: address } of articles) await renderInto(address, htmlFileFor(address), false);
  await renderInto(FALLBACK_RENDER_PATH, FALLBACK_FILE, false);
  await renderInto(ERROR_RENDER_PATH, ERROR_FILE, false);
  // The pages shown at the addresses of removed pages (status 410), one for each set of words.
  for (const { renderPath, file } of gonePagesOf(content)) await renderInto(renderPath, file, false);

  // Each other language's pages and articles under its prefix, and its feed.
  const languagePages: string[] = [];
  const sitemapPages: { path: string; date?: string }[] = [
    ...routes.pagePaths.filter((p) => isSearchable(content.pages[p.page])).map((p) => ({ path: p.canonical })),
    ...articles.map(({ path: address, article }) => ({ path: address, date: article.date })),
  ];
  for (const { language, content: drawn } of others) {
    const other = drawer(drawn, writeForms(drawn.forms));
    // Its own page for unknown addresses under its prefix, its error page and its removed pages' pages, in its folder.
    const { fallbackFile, errorFile } = errorPagesIn(language.prefix);
    await other.renderInto(FALLBACK_RENDER_PATH, fallbackFile, false);
    await other.renderInto(ERROR_RENDER_PATH, errorFile, false);
    for (const { renderPath, file } of gonePagesOf(drawn)) await other.renderInto(renderPath, inFolderOf(language.prefix, file), false);
    for (const { path: address, page } of other.routes.pagePaths) {
      await other.renderInto(address, htmlFileFor(address), true);
      languagePages.push(address);
      if (isSearchable(drawn.pages[page])) sitemapPages.push({ path: address });
    }
    for (const { path: address, article } of other.articles) {
      await other.renderInto(address, htmlFileFor(address), false);
      languagePages.push(address);
      sitemapPages.push({ path: address, date: article.date });
    }
    write(feedPathOf(drawn.site).slice(1), withoutMarks(atomFeed(drawn.site, other.articles, today)));
  }

  // Pages the office keeps from search engines (searchable: false) are not listed; moved and gone addresses are no pages; each live article's page is.
  const versions = content.language ? Object.assign({}, ...[main!, ...others].map((l) => l.content.language?.versions)) : undefined;
  write('sitemap.xml', sitemapXml(content.site.brand.url, sitemapPages, today, versions));
  write(feedPathOf(content.site).slice(1), atomFeed(content.site, articles, today));
  write('robots.txt', robotsTxt(content.site.brand.url));
  const manifest = siteManifestOf(content, { connectOrigins: code.connectOrigins, inlineHashes: hashes.hashes(), outcomes }, languagePages);
  writeOwn(clientDir, SITE_MANIFEST_FILE, `${JSON.stringify(manifest, null, 2)}\n`);
  writeOwn(outDir, CADDY_SNIPPETS_FILE, caddySnippets(manifest));

  compressFiles(clientDir, written, { earlier: earlierClientDir, quality: brotli, keep: keptCopies });
  writeOwn(clientDir, RENDER_INDEX_FILE, JSON.stringify(index));
  // Last: the release is whole, and which content it is.
  writeOwn(outDir, RELEASE_FILE, `${JSON.stringify({ content: contentFingerprint(allContent) })}\n`);
  return { pages, manifest };
}

/**
 * What a render drew, kept beside its pages (a dot file: never served): for each page file the
 * hash of everything it was drawn from, its inline code's hashes (the policy names them), its
 * outcome variants and its size. The next render takes a page whose inputs are the same as it
 * is (linking its files and compressed copies) instead of drawing it again.
 */
interface RenderIndex {
  /** The code build it was drawn with (a new build draws every page again). */
  code: string;
  pages: Record<string, { inputs: string; inline: { scripts: string[]; styles: string[] }; variants: OutcomePage[]; bytes: number }>;
}
const RENDER_INDEX_FILE = '.render-index.json';

const codeId = (code: CodeBuild) => hashOf(JSON.stringify(code));

function readRenderIndex(clientDir: string, code: CodeBuild): { dir: string; index: RenderIndex } | undefined {
  try {
    const index = JSON.parse(readFileSync(path.join(clientDir, RENDER_INDEX_FILE), 'utf8')) as RenderIndex;
    return index.code === codeId(code) ? { dir: clientDir, index } : undefined;
  } catch {
    return undefined;
  }
}

/** Links these files of an earlier release (with their compressed copies) into `clientDir`; false, nothing taken, if one is missing. */
function reuse(earlierDir: string, clientDir: string, files: readonly string[]): boolean {
  if (!files.every((file) => existsSync(path.join(earlierDir, file)))) return false;
  for (const file of files) {
    for (const suffix of ['', '.br', '.gz'])
      if (existsSync(path.join(earlierDir, file + suffix))) sameFile(earlierDir, file + suffix, file + suffix, clientDir);
  }
  return true;
}

/** The site manifest of some content, with what only the written pages tell (their inline code's hashes, their outcome variants). */
export function siteManifestOf(
  content: SiteContent,
  written: Pick<SiteManifest, 'connectOrigins' | 'inlineHashes' | 'outcomes'>,
  /** The pages of the site's other languages (their addresses under their prefixes), after the default language's. */
  languagePages: readonly string[] = [],
): SiteManifest {
  return {
    // The routes' addresses, then each article's page (the content given: the articles live when it is drawn).
    pages: [...siteRoutes(content.routes).pagePaths.map(({ path: address }) => address), ...articlePages(content).map((a) => a.path), ...languagePages].map(
      (address) => ({
        path: address,
        file: htmlFileFor(address),
      }),
    ),
    fallbackFile: FALLBACK_FILE,
    errorFile: ERROR_FILE,
    frameOrigins: frameOriginsOf(Object.values(content.pages)),
    ...written,
    // The moved and gone addresses under each language's prefix too (languageContent.ts): every host answers them alike.
    content: { site: content.site, routes: content.routes, forms: content.forms, moved: movedInEveryLanguage(content), ...servedLanguagesOf(content) },
    // Each language's removed pages' addresses with the page of their words in that language.
    gone: languageContents(content).flatMap(({ language, content: drawn }) =>
      gonePagesOf(drawn).flatMap(({ file, addresses }) => addresses.map((address) => ({ path: address, file: inFolderOf(language.prefix, file) }))),
    ),
    ...errorPagesOfLanguages(content),
  };
}

/** A file of a language's own in the built client folder: in the folder of its prefix ("de/404.html"), the default language's where it is. */
const inFolderOf = (prefix: string, file: string) => (prefix === '' ? file : `${prefix.slice(1)}/${file}`);

/** A language's page for unknown addresses and its error page. */
const errorPagesIn = (prefix: string) => ({ fallbackFile: inFolderOf(prefix, FALLBACK_FILE), errorFile: inFolderOf(prefix, ERROR_FILE) });

/** The other languages' pages for unknown addresses and error pages, by prefix (nothing for a site in one language). */
function errorPagesOfLanguages(content: SiteContent): Pick<SiteManifest, 'languageErrorPages'> {
  const others = siteLanguages(content.site).slice(1);
  return others.length === 0 ? {} : { languageErrorPages: others.map(({ prefix }) => ({ prefix, ...errorPagesIn(prefix) })) };
}
