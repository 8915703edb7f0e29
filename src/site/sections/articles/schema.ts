import { section, sectionType } from '../../../schema/common';
import { heading, label, longText, number, optional, text } from '../../../schema/schema';

export { NEWEST_ARTICLE as NEWEST } from '../../model/articleSchema';

/** The list of the articles (config/articles), newest first: any page may show it. */
const articlesSchema = section('articles', {
  heading: heading(),
  text: optional(longText()),
  /** The words of the link from each article's card to its page. */
  more: label(),
  /** Show only this many cards (the newest); without it, all of them. */
  limit: optional(number({ min: 1, max: 100, integer: true })),
  /**
   * One article shown whole above the cards (and not among them): "newest", or an article's id
   * (its file's name in config/articles, which stays when its address changes). Without it, cards only.
   */
  inFull: optional(text()),
});

/** The articles section type: its description, and an example of it (drawn when no page uses the type). */
export const articles = sectionType(articlesSchema, { type: 'articles', heading: 'Latest articles', more: 'Read on' });
