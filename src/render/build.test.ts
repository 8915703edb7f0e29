/**
 * The build's pieces on their own (the whole build's output is checked over HTTP and in the
 * browser: e2e/findable.e2e.ts, e2e/budgets.e2e.ts, e2e/hydration.e2e.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import site from '../../config/site';
import { existsSync } from 'node:fs';
import { siteRoutes } from '../site/model/routing';
import routes from '../../config/routes';
import { robotsTxt, sitemapXml } from './crawlers';
import { api } from '../platform/api';
import { EMPTY_STYLE_HASH } from '../platform/headers';
import { createHashCollector, hashSource, inlineCode } from './inlineHashes';
import { formsOnPage } from './outcomePages';
import { EARLY_CLICKS } from '../site/model/earlyClicks';
import { loaderScript, pageDocument, readTemplate, SPECULATION_RULES } from './pageDocument';
import { chunkFiles, filesLoadedBy, islandModules, registryModules, type ViteManifest } from './viteManifest';

const root = path.resolve(__dirname, '../..');

describe('which module draws each island', () => {
  it('is read from the registry for every island, and each module exists', () => {
    const modules = islandModules(root);
    // The islands of src/site/islands/registry.ts (the build may not import that browser room: it reads its text).
    expect(Object.keys(modules).sort()).toEqual(['carousel', 'counter', 'faq', 'form', 'map', 'menuPanel', 'menuToggle', 'readMore']);
    for (const file of Object.values(modules)) expect([file, existsSync(path.join(root, file))]).toEqual([file, true]);
    expect(modules.faq).toBe('src/site/islands/faq/Faq.tsx');
    expect(modules.form).toBe('src/site/forms/ui/FormIsland.tsx');
  });

  it('reads a registry whose values are objects, and one written with `satisfies`', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'registry-'));
    try {
      mkdirSync(path.join(dir, 'faq'));
      writeFileSync(path.join(dir, 'faq', 'Faq.tsx'), 'export default () => null;');
      writeFileSync(
        path.join(dir, 'registry.ts'),
        "export const islands = { faq: { load: () => import('./faq/Faq'), when: 'load' } } satisfies Record<string, object>;",
      );
      expect(registryModules(dir, 'registry.ts', 'islands')).toEqual({ faq: 'faq/Faq.tsx' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('a registry the build cannot read', () => {
    let dir: string;
    beforeEach(() => (dir = mkdtempSync(path.join(os.tmpdir(), 'registry-'))));
    afterEach(() => rmSync(dir, { recursive: true, force: true }));
    const registry = (source: string) => {
      writeFileSync(path.join(dir, 'registry.tsx'), source);
      return () => registryModules(dir, 'registry.tsx', 'loaders');
    };

    it('names the missing module', () => {
      expect(registry("const loaders = { hero: () => import('./hero/Gone') };")).toThrow('registry.tsx: hero imports ./hero/Gone, which does not exist');
    });
    it('names a key that does not import its module', () => {
      expect(registry('const loaders = { hero: () => Promise.resolve(null) };')).toThrow("hero does not import its module with import('…')");
    });
    it('says when there is no such object', () => {
      expect(registry('const others = {};')).toThrow('registry.tsx has no object literal named loaders');
    });
  });
});

describe("reading vite's manifest", () => {
  const manifest: ViteManifest = {
    'src/site/main.tsx': { file: 'assets/app.js', isEntry: true, imports: ['_runtime.js'] },
    '_runtime.js': { file: 'assets/runtime.js' },
    '_shared.js': { file: 'assets/shared.js', imports: ['src/site/main.tsx'] },
    'src/site/islands/faq/Faq.tsx': { file: 'assets/Faq.js', isDynamicEntry: true, imports: ['src/site/main.tsx', '_shared.js'] },
  };

  it('lists what the page scripts load, then what an island needs beyond that', () => {
    const atLoad = filesLoadedBy(manifest, ['assets/app.js']);
    expect([...atLoad].sort()).toEqual(['assets/app.js', 'assets/runtime.js']);
    expect([...chunkFiles(manifest, 'src/site/islands/faq/Faq.tsx', atLoad)]).toEqual(['assets/Faq.js', 'assets/shared.js']);
  });

  it('refuses a script the manifest does not name', () => {
    expect(() => filesLoadedBy(manifest, ['assets/other.js'])).toThrow("vite's manifest does not name assets/other.js");
  });
});

describe('a page file', () => {
  const indexHtml =
    '<html><head><title>x</title>\n    <script type="module" crossorigin nonce="N" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>';

  it("takes vite's scripts out of the template and starts them from the loader, with no nonce (the policy names its hash)", () => {
    const template = readTemplate(indexHtml);
    expect(template.scripts).toEqual(['/assets/app.js']);
    expect(template.html).not.toContain('<script');
    const loader = loaderScript(template.scripts, ['/assets/Faq.js']);
    expect(loader).not.toContain('nonce');
    expect(loader).toMatch(/import\((["'`])\/assets\/app\.js\1\)/);
    expect(loader).toMatch(/\[(["'`])\/assets\/Faq\.js\1\]/);
    // Minified, and a module of its own (nothing leaks onto window but the held clicks).
    expect(loader).not.toContain('\n');
    expect(loader).toContain(`window.${EARLY_CLICKS}=`);
    const html = pageDocument(template, { head: '<meta name="description" content="d">', body: '<h1>Hi</h1>' }, loader);
    expect(html).toContain('<div id="root"><h1>Hi</h1></div>');
    expect(html.indexOf('<meta name="description"')).toBeLessThan(html.indexOf('</head>'));
    // Pages about to be opened are fetched ahead, by browsers that read speculation rules (allowed by hash).
    expect(html).toContain(`<script type="speculationrules">${SPECULATION_RULES}</script>`);
    expect(JSON.parse(SPECULATION_RULES)).toEqual({ prefetch: [{ source: 'document', where: { href_matches: '/*' }, eagerness: 'moderate' }] });
  });

  it('refuses a template that is not the unrendered one', () => {
    expect(() => readTemplate('<html><body><div id="root"><p>x</p></div></body></html>')).toThrow('has no empty <div id="root"></div>');
    expect(() => readTemplate('<html><body><div id="root"></div></body></html>')).toThrow('index.html has no module script');
  });
});

it('the sitemap lists each main address once (no aliases), and robots.txt names it and keeps crawlers out of the API', () => {
  const { pagePaths } = siteRoutes(routes);
  const xml = sitemapXml(
    site.brand.url,
    pagePaths.map((p) => ({ path: p.canonical })),
    '2026-11-23',
  );
  const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  expect(locations).toEqual([...new Set(pagePaths.map((p) => `${site.brand.url}${p.canonical}`))]);
  expect(locations).not.toContain(`${site.brand.url}/home`);
  expect(xml).toContain('<lastmod>2026-11-23</lastmod>');
  expect(robotsTxt(site.brand.url)).toBe(`User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin\n\nSitemap: ${site.brand.url}/sitemap.xml\n`);
});

describe("the hashes of a page's inline code", () => {
  it("hashes each inline script and style element's text as the browser does, and leaves out scripts with a src", () => {
    const html =
      '<head><style data-x="1">p{color:red}</style><script type="module">go()</script><script type="module" src="/a.js"></script></head><body><style></style></body>';
    expect(inlineCode(html)).toEqual({ scripts: ['go()'], styles: ['p{color:red}', ''] });
    // The hash of nothing is the one the policy allows for emotion's empty elements.
    expect(hashSource('')).toBe(EMPTY_STYLE_HASH);
    const collector = createHashCollector();
    collector.add(html);
    collector.add(html);
    expect(collector.hashes()).toEqual({ scripts: [hashSource('go()')], styles: [hashSource(''), hashSource('p{color:red}')].sort() });
  });
});

describe("the pages with a plain post's outcome", () => {
  it('finds the forms a page posts to, by their collection', () => {
    const html = `<form action="${api.documents('Inquriy')}"></form><form action="${api.documents('subcribe')}"></form><form action="/elsewhere"></form>`;
    expect(formsOnPage(html)).toEqual(['Inquriy', 'subcribe']);
  });
});
