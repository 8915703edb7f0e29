import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import site from '../../../config/site';
import { SectionHeading, SectionShell, useHeadingId } from '../../ui/SectionShell';
import type { SectionProps } from '../types';

/**
 * At most one answer open: opening one closes the others; the open one can be closed.
 * MUI wraps each summary button in an <h3>, so the questions are headings.
 */
export function FaqSection({ section }: SectionProps<'faq'>) {
  const headingId = useHeadingId(section.id);
  const [open, setOpen] = useState<number | null>(null);
  return (
    <SectionShell id={section.id} labelledBy={headingId} tone="surface">
      <SectionHeading id={headingId} eyebrow={section.eyebrow} heading={section.heading} text={section.text} />
      <Box sx={{ maxWidth: 860, mx: 'auto' }}>
        {section.items.map((item, i) => (
          <Accordion
            key={item.question}
            expanded={open === i}
            onChange={(_, expanded) => setOpen(expanded ? i : null)}
            disableGutters
            slotProps={{ transition: { timeout: site.constants.collapseMs } }}
            sx={{ mb: 1.5, borderRadius: '12px !important', border: 1, borderColor: 'divider', '&::before': { display: 'none' } }}
            elevation={0}
          >
            <AccordionSummary expandIcon={<ExpandMore />} sx={{ px: 3, py: 0.5 }}>
              <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.0625rem' }}>
                {item.question}
              </Typography>
            </AccordionSummary>
            <AccordionDetails sx={{ px: 3, pb: 3, pt: 0 }}>
              <Typography sx={{ color: 'text.secondary' }}>{item.answer}</Typography>
            </AccordionDetails>
          </Accordion>
        ))}
      </Box>
    </SectionShell>
  );
}
