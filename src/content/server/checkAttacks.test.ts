/**
 * What the checker accepts cannot break the site: the attacks found on the published site,
 * replayed against the real checker on a copy of the real config, each refused with its exact
 * sentence on its file and key. An alias over the inbox's file, the error page or another host;
 * a link to another host written as a page's; the articles at "/" with an article taking one of
 * the site's own names (its page would be written over the inbox's file, the home page's, the
 * error page's); a map address that smuggles a directive (or a brace) into the page policy; the
 * site's own address with more than its host; the visitors' retry timings set to nothing.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadRealConfig, makePublicDir, type Json, type RealConfig as Config } from '../../test/realConfig';
import { checkConfig, type CheckOptions } from './checkConfig';

let real: Config;
let publicDir: string;

beforeAll(async () => {
  real = await loadRealConfig();
  publicDir = makePublicDir(real);
});
afterAll(() => rmSync(publicDir, { recursive: true, force: true }));

/** The problems found after `mutate` changed a deep copy of the real config. */
function problemsAfter(mutate: (config: Config) => void, extra: Partial<CheckOptions> = {}): string[] {
  const copy = structuredClone(real);
  mutate(copy);
  return checkConfig({ site: copy.site, routes: copy.routes, pages: copy.pages, forms: copy.forms, articles: copy.articles, publicDir, ...extra }).problems;
}

type Route = { path: string; page: string; aliases?: string[] };
const routesOf = (config: Config) => config.routes.routes as Route[];
const privacyRoute = (config: Config) => routesOf(config).findIndex((r) => r.page === 'privacy');

it('the real config is all good', () => {
  expect(problemsAfter(() => {})).toEqual([]);
});

describe('an address in config/routes.ts', () => {
  it.each([
    ['/admin', "is used by the site's own inbox, so no page can have it. Choose another address."],
    ['/Admin', "is used by the site's own inbox, so no page can have it. Choose another address."],
    ['/500', 'is used by the error page, so no page can have it. Choose another address.'],
    ['/404', 'is used by the page shown for unknown addresses, so no page can have it. Choose another address.'],
    ['/api', "is used by the site's server (its forms and the inbox), so no page can have it. Choose another address."],
    ['/images', "is used by the site's pictures, so no page can have it. Choose another address."],
    ['/sitemap.xml', "is used by the list of the site's pages for search engines, so no page can have it. Choose another address."],
    ['//0x7f000001', 'starts with //, which browsers read as the address of another site. A page\'s address starts with a single /, like "/Contact".'],
    ['/a/../admin', 'has a part "." or "..", which browsers turn into another address. Use only letters, digits, - and _ between the slashes.'],
    ['/a%2fb', 'has a %-escape. Write the letters themselves, and only letters, digits, - and _.'],
  ])('an alias %j of the Privacy page is refused', (alias, sentence) => {
    const i = privacyRoute(real);
    const problems = problemsAfter((config) => {
      const route = routesOf(config)[i]!;
      route.aliases = [alias, ...(route.aliases ?? [])];
    });
    expect(problems).toEqual([`config/routes.ts: routes[${i}].aliases[0] ${JSON.stringify(alias)} ${sentence}`]);
  });

  it('is refused where public/ has a file or folder of that name, whatever the case', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'check-public-'));
    try {
      mkdirSync(path.join(dir, 'downloads'));
      writeFileSync(path.join(dir, 'downloads', 'prices.pdf'), '');
      const i = privacyRoute(real);
      const problems = checkConfig({
        routes: { ...real.routes, routes: routesOf(real).map((r, j) => (j === i ? { ...r, path: '/Downloads' } : r)) },
        publicDir: dir,
      }).problems;
      expect(problems).toContain(
        `config/routes.ts: routes[${i}].path "/Downloads" is used by the file or folder public/downloads, so no page can have it. Choose another address.`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the articles' addresses", () => {
  const articlesAt = (config: Config, base: string) => ((config.site.articles as { path: string }).path = base);
  const firstArticle = () => Object.keys(real.articles).sort()[0]!;

  it.each([
    ['/admin', "is used by the site's own inbox, so no page can have it. Choose another address."],
    ['/ADMIN', "is used by the site's own inbox, so no page can have it. Choose another address."],
    ['/Api', "is used by the site's server (its forms and the inbox), so no page can have it. Choose another address."],
    ['/assets', "is used by the site's scripts and styles, so no page can have it. Choose another address."],
    ['/Images/blog', "is used by the site's pictures, so no page can have it. Choose another address."],
    ['/Index', "is used by the home page's file, so no page can have it. Choose another address."],
  ])('a base path %j is refused', (base, sentence) => {
    expect(problemsAfter((config) => articlesAt(config, base))).toEqual([`config/site.ts: articles.path ${JSON.stringify(base)} ${sentence}`]);
  });

  it.each([
    ['admin', "is used by the site's own inbox, so no page can have it. Choose another address."],
    ['index', "is used by the home page's file, so no page can have it. Choose another address."],
    ['api', "is used by the site's server (its forms and the inbox), so no page can have it. Choose another address."],
    ['assets', "is used by the site's scripts and styles, so no page can have it. Choose another address."],
    ['images', "is used by the site's pictures, so no page can have it. Choose another address."],
    ['healthz', "is used by the server's health check, so no page can have it. Choose another address."],
    ['outcomes', 'is used by the pages shown after a form is sent without JavaScript, so no page can have it. Choose another address.'],
    ['404', 'is used by the page shown for unknown addresses, so no page can have it. Choose another address.'],
    ['500', 'is used by the error page, so no page can have it. Choose another address.'],
  ])('under "/", an article at %j is refused: it would be the page of that name', (address, sentence) => {
    const id = firstArticle();
    const problems = problemsAfter((config) => {
      articlesAt(config, '/');
      config.articles[id]!.address = address;
    });
    expect(problems).toEqual([`config/articles/${id}.ts: address ${JSON.stringify(address)} makes the address "/${address}", which ${sentence}`]);
  });

  it('under "/", an article named as a file or folder of public/ is refused; under "/Blog" the same names are its own', () => {
    const id = firstArticle();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'check-public-'));
    try {
      mkdirSync(path.join(dir, 'downloads'));
      const withAddress = (base: string, address: string) =>
        checkConfig({
          site: { ...real.site, articles: { ...(real.site.articles as Json), path: base } },
          articles: { [id]: { ...real.articles[id], address } },
          publicDir: dir,
        }).problems.filter((p) => p.includes(': address '));
      expect(withAddress('/', 'downloads')).toEqual([
        `config/articles/${id}.ts: address "downloads" makes the address "/downloads", which is used by the file or folder public/downloads, so no page can have it. Choose another address.`,
      ]);
      expect(withAddress('/Blog', 'downloads')).toEqual([]);
      expect(withAddress('/Blog', 'admin')).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an address in capitals is no address (lower case only), whatever the base', () => {
    const id = firstArticle();
    const problems = problemsAfter((config) => {
      articlesAt(config, '/');
      config.articles[id]!.address = 'Admin';
    });
    expect(problems).toEqual([
      `config/articles/${id}.ts: address "Admin" is not a valid address. Use only lower case letters (a-z), digits and single dashes between words, like "my-first-article".`,
    ]);
  });
});

describe('config/moved.ts', () => {
  it.each(['/admin', '/Assets/x', '/index', '/feed.xml'])('refuses %j in gone or as a redirect', (address) => {
    const problems = problemsAfter(() => {}, { moved: { moved: [{ from: address, to: '/Contact' }], gone: [address] } });
    expect(problems.map((p) => p.split(' "')[0])).toEqual(['config/moved.ts: moved[0].from', 'config/moved.ts: gone[0]']);
  });
});

describe('a link in content', () => {
  it('written //host (or /\\host) is refused as no link to this site', () => {
    const problems = problemsAfter((config) => {
      (config.site.navigation as { links: { href: string }[] }).links[0]!.href = '//evil.example/Contact';
      (config.site.chat as { href: string }).href = '/\\evil.example';
    });
    expect(problems).toEqual([
      'config/site.ts: navigation.links[0].href "//evil.example/Contact" starts with //, which browsers read as the address of another site, so it is not a link to a page of this one. For a page of this site write a single / ("/Contact"); for another site write its whole address, starting with https://.',
      'config/site.ts: chat.href "/\\\\evil.example" starts with /\\, which browsers read as the address of another site, so it is not a link to a page of this one. For a page of this site write a single / ("/Contact"); for another site write its whole address, starting with https://.',
    ]);
  });

  it('to another site is parsed: a host that is no host name is refused', () => {
    const problems = problemsAfter((config) => {
      (config.site.social as { href: string }[])[1]!.href = 'https://www.instagram.com;sandbox/example';
    });
    expect(problems).toEqual([
      'config/site.ts: social[1].href "https://www.instagram.com;sandbox/example" has "www.instagram.com;sandbox" as its host, which is not a host name (letters, digits, - and dots, like "www.openstreetmap.org"). Copy the address again from the site that gives it.',
    ]);
  });
});

describe("a map's address", () => {
  const mapIndex = () => (real.pages.contact!.sections as Json[]).findIndex((s) => s.type === 'map');
  const withMap = (src: string) =>
    problemsAfter((config) => {
      ((config.pages.contact!.sections as Json[])[mapIndex()] as { src: string }).src = src;
    });

  it.each([
    [
      'https://www.openstreetmap.org;sandbox',
      'has "www.openstreetmap.org;sandbox" as its host, which is not a host name (letters, digits, - and dots, like "www.openstreetmap.org"). Copy the address again from the site that gives it.',
    ],
    [
      'https://www.openstreetmap.org{x}/export',
      'has "www.openstreetmap.org{x}" as its host, which is not a host name (letters, digits, - and dots, like "www.openstreetmap.org"). Copy the address again from the site that gives it.',
    ],
    [
      "https://www.openstreetmap.org'/export",
      'has "www.openstreetmap.org\'" as its host, which is not a host name (letters, digits, - and dots, like "www.openstreetmap.org"). Copy the address again from the site that gives it.',
    ],
    [
      'https://0x7f000001/export',
      'has "127.0.0.1" as its host, which is not a host name (letters, digits, - and dots, like "www.openstreetmap.org"). Copy the address again from the site that gives it.',
    ],
    ['https://user:secret@www.openstreetmap.org/export', 'has a name or a password before its host (…@). Write the address without them.'],
    ['https://www.openstreet\nmap.org/export', 'has a space, a line break or another invisible character in it. Copy the address again, without them.'],
    ['http://www.openstreetmap.org/export', 'does not look like a valid URL. Make sure it starts with https://.'],
    ['javascript:alert(1)', 'does not look like a valid URL. Make sure it starts with https://.'],
  ])('%j is refused', (src, sentence) => {
    expect(withMap(src)).toEqual([
      `config/pages/contact.ts: sections[${mapIndex()}].src ${JSON.stringify(src.length > 60 ? `${src.slice(0, 57)}...` : src)} ${sentence}`,
    ]);
  });

  it('with a port is taken (the policy names host and port)', () => {
    expect(withMap('https://maps.example.com:8443/embed?x=1')).toEqual([]);
  });
});

describe("the site's own address", () => {
  it.each([
    ['https://www.example.com/', 'should be the site\'s address alone, like "https://www.example.com": no path, query or anchor, and no / at the end.'],
    ['https://www.example.com/shop', 'should be the site\'s address alone, like "https://www.example.com": no path, query or anchor, and no / at the end.'],
    ['https://www.example.com\nDisallow: /', 'has a space, a line break or another invisible character in it. Copy the address again, without them.'],
    ['https://www.example.com#x', 'should be the site\'s address alone, like "https://www.example.com": no path, query or anchor, and no / at the end.'],
  ])('%j is refused', (url, sentence) => {
    const problems = problemsAfter((config) => {
      (config.site.brand as { url: string }).url = url;
    });
    expect(problems).toEqual([`config/site.ts: brand.url ${JSON.stringify(url)} ${sentence}`]);
  });
});

describe("the visitors' timings have floors", () => {
  it.each([
    [
      'outbox',
      'firstRetryMs',
      0,
      "is 0, but the wait before a visitor's browser sends a form again must be at least 5000 (5 seconds): a shorter wait has every browser holding a form that could not be sent send it over and over, to the site and its limits. Use 5000 or more.",
    ],
    [
      'outbox',
      'maxRetryMs',
      1000,
      "is 1000, but the longest wait between a visitor's browser's tries must be at least 60000 (60 seconds): a shorter one keeps every browser holding a form that could not be sent trying as often, for as long as the site is unreachable. Use 60000 or more.",
    ],
    [
      'toast',
      'autoHideMs',
      0,
      'is 0, but the time a message stays on screen must be at least 3000 (3 seconds): a shorter time hides it before a visitor can read it. Use 3000 or more.',
    ],
  ])('constants.%s.%s at %d is refused, naming what it is', (group, key, value, sentence) => {
    const problems = problemsAfter((config) => {
      (config.site.constants as Record<string, Record<string, number>>)[group]![key] = value;
    });
    expect(problems).toEqual([`config/site.ts: constants.${group}.${key} ${sentence}`]);
  });

  it('constants.pageLoadTimeoutMs at 0 is refused, naming what it is', () => {
    const problems = problemsAfter((config) => {
      (config.site.constants as Record<string, number>).pageLoadTimeoutMs = 0;
    });
    expect(problems).toEqual([
      "config/site.ts: constants.pageLoadTimeoutMs is 0, but the time a page's menu, forms and other working parts have to load must be at least 10000 (10 seconds): on a slow connection a shorter time gives up on them, and they stop working for that visitor. Use 10000 or more.",
    ]);
  });
});
