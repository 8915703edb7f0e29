/**
 * A newsletter as mail: HTML that mail programs draw (one column of nested tables, every style
 * inline, nothing in a <style> element or from another file, nothing that needs a wide screen:
 * at most 600 px wide and narrower with the screen) and its plain-text part, both from the same
 * typed blocks as the articles (src/site/model/articleSchema.ts), every text escaped for its place.
 * Under every mail: why the reader gets it, the agency's name and postal address (config/site.ts
 * contact.address), and a visible unsubscribe link (config/site.ts newsletterMail).
 *
 * No tracking: no pixel, no picture of ours that is not in the text, no link rewritten to pass
 * through the site. Links to pages of the site carry `utm_source=newsletter` and
 * `utm_campaign=<its name>`, which the site's visit counts and leads' sources already read
 * (src/site/model/attribution.ts): its visits and leads are counted as any campaign's are.
 *
 * The reader's own unsubscribe link is not in what this makes: `marker` stands where it goes,
 * replaced for each reader when the mail is sent (personal).
 *
 * A text still in the default language in a mail to readers of another (newsletters.ts mailOf) is
 * between the fallback marks (src/site/model/fallbackMarks.ts): the HTML, once written, goes
 * through markFallbacks, which gives its element the default language's `lang`, as the site's
 * pages do; the plain-text part and the subject never show a mark.
 */
import type { ArticleBlock, InlineRun } from '../../site/model/articleSchema';
import type { SiteConfig } from '../../site/model/siteSchema';
import { siteLinkOf } from '../../schema/addresses';
import { editorImageAddress } from '../../content/model/contentApi';
import { UPLOAD_NAME, UPLOADS_PATH } from '../../platform/uploads';
import { NEWSLETTER_PICTURES } from '../model/newsletterApi';
import { escapeHtml, fill } from '../../schema/text';
import { htmlLangOf, languageCodeOf } from './site';
import { markFallbacks, withoutMarks } from '../../site/model/fallbackMarks';

export interface NewsletterMail {
  subject: string;
  html: string;
  text: string;
  /** Where the reader's unsubscribe link goes, in both parts. */
  marker: string;
  /** The readers' language (its code in config/site.ts languages): the mail's Content-Language (queue.ts). */
  language: string;
}

export interface RenderOptions {
  subject: string;
  /** Its name: the utm_campaign of its links to the site. */
  name: string;
  /** Its text: a text left in the default language (in a mail in another) between the fallback marks. */
  body: readonly ArticleBlock[];
  /** The site's content as served (config/site.ts): the words (`newsletterMail`'s why and unsubscribe may be marked as the text's), the colours, the agency's name and address. */
  site: Pick<SiteConfig, 'brand' | 'contact' | 'newsletterMail' | 'languages'>;
  /** The site's public address (PUBLIC_URL): links to its pages and its pictures start with it. */
  publicUrl: string;
  marker: string;
  /** Where pictures are loaded from: the readers' mail (the site's public address, the default), or the inbox's preview (its own addresses). */
  pictures?: 'mail' | 'inbox';
  /**
   * The languages it is written in (config/site.ts languages' codes): its text's, and its foot's (the
   * reader's: `site`'s words are in it), marked on the foot when they differ; and the home page
   * its brand links to. Left out: the site's default language (its home "/"; its `lang` site.ts htmlLangOf's).
   */
  language?: { text: string; foot: string; home: string };
}

const FONT = 'Arial,Helvetica,sans-serif';

/**
 * A link as the mail carries it: a page of the site (written "/Contact", or with the site's own
 * address) made whole with the campaign's parameters added; a mail or phone link and another
 * site's https address as they are; anything else (a "#part" of a page) is no link.
 */
function mailLink(href: string, publicUrl: string, name: string): string | undefined {
  const base = new URL(publicUrl);
  let url: URL;
  if (siteLinkOf(href)) url = new URL(href, base);
  else if (/^(mailto|tel):/i.test(href)) return href;
  else {
    try {
      url = new URL(href);
    } catch {
      return undefined;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    if (url.origin !== base.origin) return url.href;
  }
  url.searchParams.set('utm_source', 'newsletter');
  url.searchParams.set('utm_campaign', name);
  return url.href;
}

/**
 * A picture's address: the site's own, made whole; an upload of the editor's by the newsletter's
 * own address for it (NEWSLETTER_PICTURES); in the inbox's preview, the inbox's own addresses. A
 * picture of another site is not drawn (it could count the readers).
 */
function pictureSource(src: string, options: RenderOptions): string | undefined {
  const link = siteLinkOf(src);
  if (!link) return undefined;
  // Mail programs draw no SVG (Gmail, Outlook): such a picture is left out, its caption stays.
  if (/\.svg$/i.test(link.path)) return undefined;
  const upload =
    link.path.startsWith(UPLOADS_PATH) && UPLOAD_NAME.test(link.path.slice(UPLOADS_PATH.length)) ? link.path.slice(UPLOADS_PATH.length) : undefined;
  if (options.pictures === 'inbox') return upload ? editorImageAddress(src) : src;
  return new URL(upload ? `${NEWSLETTER_PICTURES}/${upload}` : src, new URL(options.publicUrl)).href;
}

interface Palette {
  text: string;
  muted: string;
  link: string;
  page: string;
  card: string;
  line: string;
}

function runsHtml(runs: readonly InlineRun[], options: RenderOptions, palette: Palette): string {
  return runs
    .map((run) => {
      let html = escapeHtml(run.text).replace(/\r?\n/g, '<br>');
      if (run.bold) html = `<strong>${html}</strong>`;
      if (run.italic) html = `<em>${html}</em>`;
      const href = run.href === undefined ? undefined : mailLink(run.href, options.publicUrl, options.name);
      if (href) html = `<a href="${escapeHtml(href)}" style="color:${palette.link};text-decoration:underline">${html}</a>`;
      return html;
    })
    .join('');
}

function blockHtml(block: ArticleBlock, options: RenderOptions, palette: Palette): string {
  const text = `font-family:${FONT};color:${palette.text}`;
  switch (block.type) {
    case 'heading': {
      const size = block.level === 2 ? 22 : 18;
      return `<h${block.level} style="${text};font-size:${size}px;line-height:1.3;margin:24px 0 8px">${escapeHtml(block.text)}</h${block.level}>`;
    }
    case 'paragraph':
      return `<p style="${text};font-size:16px;line-height:1.6;margin:0 0 16px">${runsHtml(block.content, options, palette)}</p>`;
    case 'list': {
      const tag = block.ordered ? 'ol' : 'ul';
      const items = block.items.map((item) => `<li style="margin:0 0 6px">${runsHtml(item, options, palette)}</li>`).join('');
      return `<${tag} style="${text};font-size:16px;line-height:1.6;margin:0 0 16px;padding:0 0 0 24px">${items}</${tag}>`;
    }
    case 'quote':
      return [
        `<blockquote style="${text};font-size:16px;line-height:1.6;margin:0 0 16px;padding:4px 0 4px 16px;border-left:4px solid ${palette.line}">`,
        runsHtml(block.content, options, palette),
        block.cite ? `<br><span style="color:${palette.muted};font-size:14px">${escapeHtml(block.cite)}</span>` : '',
        '</blockquote>',
      ].join('');
    case 'picture': {
      const src = pictureSource(block.image.src, options);
      const caption = block.caption
        ? `<p style="${text};color:${palette.muted};font-size:14px;line-height:1.4;margin:6px 0 0">${escapeHtml(block.caption)}</p>`
        : '';
      if (!src) return caption ? `<div style="margin:0 0 16px">${caption}</div>` : '';
      // Drawn at most the column's width (552 px), never wider than the screen, its proportions kept.
      const width = Math.min(552, block.image.width);
      return `<div style="margin:0 0 16px"><img src="${escapeHtml(src)}" alt="${escapeHtml(block.image.alt)}" width="${width}" style="display:block;width:100%;max-width:${width}px;height:auto;border:0">${caption}</div>`;
    }
    case 'link': {
      const href = mailLink(block.href, options.publicUrl, options.name);
      if (!href) return `<p style="${text};font-size:16px;line-height:1.6;margin:0 0 16px">${escapeHtml(block.text)}</p>`;
      // A button: a table cell with its colour (drawn by every mail program), the link filling it.
      return [
        '<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px"><tr>',
        `<td style="background:${palette.link};border-radius:6px">`,
        `<a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;font-family:${FONT};font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none">${escapeHtml(block.text)}</a>`,
        '</td></tr></table>',
      ].join('');
    }
  }
}

/** Runs as text: a link's address after its words, unless they are the address. */
function runsText(runs: readonly InlineRun[], options: RenderOptions): string {
  return runs
    .map((run) => {
      const href = run.href === undefined ? undefined : mailLink(run.href, options.publicUrl, options.name);
      return href && href !== run.text && !href.startsWith('mailto:') && !href.startsWith('tel:') ? `${run.text} (${href})` : run.text;
    })
    .join('');
}

function blockText(block: ArticleBlock, options: RenderOptions): string {
  switch (block.type) {
    case 'heading':
      return `${block.text}\n${(block.level === 2 ? '=' : '-').repeat(Math.min([...block.text].length, 70))}`;
    case 'paragraph':
      return runsText(block.content, options);
    case 'list':
      return block.items.map((item, i) => `${block.ordered ? `${i + 1}.` : '-'} ${runsText(item, options).replace(/\n/g, '\n  ')}`).join('\n');
    case 'quote':
      return [...runsText(block.content, options).split('\n'), ...(block.cite ? [`-- ${block.cite}`] : [])].map((line) => `> ${line}`).join('\n');
    case 'picture':
      return block.caption ?? '';
    case 'link': {
      const href = mailLink(block.href, options.publicUrl, options.name);
      return href ? `${block.text}: ${href}` : block.text;
    }
  }
}

/** The newsletter as mail, with `marker` where each reader's unsubscribe link goes. */
export function renderNewsletter(options: RenderOptions): NewsletterMail {
  const { site, marker } = options;
  const colors = site.brand.colors;
  const palette: Palette = {
    text: colors.text,
    muted: colors.mutedText,
    link: colors.primary,
    page: colors.surface,
    card: colors.background,
    line: colors.secondary,
  };
  const words = site.newsletterMail;
  const brand = site.brand.name;
  const home = mailLink(options.language?.home ?? '/', options.publicUrl, options.name)!;
  const lang = options.language?.text ?? htmlLangOf(site);
  const footLang = options.language && options.language.foot !== lang ? ` lang="${escapeHtml(options.language.foot)}"` : '';
  const why = fill(words.why, { brand });
  const address = site.contact.address;
  const small = `font-family:${FONT};font-size:13px;line-height:1.5;color:${palette.muted}`;

  const html = [
    '<!doctype html>',
    `<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    '<meta name="color-scheme" content="light"><meta name="supported-color-schemes" content="light">',
    `<title>${escapeHtml(options.subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:${palette.page};-webkit-text-size-adjust:100%">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${palette.page}"><tr><td align="center" style="padding:16px 8px">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:${palette.card};border-radius:8px">`,
    `<tr><td style="padding:20px 24px 4px"><a href="${escapeHtml(home)}" style="font-family:${FONT};font-size:20px;font-weight:bold;color:${palette.link};text-decoration:none">${escapeHtml(brand)}</a></td></tr>`,
    `<tr><td style="padding:8px 24px 8px;word-break:break-word;overflow-wrap:anywhere">`,
    ...options.body.map((block) => blockHtml(block, options, palette)),
    '</td></tr>',
    `<tr><td${footLang} style="padding:16px 24px 24px;border-top:1px solid ${palette.page}">`,
    `<p style="${small};margin:0 0 8px">${escapeHtml(why)}</p>`,
    `<p style="${small};margin:0 0 8px">${escapeHtml(brand)}, ${escapeHtml(address)}</p>`,
    `<p style="${small};margin:0"><a href="${marker}" style="color:${palette.link};text-decoration:underline">${escapeHtml(words.unsubscribe)}</a></p>`,
    '</td></tr>',
    '</table>',
    '</td></tr></table>',
    '</body></html>',
  ].join('\n');

  // The text: the blocks one after another, then, below the signature separator, the same lines as the HTML's foot; no mark (a heading's underline as long as its words).
  const unmarked = JSON.parse(withoutMarks(JSON.stringify(options.body))) as ArticleBlock[];
  const body = unmarked.map((block) => blockText(block, options)).filter((part) => part !== '');
  const text = `${body.join('\n\n')}\n\n-- \n${withoutMarks(why)}\n${brand}, ${address}\n${fill(words.unsubscribeText, { link: marker })}\n`;
  return { subject: options.subject, html: markFallbacks(html, languageCodeOf(site)), text, marker, language: options.language?.foot ?? languageCodeOf(site) };
}

/** One reader's copy: their unsubscribe link where the marker stands. */
export function personalMail(mail: NewsletterMail, unsubscribeUrl: string): { subject: string; html: string; text: string } {
  return {
    subject: mail.subject,
    html: mail.html.split(mail.marker).join(escapeHtml(unsubscribeUrl)),
    text: mail.text.split(mail.marker).join(unsubscribeUrl),
  };
}
