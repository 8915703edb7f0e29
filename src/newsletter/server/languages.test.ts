/**
 * The newsletter in the reader's language, against real parts: our server over real HTTP on a
 * real SQLite file, a real SMTP server in this process, the sign-up posted as the footer's box
 * posts it from a page of the site in German, the confirmation page fetched and pressed as a
 * browser does, a newsletter made from a translated article and sent by an owner. The site has a
 * second language (German, its words made here from the default ones: never the seed's config),
 * served as a build serves it (src/site/model/languageContent.ts servedLanguagesOf: languageContents, without the
 * marks of the texts left in the default language, and each page's address in German).
 */
import admin from '../../../config/admin';
import server from '../../../config/server';
import { api } from '../../platform/api';
import { encodeAttribution } from '../../site/model/attribution';
import { articleSchema, type Article } from '../../site/model/articleSchema';
import { servedLanguagesOf } from '../../site/model/languageContent';
import { FALLBACK_MARKS } from '../../site/model/fallbackMarks';
import { siteSchema } from '../../site/model/siteSchema';
import type { SiteContent } from '../../site/model/siteContent';
import { translatableTexts, type TranslationFile } from '../../site/model/translation';
import type { Schema } from '../../schema/schema';
import { escapeHtml, fill } from '../../schema/text';
import { personKey } from '../../leads/model/person';
import { loadRealContent } from '../../test/realConfig';
import { startSignedIn, submit, type TestServer, type Client } from '../../test/adminServer';
import { mailSettingsTo, type SmtpReceiver, startSmtp, waitFor } from '../../test/receivers';
import { newsletterRoutes, UNSUBSCRIBE_PATH, type NewsletterDetail, type NewsletterList, type NewsletterPreview } from '../model/newsletterApi';
import { adminRoutes, pathOf } from '../../platform/inboxRoutes';
import { parseCsv } from '../../test/csv';

jest.setTimeout(120_000);

const GERMAN = { code: 'de-DE', name: 'Deutsch', prefix: '/de' };
const PUBLIC_URL = 'https://www.agency.example';
/** The sign-ups' clock: 28 November 2026, noon (UTC); a sign-up is deleted unless confirmed unconfirmedDays later. */
const NOW = Date.UTC(2026, 10, 28, 12);
/** How that day is written in each language (Intl, the agency's time zone): the figures of this test, not copy. */
const DELETED_ON = { 'en-GB': '28 December 2026', 'de-DE': '28. Dezember 2026' };

/** "German" words made from the default ones: recognisably other, their {placeholders} kept. */
const german = (text: string) =>
  `Ü${text
    .split(/(\{\w+\})/)
    .map((part, i) => (i % 2 ? part : part.toUpperCase()))
    .join('')}`;
/** A translation file giving every text of a value in "German" (`own` texts by key path as given), but those `leftOut` (not translated yet). */
const inGerman = (schema: Schema<unknown>, value: unknown, own: Record<string, string> = {}, leftOut: string[] = []): TranslationFile => ({
  texts: Object.fromEntries(
    translatableTexts(schema, value)
      .filter((t) => !leftOut.includes(t.path))
      .map((t) => [t.path, { text: own[t.path] ?? german(t.text), source: t.text }]),
  ),
});
/** The texts of the confirmation and unsubscribe pages left untranslated: they show in the default language, saying so with their `lang`. */
const NOT_TRANSLATED = ['newsletter.confirmPage.text', 'unsubscribePage.text'];
/** The contact page's own address in German, after the prefix (its translation file's `address`). */
const CONTACT_IN_GERMAN = '/Kontakt';
/** The German words of the confirmation mail's last part: they write the day ({date}) where the default ones write the days. */
const GERMAN_AFTER = 'ÜGELÖSCHT AM {date}, NACH {days} TAGEN.';

let content: SiteContent;
let germanSite: SiteContent['site'];
let article: Article;
let smtp: SmtpReceiver;
let s: TestServer;
let owner: Client;

beforeAll(async () => {
  const real = await loadRealContent();
  const site = { ...real.site, languages: { ...real.site.languages, others: [GERMAN] } };
  article = real.articles[0]!;
  const { id: _unused, ...articleFile } = article;
  content = {
    ...real,
    site,
    translations: {
      [GERMAN.code]: {
        'config/site.ts': inGerman(siteSchema, site, { 'newsletter.confirmMail.after': GERMAN_AFTER }, NOT_TRANSLATED),
        [`config/articles/${article.id}.ts`]: inGerman(articleSchema, articleFile),
        // A page at its own address in German (the rest under the prefix at their default ones).
        'config/pages/contact.ts': { address: CONTACT_IN_GERMAN, texts: {} },
      },
    },
  };
  // As a build serves it: each other language's words of the site and the forms, without the render's marks, and its pages' addresses.
  const served = servedLanguagesOf(content).languages!;
  germanSite = served[GERMAN.code]!.site;
  expect(JSON.stringify(germanSite)).not.toMatch(MARKS);

  smtp = await startSmtp();
  const settings = mailSettingsTo(smtp.port, { PUBLIC_URL });
  ({ server: s, client: owner } = await startSignedIn({
    // The visitors' mails by the server's clock too (one confirmation a day per mailbox: the test moves to the next day).
    notifications: { settings, log: { warn: () => undefined }, clock: () => s?.clock.now ?? NOW },
    newsletter: { pool: { connections: 1, messagesPerConnection: 100 }, rate: { messages: 0, perSeconds: 1 } },
  }));
  s.app.served.takeServedContent({ site, routes: real.routes, forms: real.forms, moved: real.moved, languages: served });
  s.clock.now = NOW;
});
afterAll(async () => {
  await s?.close();
  await smtp?.close();
  const real = await loadRealContent();
  s?.app.served.takeServedContent({ site: real.site, routes: real.routes, forms: real.forms, moved: real.moved });
});

let n = 0;
const someone = (name: string) => `${name}.${process.pid}.${++n}@example.com`;
const mailsTo = (address: string) => smtp.mails.filter((m) => m.envelope.to.some((to) => personKey(to) === personKey(address)));
const languageOf = (address: string) => s.app.store.db.prepare('SELECT language FROM subscribers WHERE person = ?').pluck().get(personKey(address));

/** Signs up in the footer's box of the page at `formPage`, and answers the one confirmation mail's text and its link on this server. */
async function signUp(address: string, formPage: string) {
  await submit(s, 'newsletter', { Email: address }, { [api.sourceHeader]: encodeAttribution({ landingPage: formPage, formPage }) });
  await waitFor('the confirmation mail', () => mailsTo(address).length === 1, { on: [smtp.changes] });
  const mail = mailsTo(address)[0]!;
  const link = new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}${api.newsletterConfirm}\\?token=[A-Za-z0-9._-]+`).exec(mail.email.text ?? '')![0];
  const url = new URL(link);
  return { mail, link, local: `${s.base}${url.pathname}${url.search}`, token: url.searchParams.get('token')! };
}

const press = (token: string) =>
  fetch(s.base + api.newsletterConfirm, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: s.base, 'sec-fetch-site': 'same-origin' },
    body: new URLSearchParams({ token }).toString(),
  });

const headingOf = (html: string) => /<h1>([^<]*)<\/h1>/.exec(html)?.[1];
const langOf = (html: string) => /<html lang="([^"]*)"/.exec(html)?.[1];
/** Every element of a page or mail that says its language: its name and its lang, in order. */
const langsOf = (html: string) => [...html.matchAll(/<(\w+)\b(?:[^>"']|"[^"]*"|'[^']*')*?\slang="([^"]*)"/g)].map((m) => [m[1], m[2]]);
/** Any of the fallback marks (a text left in the default language, before its element says so). */
const MARKS = new RegExp(`[${FALLBACK_MARKS.start}${FALLBACK_MARKS.end}]`);

describe('a sign-up from a page in German', () => {
  it('keeps the subscriber’s language, and mails the confirmation in the German words, its day written as German writes it', async () => {
    const address = someone('Leserin');
    const { mail, link } = await signUp(address, '/de');
    expect(languageOf(address)).toBe(GERMAN.code);
    const words = germanSite.newsletter.confirmMail;
    expect(words.subject).not.toBe(content.site.newsletter.confirmMail.subject);
    expect(mail.email.subject).toBe(words.subject);
    const after = fill(GERMAN_AFTER, { date: DELETED_ON['de-DE'], days: String(server.newsletter.unconfirmedDays) });
    expect(mail.email.text?.trimEnd()).toBe([words.text, `${words.button}\n${link}`, after].join('\n\n'));
    // The consent kept: what the box said beside it, in German as it was shown.
    const consent = s.app.store.db.prepare('SELECT consent_words FROM subscribers WHERE person = ?').pluck().get(personKey(address)) as string;
    expect(consent.split('\n').slice(0, 2)).toEqual([germanSite.footer.newsletter.heading, germanSite.footer.newsletter.text]);
  });

  it('lands on the confirmation page in German (its lang, its words, its link home to the German home page), and its answer too', async () => {
    const { local, token } = await signUp(someone('Leser'), '/de/Blog');
    const page = await (await fetch(local)).text();
    expect(langOf(page)).toBe(GERMAN.code);
    expect(headingOf(page)).toBe(escapeHtml(germanSite.newsletter.confirmPage.heading));
    expect(page).toContain(`>${escapeHtml(germanSite.newsletter.confirmPage.button)}</button>`);
    expect(page).toContain(`<a href="${GERMAN.prefix}">${escapeHtml(germanSite.newsletter.home)}</a>`);
    // Its text not translated yet: in the default language, each of its paragraphs saying so; nothing else is marked (after the page's own <html lang>).
    const marked = [...page.matchAll(/<(\w+) lang="([^"]*)">/g)].map((m) => [m[1], m[2]]).slice(1);
    const paragraphs = content.site.newsletter.confirmPage.text.split(/\n\s*\n/).filter((part) => part.trim() !== '');
    expect(marked).toEqual(paragraphs.map(() => ['p', content.site.languages.default.code]));
    const answered = await (await press(token)).text();
    expect(headingOf(answered)).toBe(escapeHtml(germanSite.newsletter.confirmed.heading));
    expect(langOf(answered)).toBe(GERMAN.code);
  });
});

describe('an owner’s Send again of a German sign-up’s confirmation', () => {
  it('mails it in German again, the same day of deletion written the German way', async () => {
    const address = someone('Wartende');
    const { link } = await signUp(address, '/de/Blog');
    const id = s.app.store.db.prepare('SELECT id FROM subscribers WHERE person = ?').pluck().get(personKey(address)) as number;
    // The next day (one confirmation a day per mailbox), the owner signed in again.
    s.clock.now += 86_400_000;
    expect((await owner.signIn('owner@agency.test')).status).toBe(204);
    const resent = await owner.change('POST', pathOf('resendConfirmation', { subscriberId: String(id) }));
    expect([resent.status, resent.status === 200 ? '' : await resent.text()]).toEqual([200, '']);
    await waitFor('the second confirmation mail', () => mailsTo(address).length === 2, { on: [smtp.changes] });
    const words = germanSite.newsletter.confirmMail;
    const after = fill(GERMAN_AFTER, { date: DELETED_ON['de-DE'], days: String(server.newsletter.unconfirmedDays) });
    const again = mailsTo(address)[1]!;
    expect(again.email.subject).toBe(words.subject);
    expect(again.email.text?.trimEnd()).toBe([words.text, `${words.button}\n${link}`, after].join('\n\n'));
  });
});

describe('a sign-up from a page in the default language of a site in two', () => {
  it('mails the confirmation exactly as a site in one language does: the default words, {days} as before', async () => {
    const address = someone('Reader');
    const { mail, link, local } = await signUp(address, '/Blog');
    expect(languageOf(address)).toBe('en-GB');
    const words = content.site.newsletter.confirmMail;
    expect(mail.email.subject).toBe(words.subject);
    expect(mail.email.text?.trimEnd()).toBe(
      [words.text, `${words.button}\n${link}`, fill(words.after, { days: server.newsletter.unconfirmedDays, date: DELETED_ON['en-GB'] })].join('\n\n'),
    );
    const page = await (await fetch(local)).text();
    expect(headingOf(page)).toBe(escapeHtml(content.site.newsletter.confirmPage.heading));
    expect(page).toContain(`<a href="/">${escapeHtml(content.site.newsletter.home)}</a>`);
  });
});

describe('a newsletter made from a translated article', () => {
  let made: NewsletterDetail;
  const deReader = { address: someone('Abonnentin'), mail: undefined as undefined | ReturnType<typeof mailsTo>[number] };
  const enReader = { address: someone('Subscriber'), mail: undefined as undefined | ReturnType<typeof mailsTo>[number] };

  beforeAll(async () => {
    for (const [reader, page] of [
      [deReader, '/de'],
      [enReader, '/'],
    ] as const) {
      const { token } = await signUp(reader.address, page);
      expect((await press(token)).status).toBe(200);
    }
    const { id, title, summary, address, cover, body } = article;
    const { id: _id, ...articleFile } = article;
    const response = await owner.change('POST', newsletterRoutes.newsletterCreate.path, {
      json: {
        fromArticle: { id, title, summary, address, cover, body, translations: { [GERMAN.code]: withBadSummary(inGerman(articleSchema, articleFile)) } },
      },
    });
    expect(response.status).toBe(200);
    made = (await response.json()) as NewsletterDetail;
    const detail = (await (await owner.send('GET', pathOf('newsletter', { id: String(made.id) }))).json()) as NewsletterDetail;
    const sent = await owner.change('POST', pathOf('newsletterSend', { id: String(made.id) }), { json: { revision: detail.revision } });
    expect(sent.status).toBe(200);
    await waitFor('both readers’ newsletters', () => mailsTo(deReader.address).length === 2 && mailsTo(enReader.address).length === 2, { on: [smtp.changes] });
    deReader.mail = mailsTo(deReader.address)[1];
    enReader.mail = mailsTo(enReader.address)[1];
  });

  /** A request may carry anything: a translation that is no words (the summary's) is left out, its text in the default language. */
  const withBadSummary = (file: TranslationFile) => ({ texts: { ...file.texts, summary: { text: 42, source: article.summary } } });

  it('goes to a German reader in the article’s German words, its link to the article’s German page, its foot and unsubscribe link in German', async () => {
    const { email } = deReader.mail!;
    expect(email.subject).toBe(german(article.title));
    const paragraph = article.body.find((block) => block.type === 'paragraph')!;
    const firstWords = paragraph.type === 'paragraph' ? paragraph.content[0]!.text : '';
    expect(email.text).toContain(german(firstWords));
    expect(email.text).not.toContain(firstWords);
    expect(email.text).toContain(article.summary);
    expect(email.html).toMatch(new RegExp(`^<!doctype html>\\n<html lang="${GERMAN.code}">`));
    const articleLink = `${PUBLIC_URL}${germanSite.articles.path}/${article.address}?utm_source=newsletter&utm_campaign=${made.name}`;
    expect(germanSite.articles.path.startsWith(`${GERMAN.prefix}/`)).toBe(true);
    expect(email.text).toContain(`${germanSite.newsletterMail.readOnSite}: ${articleLink}`);
    const words = germanSite.newsletterMail;
    expect(email.text).toContain(fill(words.why, { brand: germanSite.brand.name }));
    const token = new RegExp(`${UNSUBSCRIBE_PATH}/([^\\s]+)`).exec(email.text ?? '')![1]!;
    expect(email.text).toContain(fill(words.unsubscribeText, { link: `${PUBLIC_URL}${UNSUBSCRIBE_PATH}/${token}` }));
    expect(email.html).toContain(`>${escapeHtml(words.unsubscribe)}</a>`);
    // Its unsubscribe page: in German.
    const page = await (await fetch(`${s.base}${UNSUBSCRIBE_PATH}/${token}`)).text();
    expect(langOf(page)).toBe(GERMAN.code);
    expect(headingOf(page)).toBe(escapeHtml(germanSite.unsubscribePage.heading));
    // Its text not translated yet: in the default language, saying so.
    expect([...page.matchAll(/<p lang="([^"]*)">([^<]*)</g)].map((m) => [m[1], m[2]])).toEqual([
      [content.site.languages.default.code, escapeHtml(content.site.unsubscribePage.text)],
    ]);
  });

  it('marks the text its translation left in the default language (the summary) with that language’s lang, as the site’s pages do; no mark shows anywhere', async () => {
    const { email } = deReader.mail!;
    const html = String(email.html);
    const first = content.site.languages.default.code;
    // The summary's words (its one run, in italics) say the default language; nothing else but the mail's own <html lang>.
    expect(html).toContain(`<em lang="${first}">${escapeHtml(article.summary)}</em>`);
    expect(langsOf(html)).toEqual([
      ['html', GERMAN.code],
      ['em', first],
    ]);
    for (const part of [email.subject, html, email.text]) expect(part).not.toMatch(MARKS);
    expect(email.text!.split('\n\n')).toContain(article.summary);
  });

  /** A mail's text with its unsubscribe link's token (each reader's own) left out (and the line end the mail's transfer adds). */
  const untokened = (text: string | false | undefined) =>
    String(text)
      .trimEnd()
      .replace(new RegExp(`${UNSUBSCRIBE_PATH}/[^\\s"]+`, 'g'), UNSUBSCRIBE_PATH);

  it('lists the site’s languages for the preview’s choice, the default first', async () => {
    const list = (await (await owner.send('GET', newsletterRoutes.newsletters.path)).json()) as NewsletterList;
    expect(list.languages).toEqual([
      { code: content.site.languages.default.code, name: content.site.languages.default.name },
      { code: GERMAN.code, name: GERMAN.name },
    ]);
  });

  it('previews it in German exactly as its German readers got it, and in the default language without one', async () => {
    const draft = { subject: made.subject, name: made.name, body: made.body };
    const preview = async (json: object) =>
      (await (await owner.change('POST', newsletterRoutes.newsletterPreview.path, { json: { ...draft, ...json } })).json()) as NewsletterPreview;
    const inGermanPreview = await preview({ language: GERMAN.code, id: made.id });
    expect(inGermanPreview.subject).toBe(deReader.mail!.email.subject);
    expect(untokened(inGermanPreview.text)).toBe(untokened(deReader.mail!.email.text));
    expect(inGermanPreview.html).toMatch(new RegExp(`^<!doctype html>\\n<html lang="${GERMAN.code}">`));
    // Its HTML too, its text left in the default language marked as in the mail.
    expect(untokened(inGermanPreview.html)).toBe(untokened(deReader.mail!.email.html));
    // Without the language, or in one the site does not have: the default language's, as its readers got it.
    for (const other of [{}, { language: 'fr-FR', id: made.id }]) {
      const shown = await preview(other);
      expect(shown.subject).toBe(enReader.mail!.email.subject);
      expect(untokened(shown.text)).toBe(untokened(enReader.mail!.email.text));
      expect(untokened(shown.html)).toBe(untokened(enReader.mail!.email.html));
    }
  });

  it('marks nothing in a German reader’s newsletter from an article translated whole (a text translated as the same words too), nor in a reader’s of the default language: their HTML is written as before', async () => {
    const { id, title, summary, address, cover, body } = article;
    const { id: _id, ...articleFile } = article;
    // Its first text of its body translated as the same words (a name is): German all the same.
    const same = translatableTexts(articleSchema, articleFile).find((t) => t.path.startsWith('body'))!;
    const translations = { [GERMAN.code]: inGerman(articleSchema, articleFile, { [same.path]: same.text }) };
    const response = await owner.change('POST', newsletterRoutes.newsletterCreate.path, {
      json: { fromArticle: { id, title, summary, address, cover, body, translations } },
    });
    expect(response.status).toBe(200);
    const whole = (await response.json()) as NewsletterDetail;
    const preview = async (language?: string) =>
      (await (
        await owner.change('POST', newsletterRoutes.newsletterPreview.path, {
          json: { subject: whole.subject, name: whole.name, body: whole.body, ...(language ? { language, id: whole.id } : {}) },
        })
      ).json()) as NewsletterPreview;
    const [inGermanWhole, inFirst] = [await preview(GERMAN.code), await preview()];
    expect(inGermanWhole.subject).toBe(german(article.title));
    expect(inGermanWhole.text).toContain(german(article.summary));
    expect(inGermanWhole.html).toContain(`>${escapeHtml(same.text)}<`);
    // markFallbacks adds a lang and takes the marks out, nothing else: no lang but the mail's own, no mark, is the HTML as before.
    expect(langsOf(inGermanWhole.html)).toEqual([['html', GERMAN.code]]);
    expect(langsOf(inFirst.html)).toEqual([['html', content.site.languages.default.code]]);
    expect(langsOf(String(enReader.mail!.email.html))).toEqual([['html', content.site.languages.default.code]]);
    for (const part of [inGermanWhole.html, inGermanWhole.text, inFirst.html, inFirst.text]) expect(part).not.toMatch(MARKS);
  });

  it('sends a test in German as its German readers got it, its subject marked as a test', async () => {
    const tester = 'owner@agency.test';
    const before = mailsTo(tester).length;
    const tested = await owner.change('POST', pathOf('newsletterTest', { id: String(made.id) }), { json: { language: GERMAN.code } });
    expect(tested.status).toBe(204);
    await waitFor('the test mail', () => mailsTo(tester).length === before + 1, { on: [smtp.changes] });
    const { email } = mailsTo(tester)[before]!;
    expect(email.subject).toBe(fill(admin.newsletters.testSubject, { subject: deReader.mail!.email.subject! }));
    expect(untokened(email.text)).toBe(untokened(deReader.mail!.email.text));
    expect(email.html).toMatch(new RegExp(`^<!doctype html>\\n<html lang="${GERMAN.code}">`));
  });

  it('exports the subscribers with the language each signed up in, by its name, in a last column', async () => {
    const exported = await owner.send('GET', `${adminRoutes.subscribersExport.path}?state=confirmed`);
    expect(exported.status).toBe(200);
    const [header, ...rows] = parseCsv((await exported.text()).replace(/^\uFEFF/, ''));
    const c = admin.subscribers.columns;
    expect(header).toEqual([
      c.email,
      c.state,
      c.signedUpAt,
      c.page,
      c.source,
      c.campaign,
      c.confirmedAt,
      c.unsubscribedAt,
      c.bouncedAt,
      c.consentWords,
      admin.languages.language,
    ]);
    const languageOfRow = (address: string) => rows.find((row) => row[0] === address)?.at(-1);
    expect(languageOfRow(deReader.address)).toBe(GERMAN.name);
    expect(languageOfRow(enReader.address)).toBe(content.site.languages.default.name);
  });

  it('goes to a reader of the default language as it was written', async () => {
    const { email } = enReader.mail!;
    expect(email.subject).toBe(article.title);
    expect(email.text).toContain(
      `${content.site.newsletterMail.readOnSite}: ${PUBLIC_URL}${content.site.articles.path}/${article.address}?utm_source=newsletter`,
    );
    expect(email.text).toContain(fill(content.site.newsletterMail.why, { brand: content.site.brand.name }));
    expect(email.html).toMatch(/^<!doctype html>\n<html lang="en-GB">/);
    const token = new RegExp(`${UNSUBSCRIBE_PATH}/([^\\s]+)`).exec(email.text ?? '')![1]!;
    const page = await (await fetch(`${s.base}${UNSUBSCRIBE_PATH}/${token}`)).text();
    expect(headingOf(page)).toBe(escapeHtml(content.site.unsubscribePage.heading));
  });

  it('says each reader’s language in the Content-Language of their confirmation mail and their newsletter, whose HTML part says it in its <html lang>', async () => {
    const contentLanguage = (mail: ReturnType<typeof mailsTo>[number]) => mail.email.headers.find((h) => h.key === 'content-language')?.value;
    for (const [reader, code] of [
      [deReader, GERMAN.code],
      [enReader, content.site.languages.default.code],
    ] as const) {
      const [confirmation, newsletter] = mailsTo(reader.address);
      expect([contentLanguage(confirmation!), confirmation!.email.html]).toEqual([code, undefined]);
      expect(contentLanguage(newsletter!)).toBe(code);
      expect(langOf(String(newsletter!.email.html))).toBe(code);
    }
  });

  it('sends a newsletter written in the inbox to a German reader as written, its foot in German and marked so', async () => {
    const body = [{ type: 'paragraph', content: [{ text: `Written in the inbox ${process.pid}` }] }];
    const response = await owner.change('POST', newsletterRoutes.newsletterCreate.path, {
      json: { subject: 'Inbox news', name: `inbox-news-${process.pid}`, body },
    });
    const written = (await response.json()) as NewsletterDetail;
    const sent = await owner.change('POST', pathOf('newsletterSend', { id: String(written.id) }), { json: { revision: written.revision } });
    expect(sent.status).toBe(200);
    await waitFor('the German reader’s second newsletter', () => mailsTo(deReader.address).length === 3, { on: [smtp.changes] });
    const { email } = mailsTo(deReader.address)[2]!;
    expect(email.subject).toBe('Inbox news');
    expect(email.text).toContain(body[0]!.content[0]!.text);
    expect(email.text).toContain(fill(germanSite.newsletterMail.why, { brand: germanSite.brand.name }));
    expect(email.html).toMatch(/^<!doctype html>\n<html lang="en-GB">/);
    expect(email.html).toContain(`<td lang="${GERMAN.code}" style=`);
    // Its audience's language all the same.
    expect(email.headers.find((h) => h.key === 'content-language')?.value).toBe(GERMAN.code);
  });

  it('marks a German reader’s foot words not translated yet with the default language’s lang, inside the foot that says German; its text part shows no mark', async () => {
    const site = content.site;
    const leftOut = [...NOT_TRANSLATED, 'newsletterMail.why'];
    const untranslatedFoot: SiteContent = {
      ...content,
      translations: { [GERMAN.code]: { ...content.translations![GERMAN.code], 'config/site.ts': inGerman(siteSchema, site, {}, leftOut) } },
    };
    const real = await loadRealContent();
    const served = { site, routes: real.routes, forms: real.forms, moved: real.moved };
    const languages = servedLanguagesOf(untranslatedFoot).languages!;
    s.app.served.takeServedContent({ ...served, languages });
    try {
      const body = [{ type: 'paragraph', content: [{ text: `Foot ${process.pid}` }] }];
      const response = await owner.change('POST', newsletterRoutes.newsletterPreview.path, {
        json: { subject: 'Foot', name: `foot-${process.pid}`, body, language: GERMAN.code },
      });
      const shown = (await response.json()) as NewsletterPreview;
      const first = site.languages.default.code;
      // Its words the default language's, its brand's name the German one.
      const why = fill(site.newsletterMail.why, { brand: languages[GERMAN.code]!.site.brand.name });
      // The why's paragraph, and nothing else, says the default language (within the foot's German).
      expect(langsOf(shown.html)).toEqual([
        ['html', first],
        ['td', GERMAN.code],
        ['p', first],
      ]);
      expect(shown.html).toContain(` lang="${first}">${escapeHtml(why)}</p>`);
      expect(shown.text).toContain(`\n-- \n${why}\n`);
      for (const part of [shown.subject, shown.html, shown.text]) expect(part).not.toMatch(MARKS);
    } finally {
      s.app.served.takeServedContent({ ...served, languages: servedLanguagesOf(content).languages });
    }
  });

  it('leads a German reader’s links to the site’s pages to their German pages (a translated address, an alias, the home page; written as a path or whole at the site’s own address), another site’s as written; a reader of the default language’s as written', async () => {
    const marker = `Links ${process.pid}`;
    // The site's own address as config/site.ts gives it (beside PUBLIC_URL): a link written whole there keeps it.
    const siteUrl = content.site.brand.url;
    const body = [
      {
        type: 'paragraph',
        content: [
          { text: marker },
          { text: 'contact', href: '/contact?topic=1#form' },
          { text: 'other', href: 'https://example.org/Contact' },
          { text: 'contact, whole', href: `${PUBLIC_URL}/contact?topic=2#form` },
          { text: 'blog, at the site address', href: `${siteUrl}/Blog` },
          { text: 'no page', href: `${PUBLIC_URL}/no-such-page` },
        ],
      },
      { type: 'link', text: 'Home', href: '/home' },
      { type: 'link', text: 'Blog', href: '/Blog' },
    ];
    const response = await owner.change('POST', newsletterRoutes.newsletterCreate.path, {
      json: { subject: 'Links', name: `links-${process.pid}`, body },
    });
    expect([response.status, response.status === 200 ? '' : await response.clone().text()]).toEqual([200, '']);
    const written = (await response.json()) as NewsletterDetail;
    const sent = await owner.change('POST', pathOf('newsletterSend', { id: String(written.id) }), { json: { revision: written.revision } });
    expect(sent.status).toBe(200);
    const withMarker = (address: string) => mailsTo(address).find((m) => m.email.text?.includes(marker));
    await waitFor('both readers’ newsletters with links', () => withMarker(deReader.address) !== undefined && withMarker(enReader.address) !== undefined, {
      on: [smtp.changes],
    });
    const campaign = `utm_source=newsletter&utm_campaign=${written.name}`;
    const linksOf = (html: string) =>
      [...html.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1]!.replace(/&#38;|&amp;/g, '&')).filter((href) => !href.includes(UNSUBSCRIBE_PATH));
    expect(linksOf(withMarker(deReader.address)!.email.html as string)).toEqual([
      `${PUBLIC_URL}${GERMAN.prefix}?${campaign}`,
      `${PUBLIC_URL}${GERMAN.prefix}${CONTACT_IN_GERMAN}?topic=1&${campaign}#form`,
      'https://example.org/Contact',
      `${PUBLIC_URL}${GERMAN.prefix}${CONTACT_IN_GERMAN}?topic=2&${campaign}#form`,
      `${siteUrl}${GERMAN.prefix}/Blog`,
      `${PUBLIC_URL}/no-such-page?${campaign}`,
      `${PUBLIC_URL}${GERMAN.prefix}?${campaign}`,
      `${PUBLIC_URL}${GERMAN.prefix}/Blog?${campaign}`,
    ]);
    expect(withMarker(deReader.address)!.email.text).toContain(`(${PUBLIC_URL}${GERMAN.prefix}${CONTACT_IN_GERMAN}?topic=1&${campaign}#form)`);
    expect(linksOf(withMarker(enReader.address)!.email.html as string)).toEqual([
      `${PUBLIC_URL}/?${campaign}`,
      `${PUBLIC_URL}/contact?topic=1&${campaign}#form`,
      'https://example.org/Contact',
      `${PUBLIC_URL}/contact?topic=2&${campaign}#form`,
      `${siteUrl}/Blog`,
      `${PUBLIC_URL}/no-such-page?${campaign}`,
      `${PUBLIC_URL}/home?${campaign}`,
      `${PUBLIC_URL}/Blog?${campaign}`,
    ]);
  });
});
