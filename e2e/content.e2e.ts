/**
 * The content editor (/admin/content) as the office uses it, on the built server behind a real
 * Caddy with the repository's own deploy/Caddyfile (e2e/helpers/caddy.ts), whose SITE_DIR is a
 * copy of this site in a temporary folder (a git work tree), with a real SMTP server for its
 * notifications. An editor account made with `npm run leads -- add-admin … --role editor` signs
 * in and gets 403 on every leads API; an empty headline and a link to /Abuot are refused on their
 * field with the checker's sentence and Publish stays unavailable; the editor changes the Home
 * headline, adds a FAQ, uploads a team photo (a large JPEG made here), changes a toast and adds
 * a "You are" option, sees each in the preview (a form sent in the preview stores and mails
 * nothing), and publishes the three items together (all of the editor's drafts at once), while a probe
 * fetches pages and their assets through Caddy one after
 * another. A visitor's browser then sees every change (the photo resized, its width and height
 * the file's) and sends the contact form with the new option (stored, mailed: the receivers
 * work); the probe saw only whole pages answered 200, each with its own build's assets; the
 * commit's diff of config/ is only the edit; restoring the previous revision in the browser
 * (its preview, then its confirmation) brings the old headline back. This checkout's config/ is never edited; every text is read from
 * config/. Axe on every screen at 1280 and 375 px, screenshots in test-results/content/.
 */
import { request as playwrightRequest } from '@playwright/test';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import admin from '../config/admin';
import forms from '../config/forms';
import { checkOptionsOf, inOfficeWords } from '../src/content/editor/editedFiles';
import { sectionNameOf } from '../src/content/model/officeSentences';
import { fieldId } from '../src/content/editor/schemaValues';
import { checkContent } from '../src/content/model/checkContent';
import type { Path } from '../src/schema/schema';
import { CSRF_HEADER } from '../src/platform/signIn';
import { adminRoutes, pathOf, roleMayUse, type AdminRoute } from '../src/platform/inboxRoutes';
import { contentRoutes, editorImageAddress, type ContentImage, type ContentSnapshot } from '../src/content/model/contentApi';
import { SITE_MANIFEST_FILE, type SiteManifest } from '../src/site/model/siteManifest';
import { gitIn } from '../src/test/contentSite';
import { validData } from '../src/test/formFixtures';
import { mainPaths, publishButton, type pageConfigs } from './helpers/content';
import { addAccountByCommandLine, signIn, signedInByRequest, type Account } from './helpers/admin';
import { needsCaddy } from './helpers/caddy';
import { expect, test } from './fixtures';
import { NOTIFY_TO, type EditorSite } from './helpers/editorSite';
import { field, formOf, readCollectionIn, submitButton, toasts, uniqueSuffix } from './helpers/forms';
import { escapeRegExp, fill } from '../src/schema/text';
import { screenshots } from './helpers/shots';
import { EDITOR_SCREEN, expectNoAxeFindings } from './helpers/axe';

needsCaddy();

const t = admin.content;
let account: Account;
let origin: string;
let siteDir: string;
let dataDir: string;
let mails: EditorSite['mails'];

// The editor's site shared by the editor's journeys (e2e/helpers/editorSite.ts), with a real SMTP
// server for its notifications; other files may have published before: "before" is read here.
test.beforeAll(async ({ editorSite }) => {
  ({ origin, siteDir, dataDir, mails } = editorSite);
  // Made as the agency makes one: the real command line (the other browser tests make theirs in-process).
  account = await addAccountByCommandLine(dataDir, 'editor');
  // Restore goes back to an office's publish, never to a developer's release (src/content/server/publish.ts
  // revisionOfCommit): on a site nothing was published into yet (this file alone on its worker), the
  // office publishes once first, through the API, so the scenario's "previous revision" is one.
  const last = gitIn(siteDir, 'log', '-1', '--format=%s%n%b');
  if (!/^Publish-Id: /m.test(last) && !last.startsWith('Content: ')) {
    test.setTimeout(300_000);
    await publishHeadingOnce();
  }
});

/** Publishes Home's hero heading with a word added, as an editor (signed in by request). */
async function publishHeadingOnce() {
  const client = await playwrightRequest.newContext({ baseURL: origin, ignoreHTTPSErrors: true, storageState: await signedInByRequest(account, origin) });
  try {
    const { csrfToken } = (await (await client.get(adminRoutes.me.path)).json()) as { csrfToken: string };
    const snapshot = (await (await client.get(contentRoutes.content.path)).json()) as ContentSnapshot;
    const home = structuredClone(snapshot.files.find((f) => f.file === HOME)!.value) as Json;
    const hero = (home.sections as Json[]).find((x) => x.type === 'hero')!;
    hero.heading = `${hero.heading} ${uniqueSuffix()}`;
    const answer = await client.post(contentRoutes.contentPublish.path, {
      data: { baseRevision: snapshot.revision, changes: [{ file: HOME, value: home }] },
      headers: { [CSRF_HEADER]: csrfToken },
      timeout: 240_000,
    });
    expect(answer.status(), `the first publish (${await answer.text()})`).toBe(200);
  } finally {
    await client.dispose();
  }
}

const shot = screenshots('content');
const pathTo = (page: keyof typeof pageConfigs) => mainPaths.find((p) => p.page === page)!.path;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const HOME = 'config/pages/home.ts';
const ABOUT = 'config/pages/about.ts';
const CONTACT = 'config/forms/contact.ts';

// --- The probe: pages and their assets through Caddy, one after another, during a publish. -------------

interface Seen {
  address: string;
  status: number;
  whole: boolean;
  /** A hash of the page as sent (nonces left out). */
  hash: string;
  assets: { url: string; status: number }[];
}

const withoutNonces = (html: string) => html.replace(/ nonce="[^"]*"/g, '');
const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');
/** The site's own files a page names (scripts, styles, pictures, icons), without query or fragment. */
const assetsOf = (html: string) => [...new Set([...html.matchAll(/["'(,\s](\/(?:assets|images)\/[^"'()\s,?#]+)/g)].map((m) => m[1]!))];

/**
 * A visitor that fetches the pages, one after another, each with its assets, as fast as they
 * come, until stopped; `until(count)` resolves once it has seen `count` answers in all.
 */
function probe(addresses: string[]) {
  const seen: Seen[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  let running = true;
  const loop = (async () => {
    const client = await playwrightRequest.newContext({ ignoreHTTPSErrors: true, baseURL: origin });
    try {
      for (let i = 0; running; i++) {
        const address = addresses[i % addresses.length]!;
        const response = await client.get(address);
        const html = await response.text();
        const assets = await Promise.all(assetsOf(html).map(async (url) => ({ url, status: (await client.get(url)).status() })));
        seen.push({
          address,
          status: response.status(),
          whole: /^<!doctype html>/i.test(html) && html.trimEnd().endsWith('</html>'),
          hash: hashOf(withoutNonces(html)),
          assets,
        });
        for (const w of waiting.filter((w) => seen.length >= w.count)) w.resolve();
      }
    } finally {
      await client.dispose();
    }
  })();
  const until = (count: number) => new Promise<void>((resolve) => (seen.length >= count ? resolve() : waiting.push({ count, resolve })));
  return { seen, until, stop: async () => ((running = false), await loop, seen) };
}

/** Every build that may have been served: the checkout's (served first) and each one published into the site copy. */
function builds(): { dir: string; pages: Map<string, string> }[] {
  const releases = path.join(siteDir, 'dist', 'releases');
  const dirs = [path.resolve('dist', 'client'), ...(existsSync(releases) ? readdirSync(releases).map((id) => path.join(releases, id, 'client')) : [])];
  return dirs
    .filter((dir) => existsSync(path.join(dir, SITE_MANIFEST_FILE)))
    .map((dir) => {
      const manifest = JSON.parse(readFileSync(path.join(dir, SITE_MANIFEST_FILE), 'utf8')) as SiteManifest;
      return { dir, pages: new Map(manifest.pages.map((p) => [p.path, hashOf(withoutNonces(readFileSync(path.join(dir, p.file), 'utf8')))])) };
    });
}

/** What the probe saw that a visitor must never see: an error, a page cut short, a page no build wrote, an asset missing or of another build. */
function wrongAnswers(seen: Seen[]): string[] {
  const known = builds();
  return seen.flatMap((s) => {
    if (s.status !== 200 || !s.whole) return [`${s.address}: status ${s.status}${s.whole ? '' : ', cut short'}`];
    const build = known.find((b) => b.pages.get(s.address) === s.hash);
    if (!build) return [`${s.address}: a page no build wrote`];
    return s.assets.flatMap((a) =>
      a.status !== 200
        ? [`${s.address}: ${a.url} answered ${a.status}`]
        : existsSync(path.join(build.dir, a.url))
          ? []
          : [`${s.address}: ${a.url} is not of its page's build`],
    );
  });
}

// --- The scenario ---------------------------------------------------------------------------

// A publish builds the whole site on a shared 2-core machine (measured 10 to 140 s under load); two are made here.
test.setTimeout(420_000);

test('an editor behind Caddy: refused edits, five edits seen in the preview, publish with a probe, a visitor sees them, restore; 403 on every leads API', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const s = uniqueSuffix();
  const edit = {
    heading: `Grow your business online ${s}`,
    question: `Do you answer new questions ${s}?`,
    answer: `Yes, within a day ${s}.`,
    toast: `Thank you, we write back soon ${s}`,
    option: { value: `You are a Nonprofit ${s}`, label: `A Nonprofit ${s}` },
  };
  const stray: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && !r.url().includes('/api/admin/') && !r.url().endsWith('/api/session')) stray.push(`${r.method()} ${r.url()}`);
  });
  const frame = page.frameLocator('iframe');
  const input = (file: string, at: Path) => page.locator(`#${fieldId(file, at)}`);
  const publishHome = publishButton(page, HOME);
  /** Returns to the list of all content (up from a section to its page's outline first), then opens `name`. */
  const open = async (name: string) => {
    const up = page.getByRole('link', { name: new RegExp(`^${escapeRegExp(t.backToOutline.split('{page}')[0]!)}`) });
    if ((await up.count()) > 0) await up.click();
    await page.getByRole('link', { name: t.back, exact: true }).click();
    await page.getByRole('link', { name, exact: true }).click();
  };
  /** A long page opens as the outline of its sections: one of them opened on its own. */
  const openSection = async (sections: Json[], index: number) => {
    const up = page.getByRole('link', { name: new RegExp(`^${escapeRegExp(t.backToOutline.split('{page}')[0]!)}`) });
    if ((await up.count()) > 0) await up.click();
    await page.getByRole('link', { name: fill(t.openSectionNamed, { name: sectionNameOf(sections, index) }), exact: true }).click();
  };

  await test.step('an editor signs in through Caddy, is offered no lead, and gets 403 on every leads API', async () => {
    await signIn(page, account, origin, t.heading);
    await expect(page.getByRole('link', { name: admin.nav.content, exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: admin.nav.inbox, exact: true })).toHaveCount(0);
    const { csrfToken } = (await (await page.request.get(`${origin}${adminRoutes.me.path}`)).json()) as { csrfToken: string };
    const ownersOnly = (Object.keys(adminRoutes) as AdminRoute[]).filter((route) => !roleMayUse('editor', route));
    expect(ownersOnly.length).toBeGreaterThan(5);
    for (const route of ownersOnly) {
      const { method } = adminRoutes[route];
      const answer = await page.request.fetch(`${origin}${pathOf(route, { docId: 'x', deliveryId: 'x' })}`, {
        method,
        headers: { [CSRF_HEADER]: csrfToken },
        ...(method === 'GET' ? {} : { data: {} }),
      });
      expect([route, answer.status()]).toEqual([route, 403]);
    }
    await expectNoAxeFindings(page, 'the list at 1280 px', EDITOR_SCREEN);
    await shot(page, 'list-1280');
  });

  // The content as the server has it: the checker's sentences are computed from it with the edits,
  // and "before" is read from it (the site is shared: another file may have published a title or a heading).
  const snapshot = (await (await page.request.get(`${origin}${contentRoutes.content.path}`)).json()) as ContentSnapshot;
  const valueOf = (file: string) => snapshot.files.find((f) => f.file === file)!.value as Json;
  const [home, about, contact] = [valueOf(HOME), valueOf(ABOUT), valueOf(CONTACT)];
  const heroIndex = (home.sections as Json[]).findIndex((x) => x.type === 'hero');
  const faqIndex = (about.sections as Json[]).findIndex((x) => x.type === 'faq');
  const teamIndex = (about.sections as Json[]).findIndex((x) => x.type === 'team');
  const oldHeading = home.sections[heroIndex].heading as string;
  const member = about.sections[teamIndex].members[0] as Json;
  const selectIndex = (contact.fields as Json[]).findIndex((f) => f.name === 'Your');
  const oldToast = contact.success.toast as string;
  // The sentence under the box, in the office's words (src/content/model/officeSentences.ts).
  const sentence = (file: string, value: unknown, at: Path) => {
    const found = checkContent(checkOptionsOf(snapshot, { [file]: value }), (p) => snapshot.publicFiles.includes(p)).find(
      (p) => p.file === file && JSON.stringify(p.path) === JSON.stringify(at),
    );
    return found && inOfficeWords(found, value).field;
  };

  await test.step("an empty headline and a link to /Abuot: the checker's sentence on the field, Publish unavailable", async () => {
    await page.getByRole('link', { name: `${home.title} (${pathTo('home')})`, exact: true }).click();
    await openSection(home.sections, heroIndex);
    const headingAt = ['sections', heroIndex, 'heading'];
    const heading = input(HOME, headingAt);
    await expect(heading).toHaveValue(oldHeading);
    await expect(frame.getByRole('heading', { name: oldHeading, level: 1 })).toBeVisible({ timeout: 15_000 });
    await heading.fill('');
    const empty = sentence(HOME, { ...home, sections: home.sections.map((x: Json, i: number) => (i === heroIndex ? { ...x, heading: '' } : x)) }, headingAt);
    expect(empty).toBeTruthy();
    await expect(heading).toHaveAttribute('aria-invalid', 'true');
    await expect(heading).toHaveAccessibleDescription(new RegExp(escapeRegExp(empty!)));
    await expect(publishHome).toBeDisabled();
    await heading.fill(oldHeading);
    await expect(heading).not.toHaveAttribute('aria-invalid', 'true');

    const hrefAt = ['sections', heroIndex, 'actions', 0, 'href'];
    const oldHref = home.sections[heroIndex].actions[0].href as string;
    await page
      .getByRole('combobox', { name: fill(t.linkKind, { label: t.labels.href }) })
      .first()
      .click();
    await page.getByRole('option', { name: t.linkAddress, exact: true }).click();
    const href = input(HOME, hrefAt);
    await href.fill('/Abuot');
    const wrongLink = sentence(HOME, JSON.parse(JSON.stringify(home).replace(JSON.stringify(oldHref), '"/Abuot"')), hrefAt);
    expect(wrongLink).toContain('/Abuot');
    for (const said of [empty!, wrongLink!]) expect(said).not.toMatch(/sections\[|config\/|\.ts\b/);
    await expect(href).toHaveAttribute('aria-invalid', 'true');
    await expect(href).toHaveAccessibleDescription(new RegExp(escapeRegExp(wrongLink!)));
    await expect(publishHome).toBeDisabled();
    await href.fill(oldHref);
    await expect(href).not.toHaveAttribute('aria-invalid', 'true');
  });

  await test.step('the Home headline: seen in the preview, at desktop and phone width', async () => {
    await input(HOME, ['sections', heroIndex, 'heading']).fill(edit.heading);
    await expect(frame.getByRole('heading', { name: edit.heading, level: 1 })).toBeVisible();
    await expect(publishHome).toBeEnabled();
    await expectNoAxeFindings(page, 'the edit screen at 1280 px', EDITOR_SCREEN);
    await shot(page, 'edit-1280');
    await page.getByRole('region', { name: t.preview }).getByRole('button', { name: t.phone, exact: true }).press('Enter');
    await expect(frame.getByRole('heading', { name: edit.heading, level: 1 })).toBeVisible({ timeout: 15_000 });
    await page.getByRole('region', { name: t.preview }).getByRole('button', { name: t.desktop, exact: true }).press('Enter');
  });

  let photo: ContentImage;
  await test.step('About: a new FAQ, and a team photo uploaded (a large JPEG, resized), both in the preview', async () => {
    await open(`${about.title} (${pathTo('about')})`);
    await openSection(about.sections, faqIndex);
    const items = about.sections[faqIndex].items as Json[];
    await page.locator(`#${fieldId(ABOUT, ['sections', faqIndex, 'items'])}-add`).click();
    await input(ABOUT, ['sections', faqIndex, 'items', items.length, 'question']).fill(edit.question);
    await input(ABOUT, ['sections', faqIndex, 'items', items.length, 'answer']).fill(edit.answer);
    await expect(frame.getByText(edit.question)).toBeVisible();

    // A phone photo's size and noise (a few hundred kB to a few MB as a JPEG).
    const original = await sharp({
      create: { width: 1200, height: 1500, channels: 3, background: '#2a6f97', noise: { type: 'gaussian', mean: 120, sigma: 40 } },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    expect(original.length).toBeGreaterThan(500_000);
    await openSection(about.sections, teamIndex);
    const uploaded = page.waitForResponse((r) => r.url().includes(contentRoutes.contentImage.path));
    await page
      .locator(`#${fieldId(ABOUT, ['sections', teamIndex, 'members', 0, 'image'])}-file`)
      .setInputFiles({ name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: original });
    // A tall photo for a square place: framed as it will be cut, sent with its middle kept.
    await page.getByRole('button', { name: t.uploadCut, exact: true }).click();
    const answer = await uploaded;
    expect(answer.status()).toBe(201);
    photo = (await answer.json()) as ContentImage;
    // Resized for the size the page draws it at; the width and height are the file's. The editor
    // reads it through its own route, signed in; the site does not serve it before a publish.
    const served = await page.request.get(`${origin}${editorImageAddress(photo.src)}`);
    expect(served.status()).toBe(200);
    const file = await sharp(await served.body()).metadata();
    expect([file.format, file.width, file.height]).toEqual(['webp', photo.width, photo.height]);
    expect(photo.width).toBeLessThan(1200);
    expect((await page.request.get(`${origin}${photo.src}`)).status()).toBe(404);
    await expect(page.getByText(t.uploaded)).toBeVisible();
    // The preview shows it at once, drawn as loaded (not a broken picture).
    const shown = frame.locator(`img[src="${editorImageAddress(photo.src)}"]`).first();
    await expect(shown).toBeAttached();
    await shown.scrollIntoViewIfNeeded();
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(photo.width);
  });

  await test.step('the contact form: a new toast and a new "You are" option, seen in the preview; its form sends nothing', async () => {
    await open(admin.forms.contact);
    await input(CONTACT, ['success', 'toast']).fill(edit.toast);
    const options = contact.fields[selectIndex].options as Json[];
    await page.locator(`#${fieldId(CONTACT, ['fields', selectIndex, 'options'])}-add`).click();
    await input(CONTACT, ['fields', selectIndex, 'options', options.length, 'value']).fill(edit.option.value);
    await input(CONTACT, ['fields', selectIndex, 'options', options.length, 'label']).fill(edit.option.label);
    const preview = frame.locator('form');
    await expect(field(preview, 'Your').locator('option', { hasText: edit.option.label })).toBeAttached();
    // Sent in the preview, as a visitor would: the new toast shows, nothing leaves the browser.
    for (const [key, value] of Object.entries(validData.contact)) if (key !== 'Your') await field(preview, key).fill(`${value}`);
    await field(preview, 'Fullname').fill(`Preview ${s}`);
    await field(preview, 'Your').selectOption({ label: edit.option.label });
    await submitButton(preview).click();
    await expect(page.getByText(t.previewSent)).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: edit.toast })).toBeVisible();
    expect(stray).toEqual([]);
  });

  const before = gitIn(siteDir, 'rev-parse', 'HEAD').trim();
  await test.step('publish all three while a probe fetches pages and their assets through Caddy', async () => {
    // The picture uploaded on another screen still counts as a file of the site.
    await expect(publishButton(page, CONTACT)).toBeEnabled();
    await page.getByRole('link', { name: t.back, exact: true }).click();
    await page.getByRole('button', { name: t.publishItems.all, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: t.publishItems.allTitle });
    await expect(dialog.getByRole('region', { name: t.publishItems.allIntro }).getByRole('listitem')).toHaveCount(3);
    // The builds that may be live before this publish: the checkout's, or one another file published into the shared site.
    const buildsBefore = builds();
    const watch = probe([pathTo('home'), pathTo('about'), pathTo('contact')]);
    let seen: Seen[];
    try {
      // The pages as they are, each seen once before the publish.
      await watch.until(3);
      const editsSent = page.waitForRequest((r) => r.url().endsWith(contentRoutes.contentPublish.path));
      const started = Date.now();
      await dialog.getByRole('button', { name: t.publishItems.allConfirm, exact: true }).click();
      // All the items edited, in one publish.
      expect(((await editsSent).postDataJSON() as { changes: { file: string }[] }).changes.map((c) => c.file).sort()).toEqual([CONTACT, ABOUT, HOME].sort());
      await expect(page.getByRole('status').filter({ hasText: t.publishItems.allPublished })).toBeVisible({ timeout: 300_000 });
      console.info(`Publish behind Caddy, click to "${t.publishItems.allPublished}": ${((Date.now() - started) / 1000).toFixed(1)} s`);
      // The pages as published, each seen once after it.
      await watch.until(watch.seen.length + 3);
    } finally {
      seen = await watch.stop();
    }
    expect(seen.length).toBeGreaterThan(10);
    expect(seen.filter((x) => x.assets.length === 0)).toEqual([]);
    expect(wrongAnswers(seen)).toEqual([]);
    // Old pages first, new ones at the end.
    const old = (x: Seen) => buildsBefore.some((b) => b.pages.get(x.address) === x.hash);
    expect([old(seen[0]!), old(seen[seen.length - 1]!)]).toEqual([true, false]);
    await shot(page, 'published-1280');
  });

  await test.step("the commit's diff of config/ is only the edit", async () => {
    expect(gitIn(siteDir, 'log', '-1', '--format=%ae').trim()).toBe(account.email);
    expect(gitIn(siteDir, 'diff', '--name-only', before, 'HEAD', '--', 'config').trim().split('\n').sort()).toEqual([CONTACT, ABOUT, HOME].sort());
    const words = [
      oldHeading,
      edit.heading,
      edit.question,
      edit.answer,
      member.image.src,
      photo.src,
      oldToast,
      edit.toast,
      edit.option.value,
      edit.option.label,
      `${photo.width}`,
      `${photo.height}`,
    ];
    const changed = gitIn(siteDir, 'diff', '--unified=0', before, 'HEAD', '--', 'config')
      .split('\n')
      .filter((line) => /^[-+]/.test(line) && !/^(---|\+\+\+) /.test(line));
    // Every changed line holds one of the values edited, or is a brace or a key of an added item.
    const unexplained = changed.filter((line) => !words.some((w) => line.includes(w)) && !/^[-+]\s*(\w+:\s*)?[{}[\],]*\s*$/.test(line));
    expect(unexplained).toEqual([]);
  });

  await test.step("a visitor's browser sees every change, and the contact form takes the new option (stored and mailed)", async () => {
    const visitor = await browser.newContext({ ignoreHTTPSErrors: true });
    try {
      const v = await visitor.newPage();
      await v.goto(`${origin}${pathTo('home')}`);
      await expect(v.getByRole('heading', { name: edit.heading, level: 1 })).toBeVisible();
      await v.goto(`${origin}${pathTo('about')}`);
      await expect(v.getByText(edit.question)).toBeVisible();
      const img = v.locator(`img[src="${photo.src}"]`).first();
      await expect(img).toHaveAttribute('width', String(photo.width));
      await expect(img).toHaveAttribute('height', String(photo.height));
      await v.goto(`${origin}${pathTo('contact')}`);
      const form = formOf(v, 'contact');
      await form.scrollIntoViewIfNeeded();
      await field(form, 'Fullname').focus();
      await expect(form).toHaveAttribute('data-interactive', 'true');
      for (const [key, value] of Object.entries(validData.contact)) if (key !== 'Your') await field(form, key).fill(`${value}`);
      await field(form, 'Fullname').fill(`Visitor ${s}`);
      await field(form, 'Your').selectOption({ label: edit.option.label });
      await submitButton(form).click();
      await expect(toasts(v).filter({ hasText: edit.toast })).toHaveCount(1);
    } finally {
      await visitor.close();
    }
    // The visitor's message is stored and mailed; the one sent in the preview, neither.
    const stored = (await readCollectionIn(dataDir, forms.contact.collection)).filter((d) => String(d.Fullname).endsWith(` ${s}`));
    expect(stored.map((d) => [d.Fullname, d.Your])).toEqual([[`Visitor ${s}`, edit.option.value]]);
    // The agency's notification (the visitor's auto-reply goes to the visitor: e2e/replies.e2e.ts).
    // (The site is shared: other files' leads are notified too; this test's are those naming ${s}.)
    const notices = () => mails.filter((m) => m.envelope.to.includes(NOTIFY_TO) && m.raw.includes(s));
    await expect.poll(() => notices().length, { timeout: 15_000 }).toBe(1);
    expect(notices()[0]!.raw).toContain(`Visitor ${s}`);
    expect(mails.some((m) => m.raw.includes(`Preview ${s}`))).toBe(false);
  });

  await test.step('restoring the previous revision in the browser brings the old headline back', async () => {
    await page.getByRole('link', { name: t.revisions }).click();
    await expect(page.getByText(edit.heading, { exact: false }).first()).toBeVisible();
    await expectNoAxeFindings(page, 'the revisions at 1280 px', EDITOR_SCREEN);
    await shot(page, 'revisions-1280');
    await page.getByRole('button', { name: t.restore }).first().click();
    // Its preview first, then the confirmation.
    const dialog = page.getByRole('dialog', { name: t.history.restoreTitle });
    await expect(dialog.getByText(t.history.restoreIntro)).toBeVisible({ timeout: 60_000 });
    await dialog.getByRole('button', { name: t.history.restoreConfirm }).click();
    await expect(page.getByText(t.restored)).toBeVisible({ timeout: 300_000 });
    const live = await (await page.request.get(`${origin}${pathTo('home')}`)).text();
    expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(live)?.[1]).toBe(oldHeading);
    expect(gitIn(siteDir, 'diff', before, 'HEAD', '--', 'config')).toBe('');
  });

  await test.step('at 375 px: the list, an edit screen and the revisions pass axe', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('link', { name: t.back }).click();
    await expectNoAxeFindings(page, 'the list at 375 px', EDITOR_SCREEN);
    await shot(page, 'list-375');
    await page.getByRole('link', { name: `${home.title} (${pathTo('home')})`, exact: true }).click();
    // On a phone the form and the preview are two tabs.
    await expect(page.getByRole('tab', { name: t.edit, exact: true })).toHaveAttribute('aria-selected', 'true');
    await expectNoAxeFindings(page, 'the edit screen at 375 px', EDITOR_SCREEN);
    await shot(page, 'edit-375');
    await page.getByRole('tab', { name: t.preview, exact: true }).click();
    await expect(frame.getByRole('heading', { name: oldHeading, level: 1 })).toBeVisible({ timeout: 15_000 });
    await expectNoAxeFindings(page, 'the preview tab at 375 px', EDITOR_SCREEN);
    await page.getByRole('link', { name: t.back }).click();
    await page.getByRole('link', { name: t.revisions }).click();
    await expect(page.getByRole('button', { name: t.restore }).first()).toBeVisible();
    await expectNoAxeFindings(page, 'the revisions at 375 px', EDITOR_SCREEN);
    await shot(page, 'revisions-375');
  });
});
