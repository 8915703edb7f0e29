/** What a row of the list shows of a lead: its name as its link, how long its person has waited, its status. */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import admin from '../../../../config/admin';
import type { LeadSummary } from '../../model/adminApi';
import { attentionWords, fill, formatCount, visible } from '../../../platform/inbox/format';
import { useNow } from '../../../platform/inbox/clock';
import { ScreenReaderText } from '../../../site/ui/ScreenReaderText';

const t = admin.list;

/** A lead's name as its link (bold while unread, and said so); hidden characters shown by their code (an override cannot reverse the text around it). */
export function NameLink({ row }: { row: LeadSummary }) {
  return (
    <Box component="span" sx={{ minWidth: 0 }}>
      {/* Underlined beside the count of submissions: told apart from that text by more than its colour. */}
      <Link
        component={RouterLink}
        to={`/leads/${encodeURIComponent(row.docId)}`}
        underline={row.submissions !== undefined && row.submissions > 1 ? 'always' : 'hover'}
        sx={{ fontWeight: row.unread ? 800 : 400, unicodeBidi: 'isolate', overflowWrap: 'anywhere' }}
      >
        {visible(row.name || row.email)}
      </Link>
      {/* Read out after the name (the link keeps the lead's name alone). */}
      {row.unread && <ScreenReaderText>{` ${t.unreadMark}`}</ScreenReaderText>}
      {/* The people view: how many submissions of theirs the view holds. */}
      {row.submissions !== undefined && row.submissions > 1 && (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1, whiteSpace: 'nowrap' }}>
          {fill(t.submissions, { count: formatCount(row.submissions) })}
        </Typography>
      )}
    </Box>
  );
}

/** How long the person has waited for the agency ("waiting 3 days"), or the lead's last activity: running on an open tab (clock.ts). */
export function Attention({ row }: { row: LeadSummary }) {
  const now = useNow();
  return (
    <Typography
      component="span"
      variant="body2"
      color={row.waitingSince === null ? 'text.secondary' : 'text.primary'}
      sx={{ fontWeight: row.waitingSince === null ? 400 : 700 }}
    >
      {attentionWords(row, now)}
    </Typography>
  );
}

export const StatusChip = ({ status }: { status: LeadSummary['status'] }) => (
  <Chip size="small" label={admin.statuses[status]} color={status === 'new' ? 'primary' : 'default'} variant={status === 'new' ? 'filled' : 'outlined'} />
);
