import { section, sectionType } from '../../../schema/common';
import { embedUrl, heading, optional, text } from '../../../schema/schema';

/** An embedded map; its height is constants.mapHeightPx in config/site.ts. */
const mapSchema = section('map', {
  heading: optional(heading()),
  /** Names the map for screen readers. */
  title: text(),
  /** The embed address given by the map provider: its host goes into the page policy (frame-src). */
  src: embedUrl(),
});

/** The map section type: its description, and an example of it (drawn when no page uses the type). */
export const map = sectionType(mapSchema, { type: 'map', title: 'A map', src: 'https://www.openstreetmap.org/export/embed.html' });
