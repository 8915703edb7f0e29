import { section, sectionType } from '../../../schema/common';
import { formRef, heading, longText, optional } from '../../../schema/schema';

/** A form from config/forms, with an optional heading, intro and a note under it. */
const formSectionSchema = section('form', {
  form: formRef(),
  heading: optional(heading()),
  text: optional(longText()),
  note: optional(longText()),
});

/** The form section type: its description, and an example of it (drawn when no page uses the type). */
export const form = sectionType(formSectionSchema, { type: 'form', form: 'contact', heading: 'A form' });
