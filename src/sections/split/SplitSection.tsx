import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ActionButton } from '../../ui/ActionButton';
import { Icon } from '../../ui/icons';
import { Picture } from '../../ui/Picture';
import { picturePlaces } from '../../ui/picturePlaces';
import { SectionHeading, SectionShell, useHeadingId } from '../../ui/SectionShell';
import { plainList } from '../../ui/plainList';
import { StatGrid } from '../stats/StatGrid';
import type { SectionProps } from '../types';

export function SplitSection({ section, position, pictures }: SectionProps<'split'>) {
  const headingId = useHeadingId(section.id);
  const imageSide = section.imageSide ?? (position % 2 === 0 ? 'right' : 'left');
  return (
    <SectionShell id={section.id} labelledBy={headingId} tone={position % 2 === 0 ? 'plain' : 'surface'}>
      <Box sx={{ display: 'grid', gap: { xs: 4, md: 8 }, gridTemplateColumns: { md: '1fr 1fr' }, alignItems: 'center' }}>
        <Box sx={{ order: { md: imageSide === 'left' ? 2 : 1 } }}>
          <SectionHeading id={headingId} eyebrow={section.eyebrow} heading={section.heading} align="left" />
          {section.paragraphs.map((p) => (
            <Typography key={p} sx={{ color: 'text.secondary', mb: 2 }}>
              {p}
            </Typography>
          ))}
          {section.bullets && (
            <Box component="ul" sx={{ ...plainList, mb: 3, display: 'grid', gap: 1.25 }}>
              {section.bullets.map((b) => (
                <Box component="li" key={b} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', fontWeight: 600 }}>
                  <Icon name="checkCircle" color="primary" sx={{ mt: '3px', fontSize: 20 }} />
                  {b}
                </Box>
              ))}
            </Box>
          )}
          {section.stats && <StatGrid items={section.stats} compact />}
          {section.actions && (
            <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 3, flexWrap: 'wrap' }}>
              {section.actions.map((action) => (
                <ActionButton key={action.label} action={action} />
              ))}
            </Stack>
          )}
        </Box>
        <Box sx={{ order: { md: imageSide === 'left' ? 1 : 2 } }}>
          <Picture image={section.image} place={picturePlaces.split} loading={pictures} />
        </Box>
      </Box>
    </SectionShell>
  );
}
