/**
 * Pages the office makes, and addresses that never break, through the real parts: our server editing a
 * built site in a git work tree, and a real Caddy serving the built files itself
 * (deploy/Caddyfile.files). The office makes a page at a new address (with a form, in the menu),
 * renames it (the old address answers 301 to the new one, its query kept, in both serving
 * setups and in firebase.json's redirects), then removes it with the words its visitors read
 * (both addresses answer 410 with them, in the site's layout, and neither is in the sitemap), or
 * sending them to another page (301); a page kept from search engines is marked noindex and left out of
 * the sitemap; the site's own pages cannot be removed. config/moved.ts is what the publishes
 * wrote, recorded in git with them.
 * Needs Caddy (Debian package `caddy`; CADDY_PATH overrides it); elsewhere it is skipped, never in CI.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import server from '../../../config/server';
import { firebaseJson } from '../../deploy/firebaseJson';
import { contentRoutes, type ContentChange, type ContentSnapshot } from '../model/contentApi';
import { SITE_MANIFEST_FILE, type SiteManifest } from '../../site/model/siteManifest';
import { fill } from '../../schema/text';
import type { Client } from '../../test/adminServer';
import { editBehindCaddy, getFresh, withCaddy, type EditedBehindCaddy } from '../../test/behindCaddy';
import { gitIn } from '../../test/contentSite';
import { releasesDir } from './liveBuild';

// Real builds on a machine that may be busy: a hang, not a slow build, is what a timeout is for.
jest.setTimeout(900_000);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const PAGE_FILE = 'config/pages/spring-offer.ts';

withCaddy('a page of the office made, renamed and removed, served by our server and by Caddy', () => {
  let siteDir: string;
  let editor: Client;
  let front: EditedBehindCaddy | undefined;
  let caddy: string;

  const snapshot = async () => (await (await editor.send('GET', contentRoutes.content.path)).json()) as ContentSnapshot;
  const valueOf = (snap: ContentSnapshot, file: string) => JSON.parse(JSON.stringify(snap.files.find((f) => f.file === file)!.value)) as Json;
  const publish = async (changes: ContentChange[]) => {
    const snap = await snapshot();
    return editor.change('POST', contentRoutes.contentPublish.path, { json: { baseRevision: snap.revision, changes } });
  };
  const both = (address: string) => front!.both(address);
  const liveManifest = () => {
    const live = readFileSync(path.join(releasesDir(siteDir), 'LIVE'), 'utf8').trim();
    return JSON.parse(readFileSync(path.join(releasesDir(siteDir), live, 'client', SITE_MANIFEST_FILE), 'utf8')) as SiteManifest;
  };
  const sitemap = async () => (await getFresh(`${caddy}/sitemap.xml`)).text();
  const movedFile = () => readFileSync(path.join(siteDir, 'config', 'moved.ts'), 'utf8');

  beforeAll(async () => {
    front = await editBehindCaddy();
    ({ siteDir, editor, origin: caddy } = front);
  });
  afterAll(async () => {
    await front?.close();
  });

  it('makes a page at a new address, with a form, in the menu and the sitemap', async () => {
    const snap = await snapshot();
    // A form section as the site has one (its words are the site's own, not this test's).
    const form = valueOf(snap, 'config/pages/contact.ts').sections.find((section: Json) => section.type === 'form');
    expect(form).toBeDefined();
    const page = { title: 'Spring offer', description: 'A page for the spring campaign.', address: '/offer', inMenu: true, sections: [form] };
    const made = await publish([{ file: PAGE_FILE, value: page }]);
    expect(made.status).toBe(200);

    for (const answer of await both('/offer')) {
      expect(answer.status).toBe(200);
      const html = await answer.text();
      expect(html).toContain('<title>Spring offer</title>');
      // In the menu, and its form is on it.
      expect(html).toMatch(/<a[^>]*href="\/offer"[^>]*>Spring offer<\/a>/);
      expect(html).toContain(`data-island="form"`);
      expect(html).not.toContain('noindex');
    }
    expect(await sitemap()).toContain('/offer</loc>');
    // The new file is the page, written as a person would, and recorded.
    expect(readFileSync(path.join(siteDir, PAGE_FILE), 'utf8')).toContain("address: '/offer'");
    expect(gitIn(siteDir, 'status', '--porcelain', 'config')).toBe('');
  });

  it('renames it: the old address leads to the new one (301, the query kept) everywhere, and a page kept from search engines is noindex', async () => {
    const page = valueOf(await snapshot(), PAGE_FILE);
    const renamed = await publish([{ file: PAGE_FILE, value: { ...page, address: '/spring-offer', searchable: false } }]);
    expect(renamed.status).toBe(200);

    for (const answer of await both('/offer')) {
      expect(answer.status).toBe(301);
      expect(answer.headers.get('location')).toBe('/spring-offer');
    }
    for (const answer of await both('/offer/?utm_source=news&utm_campaign=spring')) {
      expect(answer.status).toBe(301);
      expect(answer.headers.get('location')).toBe('/spring-offer?utm_source=news&utm_campaign=spring');
    }
    for (const answer of await both('/spring-offer')) {
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain('<meta name="robots" content="noindex"/>');
    }
    // Addresses compared as written: another case is not the old address.
    for (const answer of await both('/Offer')) expect(answer.status).toBe(404);
    const map = await sitemap();
    expect(map).not.toContain('/offer</loc>');
    expect(map).not.toContain('/spring-offer</loc>');
    expect(map).toContain('/Contact</loc>');

    expect(movedFile()).toContain("{ from: '/offer', to: '/spring-offer' }");
    expect(liveManifest().content.moved).toEqual({ moved: [{ from: '/offer', to: '/spring-offer' }], gone: [] });
    expect(firebaseJson(liveManifest()).hosting.redirects).toEqual([{ source: '/offer', destination: '/spring-offer', type: 301 }]);
    expect(gitIn(siteDir, 'show', '--name-only', '--format=', 'HEAD').split('\n')).toEqual(expect.arrayContaining(['config/moved.ts', PAGE_FILE]));
  });

  it("refuses to remove one of the site's own pages", async () => {
    const snap = await snapshot();
    const refused = await publish([{ file: 'config/pages/contact.ts', value: null }]);
    expect(refused.status).toBe(400);
    const { problems } = (await refused.json()) as { problems: { message: string }[] };
    expect(problems.map((p) => p.message)).toContain(
      fill(server.admin.messages.pageNotRemovable, { title: `"${valueOf(snap, 'config/pages/contact.ts').title as string}"` }),
    );
    for (const answer of await both('/Contact')) expect(answer.status).toBe(200);
  });

  it("removes it with the words its visitors read there: its address and the one before answer 410 with them in the site's layout, out of the sitemap; a page to send them to must be one", async () => {
    // Sending its visitors to an address no page has is refused in words, and nothing changes.
    const refused = await publish([{ file: PAGE_FILE, value: null, farewell: { to: '/no-such-page' } }]);
    expect(refused.status).toBe(400);
    const { problems } = (await refused.json()) as { problems: { message: string }[] };
    expect(problems.map((p) => p.message)).toEqual([fill(server.admin.messages.goneToNoPage, { title: '"Spring offer"', address: '"/no-such-page"' })]);
    for (const answer of await both('/spring-offer')) expect(answer.status).toBe(200);

    const contact = (await snapshot()).files.find((f) => f.file === 'config/site.ts')!.value as {
      navigation: { links: { label: string; href: string }[] };
      brand: { name: string };
    };
    const link = contact.navigation.links.find((l) => l.href === '/Contact')!;
    const words = { message: 'This offer has ended', links: [{ label: link.label, href: link.href }] };
    const removed = await publish([{ file: PAGE_FILE, value: null, farewell: words }]);
    expect(removed.status).toBe(200);
    for (const address of ['/spring-offer', '/offer']) {
      for (const answer of await both(address)) {
        expect(answer.status).toBe(410);
        const html = await answer.text();
        // The page of its words, in the site's layout (its menu), not for search engines; not the Home page.
        expect(html).toMatch(/<h1[^>]*>This offer has ended<\/h1>/);
        expect(html).toContain(`<title>This offer has ended | ${contact.brand.name}</title>`);
        expect(html).toMatch(new RegExp(`<a[^>]*href="${link.href}"[^>]*>[^<]*${link.label}`));
        expect(html).toContain('<meta name="robots" content="noindex"/>');
        // No element marked as the current page (the menu's CSS names that attribute: its style elements aside).
        expect(html.replace(/<style[^>]*>[^<]*<\/style>/g, '')).not.toContain('aria-current="page"');
      }
    }
    const map = await sitemap();
    expect(map).not.toContain('offer</loc>');
    const manifest = liveManifest();
    expect(manifest.content.moved).toEqual({
      moved: [],
      gone: [
        { address: '/offer', ...words },
        { address: '/spring-offer', ...words },
      ],
    });
    expect(movedFile()).toContain("message: 'This offer has ended'");
    // One page for both addresses, a file of the release; firebase.json shows it there (Hosting answers no 410).
    const files = [...new Set(manifest.gone!.map((g) => g.file))];
    expect(manifest.gone!.map((g) => g.path).sort()).toEqual(['/offer', '/spring-offer']);
    expect(files).toHaveLength(1);
    const live = readFileSync(path.join(releasesDir(siteDir), 'LIVE'), 'utf8').trim();
    expect(readFileSync(path.join(releasesDir(siteDir), live, 'client', files[0]!), 'utf8')).toContain('This offer has ended');
    expect(firebaseJson(manifest).hosting.redirects).toEqual([]);
    expect(firebaseJson(manifest).hosting.rewrites).toContainEqual({ source: '/offer', destination: `/${files[0]!}` });
    for (const answer of await both('/')) expect(await answer.text()).not.toContain('href="/spring-offer"');
  });

  it('forgets a gone address when a new page takes it', async () => {
    const page = {
      title: 'Offer again',
      description: 'The address in use again.',
      address: '/offer',
      inMenu: false,
      sections: valueOf(await snapshot(), 'config/pages/contact.ts').sections.slice(0, 1),
    };
    expect((await publish([{ file: 'config/pages/offer-again.ts', value: page }])).status).toBe(200);
    for (const answer of await both('/offer')) expect(answer.status).toBe(200);
    for (const answer of await both('/spring-offer')) expect(answer.status).toBe(410);
    expect(liveManifest().content.moved!.gone.map((entry) => (typeof entry === 'string' ? entry : entry.address))).toEqual(['/spring-offer']);
  });

  it('removes a page sending its visitors to another page the office chose: a permanent redirect, the query kept', async () => {
    expect((await publish([{ file: 'config/pages/offer-again.ts', value: null, farewell: { to: '/Contact' } }])).status).toBe(200);
    for (const answer of await both('/offer?utm_source=news')) {
      expect(answer.status).toBe(301);
      expect(answer.headers.get('location')).toBe('/Contact?utm_source=news');
    }
    expect(liveManifest().content.moved!.moved).toEqual([{ from: '/offer', to: '/Contact' }]);
  });
});
