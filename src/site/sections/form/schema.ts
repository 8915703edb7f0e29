import { section } from '../../../schema/common';
import { formRef, heading, longText, optional } from '../../../schema/schema';

/** A form from config/forms, with an optional heading, intro and a note under it. */
export const formSectionSchema = section('form', {
  form: formRef(),
  heading: optional(heading()),
  text: optional(longText()),
  note: optional(longText()),
});
