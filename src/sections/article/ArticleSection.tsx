import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Picture } from '../../ui/Picture';
import { picturePlaces } from '../../ui/picturePlaces';
import { Eyebrow, SectionShell, useHeadingId } from '../../ui/SectionShell';
import type { SectionProps } from '../types';

export function ArticleSection({ section, pictures }: SectionProps<'article'>) {
  const headingId = useHeadingId(section.id);
  return (
    <SectionShell id={section.id} labelledBy={headingId}>
      <Box component="article" aria-labelledby={headingId} sx={{ maxWidth: 820, mx: 'auto' }}>
        <Eyebrow text={section.eyebrow} />
        <Typography id={headingId} variant="h2" sx={{ mb: 1.5 }}>
          {section.heading}
        </Typography>
        {section.byline && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 4, fontWeight: 600 }}>
            {section.byline}
          </Typography>
        )}
        {section.image && (
          <Box sx={{ mb: 5, borderRadius: 4, overflow: 'hidden' }}>
            <Picture image={section.image} place={picturePlaces.articleSection} loading={pictures} />
          </Box>
        )}
        {section.parts.map((part, i) => (
          <Box key={part.heading ?? i} sx={{ mb: 4 }}>
            {part.heading && (
              <Typography variant="h3" sx={{ mb: 1.5 }}>
                {part.heading}
              </Typography>
            )}
            {part.paragraphs.map((p) => (
              <Typography key={p} sx={{ mb: 2, color: 'text.secondary' }}>
                {p}
              </Typography>
            ))}
          </Box>
        ))}
      </Box>
    </SectionShell>
  );
}
