import { imageDrawnAt, section, sectionType } from '../../../schema/common';
import { heading, list, longText, object, optional, text, type Infer } from '../../../schema/schema';

const teamMemberSchema = object({
  name: text(),
  role: text(),
  /** Drawn in a 160 px circle. */
  image: imageDrawnAt(160, 160),
  description: longText(),
});
export type TeamMember = Infer<typeof teamMemberSchema>;

/** The team carousel; how many cards show and how it moves is in config/site.ts (constants.carousel). */
const teamSchema = section('team', {
  heading: heading(),
  text: optional(longText()),
  members: list(teamMemberSchema, { min: 1 }),
});

/** The team section type: its description, and an example of it (drawn when no page uses the type). */
export const team = sectionType(teamSchema, {
  type: 'team',
  heading: 'A team',
  members: [{ name: 'Ada', role: 'Boss', description: 'Leads.', image: { src: '/images/logo.svg', alt: 'Ada', width: 10, height: 10 } }],
});
