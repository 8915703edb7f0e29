/**
 * The line under every form: what its details are used for, with a link to the privacy page
 * (config/site.ts privacyNote). One class for light and dark backgrounds alike (the text's own
 * colour, a little softened), and a plain link: it is in the HTML of every page, twice on some.
 */
import styled from '@emotion/styled';
import { fillNodes } from './fillNodes';
import { useSite } from './siteConfig';

const Note = styled.p({
  margin: '16px 0 0',
  fontSize: '0.9375rem',
  lineHeight: 1.6,
  opacity: 0.82,
  '& a': { color: 'inherit', fontWeight: 600 },
});

export function PrivacyNote() {
  const { text, link } = useSite().privacyNote;
  return <Note>{fillNodes(text, { link: <a href={link.href}>{link.label}</a> })}</Note>;
}
