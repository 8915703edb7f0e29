import Box from '@mui/material/Box';
import { useEffect, useRef, useState } from 'react';
import site from '../../../config/site';
import { SectionHeading, SectionShell, useHeadingId } from '../../ui/SectionShell';
import type { SectionProps } from '../types';

/** How close (px) the map may come to the screen before it starts loading. */
const NEAR_PX = 400;

/**
 * The embedded map. A map page is heavy, and browsers start "lazy" frames far ahead of the
 * screen, so the frame gets its address only when the visitor scrolls near it; without
 * JavaScript the <noscript> copy loads as a plain lazy frame.
 */
export function MapSection({ section }: SectionProps<'map'>) {
  const headingId = useHeadingId(section.id);
  const frame = useRef<HTMLIFrameElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = frame.current;
    if (!element || typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: `${NEAR_PX}px` });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const look = { display: 'block', width: '100%', height: site.constants.mapHeightPx, border: 1, borderColor: 'divider', borderRadius: 4, bgcolor: 'background.default' } as const;
  return (
    <SectionShell id={section.id} labelledBy={section.heading ? headingId : undefined} tone="surface" dense>
      {section.heading && <SectionHeading id={headingId} eyebrow={section.eyebrow} heading={section.heading} />}
      <Box sx={{ position: 'relative' }}>
        <Box
          component="iframe"
          ref={frame}
          title={section.title}
          src={near ? section.src : undefined}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          height={site.constants.mapHeightPx}
          sx={look}
        />
        <noscript>
          <iframe
            title={section.title}
            src={section.src}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
            height={site.constants.mapHeightPx}
            style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
          />
        </noscript>
      </Box>
    </SectionShell>
  );
}
