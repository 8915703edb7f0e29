import { actionSchema, section } from '../../../schema/common';
import { longText, text, type Infer } from '../../../schema/schema';

/** A coloured band with one sentence and one button. */
export const ctaSchema = section('cta', {
  heading: text(),
  text: longText(),
  action: actionSchema,
});
export type CtaSection = Infer<typeof ctaSchema>;
