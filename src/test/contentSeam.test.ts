/**
 * The seam through which every test reads the agency's content: the config modules as the tests'
 * compilers load them (`import forms from '../../config/forms'`) and src/test/realConfig.ts (its
 * loaders read config/ as it is on disk). Tests never hold a copy of the content (no text of it
 * written out: src/test/pinnedCopy.test.ts), so an office edit reaches every test through here.
 * This checks that the seam gives exactly what the site itself reads (src/content/server/configFolder.ts)
 * and that every page is drawn from it by the real renderer.
 *
 * The content-edits step (scripts/routine-edits.ts) runs this file on a copy of the project
 * with the office's routine edits made, naming in CONTENT_EDITS (a JSON file) what each edit
 * shows on the site and what it takes away: each must be seen through every way in, and on its
 * page as drawn.
 */
import { existsSync, readFileSync } from 'node:fs';
import formsModule from '../../config/forms';
import routesModule from '../../config/routes';
import siteModule from '../../config/site';
import { readSiteContent } from '../content/server/configFolder';
import { renderPage } from '../site/entry-server';
import { officeRoutes, withOfficePages } from '../site/model/routing';
import type { SiteContent } from '../site/model/siteContent';
import type { SeenEdit } from './contentEdits';
import { loadRealConfig, loadRealContent, projectDir, realPageIds, realServedContent } from './realConfig';

// The build's choice of data adapter (vite.config.ts defines it).
Object.assign(globalThis, { __DATA_ADAPTER__: 'local' });

const editsFile = process.env.CONTENT_EDITS;
const edits: SeenEdit[] = editsFile && existsSync(editsFile) ? (JSON.parse(readFileSync(editsFile, 'utf8')) as { edits: SeenEdit[] }).edits : [];

const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

let site: SiteContent;
const seams: Record<string, unknown> = {};
const drawn = new Map<string, string>();

beforeAll(async () => {
  site = await readSiteContent(projectDir);
  const real = await loadRealConfig();
  const content = await loadRealContent();
  seams['the config modules'] = { site: siteModule, routes: routesModule, forms: formsModule };
  seams['loadRealConfig()'] = real;
  seams['loadRealContent()'] = content;
  seams['realServedContent'] = realServedContent;
  for (const id of Object.keys(site.pages)) {
    const route = site.routes.routes.find((r) => r.page === id);
    if (route) drawn.set(id, (await renderPage(route.path, content)).body);
  }
}, 120_000);

test('every way a test reads the content gives what the site reads from config/', async () => {
  // config/routes.ts is the developers' list; the pages the office made add their own addresses
  // (src/site/model/routing.ts withOfficePages), which a test reads with those pages.
  const officePages = new Set(officeRoutes(routesModule, site.pages).map((r) => r.page));
  const developers = { ...site.routes, routes: site.routes.routes.filter((r) => !officePages.has(r.page)) };
  const expected = plain({ site: site.site, routes: developers, forms: site.forms });
  expect(plain(seams['the config modules'])).toEqual(expected);
  expect(plain(realServedContent)).toEqual(expected);
  expect(plain(withOfficePages(routesModule, site.pages))).toEqual(plain(site.routes));
  const real = (await loadRealConfig()) as unknown as SiteContent;
  expect(plain({ site: real.site, routes: real.routes, forms: real.forms, pages: real.pages })).toEqual(
    plain({ site: site.site, routes: developers, forms: site.forms, pages: site.pages }),
  );
  const content = await loadRealContent();
  expect(plain(content)).toEqual(plain(site));
  expect(realPageIds()).toEqual(Object.keys(site.pages));
});

test('every page is drawn from it, with its headline', () => {
  expect([...drawn.keys()].sort()).toEqual(site.routes.routes.map((r) => r.page).sort());
  for (const [id, body] of drawn) expect({ id, h1: /<h1[\s>]/.test(body) }).toEqual({ id, h1: true });
});

const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
const onPage = (html: string, text: string) => html.includes(text) || html.includes(escaped(text));

(edits.length ? describe.each(edits) : describe.skip.each([{ name: 'no edits named (CONTENT_EDITS)', shows: [], hides: [] } as SeenEdit]))(
  'the edit "$name"',
  (edit) => {
    // Every way in gives the same content (the first test): seen in it, seen through each.
    test('is in the content', () => {
      const text = JSON.stringify(site);
      const inContent = (t: string) => text.includes(JSON.stringify(t).slice(1, -1));
      for (const shown of edit.shows) expect({ shown, inContent: inContent(shown) }).toEqual({ shown, inContent: true });
      for (const hidden of edit.hides) expect({ hidden, inContent: inContent(hidden) }).toEqual({ hidden, inContent: false });
    });

    if (edit.page) {
      test(`shows on the ${edit.page} page as drawn`, () => {
        const html = drawn.get(edit.page!);
        expect(html).toBeDefined();
        for (const shown of edit.shows) expect({ shown, onPage: onPage(html!, shown) }).toEqual({ shown, onPage: true });
        for (const hidden of edit.hides) expect({ hidden, onPage: onPage(html!, hidden) }).toEqual({ hidden, onPage: false });
      });
    }
  },
);
