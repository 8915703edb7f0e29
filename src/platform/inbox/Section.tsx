/** A titled part of an inbox page (a lead's page, What works): an outlined box named by its heading. */
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function Section({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
      <Typography id={id} variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        {heading}
      </Typography>
      {children}
    </Paper>
  );
}
