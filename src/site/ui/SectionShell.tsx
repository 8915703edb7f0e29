/** The frame every section shares: spacing, background tone, width, and its heading block. */
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';

export type Tone = 'plain' | 'surface' | 'brand';

const tones = {
  plain: { bgcolor: 'background.default', color: 'text.primary' },
  surface: { bgcolor: 'surface', color: 'text.primary' },
  brand: { bgcolor: 'primary.dark', color: 'common.white' },
} as const;

export function SectionShell({
  id,
  tone = 'plain',
  labelledBy,
  children,
  dense = false,
}: {
  id?: string;
  tone?: Tone;
  labelledBy?: string;
  children: ReactNode;
  dense?: boolean;
}) {
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={labelledBy}
      sx={{ ...tones[tone], py: dense ? { xs: 5, md: 7 } : { xs: 7, md: 11 }, scrollMarginTop: 96 }}
    >
      <Container>{children}</Container>
    </Box>
  );
}

/** The id of the page's one h1: the first section of a page (hero or page header) is named by it. */
export const PAGE_HEADING_ID = 'page-heading';

/** A page's first section, named by its h1 (whose id is PAGE_HEADING_ID). */
export function PageHeadingSection({ id, sx, children }: { id?: string; sx: SxProps<Theme>; children: ReactNode }) {
  return (
    <Box component="section" id={id} aria-labelledby={PAGE_HEADING_ID} sx={sx}>
      {children}
    </Box>
  );
}

/** The small line above a heading (a section's `eyebrow`); nothing when there is none. */
export function Eyebrow({ text, onDark = false }: { text?: string; onDark?: boolean }) {
  if (!text) return null;
  return (
    <Typography variant="overline" component="p" sx={{ color: onDark ? 'secondary.main' : 'primary.main', mb: 1 }}>
      {text}
    </Typography>
  );
}

/** Eyebrow, h2 and intro of a section. Returns the heading id through `id`. */
export function SectionHeading({
  id,
  eyebrow,
  heading,
  text,
  align = 'center',
  onDark = false,
  level = 2,
}: {
  id: string;
  eyebrow?: string;
  heading: string;
  text?: string;
  align?: 'center' | 'left';
  onDark?: boolean;
  level?: 1 | 2;
}) {
  return (
    <Box
      sx={{
        textAlign: align,
        mx: align === 'center' ? 'auto' : 0,
        maxWidth: align === 'center' ? 760 : 'none',
        mb: text || align === 'center' ? { xs: 4, md: 6 } : 3,
      }}
    >
      <Eyebrow text={eyebrow} onDark={onDark} />
      <Typography id={id} variant={level === 1 ? 'h1' : 'h2'} component={level === 1 ? 'h1' : 'h2'} sx={{ mb: text ? 2 : 0 }}>
        {heading}
      </Typography>
      {text && <Typography sx={{ color: onDark ? 'rgba(255,255,255,0.85)' : 'text.secondary', fontSize: '1.125rem' }}>{text}</Typography>}
    </Box>
  );
}

export function useHeadingId(sectionId?: string): string {
  const generated = useId();
  return sectionId ? `${sectionId}-heading` : `h${generated.replace(/[^a-zA-Z0-9_-]/g, '')}`;
}
