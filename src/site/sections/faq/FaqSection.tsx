import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Island } from '../../ui/Island';
import { SectionHeading, SectionShell, useHeadingId } from '../../ui/SectionShell';
import type { SectionProps } from '../types';

/** The questions and answers, in an accordion (an island: src/site/islands/faq/Faq.tsx). */
export function FaqSection({ section }: SectionProps<'faq'>) {
  const headingId = useHeadingId(section.id);
  const slots = Object.fromEntries(
    section.items.flatMap((item, i) => [
      [
        `q${i}`,
        <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.0625rem' }}>
          {item.question}
        </Typography>,
      ],
      [`a${i}`, <Typography sx={{ color: 'text.secondary' }}>{item.answer}</Typography>],
    ]),
  );
  return (
    <SectionShell id={section.id} labelledBy={headingId} tone="surface">
      <SectionHeading id={headingId} eyebrow={section.eyebrow} heading={section.heading} text={section.text} />
      <Box sx={{ maxWidth: 860, mx: 'auto' }}>
        <Island name="faq" props={{ count: section.items.length }} slots={slots} />
      </Box>
    </SectionShell>
  );
}
