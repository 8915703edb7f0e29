/**
 * What search engines, link previews and any client without JavaScript get: every address
 * answers with its page as HTML (headline, title, description, canonical address, Open Graph
 * and Twitter card tags with an image, the organisation as JSON-LD), an unknown address
 * answers Home marked noindex with status 404, and sitemap.xml and robots.txt list the main
 * addresses, and each kind of file is cached as long as it should be. Everything is compared
 * with config/, over real HTTP to the built site.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { CACHE_CONTROL } from '../src/shared/caching';
import { addresses, expect, headingOf, headlinePattern, mainPaths, NOT_FOUND_STATUS_MESSAGE, pageConfigs, routes, site, test, type PageId } from './fixtures';

test.use({ javaScriptEnabled: false });


/** What `curl` gets: the status, the type and the body of an address. */
async function fetchAddress(request: APIRequestContext, path: string) {
  const answer = await request.get(path, { headers: { Accept: 'text/html' } });
  return { status: answer.status(), type: answer.headers()['content-type'] ?? '', body: await answer.text() };
}

const mainPathOf = (page: PageId) => mainPaths.find((p) => p.page === page)!.path;
const absolute = (path: string) => `${site.brand.url}${path}`;

/** The head of the page as a crawler reads it (no JavaScript). */
async function headOf(page: Page) {
  const meta = (selector: string) => page.locator(`head ${selector}`).getAttribute('content');
  return {
    title: await page.title(),
    description: await meta('meta[name="description"]'),
    canonical: await page.locator('head link[rel="canonical"]').getAttribute('href'),
    robots: await page.locator('head meta[name="robots"]').count(),
    og: {
      title: await meta('meta[property="og:title"]'),
      description: await meta('meta[property="og:description"]'),
      url: await meta('meta[property="og:url"]'),
      image: await meta('meta[property="og:image"]'),
      imageAlt: await meta('meta[property="og:image:alt"]'),
      siteName: await meta('meta[property="og:site_name"]'),
    },
    twitter: { card: await meta('meta[name="twitter:card"]'), title: await meta('meta[name="twitter:title"]'), image: await meta('meta[name="twitter:image"]') },
    themeColor: await meta('meta[name="theme-color"]'),
  };
}

for (const { path, page: pageId } of addresses) {
  test(`${path} is HTML with the ${pageId} page's headline, title, description, canonical address and preview tags`, async ({ page, request }) => {
    const config = pageConfigs[pageId];
    const answer = await fetchAddress(request, path);
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^text\/html/);
    expect(answer.body).toMatch(headlinePattern(headingOf(pageId)));

    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(headingOf(pageId));
    const canonical = absolute(mainPathOf(pageId));
    expect(await headOf(page)).toEqual({
      title: config.title,
      description: config.description,
      canonical,
      robots: 0,
      og: {
        title: config.title,
        description: config.description,
        url: canonical,
        image: absolute(site.brand.shareImage.src),
        imageAlt: site.brand.shareImage.alt,
        siteName: site.brand.name,
      },
      twitter: { card: 'summary_large_image', title: config.title, image: absolute(site.brand.shareImage.src) },
      themeColor: site.brand.colors.primaryDark,
    });
  });
}

test('every page has a title and a description of its own', () => {
  const pages = Object.values(pageConfigs);
  expect(new Set(pages.map((p) => p.title)).size).toBe(pages.length);
  expect(new Set(pages.map((p) => p.description)).size).toBe(pages.length);
});

test.describe('an unknown address', () => {
  // The browser notes the 404 status in its console.
  test.use({ expectedConsoleErrors: NOT_FOUND_STATUS_MESSAGE });

  test('answers 404 with the fallback page, marked noindex, pointing to its main address', async ({ page, request }) => {
    const fallback = routes.fallback as PageId;
    const answer = await fetchAddress(request, '/no-such-page/at-all');
    expect(answer.status).toBe(404);
    expect(answer.type).toMatch(/^text\/html/);
    expect(answer.body).toMatch(headlinePattern(headingOf(fallback)));

    await page.goto('/no-such-page/at-all');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(headingOf(fallback));
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', absolute(mainPathOf(fallback)));
  });
});

test('the share image and the logo that previews and the JSON-LD name are served', async ({ request }) => {
  for (const src of [site.brand.shareImage.src, site.brand.logo.src]) {
    const answer = await request.get(src);
    expect([src, answer.status()]).toEqual([src, 200]);
    expect(answer.headers()['content-type']).toMatch(/^image\//);
  }
});

test('the organisation is described as JSON-LD from config/site.ts on every page', async ({ request }) => {
  for (const { path } of mainPaths) {
    const { body } = await fetchAddress(request, path);
    const scripts = [...body.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)];
    expect(scripts, `JSON-LD on ${path}`).toHaveLength(1);
    const data = JSON.parse(scripts[0]![1]!);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: site.brand.name,
      url: site.brand.url,
      logo: absolute(site.brand.logo.src),
      contactPoint: [{ '@type': 'ContactPoint', telephone: site.contact.phone.href.replace(/^tel:/, ''), email: site.contact.email.href.replace(/^mailto:/, '') }],
      sameAs: site.social.map((s) => s.href),
    });
  }
});

test('sitemap.xml lists each main address once (no aliases) and robots.txt points to it', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toMatch(/xml/);
  const locations = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  expect(locations.sort()).toEqual(mainPaths.map((p) => absolute(p.path)).sort());

  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  const text = await robots.text();
  expect(text).toContain(`Sitemap: ${absolute('/sitemap.xml')}`);
  expect(text).toMatch(/^User-agent: \*$/m);
  expect(text).toMatch(/^Disallow: \/api\/$/m);
});

test('hashed scripts are kept a year, pages are asked again on every visit, pictures a day', async ({ request }) => {
  const page = await request.get('/');
  expect(page.headers()['cache-control']).toBe(CACHE_CONTROL.page);
  const script = /<script type="module"[^>]*>[\s\S]*?import\("(\/assets\/[^"]+\.js)"\)/.exec(await page.text())?.[1];
  expect(script, 'the page loads a hashed script').toBeTruthy();
  expect((await request.get(script!)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await request.get(site.brand.logo.src)).headers()['cache-control']).toBe(CACHE_CONTROL.images);
  expect((await request.get('/sitemap.xml')).headers()['cache-control']).toBe(CACHE_CONTROL.other);
});

test("a page's file name leads to its address; the fallback page's file is not a page of its own", async ({ request }) => {
  for (const [file, address] of [['/Product.html', '/Product'], ['/index.html', '/'], ['/About-Us.html', '/About-Us']]) {
    const answer = await request.get(file!, { maxRedirects: 0 });
    expect([file, answer.status(), answer.headers().location]).toEqual([file, 301, address]);
  }
  expect((await request.get('/404.html', { maxRedirects: 0 })).status()).toBe(404);
});
