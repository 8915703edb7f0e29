/**
 * An article's page as the server renderer draws it (src/site/entry-server.tsx, the code every page
 * file is prerendered with): its h1, the head search engines and link previews read (canonical,
 * Open Graph, Twitter, the feed's link), its JSON-LD BlogPosting, its body's blocks; and what an
 * editor's hostile text becomes (text, never markup). Then the feed and the sitemap the render
 * writes from the same content, and the list of articles on the page that shows it.
 * Everything is compared with the content (config/articles), not with the agency's words.
 */
import { JSDOM } from 'jsdom';
import type { Article, ArticleBlock } from '../../model/articleSchema';
import { renderPage } from '../../entry-server';
import { articlePages, feedPathOf, liveContent } from '../../model/articles';
import type { SiteContent } from '../../model/siteContent';
import { atomFeed } from '../../../render/feed';
import { sitemapXml } from '../../../render/crawlers';
import { siteRoutes } from '../../model/routing';
import { loadRealContent } from '../../../test/realConfig';

Object.assign(globalThis, { __DATA_ADAPTER__: 'local' });

let content: SiteContent;

beforeAll(async () => {
  content = await loadRealContent();
}, 60_000);

async function draw(address: string, given: SiteContent = content, socialPictures: Record<string, string> = {}) {
  const page = await renderPage(address, given, { socialPictures });
  const { document } = new JSDOM(`<!doctype html><html lang="en"><head>${page.head}</head><body><div id="root">${page.body}</div></body></html>`).window;
  return { page, document };
}

const meta = (document: Document, key: string) =>
  document.head.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? undefined;
const jsonLd = (document: Document) =>
  [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '') as Record<string, unknown>);

/** An article with text written to break out of every place it is put. */
const HOSTILE = '</script><script>alert(1)</script><b onmouseover="x()">&amp; "quoted" \'single\'';
function hostileArticle(base: Article): Article {
  const body: ArticleBlock[] = [
    { type: 'heading', level: 2, text: HOSTILE },
    { type: 'paragraph', content: [{ text: HOSTILE, bold: true }, { text: ' and ' }, { text: 'a link', href: '/Contact' }] },
    { type: 'list', items: [[{ text: HOSTILE }]] },
    { type: 'quote', content: [{ text: HOSTILE, italic: true }] },
  ];
  return { ...base, id: 'hostile', address: 'hostile', title: HOSTILE, summary: HOSTILE, author: HOSTILE, body, date: '2099-01-01' };
}

describe("an article's page", () => {
  test('every article of the content has a page at <articles.path>/<address>, with its title as the one h1', async () => {
    expect(content.articles.length).toBeGreaterThan(0);
    for (const { path, article } of articlePages(content)) {
      expect(path).toBe(`${content.site.articles.path}/${article.address}`);
      const { page, document } = await draw(path);
      expect(page.status).toBe(200);
      const h1 = document.querySelectorAll('h1');
      expect([...h1].map((h) => h.textContent)).toEqual([article.title]);
      // The article is one <article>, named by its h1.
      expect(document.querySelector('article')?.getAttribute('aria-labelledby')).toBe(h1[0]!.id);
    }
  });

  test('its head: canonical address, Open Graph and Twitter tags with the 1200×630 picture, the feed, JSON-LD BlogPosting', async () => {
    const { path, article } = articlePages(content)[0]!;
    const picture = `/images/social/${article.id}-0123456789.jpg`;
    const { document } = await draw(path, content, { [article.id]: picture });
    const url = `${content.site.brand.url}${path}`;
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(url);
    expect(meta(document, 'description')).toBe(article.summary);
    expect(meta(document, 'og:type')).toBe('article');
    expect(meta(document, 'og:url')).toBe(url);
    expect(meta(document, 'og:title')).toContain(article.title);
    expect(meta(document, 'og:image')).toBe(`${content.site.brand.url}${picture}`);
    expect([meta(document, 'og:image:width'), meta(document, 'og:image:height')]).toEqual(['1200', '630']);
    expect(meta(document, 'og:image:alt')).toBe(article.cover.alt);
    expect(meta(document, 'article:published_time')).toBe(article.date);
    expect(meta(document, 'twitter:card')).toBe('summary_large_image');
    expect(meta(document, 'twitter:image')).toBe(`${content.site.brand.url}${picture}`);
    const feed = document.head.querySelector('link[rel="alternate"][type="application/atom+xml"]');
    expect(feed?.getAttribute('href')).toBe(`${content.site.brand.url}${feedPathOf(content.site)}`);

    const posting = jsonLd(document).find((d) => d['@type'] === 'BlogPosting');
    expect(posting).toMatchObject({
      '@context': 'https://schema.org',
      headline: article.title,
      description: article.summary,
      datePublished: article.date,
      image: [`${content.site.brand.url}${picture}`],
      author: { name: article.author },
      mainEntityOfPage: { '@id': url },
    });
  });

  test('every page links the feed in its head', async () => {
    for (const { path } of siteRoutes(content.routes).pagePaths) {
      const { document } = await draw(path);
      expect(document.head.querySelectorAll('link[rel="alternate"][type="application/atom+xml"]')).toHaveLength(1);
    }
  });

  test("the body's blocks: headings, paragraphs with bold, italic and links, lists, quotes, pictures, a link of its own", async () => {
    const base = content.articles[0]!;
    const body: ArticleBlock[] = [
      { type: 'heading', level: 2, text: 'Section' },
      { type: 'heading', level: 3, text: 'Subsection' },
      {
        type: 'paragraph',
        content: [
          { text: 'Plain ' },
          { text: 'strong', bold: true },
          { text: ' and ' },
          { text: 'leaning', italic: true },
          { text: ' then ' },
          { text: 'contact us', href: '/Contact' },
        ],
      },
      { type: 'list', ordered: true, items: [[{ text: 'one' }], [{ text: 'two', bold: true }]] },
      { type: 'list', items: [[{ text: 'dot' }]] },
      { type: 'quote', content: [{ text: 'Said well.' }], cite: 'Someone' },
      { type: 'picture', image: base.cover, caption: 'A caption' },
      { type: 'link', text: 'Elsewhere', href: 'https://example.org/page' },
    ];
    const article = { ...base, body };
    const { document } = await draw(`${content.site.articles.path}/${article.address}`, { ...content, articles: [article, ...content.articles.slice(1)] });
    const main = document.querySelector('article')!;
    // The body's elements (the breadcrumb above the title is a list too).
    const inBody = (selector: string) => [...main.querySelectorAll(selector)].filter((e) => !e.closest('nav'));
    expect([...main.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(['Section']);
    expect([...main.querySelectorAll('h3')].map((h) => h.textContent)).toEqual(['Subsection']);
    expect(main.querySelector('p strong')?.textContent).toBe('strong');
    expect(main.querySelector('p em')?.textContent).toBe('leaning');
    expect(main.querySelector('p a[href="/Contact"]')?.textContent).toBe('contact us');
    expect(inBody('ol > li').map((li) => li.textContent)).toEqual(['one', 'two']);
    expect(main.querySelector('ol > li strong')?.textContent).toBe('two');
    expect([...main.querySelectorAll('ul > li')].map((li) => li.textContent)).toContain('dot');
    expect(main.querySelector('blockquote')?.textContent).toBe('Said well.');
    expect(main.querySelector('figcaption')?.textContent).toBe('Someone');
    const pictures = [...main.querySelectorAll('figure img')];
    expect(pictures.map((img) => [img.getAttribute('src'), img.getAttribute('alt'), img.getAttribute('width'), img.getAttribute('height')])).toEqual([
      [base.cover.src, base.cover.alt, String(base.cover.width), String(base.cover.height)],
    ]);
    const away = main.querySelector('a[href="https://example.org/page"]');
    expect(away?.getAttribute('target')).toBe('_blank');
    expect(away?.getAttribute('rel')).toContain('noopener');
  });

  test('what an editor wrote stays text wherever it goes: the page, its head, the JSON-LD', async () => {
    const article = hostileArticle(content.articles[0]!);
    const hostile = { ...content, articles: [article, ...content.articles] };
    const { page, document } = await draw(`${content.site.articles.path}/${article.address}`, hostile);
    // No element the text could have made: the page's own scripts are the JSON-LD ones only.
    expect(document.querySelectorAll('script:not([type="application/ld+json"])')).toHaveLength(0);
    expect(document.querySelectorAll('b, [onmouseover]')).toHaveLength(0);
    expect(document.querySelector('h1')?.textContent).toBe(HOSTILE);
    expect(document.querySelector('article h2')?.textContent).toBe(HOSTILE);
    expect(document.querySelector('article p strong')?.textContent).toBe(HOSTILE);
    expect(document.querySelector('article ul > li')?.textContent).toBe(HOSTILE);
    expect(document.querySelector('blockquote em')?.textContent).toBe(HOSTILE);
    expect(meta(document, 'description')).toBe(HOSTILE);
    expect(document.title).toContain(HOSTILE);
    const posting = jsonLd(document).find((d) => d['@type'] === 'BlogPosting');
    expect(posting).toMatchObject({ headline: HOSTILE, description: HOSTILE, author: { name: HOSTILE } });
    // The JSON-LD element holds no "<" at all (jsonInScript), so nothing can close it.
    const raw = /<script type="application\/ld\+json">([^]*?)<\/script>/.exec(page.body.slice(page.body.indexOf('BlogPosting') - 200))?.[1] ?? '';
    expect(raw).toContain('BlogPosting');
    expect(raw).not.toContain('<');
  });
});

describe('the list of articles (the section type any page may show)', () => {
  /** The page that shows the list (the Blog), its address and its list's settings. */
  const listing = () => {
    const found = Object.entries(content.pages).flatMap(([pageId, page]) =>
      page.sections.flatMap((section) => (section.type === 'articles' ? [{ pageId, section }] : [])),
    )[0];
    if (!found) throw new Error('No page of config/pages shows the list of articles');
    return { ...found, address: siteRoutes(content.routes).mainPathOf(found.pageId) };
  };
  /** The cards of the list: each card's title, its links and its picture. */
  const cardsOf = (document: Document) =>
    [...document.querySelectorAll('li > article')].map((card) => ({
      title: card.querySelector('h3')?.textContent,
      links: [...card.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.textContent]),
      picture: card.querySelector('img')?.getAttribute('src'),
    }));
  const newestFirst = () => articlePages(content);

  test('the page that shows it: the article it names shown whole above the cards, then a card with its Read More for each other article, newest first', async () => {
    const { section, address } = listing();
    expect(section.inFull).toBeDefined();
    const whole = section.inFull === 'newest' ? newestFirst()[0]! : newestFirst().find((a) => a.article.id === section.inFull)!;
    const { document } = await draw(address);

    // One article whole: a region named by its title (an h2 leading to its page), its cover, its body with its subheadings one level down.
    const region = document.querySelector(`section[aria-labelledby="${document.querySelector(`[id="article-${whole.article.id}"]`)?.id}"]`)!;
    expect(region.querySelector('h2')?.textContent).toBe(whole.article.title);
    expect(region.querySelector('h2 a')?.getAttribute('href')).toBe(whole.path);
    expect(region.querySelector('img')?.getAttribute('src')).toBe(whole.article.cover.src);
    const subheadings = whole.article.body.flatMap((block) => (block.type === 'heading' ? [[`H${block.level + 1}`, block.text]] : []));
    expect([...region.querySelectorAll('h3, h4')].map((h) => [h.tagName, h.textContent])).toEqual(subheadings);
    const paragraphs = whole.article.body.flatMap((block) => (block.type === 'paragraph' ? [block.content.map((run) => run.text).join('')] : []));
    expect([...region.querySelectorAll('p')].map((p) => p.textContent)).toEqual(expect.arrayContaining(paragraphs));
    // Above the cards, whose section comes after it.
    const cardsSection = document.querySelector('li > article')!.closest('section')!;
    expect(region.compareDocumentPosition(cardsSection) & 4).toBeTruthy();

    // The cards: every other article, newest first, each with its title and Read More leading to its page.
    const others = newestFirst().filter((a) => a.article.id !== whole.article.id);
    expect(cardsOf(document)).toEqual(
      others.map(({ path, article }) => ({
        title: article.title,
        links: [
          [path, article.title],
          [path, `${section.more}: ${article.title}`],
        ],
        picture: article.cover.src,
      })),
    );
    // As the specification has the Blog: one article in full, and the others as cards (the articles of config/articles).
    expect(cardsOf(document)).toHaveLength(content.articles.length - 1);
  });

  test('without `inFull`, every article is a card, newest first', async () => {
    const { pageId, address } = listing();
    const page = content.pages[pageId]!;
    const plain = {
      ...content,
      pages: { ...content.pages, [pageId]: { ...page, sections: page.sections.map((s) => (s.type === 'articles' ? { ...s, inFull: undefined } : s)) } },
    };
    const { document } = await draw(address, plain);
    expect(cardsOf(document).map((c) => c.title)).toEqual(newestFirst().map((a) => a.article.title));
    expect(document.querySelectorAll('[id^="article-"]')).toHaveLength(0);
  });

  test('an article whose `expires` has passed is left out of the site: no page, not listed', async () => {
    const [first, ...others] = content.articles;
    const expired = { ...first!, expires: '2026-01-01T00:00:00Z' };
    const all = { ...content, articles: [expired, ...others] };
    expect(liveContent(all, new Date('2025-12-31T23:59:59Z')).articles.map((a) => a.id)).toContain(expired.id);
    const live = liveContent(all, new Date('2026-01-01T00:00:00Z'));
    expect(live.articles.map((a) => a.id)).not.toContain(expired.id);
    const { document } = await draw(`${content.site.articles.path}/${expired.address}`, live);
    // The address shows the page for unknown addresses (not for search engines), not the article.
    expect(meta(document, 'robots')).toBe('noindex');
    expect(document.querySelector('h1')?.textContent).not.toBe(expired.title);
    const { document: list } = await draw(content.site.articles.path, live);
    expect([...list.querySelectorAll('article h3')].map((h) => h.textContent)).not.toContain(expired.title);
  });
});

describe('the feed and the sitemap', () => {
  test('the Atom feed lists every article newest first, with its address, date, author and summary, escaped', () => {
    const article = hostileArticle(content.articles[0]!);
    const articles = articlePages({ ...content, articles: [article, ...content.articles] });
    const xml = atomFeed(content.site, articles, '2026-11-25');
    const { document } = new JSDOM(xml, { contentType: 'application/xml' }).window;
    expect(document.querySelector('parsererror')).toBeNull();
    expect(document.documentElement.namespaceURI).toBe('http://www.w3.org/2005/Atom');
    expect(document.querySelector('feed > title')?.textContent).toBe(content.site.articles.feedTitle);
    expect(document.querySelector('feed > link[rel="self"]')?.getAttribute('href')).toBe(`${content.site.brand.url}${feedPathOf(content.site)}`);
    const entries = [...document.querySelectorAll('entry')];
    expect(entries.map((e) => e.querySelector('link')?.getAttribute('href'))).toEqual(articles.map((a) => `${content.site.brand.url}${a.path}`));
    const hostile = entries[0]!;
    expect(hostile.querySelector('title')?.textContent).toBe(HOSTILE);
    expect(hostile.querySelector('summary')?.textContent).toBe(HOSTILE);
    expect(hostile.querySelector('author > name')?.textContent).toBe(HOSTILE);
    expect(hostile.querySelector('published')?.textContent).toBe(`${article.date}T00:00:00Z`);
    // The feed's date is its newest article's.
    expect(document.querySelector('feed > updated')?.textContent).toBe(`${article.date}T00:00:00Z`);
  });

  test("the sitemap has every article's page, with the day it was published", () => {
    const routes = siteRoutes(content.routes);
    const articles = articlePages(content).map(({ path, article }) => ({ path, date: article.date }));
    const xml = sitemapXml(content.site.brand.url, [...routes.pagePaths.map((p) => ({ path: p.canonical })), ...articles], '2026-11-25');
    const { document } = new JSDOM(xml, { contentType: 'application/xml' }).window;
    const urls = [...document.querySelectorAll('url')].map((u) => [u.querySelector('loc')?.textContent, u.querySelector('lastmod')?.textContent]);
    for (const { path, date } of articles) expect(urls).toContainEqual([`${content.site.brand.url}${path}`, date]);
  });
});
