import { section, sectionType } from '../../../schema/common';
import { heading, href, label, list, longText, object, optional } from '../../../schema/schema';

/** The band at the top of an inner page: breadcrumb, page heading, one intro line. */
const pageHeaderSchema = section('pageHeader', {
  /** The trail from Home to this page; the last step has no link. */
  breadcrumb: list(object({ label: label(), href: optional(href()) }), { min: 1 }),
  heading: heading(),
  text: optional(longText()),
});

/** The pageHeader section type: its description, and an example of it (drawn when no page uses the type). */
export const pageHeader = sectionType(pageHeaderSchema, {
  type: 'pageHeader',
  breadcrumb: [{ label: 'Home', href: '/' }, { label: 'Test' }],
  heading: 'A page header',
});
