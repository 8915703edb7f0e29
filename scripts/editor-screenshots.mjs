// The pictures of CONTENT.md: the content editor's screens, taken from a running server whose
// editor is on, signed in with an account of it, and written small (a palette PNG) to docs/images/.
// Nothing is published: the edits shown are typed, never published, and the drafts the editor
// kept of them are discarded at the end. Each picture is taken once its screen is still (the content
// read, fonts and pictures loaded, animations ended), never after a fixed wait.
// Usage: EDITOR_EMAIL=… EDITOR_PASSWORD=… npx tsx scripts/editor-screenshots.mjs http://127.0.0.1:3000
// (tsx: the editor's words are read from config/admin.ts)
import { mkdirSync } from 'node:fs';
import { readCommandLine } from './lib/commandLine.mjs';

const [base = 'http://127.0.0.1:3000'] = readCommandLine(process.argv.slice(2), {
  command: 'npx tsx scripts/editor-screenshots.mjs',
  words: [0, 1],
  wordsHint: ' [<site address>]',
}).words;
const { EDITOR_EMAIL: email, EDITOR_PASSWORD: password } = process.env;
if (!email || !password) {
  console.error('Set EDITOR_EMAIL and EDITOR_PASSWORD to an account of that server (npm run leads -- add-admin … --role editor).');
  process.exit(1);
}

// The browser, the picture writer and the editor's words are loaded once the command line is read:
// a mistyped one is answered at once.
const { chromium } = await import('@playwright/test');
const { default: sharp } = await import('sharp');
const { default: admin } = await import('../config/admin.ts');
const { adminRoutes } = await import('../src/platform/inboxRoutes.ts');
const { CSRF_HEADER } = await import('../src/platform/signIn.ts');
const { contentRoutes } = await import('../src/content/model/contentApi.ts');
const { escapeRegExp, fill } = await import('../src/schema/text.ts');
const { addItemLabel, labelOf, numberedItem } = await import('../src/content/model/officeSentences.ts');
const { chromiumPath, LAUNCH_ARGS } = await import('./lib/chromium.mjs');
const out = 'docs/images';
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: LAUNCH_ARGS,
});
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });

/** Saves the window (or one element) as a small palette PNG. */
async function shot(name, target = page) {
  const png = await target.screenshot({ animations: 'disabled' });
  await sharp(png).png({ palette: true, colours: 64, compressionLevel: 9 }).toFile(`${out}/${name}.png`);
  console.log(`${out}/${name}.png`);
}
/** In a document: resolves once its fonts and pictures are loaded and no animation with an end is running. */
function still() {
  return (async () => {
    await document.fonts.ready;
    // Pictures loading now (a lazy one out of sight never does: left out).
    const loading = [...document.images].filter((img) => !img.complete && img.loading !== 'lazy');
    await Promise.all(
      loading.map(
        (img) =>
          new Promise((resolve) => {
            img.addEventListener('load', resolve, { once: true });
            img.addEventListener('error', resolve, { once: true });
          }),
      ),
    );
    const ending = () => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
    for (let running = ending(); running.length > 0; running = ending()) await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
  })();
}
/** The screen is still: the content read (no progress bar), and the page still. */
const settled = async () => {
  await page.waitForFunction(() => !document.querySelector('[role=progressbar]'), null, { timeout: 60_000 });
  await page.evaluate(still);
};
/** The preview shows its page, and it is still. */
const previewShown = async () => {
  const main = page.frameLocator('iframe').locator('main');
  await main.waitFor({ timeout: 30_000 });
  await main.evaluate(still);
  await settled();
};
const edit = async (query) => {
  await page.goto(`${base}/admin/content/edit?${new URLSearchParams(query)}`);
  await settled();
  await previewShown();
};

await page.goto(`${base}/admin`);
await shot('editor-sign-in');
await page.locator('input[type=email], input[autocomplete=username]').first().fill(email);
await page.locator('input[type=password]').first().fill(password);
await page.keyboard.press('Enter');
await page.waitForURL(/\/admin\/content/, { timeout: 30_000 });
await settled();
await shot('editor-list');

// A page: the outline of its sections, the preview at a desktop's width; then its first section
// opened on its own, and its headline typed empty.
await edit({ file: 'config/pages/home.ts' });
await shot('editor-page');
await edit({ file: 'config/pages/home.ts', section: '0' });
// A heading may be long: its box grows (a textarea).
const heading = page.locator(':is(input, textarea)[id$="-heading"]').first();
await heading.fill('');
// The refusal is shown under the box.
await page.waitForFunction((input) => input.getAttribute('aria-invalid') === 'true', await heading.elementHandle(), { timeout: 30_000 });
await settled();
await shot('editor-problem');
await heading.press('Control+z');

// The preview at a phone's width.
const preview = page.getByRole('region', { name: admin.content.preview });
const phone = preview.getByRole('button', { name: admin.content.phone, exact: true });
await phone.click();
await page.waitForFunction((button) => button.getAttribute('aria-pressed') === 'true', await phone.elementHandle(), { timeout: 30_000 });
await previewShown();
await shot('editor-preview-phone', preview);

// On a phone: the form and the preview are two tabs; the preview opens on the section being edited.
await page.setViewportSize({ width: 375, height: 740 });
await page.goto(`${base}/admin/content/edit?${new URLSearchParams({ file: 'config/pages/home.ts', section: '0' })}`);
await settled();
await shot('editor-phone-edit');
await page.getByRole('tab', { name: admin.content.preview, exact: true }).click();
await previewShown();
await shot('editor-phone-preview');
await page.setViewportSize({ width: 1280, height: 800 });

// A picture: the first picture field of the about page's team (its section opened on its own).
const about = (await import('../config/pages/about.ts')).default;
await edit({
  file: 'config/pages/about.ts',
  section: String(
    Math.max(
      0,
      about.sections.findIndex((s) => s.type === 'team'),
    ),
  ),
});
const picture = page.locator('fieldset:has(input[type=file]):not(:has(fieldset input[type=file]))').first();
await picture.scrollIntoViewIfNeeded();
await shot('editor-picture', picture);

// A form: its visitor-facing texts (the keys a developer changes are not shown).
await edit({ file: 'config/forms/contact.ts' });
await shot('editor-form');

// A form of the office's own (a draft, never published): New form with its name and reason; its
// screen once questions are added, one asked only for some answers of another (Show only when),
// beside the preview with that answer chosen, so the question shows.
const made = admin.content.newForm;
await page.goto(`${base}/admin/content`);
await settled();
await page.getByRole('link', { name: made.open }).click();
await page.getByRole('textbox', { name: made.title }).fill('Free website audit');
await page.getByRole('textbox', { name: made.purpose }).fill('To look at your website and send you what we find.');
await settled();
await shot('editor-new-form');
await page.getByRole('button', { name: made.create }).click();
await previewShown();
/** A list's item: a group named by its place and its label ("Field 2 · Project type"). */
const itemOf = (scope, place) => scope.getByRole('group', { name: new RegExp(`^${escapeRegExp(place)}( · |$)`) }).first();
/** A list opened from the keyboard, an option chosen by its words. */
const choose = async (box, option) => {
  await box.press('ArrowDown');
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
};
const questions = [
  { kind: 'radio', label: 'Project type', answers: ['A company website', 'An online shop'] },
  {
    kind: 'select',
    label: 'Which platform?',
    answers: ['Shopify', 'WooCommerce'],
    showWhen: { question: 'Project type', is: 'An online shop', not: 'A company website' },
  },
];
for (const [i, q] of questions.entries()) {
  const n = i + 2;
  await page.getByRole('button', { name: addItemLabel('fields', labelOf('fields')) }).click();
  const item = itemOf(page, numberedItem('fields', n - 1));
  await item.getByRole('textbox', { name: labelOf('label'), exact: true }).fill(q.label);
  await choose(item.getByRole('combobox', { name: labelOf('kind'), exact: true }), admin.content.choices.kind[q.kind]);
  for (const [a, answer] of q.answers.entries()) {
    if (a > 0) await item.getByRole('button', { name: addItemLabel('options', labelOf('options')) }).click();
    // An answer is folded under its name until opened.
    const value = itemOf(item, numberedItem('options', a)).getByRole('textbox', { name: labelOf('value'), exact: true });
    const open = item.getByRole('button', {
      name: new RegExp(`^${escapeRegExp(fill(admin.content.openItemNamed, { name: numberedItem('options', a) }))}( · |$)`),
    });
    await value.or(open).waitFor();
    if (await open.isVisible()) await open.click();
    await value.fill(answer);
  }
  if (q.showWhen) {
    await item.getByRole('button', { name: fill(admin.content.addNamed, { name: labelOf('showWhen') }) }).click();
    await choose(item.getByRole('combobox', { name: labelOf('field'), exact: true }), q.showWhen.question);
    await item.getByRole('checkbox', { name: q.showWhen.is, exact: true }).check();
    await item.getByRole('checkbox', { name: q.showWhen.not, exact: true }).uncheck();
    await page.frameLocator('iframe').getByRole('radio', { name: q.showWhen.is, exact: true }).check();
    await item.getByText(labelOf('is')).first().scrollIntoViewIfNeeded();
  }
}
await previewShown();
await shot('editor-new-form-questions');

// The header and menu, a part of every page.
await edit({ file: 'config/site.ts', at: 'navigation' });
await shot('editor-menu');

// An article: its text in the writing box, the preview beside it; then on a phone.
await page.goto(`${base}/admin/content`);
await settled();
await page.getByRole('region', { name: admin.content.articles.heading }).getByRole('link').first().click();
await previewShown();
await page.getByRole('toolbar', { name: admin.content.articles.toolbar }).scrollIntoViewIfNeeded();
await settled();
await shot('editor-article');
await page.setViewportSize({ width: 375, height: 740 });
await page.getByRole('toolbar', { name: admin.content.articles.toolbar }).scrollIntoViewIfNeeded();
await settled();
await shot('editor-article-phone');
await page.setViewportSize({ width: 1280, height: 800 });

// A translation, when the site has a second language (one added by an owner; a site with one
// language has none to show): Home's texts beside their boxes (nothing typed).
const { files } = await (await page.request.get(`${base}${contentRoutes.content.path}`)).json();
const other = files.find((f) => f.file === 'config/site.ts')?.value.languages?.others[0];
if (other) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await edit({ file: `config/translations/${other.code}/pages/home.ts` });
  await shot('editor-translate');
}

// Publishing one item: an article started (its title only) and left, the phone number changed in
// the contact bar; its Publish says the article is not in it. Then "Publish all my changes" lists
// what it would publish and what it leaves (cancelled: nothing is published).
const words = admin.content.publishItems;
await page.goto(`${base}/admin/content`);
await settled();
await page.getByRole('button', { name: admin.content.articles.add, exact: true }).click();
await page.getByLabel(admin.content.articles.newTitle).fill('Ten questions to ask before a redesign');
await page.getByRole('button', { name: admin.content.articles.create, exact: true }).click();
await previewShown();
await edit({ file: 'config/site.ts', at: 'contact' });
await page.locator('input[id$="-contact-phone-label"]').fill('+1 (555) 014-2200');
await page.locator('input[id$="-contact-phone-href"]').fill('tel:+15550142200');
await page.getByText(words.notWithIt.split('{items}')[0]).waitFor({ timeout: 30_000 });
await previewShown();
await shot('editor-publish-part');
await page.goto(`${base}/admin/content`);
await settled();
await page.getByRole('button', { name: words.all, exact: true }).click();
const publishAll = page.getByRole('dialog', { name: words.allTitle });
await publishAll.getByRole('button', { name: words.allCancel }).waitFor();
await settled();
await shot('editor-publish-all');
await publishAll.getByRole('button', { name: words.allCancel }).click();

// The revisions: the newest publish's changes before and after (each with its own Undo where it
// has several), then the preview of undoing one of them: the change, and the page after it
// (cancelled: nothing is published).
const history = admin.content.history;
const revisions = async () => {
  await page.goto(`${base}/admin/content/revisions`);
  await settled();
};
await revisions();
const undoAll = new RegExp(`^${escapeRegExp(history.undoAll.split('{count}')[0])}`);
const newest = page
  .locator('main ol > li')
  .filter({ has: page.getByRole('button', { name: history.undo, exact: true }).or(page.getByRole('button', { name: undoAll })) })
  .first();
const openChanges = async () => {
  await newest.getByRole('button', { name: history.showChanges }).click();
  await newest.locator('dl').first().waitFor({ timeout: 30_000 });
};
if ((await newest.count()) > 0) await openChanges();
await shot('editor-revisions');
for (const [width, name] of [
  [1280, 'editor-undo'],
  [375, 'editor-undo-phone'],
]) {
  if ((await newest.count()) === 0) break;
  await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
  await revisions();
  await openChanges();
  const one = newest.getByRole('button', { name: history.undoOne });
  await ((await one.count()) > 0 ? one.first() : newest.getByRole('button', { name: history.undo, exact: true })).click();
  const dialog = page.getByRole('dialog', { name: history.undoTitle });
  await dialog
    .getByRole('button', { name: history.cancel })
    .or(dialog.getByRole('button', { name: history.close }))
    .waitFor({ timeout: 60_000 });
  const after = dialog.getByRole('region', { name: history.previewAfter });
  if ((await after.count()) > 0) await after.frameLocator('iframe').locator('main').waitFor({ timeout: 30_000 });
  await settled();
  await shot(name);
  await dialog
    .getByRole('button', { name: history.cancel })
    .or(dialog.getByRole('button', { name: history.close }))
    .click();
}

// The drafts the editor kept of what was typed here go: the server is as it was.
const me = await (await page.request.get(`${base}${adminRoutes.me.path}`)).json();
const { drafts } = await (await page.request.get(`${base}${contentRoutes.content.path}`)).json();
for (const draft of drafts.filter((d) => d.author === me.email)) {
  const answer = await page.request.post(`${base}${contentRoutes.contentDraftDiscard.path}`, {
    data: { file: draft.file },
    headers: { [CSRF_HEADER]: me.csrfToken },
  });
  if (!answer.ok()) console.error(`The draft of ${draft.file} could not be discarded: ${answer.status()}`);
  else console.log(`discarded the draft of ${draft.file}`);
}
await browser.close();
