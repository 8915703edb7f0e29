/** The top of an editor screen below the list: the way back (to all content, or up to a page's outline), and the screen's heading. */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import admin from '../../../config/admin';

/** Lines of a screen's heading at most: a long title (one past its limit, being shortened) wraps, then is cut with an ellipsis. */
const HEADING_LINES = 3;

/** `back`: the way up when it is not the list of all content (a page's outline, from one of its sections). */
export function ScreenHeading({ children, back }: { children: string; back?: { to: string; label: string } }) {
  return (
    <Box>
      <Link component={RouterLink} to={back?.to ?? '/content'}>
        {back?.label ?? admin.content.back}
      </Link>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, fontWeight: 700, mt: 1, overflowWrap: 'anywhere' }}>
        <Box component="span" sx={{ display: '-webkit-box', WebkitBoxOrient: 'vertical', WebkitLineClamp: HEADING_LINES, overflow: 'hidden' }}>
          {children}
        </Box>
      </Typography>
    </Box>
  );
}
