import { section } from '../../../schema/common';
import { heading, list, longText, object, optional, text } from '../../../schema/schema';

/** Questions and answers; at most one answer is open at a time. */
export const faqSchema = section('faq', {
  heading: heading(),
  text: optional(longText()),
  items: list(object({ question: text(), answer: longText() }), { min: 1 }),
});
