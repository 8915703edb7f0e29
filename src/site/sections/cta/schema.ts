import { actionSchema, section, sectionType } from '../../../schema/common';
import { heading, longText } from '../../../schema/schema';

/** A coloured band with one sentence and one button. */
const ctaSchema = section('cta', {
  heading: heading(),
  text: longText(),
  action: actionSchema,
});

/** The cta section type: its description, and an example of it (drawn when no page uses the type). */
export const cta = sectionType(ctaSchema, { type: 'cta', heading: 'A call to action', text: 'Do it.', action: { label: 'Go', href: '/Contact' } });
