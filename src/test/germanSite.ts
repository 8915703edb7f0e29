/**
 * A copy of this site in two languages, drawn by the real render (src/render/render.ts, with the
 * code build this checkout's tests share): German declared, Home, Contact, the contact form, one
 * article (with a link written whole at the site's own address first in it) and some of the site's
 * words translated (one text of Contact left in English), Contact
 * and the article at addresses of their own in German, and a removed page's address in
 * config/moved.ts; read from its folder as the build reads it. The languages' build test
 * (src/render/languages.test.ts) and the hosts' (src/apps/server/languagePages.test.ts) read it:
 * drawn once for both, and kept beside the shared build.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkConfigFolder, readSiteContent } from '../content/server/configFolder';
import { PUBLISH_BROTLI } from '../render/compress';
import { renderSite } from '../render/render';
import { articleSchema } from '../site/model/articleSchema';
import { pageSchema } from '../site/model/pageSchema';
import { siteSchema } from '../site/model/siteSchema';
import { translatableTexts, translationFileOf } from '../site/model/translation';
import { formSchema } from '../site/forms/model/formSchema';
import { keptFolder, makeBuiltSite } from './contentSite';
import { addGerman, GERMAN } from './secondLanguage';

/** Words in "German": each text changed (its {placeholders} kept), so a German page shows none of the English ones. */
export const german = (text: string): string =>
  `Ü${text
    .split(/(\{\w+\})/)
    .map((part, i) => (i % 2 ? part : part.toUpperCase()))
    .join('')}`;

/**
 * A link of the translated article written whole at the site's own address (brand.url and this
 * page's address), its words `text`: a page in German leads to the German page, keeping the origin.
 */
export const WHOLE_LINK = { text: 'Whole link', to: '/Contact' };

/** Puts a paragraph of one link first in an article file's text. */
function addFirstParagraph(file: string, run: { text: string; href: string }): void {
  const text = readFileSync(file, 'utf8');
  if (text.split('body: [').length !== 2) throw new Error(`${file}: not one "body: [" to put a paragraph first in`);
  writeFileSync(file, text.replace('body: [', `body: [\n    ${JSON.stringify({ type: 'paragraph', content: [run] })},`));
}

/** An address whose page was removed (config/moved.ts). */
export const GONE = '/Old-offer';
/** The site's texts translated: the words at a removed page's address, and those of the error page. */
const SITE_TRANSLATED = ['gone.message', 'gone.text', 'ui.errorScreen.heading', 'ui.errorScreen.text'];
/** Contact's and the translated article's own addresses in German (after the prefix; the article's under its list's page). */
const KONTAKT = '/Kontakt';
const ARTICLE_ADDRESS = '/wie-man-den-partner-findet';

export interface GermanSite {
  /** The site folder the render read (its config/, public/ and dist/): shared by every test file, read it only. */
  siteDir: string;
  /** The render's output folder: client/ (the pages), caddy/ (its snippets); the caller's own copy. */
  outDir: string;
  /** The text of Contact left untranslated, and its key path. */
  untranslated: { path: string; text: string };
  /** The article translated: its own address in German (after its list's page) and its address in English. */
  article: { id: string; address: string; englishAddress: string };
  remove(): void;
}

/**
 * The German site, drawn once for this checkout's sources and kept beside its build
 * (contentSite.ts keptFolder: the tests that read it share one render), its output copied for
 * the caller, who may write in it.
 */
export async function renderGermanSite(): Promise<GermanSite> {
  const kept = await keptFolder('german', drawGermanSite);
  const { untranslated, article } = JSON.parse(readFileSync(path.join(kept, KEPT_FACTS), 'utf8')) as Pick<GermanSite, 'untranslated' | 'article'>;
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'render-languages-'));
  cpSync(path.join(kept, 'out'), outDir, { recursive: true });
  return { siteDir: path.join(kept, 'site'), outDir, untranslated, article, remove: () => rmSync(outDir, { recursive: true, force: true }) };
}

/** What the kept folder holds besides site/ and out/: the facts the tests read about the render. */
const KEPT_FACTS = 'german.json';

/** Makes the German site and draws it into `done`: site/ (the site folder), out/ (the render), KEPT_FACTS. */
async function drawGermanSite(done: string): Promise<void> {
  const siteDir = await makeBuiltSite();
  const config = path.join(siteDir, 'config');
  addGerman(siteDir);
  const load = async (file: string) => ((await import(path.join(config, file))) as { default: unknown }).default;
  const [site, home, contact, form] = await Promise.all(['site.ts', 'pages/home.ts', 'pages/contact.ts', 'forms/contact.ts'].map(load));
  const id = 'choosing-a-partner';
  const wholeLink = `${(site as { brand: { url: string } }).brand.url}${WHOLE_LINK.to}`;
  addFirstParagraph(path.join(config, 'articles', `${id}.ts`), { text: WHOLE_LINK.text, href: wholeLink });
  const articleValue = await load(`articles/${id}.ts`);
  const translation = (texts: { path: string; text: string }[], address?: string) =>
    `export default ${JSON.stringify({ ...(address ? { address } : {}), texts: Object.fromEntries(texts.map((t) => [t.path, { text: german(t.text), source: t.text }])) })};\n`;
  const contactTexts = translatableTexts(pageSchema, contact);
  const untranslated = contactTexts.find((t) => t.path === 'sections[1].text')!;
  writeFileSync(path.join(config, 'moved.ts'), `export default ${JSON.stringify({ moved: [], gone: [GONE] })};\n`);
  const siteTexts = translatableTexts(siteSchema, site).filter((t) => SITE_TRANSLATED.includes(t.path));
  if (siteTexts.length !== SITE_TRANSLATED.length) throw new Error(`The site's texts ${SITE_TRANSLATED.join(', ')} are not all texts of config/site.ts`);
  const files: [string, string][] = [
    ['config/site.ts', translation(siteTexts)],
    ['config/pages/home.ts', translation(translatableTexts(pageSchema, home))],
    [
      'config/pages/contact.ts',
      translation(
        contactTexts.filter((t) => t !== untranslated),
        KONTAKT,
      ),
    ],
    ['config/forms/contact.ts', translation(translatableTexts(formSchema, form))],
    [`config/articles/${id}.ts`, translation(translatableTexts(articleSchema, articleValue), ARTICLE_ADDRESS)],
  ];
  for (const [file, text] of files) {
    const target = path.join(siteDir, translationFileOf(GERMAN.code, file));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
  const problems = await checkConfigFolder({ configDir: config, publicDir: path.join(siteDir, 'public') });
  if (problems.length > 0) throw new Error(`The German copy of the site does not pass the checker: ${JSON.stringify(problems)}`);
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'render-languages-'));
  // Drawn as a publish draws a site (its brotli quality, a third of the best's CPU): the tests read the pages, not their compressed copies.
  await renderSite({ content: await readSiteContent(siteDir), codeDir: path.join(siteDir, 'dist'), outDir, brotli: PUBLISH_BROTLI });
  const facts: Pick<GermanSite, 'untranslated' | 'article'> = {
    untranslated,
    article: { id, address: ARTICLE_ADDRESS, englishAddress: `/${(articleValue as { address: string }).address}` },
  };
  // Put together beside the kept folder, then renamed into place whole.
  const making = mkdtempSync(`${done}.making-`);
  try {
    renameSync(siteDir, path.join(making, 'site'));
    renameSync(outDir, path.join(making, 'out'));
    writeFileSync(path.join(making, KEPT_FACTS), JSON.stringify(facts));
    renameSync(making, done);
  } finally {
    for (const dir of [siteDir, outDir, making]) rmSync(dir, { recursive: true, force: true });
  }
}
