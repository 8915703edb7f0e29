/**
 * The newsletter, end to end, in Chromium: the built server (dist/server/index.js) of this test's
 * own, with mail settings pointing at a real SMTP server in the test (smtp-server, mails parsed
 * with postal-mime) and three confirmed readers. The inbox's one Newsletter item leads to its two
 * parts (the newsletters, their subscribers). The owner writes a newsletter in the articles'
 * rich-text box, previews it at 375 and 1280 px and as plain text, sends themself a test, then
 * sends it; the mail a reader got is drawn in Chromium at 375 and 1280 px (nothing wider than a
 * phone's screen); the reader's unsubscribe link opens a page with one button (axe on it before
 * and after), and pressing it unsubscribes them. An editor's change made while the owner reads a
 * draft is never sent: Send is refused, the page shows the new version and who changed it. A draft an
 * editor marks ready for an owner is counted and listed in the owner's inbox until it is sent.
 * Screenshots of each step for people to look at (test-results/newsletter/).
 */
import admin from '../config/admin';
import serverConfig from '../config/server';
import site from '../config/site';
import { openStore } from '../src/apps/server/siteStore';
import { seedSubscribers, subscriberState } from '../src/test/newsletter';
import { waitFor, type SmtpReceiver } from '../src/test/receivers';
import { expect, fill, test } from './fixtures';
import { fillCount } from '../src/schema/text';
import { newsletterRoutes } from '../src/newsletter/model/newsletterApi';
import { addAccount, signIn } from './helpers/admin';
import { expectNoAxeFindings } from './helpers/axe';
import { startMailingSite, type MailingSite } from './helpers/server';
import { screenshots } from './helpers/shots';

test.describe.configure({ mode: 'serial' });
test.setTimeout(90_000);

const t = admin.newsletters;
const shot = screenshots('newsletter', { fullPage: true });
const READERS = ['ada@example.net', 'grace@example.org', 'alan@example.com'];

let mailing: MailingSite | undefined;
let smtp: SmtpReceiver;
let dataDir: string;
let base: string;
test.beforeAll(async () => {
  mailing = await startMailingSite('newsletter-e2e', {
    env: { RATE_LIMIT_FACTOR: '1000' },
    // The readers who confirmed their subscription, written before the server starts.
    prepare(dir) {
      const store = openStore(dir);
      seedSubscribers(store.db, [...READERS.map((email) => ({ email, state: 'confirmed' as const })), { email: 'waiting@example.net', state: 'waiting' }]);
      store.close();
    },
  });
  ({ smtp, dataDir, base } = mailing);
});
test.afterAll(() => mailing?.close());

const mailTo = (address: string) => smtp.mails.find((m) => m.envelope.to.includes(address));

/** How many readers are confirmed now (a test before may have unsubscribed one). */
function confirmed(): number {
  const store = openStore(dataDir, { readonly: true });
  try {
    return store.db.prepare("SELECT count(*) FROM subscribers WHERE state = 'confirmed'").pluck().get() as number;
  } finally {
    store.close();
  }
}

test('the owner writes, previews at 375 and 1280 px and as text, tests and sends a newsletter; the readers\u2019 mail drawn at 375 and 1280 px', async ({
  page,
}) => {
  const owner = await addAccount(dataDir);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, owner, base);
  // One Newsletter item in the bar; its two parts, the newsletters and their subscribers, linked over its screens.
  const bar = page.getByRole('navigation', { name: admin.nav.label });
  await expect(bar.getByRole('link', { name: admin.nav.subscribers })).toHaveCount(0);
  await bar.getByRole('link', { name: admin.nav.newsletter, exact: true }).click();
  await expect(page.getByRole('heading', { name: t.heading, level: 1 })).toBeVisible();
  const parts = page.getByRole('navigation', { name: admin.nav.newsletter });
  await expect(parts.getByRole('link', { name: admin.nav.newsletters, exact: true })).toHaveAttribute('aria-current', 'page');
  await parts.getByRole('link', { name: admin.nav.subscribers, exact: true }).click();
  await expect(page.getByRole('heading', { name: admin.subscribers.heading, level: 1 })).toBeVisible();
  await expect(parts.getByRole('link', { name: admin.nav.subscribers, exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(bar.getByRole('link', { name: admin.nav.newsletter, exact: true })).toHaveAttribute('aria-current', 'page');
  await shot(page, 'inbox-1280-subscribers');
  await parts.getByRole('link', { name: admin.nav.newsletters, exact: true }).click();
  await expect(page.getByRole('heading', { name: t.heading, level: 1 })).toBeVisible();
  // Sending is set up, unsigned: the inbox says so.
  await expect(page.getByText(t.noDkim)).toBeVisible();
  await expect(page.getByText(fill(t.confirmed, { count: READERS.length }))).toBeVisible();
  await page.getByRole('link', { name: t.new, exact: true }).click();

  await page.getByLabel(t.subject, { exact: false }).fill('What we built in November');
  await page.getByLabel(t.name, { exact: false }).fill('november-2026');
  const box = page.locator('#newsletter-body');
  await box.click();
  await page.keyboard.type('A shop for a bakery that is fast on phones, and a booking app for a dentist. Tell us what you would like to build next year.');
  await page.getByRole('button', { name: t.save, exact: true }).click();
  await expect(page.getByText(t.saved)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/newsletters\/\d+$/);

  // The preview: as readers get it, at a phone's width, a computer's, and as text.
  const mail = page.getByTestId('newsletter-mail');
  await expect(mail).toBeVisible();
  await expect.poll(() => mail.evaluate((host) => host.shadowRoot?.textContent ?? '')).toContain('booking app for a dentist');
  expect(await mail.evaluate((host) => host.getBoundingClientRect().width)).toBe(375);
  await shot(page, 'inbox-1280-preview-phone');
  await page.getByRole('button', { name: t.previewWide, exact: true }).click();
  await expect.poll(() => page.getByTestId('newsletter-mail').evaluate((host) => host.getBoundingClientRect().width)).toBe(1280);
  await page.getByRole('button', { name: t.previewText, exact: true }).click();
  await expect(page.getByTestId('newsletter-text')).toContainText(site.contact.address);
  await expectNoAxeFindings(page, 'a newsletter\u2019s page');

  // A test to the signed-in account.
  await page.getByRole('button', { name: t.test, exact: true }).click();
  await expect(page.getByText(fill(t.testSent, { email: owner.email }))).toBeVisible();
  await waitFor('the test mail', () => mailTo(owner.email) !== undefined, { on: [smtp.changes] });

  // The same screen on a phone.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: t.previewPhone, exact: true }).click();
  await shot(page, 'inbox-375-preview-phone');

  // Sent now, to the confirmed readers only.
  await page.getByRole('button', { name: fillCount(t.sendNow, READERS.length, { count: READERS.length }), exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: t.sendConfirm, exact: true }).click();
  await waitFor('the newsletter to every reader', () => READERS.every((reader) => mailTo(reader)), { on: [smtp.changes] });
  expect(mailTo('waiting@example.net')).toBeUndefined();
  await page.reload();
  await expect(page.getByRole('heading', { name: t.figures })).toBeVisible();
  // The saved notice is said right after a save only: not again on the page read anew.
  await expect(page.getByText(t.saved, { exact: true })).toHaveCount(0);
  await shot(page, 'inbox-375-sent');

  // The mail a reader got, drawn in Chromium: at 375 px nothing is wider than the screen.
  const html = mailTo(READERS[0]!)!.email.html!;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.setContent(html);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expect(page.getByRole('link', { name: site.newsletterMail.unsubscribe, exact: true })).toBeVisible();
    await shot(page, `mail-${width}`);
  }
});

test('the unsubscribe link opens a page with one button (axe before and after); pressing it unsubscribes the reader', async ({ page }) => {
  const reader = READERS[1]!;
  const link = /<(http[^>]+)>/.exec(mailTo(reader)!.email.headers.find((h) => h.key === 'list-unsubscribe')!.value)![1]!;
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(link);
  await expect(page.getByRole('heading', { name: site.unsubscribePage.heading, level: 1 })).toBeVisible();
  await expectNoAxeFindings(page, 'the unsubscribe page');
  await shot(page, 'unsubscribe-375');
  // Opening it changed nothing (a link scanner follows links).
  const db = () => openStore(dataDir, { readonly: true });
  const stateOf = () => {
    const store = db();
    try {
      return subscriberState(store.db, reader)?.state;
    } finally {
      store.close();
    }
  };
  expect(stateOf()).toBe('confirmed');
  await page.getByRole('button', { name: site.unsubscribePage.button, exact: true }).click();
  await expect(page.getByText(site.unsubscribePage.done)).toBeVisible();
  await expectNoAxeFindings(page, 'the unsubscribe page, done');
  await shot(page, 'unsubscribed-375');
  expect(stateOf()).toBe('unsubscribed');
});

test.describe('a change between the owner\u2019s reading and Send', () => {
  // The refused Send is the server's 409, which the browser logs as a failed request.
  test.use({ expectedConsoleErrors: /the server responded with a status of 409/ });

  test('an editor\u2019s change while the owner reads a draft: Send is refused, the page shows the new version and who changed it; sent once read', async ({
    page,
    browser,
  }) => {
    const owner = await addAccount(dataDir);
    const editor = await addAccount(dataDir, 'editor');
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, owner, base);
    await page.goto(`${base}/admin/newsletters/new`);
    await page.getByLabel(t.subject, { exact: false }).fill('Our December news');
    await page.getByLabel(t.name, { exact: false }).fill('december-2026');
    await page.locator('#newsletter-body').click();
    await page.keyboard.type('Two new shops went live this month.');
    await page.getByRole('button', { name: t.save, exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/newsletters\/\d+$/);
    const address = page.url();

    // Meanwhile the editor, in a browser of their own, changes it.
    const other = await browser.newContext();
    try {
      const editorPage = await other.newPage();
      // An editor's inbox opens on the content.
      await signIn(editorPage, editor, base, admin.content.heading);
      await editorPage.goto(address);
      await editorPage.getByLabel(t.subject, { exact: false }).fill('Urgent: confirm your account');
      await editorPage.getByRole('button', { name: t.save, exact: true }).click();
      await expect(editorPage.getByText(t.saved)).toBeVisible();
    } finally {
      await other.close();
    }

    // The owner presses Send on the version they read: refused, and the page shows the editor's.
    const readers = confirmed();
    const sendNow = page.getByRole('button', { name: fillCount(t.sendNow, readers, { count: readers }), exact: true });
    await sendNow.click();
    await page.getByRole('dialog').getByRole('button', { name: t.sendConfirm, exact: true }).click();
    await expect(page.getByText(serverConfig.newsletter.messages.changedSinceRead)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Urgent: confirm your account', level: 1 })).toBeVisible();
    await expect(page.getByLabel(t.subject, { exact: false })).toHaveValue('Urgent: confirm your account');
    const history = page.getByRole('region', { name: t.history });
    await expect(history.getByRole('listitem')).toHaveCount(2);
    await expect(history.getByRole('listitem').nth(1)).toContainText(editor.email);
    await expect(history.getByRole('listitem').nth(1)).toContainText(t.changeKinds.edited);
    await shot(page, 'inbox-1280-changed-since-read');
    expect(smtp.mails.some((m) => m.email.subject === 'Urgent: confirm your account')).toBe(false);

    // Read now, it is the owner's to send.
    await sendNow.click();
    await page.getByRole('dialog').getByRole('button', { name: t.sendConfirm, exact: true }).click();
    // At once, without a reload: being sent (its figures), no "to be sent" and no way back to a draft.
    await expect(page.getByRole('heading', { name: t.figures })).toBeVisible();
    await expect(page.getByRole('button', { name: t.unschedule })).toHaveCount(0);
    await waitFor('the newsletter as the owner read it', () => smtp.mails.some((m) => m.email.subject === 'Urgent: confirm your account'), {
      on: [smtp.changes],
    });
    await page.reload();
    await expect(page.getByRole('heading', { name: t.figures })).toBeVisible();
    await expect(history.getByRole('listitem').nth(2)).toContainText(owner.email);
    await expect(history.getByRole('listitem').nth(2)).toContainText(t.changeKinds.scheduled);
  });
});

test("an editor marks a draft ready for an owner: the owner's inbox counts and lists it on every screen, the newsletters say so; sent, it is listed no more", async ({
  page,
  browser,
}) => {
  const owner = await addAccount(dataDir);
  const editor = await addAccount(dataDir, 'editor');
  const subject = 'Our spring offer';
  const other = await browser.newContext();
  let address = '';
  try {
    // The editor writes it and says it is ready (an editor does not send).
    const editorPage = await other.newPage();
    await editorPage.setViewportSize({ width: 1280, height: 900 });
    await signIn(editorPage, editor, base, admin.content.heading);
    await editorPage.goto(`${base}/admin/newsletters/new`);
    await editorPage.getByLabel(t.subject, { exact: false }).fill(subject);
    await editorPage.getByLabel(t.name, { exact: false }).fill('spring-offer');
    await editorPage.locator('#newsletter-body').click();
    await editorPage.keyboard.type('A website check-up at half price until May.');
    await editorPage.getByRole('button', { name: t.save, exact: true }).click();
    await expect(editorPage).toHaveURL(/\/admin\/newsletters\/\d+$/);
    address = editorPage.url();
    await editorPage.getByRole('button', { name: t.markReady, exact: true }).click();
    await expect(editorPage.getByText(t.markedReady)).toBeVisible();
    await expect(editorPage.getByText(fill(t.states.ready, { by: editor.email }), { exact: true })).toBeVisible();
    await expect(editorPage.getByRole('button', { name: t.notReady, exact: true })).toBeVisible();
    await shot(editorPage, 'editor-1280-marked-ready');
  } finally {
    await other.close();
  }

  // The owner's inbox: counted beside Newsletter and listed above the leads, each a link to it.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, owner, base);
  const ready = page.getByRole('region', { name: t.readyLabel });
  await expect(ready.getByText(fillCount(t.readyHeading, 1, { count: '1' }), { exact: true })).toBeVisible();
  const link = ready.getByRole('link', { name: fill(t.readyLine, { subject, by: editor.email }), exact: true });
  await expect(link).toBeVisible();
  const bar = page.getByRole('navigation', { name: admin.nav.label });
  await expect(bar.getByRole('link', { name: new RegExp(`^${admin.nav.newsletter}`) })).toHaveText(new RegExp(`^${admin.nav.newsletter}\\s*1$`));
  await expectNoAxeFindings(page, 'the inbox with a newsletter ready');
  await shot(page, 'inbox-1280-newsletter-ready');
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(link).toBeVisible();
  await shot(page, 'inbox-375-newsletter-ready');
  await page.setViewportSize({ width: 1280, height: 900 });

  // The newsletters say so, and its page asks the owner to read and send it.
  await page.goto(`${base}/admin/newsletters`);
  await expect(page.getByRole('row', { name: new RegExp(subject) }).getByText(fill(t.states.ready, { by: editor.email }), { exact: true })).toBeVisible();
  // The mail is drawn a moment after the page: held here, then let through. Send stays where it was
  // (a press begun on it and released after the mail had pushed it down would send nothing).
  let letPreviewThrough = () => {};
  const gate = new Promise<void>((release) => (letPreviewThrough = release));
  const previewHeld = new Promise<void>((held) =>
    page.route(`**${newsletterRoutes.newsletterPreview.path}`, async (route) => {
      held();
      await gate;
      await route.continue();
    }),
  );
  await link.click();
  await expect(page).toHaveURL(address);
  await previewHeld;
  const sendButton = page.getByRole('button', { name: fillCount(t.sendNow, confirmed(), { count: confirmed() }), exact: true });
  const whereBefore = await sendButton.boundingBox();
  letPreviewThrough();
  await expect(page.getByTestId('newsletter-mail')).toBeVisible();
  await page.unroute(`**${newsletterRoutes.newsletterPreview.path}`);
  expect(await sendButton.boundingBox()).toEqual(whereBefore);
  // It names who marked it ready, and when.
  const readyNote = page.getByRole('alert').filter({ hasText: fill(t.readyForOwner, { by: editor.email, when: '' }).split('()')[0]! });
  await expect(readyNote).toBeVisible();
  await expect(readyNote).toContainText(editor.email);
  await shot(page, 'owner-1280-ready-by');
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(readyNote).toBeVisible();
  await shot(page, 'owner-375-ready-by');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Sent: no longer ready, the inbox lists it no more.
  const readers = confirmed();
  const sendNow = page.getByRole('button', { name: fillCount(t.sendNow, readers, { count: readers }), exact: true });
  await sendNow.click();
  await page.getByRole('dialog').getByRole('button', { name: t.sendConfirm, exact: true }).click();
  await expect(page.getByRole('heading', { name: t.figures })).toBeVisible();
  await expect(ready).toHaveCount(0);
  await page.goto(`${base}/admin`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(ready).toHaveCount(0);
});
