import { actionSchema, imageInPlace, section } from '../../../schema/common';
import { iconNames } from '../../../schema/icons';
import { advanced, heading, list, longText, number, object, oneOf, optional, type Infer } from '../../../schema/schema';

const cardSchema = object({
  title: heading(),
  text: longText(),
  icon: advanced(optional(oneOf(iconNames))),
  image: optional(imageInPlace(600)),
  /** Further paragraphs, shown in place by a "Read more" button. */
  more: optional(list(longText(), { min: 1 })),
  action: optional(actionSchema),
});
export type CardConfig = Infer<typeof cardSchema>;

/** A heading and a grid of cards: services, guides, blog posts, panels. */
export const cardsSchema = section('cards', {
  heading: heading(),
  text: optional(longText()),
  /** Cards per row on wide screens (2, 3 or 4). */
  columns: advanced(optional(number({ min: 1, max: 4, integer: true }))),
  cards: list(cardSchema, { min: 1 }),
});
