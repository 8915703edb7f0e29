import { actionSchema, section } from '../../../schema/common';
import { heading, longText } from '../../../schema/schema';

/** A coloured band with one sentence and one button. */
export const ctaSchema = section('cta', {
  heading: heading(),
  text: longText(),
  action: actionSchema,
});
