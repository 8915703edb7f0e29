import { imageSchema, section } from '../../config/common';
import { list, object, optional, text, type Infer } from '../../config/schema';

const teamMemberSchema = object({
  name: text(),
  role: text(),
  image: imageSchema,
  description: text(),
});
export type TeamMember = Infer<typeof teamMemberSchema>;

/** The team carousel; how many cards show and how it moves is in config/site.ts (constants.carousel). */
export const teamSchema = section('team', {
  heading: text(),
  text: optional(text()),
  members: list(teamMemberSchema, { min: 1 }),
});
export type TeamSection = Infer<typeof teamSchema>;
