import { actionSchema, imageInPlace, section, sectionType } from '../../../schema/common';
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
const cardsSchema = section('cards', {
  heading: heading(),
  text: optional(longText()),
  /** Cards per row on wide screens (2, 3 or 4). */
  columns: advanced(optional(number({ min: 1, max: 4, integer: true }))),
  cards: list(cardSchema, { min: 1 }),
});

/** The cards section type: its description, and an example of it (drawn when no page uses the type). */
export const cards = sectionType(cardsSchema, {
  type: 'cards',
  heading: 'Some cards',
  cards: [
    { title: 'A card', text: 'Card text.', more: ['More of it.', 'And the end.'] },
    { title: 'Another card', text: 'Other text.' },
  ],
});
