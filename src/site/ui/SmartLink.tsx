/**
 * One link component for every link the config describes: pages of this site go
 * through the router, everything else is a plain anchor; `newTab` links open safely.
 */
import Link, { type LinkProps } from '@mui/material/Link';
import { forwardRef, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ScreenReaderText } from './ScreenReaderText';
import { useSite } from './siteConfig';

function isInternal(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

export interface TargetProps {
  href: string;
  newTab?: boolean;
}

/** The props that make any MUI component (Button, Link, IconButton) go to `href`. */
export function linkTarget({ href, newTab }: TargetProps) {
  // discover="none": no data-discover attribute on every link of the HTML (the router's lazy
  // route discovery, which these prerendered pages do not use): about 20 bytes of brotli on /.
  if (isInternal(href) && !newTab) return { component: RouterLink, to: href, discover: 'none' } as const;
  return newTab ? ({ href, target: '_blank', rel: 'noopener noreferrer' } as const) : ({ href } as const);
}

/** Tells screen-reader users that a link opens a new tab. */
export function NewTabHint({ show }: { show: boolean | undefined }) {
  const site = useSite();
  if (!show) return null;
  return <ScreenReaderText> {site.ui.newTabHint}</ScreenReaderText>;
}

type SmartLinkProps = Omit<LinkProps, 'href'> & TargetProps & { children: ReactNode };

export const SmartLink = forwardRef<HTMLAnchorElement, SmartLinkProps>(function SmartLink({ href, newTab, children, ...rest }, ref) {
  return (
    <Link ref={ref} {...rest} {...linkTarget({ href, newTab })}>
      {children}
      <NewTabHint show={newTab} />
    </Link>
  );
});
