/**
 * The description of one file in config/articles: an article of the blog, with a page of its own
 * at `<articles.path>/<address>` (config/site.ts, "/Blog/<address>"). Its body is typed blocks
 * (in the spirit of Portable Text): headings, paragraphs, lists, quotes, pictures and links, and
 * inside paragraphs runs of text that may be bold, italic or a link. Nothing is stored as HTML,
 * so nothing an editor types can become markup: the renderers draw each block and every text is
 * escaped for its place.
 */
import { imageDrawnAt, imageSchema } from '../../schema/common';
import {
  boolean,
  date,
  dateTime,
  description,
  developerOnly,
  heading,
  href,
  list,
  number,
  object,
  optional,
  richText,
  slug,
  tagged,
  text,
  title,
  literal,
  TEXT_LIMITS,
  type Infer,
} from '../../schema/schema';
import { slugOf } from '../../schema/text';

/** A run of text inside a paragraph, a list item or a quote: bold, italic, a link, or plain. */
const inlineSchema = object({
  /** A run may be a whole paragraph. */
  text: text({ maxLength: TEXT_LIMITS.paragraph }),
  bold: optional(boolean()),
  italic: optional(boolean()),
  /** A link: a page of this site ("/Contact") or another site's full address. */
  href: optional(href()),
});
export type InlineRun = Infer<typeof inlineSchema>;

/** Text made of runs (at least one). */
const runs = () => list(inlineSchema, { min: 1 });

const blockSchemas = {
  /** A subheading of the article (the article's title is its only h1; these are h2 or h3). */
  heading: object({ type: literal('heading'), level: number({ min: 2, max: 3, integer: true }), text: heading() }),
  paragraph: object({ type: literal('paragraph'), content: runs() }),
  /** A bulleted (or, `ordered`, numbered) list: each item is text made of runs. */
  list: object({ type: literal('list'), ordered: optional(boolean()), items: list(runs(), { min: 1 }) }),
  quote: object({ type: literal('quote'), content: runs(), cite: optional(text()) }),
  picture: object({ type: literal('picture'), image: imageSchema, caption: optional(text()) }),
  /** A link on a line of its own (to a page of this site or another site). */
  link: object({ type: literal('link'), text: text(), href: href() }),
};
export const blockSchema = tagged(blockSchemas, 'a kind of block', 'notABlockType');
export type ArticleBlock = Infer<typeof blockSchema>;
export type BlockType = keyof typeof blockSchemas;
export type BlockOf<T extends BlockType> = Extract<ArticleBlock, { type: T }>;

export const articleSchema = object({
  /** The article's headline: the page's h1, its title in search results and in the feed. */
  title: title(),
  /** The last part of its address: "/Blog/<address>". Made from the title; may be changed (the old address then leads to the new one). */
  address: slug(),
  /**
   * The name the articles' feed knows it by, for good (src/render/feed.ts): its entry's id is made from
   * it, so a feed reader never takes the article for a new one when its address changes. Without it,
   * the file's name, which never changes (the editor names a new article's file after its first
   * address). Set only where the file's name is not the address the feed first knew.
   */
  feedId: optional(developerOnly(slug())),
  /** One or two sentences: shown in the list of articles, in search results and link previews. */
  summary: description(),
  /** The picture at the top of the article and in the list (a 1200×630 copy is made for link previews). */
  cover: imageDrawnAt(960, 540),
  author: text(),
  /** The day it is published (the list shows the newest first). */
  date: date(),
  /** From this moment on the article is left out of the site. */
  expires: optional(dateTime()),
  body: richText(blockSchema, { min: 1 }),
});
export type ArticleConfig = Infer<typeof articleSchema>;

/** An article with its id (its file's name in config/articles, which never changes). */
export type Article = ArticleConfig & { readonly id: string };

/** The word a list of articles (src/site/sections/articles/schema.ts inFull) names its newest article by. */
export const NEWEST_ARTICLE = 'newest';

/** Whether the article is on the site at `now` (it has not expired). */
export const isLive = (article: Pick<ArticleConfig, 'expires'>, now: Date): boolean =>
  article.expires === undefined || Date.parse(article.expires) > now.getTime();

/** Articles newest first (by date, then by id so the order is always the same). */
export const newestFirst = <A extends Pick<Article, 'date' | 'id'>>(articles: readonly A[]): A[] =>
  [...articles].sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id));

/** The address of an article's page: the site's articles path and the article's address. */
export const articlePath = (base: string, article: Pick<ArticleConfig, 'address'>): string => `${base === '/' ? '' : base}/${article.address}`;

/** The address made from a title: "Design User Interface!" -> "design-user-interface" (src/schema/text.ts slugOf). */
export const addressFromTitle = (title: string): string => slugOf(title, 80);
