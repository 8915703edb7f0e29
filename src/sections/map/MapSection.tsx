import Box from '@mui/material/Box';
import site from '../../../config/site';
import { SectionHeading, SectionShell, useHeadingId } from '../../ui/SectionShell';
import type { SectionProps } from '../types';

export function MapSection({ section }: SectionProps<'map'>) {
  const headingId = useHeadingId(section.id);
  return (
    <SectionShell id={section.id} labelledBy={section.heading ? headingId : undefined} tone="surface" dense>
      {section.heading && <SectionHeading id={headingId} eyebrow={section.eyebrow} heading={section.heading} />}
      <Box
        component="iframe"
        title={section.title}
        src={section.src}
        loading="lazy"
        referrerPolicy="no-referrer-when-downgrade"
        height={site.constants.mapHeightPx}
        sx={{ display: 'block', width: '100%', height: site.constants.mapHeightPx, border: 1, borderColor: 'divider', borderRadius: 4, bgcolor: 'background.default' }}
      />
    </SectionShell>
  );
}
