import { actionSchema, imageInPlace, section, sectionType } from '../../../schema/common';
import { heading, list, longText, oneOf, optional, text } from '../../../schema/schema';
import { statItemSchema } from '../stats/schema';

/**
 * Text beside a picture. Consecutive split sections alternate sides on their own;
 * `imageSide` forces one side.
 */
const splitSchema = section('split', {
  heading: heading(),
  paragraphs: list(longText(), { min: 1 }),
  bullets: optional(list(text())),
  image: imageInPlace(560),
  imageSide: optional(oneOf(['left', 'right'])),
  actions: optional(list(actionSchema)),
  /** Counters shown under the text (About page vision block). */
  stats: optional(list(statItemSchema)),
});

/** The split section type: its description, and an example of it (drawn when no page uses the type). */
export const split = sectionType(splitSchema, {
  type: 'split',
  heading: 'A split section',
  paragraphs: ['Some text.'],
  image: { src: '/images/logo.svg', alt: 'A picture', width: 10, height: 10 },
});
