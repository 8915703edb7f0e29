import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { FormSlot } from '../../ui/FormSlot';
import { SectionHeading, SectionShell, useHeadingId } from '../../ui/SectionShell';
import type { SectionProps } from '../types';

export function FormSection({ section }: SectionProps<'form'>) {
  const headingId = useHeadingId(section.id);
  return (
    <SectionShell id={section.id} labelledBy={section.heading ? headingId : undefined}>
      <Paper
        elevation={0}
        sx={{
          maxWidth: 860,
          mx: 'auto',
          p: { xs: 3, md: 6 },
          borderRadius: 5,
          border: 1,
          borderColor: 'divider',
          boxShadow: '0 20px 50px -30px rgba(15, 23, 42, 0.35)',
        }}
      >
        {section.heading && <SectionHeading id={headingId} eyebrow={section.eyebrow} heading={section.heading} text={section.text} align="left" />}
        <FormSlot form={section.form} />
        {section.note && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 3 }}>
            {section.note}
          </Typography>
        )}
      </Paper>
    </SectionShell>
  );
}
