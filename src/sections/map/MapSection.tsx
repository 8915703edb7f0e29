import Box from '@mui/material/Box';
import { Island } from '../../ui/Island';
import { useSite } from '../../ui/siteConfig';
import { SectionHeading, SectionShell, useHeadingId } from '../../ui/SectionShell';
import type { SectionProps } from '../types';

/**
 * The embedded map: an island (src/islands/map/MapFrame.tsx) that gives the frame its address
 * when the visitor scrolls near it; without JavaScript the <noscript> copy loads as a plain
 * lazy frame.
 */
export function MapSection({ section }: SectionProps<'map'>) {
  const headingId = useHeadingId(section.id);
  const height = useSite().constants.mapHeightPx;
  return (
    <SectionShell id={section.id} labelledBy={section.heading ? headingId : undefined} tone="surface" dense>
      {section.heading && <SectionHeading id={headingId} eyebrow={section.eyebrow} heading={section.heading} />}
      <Box sx={{ position: 'relative' }}>
        <Island name="map" props={{ src: section.src, title: section.title, height }} />
        <noscript>
          <iframe
            title={section.title}
            src={section.src}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
            height={height}
            style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
          />
        </noscript>
      </Box>
    </SectionShell>
  );
}
