import { actionSchema, imageInPlace, section, sectionType } from '../../../schema/common';
import { formRef, heading, list, longText, optional } from '../../../schema/schema';

/** The first thing on the home page: headline, promise, buttons, and optionally a form. */
const heroSchema = section('hero', {
  heading: heading(),
  text: longText(),
  actions: optional(list(actionSchema)),
  image: optional(imageInPlace(560)),
  /** A form shown beside the headline (a name from config/forms). */
  form: optional(formRef()),
  formTitle: optional(heading()),
});

/** The hero section type: its description, and an example of it (drawn when no page uses the type). */
export const hero = sectionType(heroSchema, { type: 'hero', heading: 'A hero', text: 'A promise.' });
