import { section, sectionType } from '../../../schema/common';
import { heading, list, longText, number, object, optional, text, type Infer } from '../../../schema/schema';

/** One counter: counts up from 0 to `value` when scrolled into view, then shows prefix + value + suffix. */
export const statItemSchema = object({
  value: number({ min: 0 }),
  prefix: optional(text()),
  suffix: optional(text()),
  label: text(),
});
export type StatItem = Infer<typeof statItemSchema>;

const statsSchema = section('stats', {
  heading: optional(heading()),
  text: optional(longText()),
  items: list(statItemSchema, { min: 1 }),
});

/** The stats section type: its description, and an example of it (drawn when no page uses the type). */
export const stats = sectionType(statsSchema, { type: 'stats', heading: 'Some numbers', items: [{ value: 3, suffix: '+', label: 'Years' }] });
