/** The inbox's spinner while something loads. */
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { ReactNode } from 'react';
import admin from '../../../config/admin';

/** What shows while the session is asked for (the page's main), or a screen's code loads (inside the layout's main). */
export function Loading({ main = false, children }: { main?: boolean; children?: ReactNode }) {
  return (
    <Box component={main ? 'main' : 'div'} sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh', p: 3 }}>
      {children ?? <CircularProgress aria-label={admin.loading} />}
    </Box>
  );
}
