import { section } from '../../config/common';
import { heading, label, longText, number, optional, type Infer } from '../../config/schema';

/** The list of the articles (config/articles), newest first: any page may show it. */
export const articlesSchema = section('articles', {
  heading: heading(),
  text: optional(longText()),
  /** The words of the link from each article's card to its page. */
  more: label(),
  /** Show only this many (the newest); without it, all of them. */
  limit: optional(number({ min: 1, max: 100, integer: true })),
});
export type ArticlesSection = Infer<typeof articlesSchema>;
