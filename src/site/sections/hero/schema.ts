import { actionSchema, imageInPlace, section } from '../../../schema/common';
import { formRef, heading, list, longText, optional } from '../../../schema/schema';

/** The first thing on the home page: headline, promise, buttons, and optionally a form. */
export const heroSchema = section('hero', {
  heading: heading(),
  text: longText(),
  actions: optional(list(actionSchema)),
  image: optional(imageInPlace(560)),
  /** A form shown beside the headline (a name from config/forms). */
  form: optional(formRef()),
  formTitle: optional(heading()),
});
