/**
 * A site in two languages through the real render (src/render/render.ts, with the code build this
 * checkout's tests share): a copy of the site with German declared and Home, Contact and the
 * contact form translated (one text of Contact left in English), read from its folder as the
 * build reads it. Every page in both languages, each naming the other and the default one
 * (hreflang, x-default) and the sitemap the same, the text left untranslated marked with the
 * default language, the header's links to the same page in the other language, a link written
 * whole at the site's own address leading to the page in German, and the English pages where they
 * were. The marking of a text left untranslated is checked on its own in
 * src/site/model/fallbackMarks.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import site from '../../config/site';
import { FALLBACK_MARKS } from '../site/model/fallbackMarks';
import { htmlFileFor } from '../schema/pageFiles';
import { SITE_MANIFEST_FILE, type SiteManifest } from '../site/model/siteManifest';
import { german, renderGermanSite, WHOLE_LINK, type GermanSite } from '../test/germanSite';
import { GERMAN } from '../test/secondLanguage';

jest.setTimeout(600_000);

const DEFAULT = site.languages.default.code;

let siteDir: string;
let outDir: string;
let article: GermanSite['article'];
/** The text of Contact left untranslated, and its key path. */
let untranslated: { path: string; text: string };

const client = (...parts: string[]) => path.join(outDir, 'client', ...parts);
const read = (address: string) => readFileSync(client(htmlFileFor(address)), 'utf8');
/**
 * Each page's document, parsed once: the pages are written once (beforeAll) and only read, and the
 * alternates' check visits every page from each of its languages (a parse is most of its CPU).
 */
const documents = new Map<string, Document>();
const dom = (address: string): Document => {
  let document = documents.get(address);
  if (!document) documents.set(address, (document = new JSDOM(read(address)).window.document));
  return document;
};
const alternatesOf = (document: Document) =>
  Object.fromEntries([...document.querySelectorAll('head link[rel="alternate"][hreflang]')].map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]));

let germanSite: GermanSite;
beforeAll(async () => {
  germanSite = await renderGermanSite();
  ({ siteDir, outDir, untranslated, article } = germanSite);
});

afterAll(() => {
  germanSite?.remove();
});

describe('a site in two languages', () => {
  it('draws every page in both, each naming itself and the other (hreflang) and the default one (x-default), reciprocally', () => {
    const manifest = JSON.parse(readFileSync(client(SITE_MANIFEST_FILE), 'utf8')) as SiteManifest;
    const addresses = manifest.pages.map((p) => p.path);
    expect(addresses).toContain('/Contact');
    expect(addresses).toContain('/de/Kontakt');
    expect(addresses).toContain('/de');
    // A page not translated is there in German all the same (in English words, marked).
    expect(addresses).toContain('/de/About-us');
    const url = site.brand.url;
    const mains = new Set(manifest.pages.filter((p) => read(p.path).includes('rel="canonical"')).map((p) => p.path));
    let checked = 0;
    for (const address of mains) {
      const document = dom(address);
      const canonical = document.querySelector('link[rel="canonical"]')?.getAttribute('href');
      const alternates = alternatesOf(document);
      // An alias has its page's file: only main addresses are checked as pages.
      if (canonical !== `${url}${address}`) continue;
      expect(Object.keys(alternates).sort()).toEqual([DEFAULT, GERMAN.code, 'x-default'].sort());
      expect(alternates['x-default']).toBe(alternates[DEFAULT]);
      const own = address.startsWith(`${GERMAN.prefix}/`) || address === GERMAN.prefix ? GERMAN.code : DEFAULT;
      expect(alternates[own]).toBe(`${url}${address}`);
      expect(document.documentElement.getAttribute('lang')).toBe(own);
      for (const href of Object.values(alternates)) expect(alternatesOf(dom(String(href).slice(url.length)))).toEqual(alternates);
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('lists every page of both languages in the sitemap with the same alternates, reciprocally', () => {
    const document = new JSDOM(readFileSync(client('sitemap.xml'), 'utf8'), { contentType: 'application/xml' }).window.document;
    const entries = new Map(
      [...document.getElementsByTagName('url')].map((entry) => [
        entry.getElementsByTagName('loc')[0]!.textContent!,
        Object.fromEntries([...entry.getElementsByTagName('xhtml:link')].map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')])),
      ]),
    );
    expect(entries.has(`${site.brand.url}/de/Kontakt`)).toBe(true);
    for (const [loc, alternates] of entries) {
      expect(Object.keys(alternates).sort()).toEqual([DEFAULT, GERMAN.code, 'x-default'].sort());
      expect(Object.values(alternates)).toContain(loc);
      for (const href of Object.values(alternates)) expect(entries.get(String(href))).toEqual(alternates);
    }
  });

  it('draws Contact in German at its own address, its untranslated text in English marked with the default language', () => {
    const document = dom('/de/Kontakt');
    const contactTitle = dom('/Contact').title;
    expect(document.title).toBe(german(contactTitle));
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${site.brand.url}/de/Kontakt`);
    const marked = [...document.querySelectorAll(`body [lang="${DEFAULT}"]`)].filter((element) => element.textContent?.includes(untranslated.text));
    expect(marked.length).toBe(1);
    expect(marked[0]!.textContent).toBe(untranslated.text);
    // Never a mark left in any file written.
    const files = readdirSync(client(), { recursive: true, encoding: 'utf8' }).filter((f) => /\.(html|json|xml)$/.test(f));
    expect(files.filter((f) => new RegExp(`[${FALLBACK_MARKS.start}${FALLBACK_MARKS.end}]`).test(readFileSync(client(f), 'utf8')))).toEqual([]);
    // The page's data for search engines says its language.
    const data = [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent!) as { inLanguage?: string });
    expect(data.map((d) => d.inLanguage)).toContain(GERMAN.code);
  });

  it("links the header to the same page in the other language, in that language's name, without script", () => {
    const nav = (address: string) => dom(address).querySelector(`nav[aria-label="${site.ui.languagesLabel}"]`)!;
    const toEnglish = nav('/de/Kontakt').querySelector('a')!;
    expect([toEnglish.getAttribute('href'), toEnglish.getAttribute('hreflang'), toEnglish.getAttribute('lang')]).toEqual(['/Contact', DEFAULT, DEFAULT]);
    expect(toEnglish.textContent).toBe(site.languages.default.name);
    const toGerman = nav('/Contact').querySelector('a')!;
    expect([toGerman.getAttribute('href'), toGerman.textContent]).toEqual(['/de/Kontakt', GERMAN.name]);
    // The logo leads to the language's own home.
    expect(dom('/de/Kontakt').querySelector(`a[aria-label="${site.navigation.logoLabel}"]`)?.getAttribute('href')).toBe(GERMAN.prefix);
  });

  it("keeps the English Contact where it was, in English, and its German form's words in the German page's form file", () => {
    const english = dom('/Contact');
    expect(english.documentElement.getAttribute('lang')).toBe(DEFAULT);
    expect(english.querySelector(`body [lang="${DEFAULT}"]`)).toBeNull();
    const fileOf = (document: Document) => /\/assets\/forms\/contact-[\w]+\.json/.exec(document.documentElement.outerHTML)?.[0];
    expect(fileOf(dom('/de/Kontakt'))).toBeDefined();
    expect(fileOf(dom('/de/Kontakt'))).not.toBe(fileOf(english));
    const form = JSON.parse(readFileSync(client(fileOf(dom('/de/Kontakt'))!.slice(1)), 'utf8')) as {
      collection: string;
      fields: { name: string; label: string }[];
    };
    const englishForm = JSON.parse(readFileSync(client(fileOf(english)!.slice(1)), 'utf8')) as typeof form;
    expect(form.collection).toBe(englishForm.collection);
    expect(form.fields.map((f) => f.name)).toEqual(englishForm.fields.map((f) => f.name));
    expect(form.fields.map((f) => f.label)).toEqual(englishForm.fields.map((f) => german(f.label)));
  });

  it('writes a feed for each language, its links to the pages in that language', () => {
    const feed = readFileSync(client('de', 'Blog', 'feed.xml'), 'utf8');
    expect(feed).toContain(`${site.brand.url}/de/Blog/`);
    expect(read('/de/Blog')).toContain(`href="${site.brand.url}/de/Blog/feed.xml"`);
  });
});

describe("a translated article's own address", () => {
  it('draws the article there in German, named by its English page (hreflang), listed so in the sitemap and the German feed', () => {
    const manifest = JSON.parse(readFileSync(client(SITE_MANIFEST_FILE), 'utf8')) as SiteManifest;
    const own = `${GERMAN.prefix}${site.articles.path}${article.address}`;
    expect(manifest.pages.map((p) => p.path)).toContain(own);
    const document = dom(own);
    expect(document.documentElement.getAttribute('lang')).toBe(GERMAN.code);
    const alternates = alternatesOf(document);
    expect(alternates[GERMAN.code]).toBe(`${site.brand.url}${own}`);
    const englishAddress = `${site.articles.path}${article.englishAddress}`;
    expect(alternates[DEFAULT]).toBe(`${site.brand.url}${englishAddress}`);
    expect(alternatesOf(dom(englishAddress))).toEqual(alternates);
    // Not at the English address under the prefix.
    expect(manifest.pages.map((p) => p.path)).not.toContain(`${GERMAN.prefix}${englishAddress}`);
    // The sitemap and the German feed name it there; the German list links to it.
    expect(readFileSync(client('sitemap.xml'), 'utf8')).toContain(`<loc>${site.brand.url}${own}</loc>`);
    expect(readFileSync(client('de', ...site.articles.path.slice(1).split('/'), 'feed.xml'), 'utf8')).toContain(`${site.brand.url}${own}`);
    expect(read(`${GERMAN.prefix}${site.articles.path}`)).toContain(`href="${own}"`);
  });
});

describe("a link written whole at the site's own address", () => {
  it('leads a German page to the German page, at the same address, and an English page where it was written', () => {
    const germanPage = `${GERMAN.prefix}${site.articles.path}${article.address}`;
    const englishPage = `${site.articles.path}${article.englishAddress}`;
    const linksTo = (page: string, href: string) => [...dom(page).querySelectorAll(`main a[href="${href}"]`)].map((a) => a.textContent);
    const written = `${site.brand.url}${WHOLE_LINK.to}`;
    expect(linksTo(germanPage, `${site.brand.url}/de/Kontakt`)).toEqual([expect.stringContaining(german(WHOLE_LINK.text))]);
    expect(linksTo(germanPage, written)).toEqual([]);
    expect(linksTo(englishPage, written)).toEqual([expect.stringContaining(WHOLE_LINK.text)]);
  });
});

describe('a site in one language (the seed)', () => {
  it("is built as before languages existed: no alternates, no switcher, the template's lang, a sitemap without alternates", () => {
    // The seed's own build (the code build the copy above was made from, before German was declared).
    const built = path.join(siteDir, 'dist', 'client');
    const pages = readdirSync(built, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html') && f !== 'admin.html');
    expect(pages.length).toBeGreaterThan(10);
    for (const file of pages) {
      const html = readFileSync(path.join(built, file), 'utf8');
      expect([file, /hreflang|inLanguage/i.test(html), html.includes(site.ui.languagesLabel)]).toEqual([file, false, false]);
      expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    }
    expect(readFileSync(path.join(built, 'sitemap.xml'), 'utf8')).not.toContain('xhtml');
  });
});
