import { section, sectionType } from '../../../schema/common';
import { heading, list, longText, object, optional, text } from '../../../schema/schema';

/** Questions and answers; at most one answer is open at a time. */
const faqSchema = section('faq', {
  heading: heading(),
  text: optional(longText()),
  items: list(object({ question: text(), answer: longText() }), { min: 1 }),
});

/** The faq section type: its description, and an example of it (drawn when no page uses the type). */
export const faq = sectionType(faqSchema, { type: 'faq', heading: 'Questions', items: [{ question: 'Why?', answer: 'Because.' }] });
