import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ActionButton } from '../../ui/ActionButton';
import { Eyebrow, SectionShell, useHeadingId } from '../../ui/SectionShell';
import type { SectionProps } from '../types';

export function CtaSection({ section }: SectionProps<'cta'>) {
  const headingId = useHeadingId(section.id);
  return (
    <SectionShell id={section.id} labelledBy={headingId} dense>
      <Box
        sx={{
          borderRadius: 6,
          px: { xs: 3, md: 8 },
          py: { xs: 5, md: 7 },
          bgcolor: 'primary.dark',
          color: 'common.white',
          backgroundImage: (t) => `radial-gradient(circle at 100% 0%, ${t.palette.primary.main} 0, transparent 60%)`,
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { md: '1fr auto' },
          alignItems: 'center',
        }}
      >
        <div>
          <Eyebrow text={section.eyebrow} onDark />
          <Typography id={headingId} variant="h2" sx={{ mb: 1.5 }}>
            {section.heading}
          </Typography>
          <Typography sx={{ color: 'rgba(255,255,255,0.88)', maxWidth: 640 }}>{section.text}</Typography>
        </div>
        <Box>
          <ActionButton action={section.action} onDark />
        </Box>
      </Box>
    </SectionShell>
  );
}
