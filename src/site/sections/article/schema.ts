import { imageInPlace, section, sectionType } from '../../../schema/common';
import { heading, list, longText, object, optional, text } from '../../../schema/schema';

/** A piece of writing: a heading, an optional picture, and parts with their own subheadings. */
const articleSchema = section('article', {
  heading: heading(),
  byline: optional(text()),
  image: optional(imageInPlace(820)),
  parts: list(object({ heading: optional(heading()), paragraphs: list(longText(), { min: 1 }) }), { min: 1 }),
});

/** The article section type: its description, and an example of it (drawn when no page uses the type). */
export const article = sectionType(articleSchema, {
  type: 'article',
  heading: 'An article',
  image: { src: '/images/logo.svg', alt: 'A picture', width: 10, height: 10 },
  parts: [{ heading: 'A part', paragraphs: ['Words.', 'More words.'] }, { paragraphs: ['Last words.'] }],
});
