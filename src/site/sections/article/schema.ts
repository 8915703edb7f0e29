import { imageInPlace, section } from '../../../schema/common';
import { heading, list, longText, object, optional, text } from '../../../schema/schema';

/** A piece of writing: a heading, an optional picture, and parts with their own subheadings. */
export const articleSchema = section('article', {
  heading: heading(),
  byline: optional(text()),
  image: optional(imageInPlace(820)),
  parts: list(object({ heading: optional(heading()), paragraphs: list(longText(), { min: 1 }) }), { min: 1 }),
});
