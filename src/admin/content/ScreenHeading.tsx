/** The top of an editor screen below the list: the way back to all content, and the screen's heading. */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import admin from '../../../config/admin';

export function ScreenHeading({ children }: { children: string }) {
  return (
    <Box>
      <Link component={RouterLink} to="/content">
        {admin.content.back}
      </Link>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, fontWeight: 700, mt: 1 }}>
        {children}
      </Typography>
    </Box>
  );
}
