import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormSlot } from '../../ui/FormSlot';
import { ActionButton } from '../../ui/ActionButton';
import { Picture } from '../../ui/Picture';
import { picturePlaces } from '../../ui/picturePlaces';
import { Eyebrow, PAGE_HEADING_ID, PageHeadingSection } from '../../ui/SectionShell';
import type { SectionProps } from '../types';

export function HeroSection({ section, pictures }: SectionProps<'hero'>) {
  const hasForm = Boolean(section.form);
  return (
    <PageHeadingSection
      id={section.id}
      sx={{
        position: 'relative',
        overflow: 'hidden',
        bgcolor: 'primary.dark',
        color: 'common.white',
        backgroundImage: (t) =>
          `radial-gradient(circle at 80% 10%, ${t.palette.primary.main} 0, transparent 55%), radial-gradient(circle at 0% 100%, ${t.palette.secondary.main}40 0, transparent 35%)`,
        py: { xs: 7, md: 11 },
      }}
    >
      <Container sx={{ display: 'grid', gap: { xs: 5, md: 6 }, gridTemplateColumns: { md: '1.1fr 1fr' }, alignItems: 'center' }}>
        <div>
          <Eyebrow text={section.eyebrow} onDark />
          <Typography id={PAGE_HEADING_ID} variant="h1" sx={{ fontSize: 'clamp(2.5rem, 6vw, 4.25rem)', mb: 2 }}>
            {section.heading}
          </Typography>
          <Typography sx={{ fontSize: '1.2rem', color: 'rgba(255,255,255,0.88)', maxWidth: 560, mb: 4 }}>{section.text}</Typography>
          {section.actions && (
            <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {section.actions.map((action) => (
                <ActionButton key={action.label} action={action} onDark />
              ))}
            </Stack>
          )}
          {hasForm && section.image && (
            <Box sx={{ mt: 5, maxWidth: 420, display: { xs: 'none', md: 'block' } }}>
              {/* Not shown on phones, where a lazy picture is never fetched; the headline is the main content. */}
              <Picture image={section.image} place={picturePlaces.heroBesideForm} />
            </Box>
          )}
        </div>
        {hasForm ? (
          <Paper elevation={8} sx={{ p: { xs: 3, md: 4 }, borderRadius: 4, color: 'text.primary' }} component="div">
            {section.formTitle && (
              <Typography variant="h3" component="h2" sx={{ mb: 2, color: 'primary.dark', letterSpacing: '0.02em' }}>
                {section.formTitle}
              </Typography>
            )}
            {section.form && <FormSlot form={section.form} />}
          </Paper>
        ) : (
          section.image && <Picture image={section.image} place={picturePlaces.hero} loading={pictures} />
        )}
      </Container>
    </PageHeadingSection>
  );
}
