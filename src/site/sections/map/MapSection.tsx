import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Island } from '../../ui/Island';
import { useSite } from '../../ui/siteConfig';
import { usePreviewNotes } from '../../ui/previewNotes';
import { SectionHeading, SectionShell, useHeadingId } from '../../ui/SectionShell';
import type { SectionProps } from '../types';

/**
 * The embedded map: an island (src/site/islands/map/MapFrame.tsx) that gives the frame its address
 * when the visitor scrolls near it; without JavaScript the <noscript> copy loads as a plain
 * lazy frame.
 */
export function MapSection({ section }: SectionProps<'map'>) {
  const headingId = useHeadingId(section.id);
  const height = useSite().constants.mapHeightPx;
  const preview = usePreviewNotes();
  return (
    <SectionShell id={section.id} labelledBy={section.heading ? headingId : undefined} tone="surface" dense>
      {section.heading && <SectionHeading id={headingId} eyebrow={section.eyebrow} heading={section.heading} />}
      {preview ? (
        // The content editor's preview: the map's place, and its address to check in a new tab.
        <Box
          role="note"
          aria-label={section.title}
          sx={{
            height,
            display: 'grid',
            placeContent: 'center',
            gap: 1,
            textAlign: 'center',
            border: 1,
            borderColor: 'divider',
            borderRadius: 4,
            bgcolor: 'background.default',
            px: 2,
          }}
        >
          <Typography>{preview.mapNotShown}</Typography>
          <Link href={section.src} target="_blank" rel="noopener noreferrer">
            {preview.openMap}
          </Link>
        </Box>
      ) : (
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
      )}
    </SectionShell>
  );
}
