import { actionSchema, imageSchema, section } from '../../../schema/common';
import { formRef, list, longText, optional, text, type Infer } from '../../../schema/schema';

/** The first thing on the home page: headline, promise, buttons, and optionally a form. */
export const heroSchema = section('hero', {
  heading: text(),
  text: longText(),
  actions: optional(list(actionSchema)),
  image: optional(imageSchema),
  /** A form shown beside the headline (a name from config/forms). */
  form: optional(formRef()),
  formTitle: optional(text()),
});
export type HeroSection = Infer<typeof heroSchema>;
