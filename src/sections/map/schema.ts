import { section } from '../../config/common';
import { externalUrl, optional, text, type Infer } from '../../config/schema';

/** An embedded map; its height is constants.mapHeightPx in config/site.ts. */
export const mapSchema = section('map', {
  heading: optional(text()),
  /** Names the map for screen readers. */
  title: text(),
  /** The embed address given by the map provider. */
  src: externalUrl(),
});
export type MapSection = Infer<typeof mapSchema>;
