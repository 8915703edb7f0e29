/** What can be done to the leads ticked, at once (each folder its own actions); on a phone it shows once a lead is ticked: the first screen is for the leads. */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import admin from '../../../../config/admin';
import type { BulkAction } from '../../model/adminApi';
import { fill, formatCount } from '../../../platform/inbox/format';

const t = admin.list;

/** What each folder's ticked leads can have done to them. */
const BULK: Record<'inbox' | 'spam', readonly BulkAction[]> = { inbox: ['read', 'archive', 'spam', 'delete'], spam: ['notSpam', 'delete'] };

/** `onAction`: an action chosen (deleting is asked first, by the list); drawn again only when one of these changes. */
export const BulkBar = memo(function BulkBar({
  spam,
  small,
  ticked,
  onAction,
}: {
  spam: boolean;
  small: boolean;
  ticked: number;
  onAction: (action: BulkAction) => void;
}) {
  if (small && ticked === 0) return null;
  return (
    <Stack component="section" aria-label={t.bulkLabel} direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 1, minHeight: 40 }}>
      <Typography variant="body2" sx={{ fontWeight: ticked > 0 ? 700 : 400, mr: 1 }}>
        {ticked > 0 ? fill(t.selected, { count: formatCount(ticked) }) : t.noneSelected}
      </Typography>
      {BULK[spam ? 'spam' : 'inbox'].map((action) => (
        <Button
          key={action}
          size="small"
          variant="outlined"
          color={action === 'delete' ? 'error' : 'primary'}
          disabled={ticked === 0}
          onClick={() => onAction(action)}
        >
          {t.bulk[action]}
        </Button>
      ))}
    </Stack>
  );
});
