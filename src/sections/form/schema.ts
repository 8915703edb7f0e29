import { section } from '../../config/common';
import { formRef, optional, text, type Infer } from '../../config/schema';

/** A form from config/forms, with an optional heading, intro and a note under it. */
export const formSectionSchema = section('form', {
  form: formRef(),
  heading: optional(text()),
  text: optional(text()),
  note: optional(text()),
});
export type FormSection = Infer<typeof formSectionSchema>;
