/** Every publish, newest first: who, when and what in words, each with Restore (itself a publish). */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import admin from '../../../config/admin';
import type { Revision } from '../../shared/contentApi';
import { fill, formatDate } from '../format';
import { loadRevisions, restore } from './api';
import { useContent } from './ContentScreens';
import { ScreenHeading } from './ScreenHeading';

const t = admin.content;

export function RevisionsScreen() {
  const { reload } = useContent();
  const [revisions, setRevisions] = useState<Revision[]>();
  const [status, setStatus] = useState<{ id: string; kind: 'restoring' | 'restored' } | { id: string; kind: 'failed'; message: string }>();
  const [failure, setFailure] = useState<string>();
  const load = useCallback(async () => {
    try {
      setRevisions(await loadRevisions());
    } catch (error) {
      setFailure((error as Error).message);
    }
  }, []);
  useEffect(() => void load(), [load]);

  const onRestore = async (id: string) => {
    setStatus({ id, kind: 'restoring' });
    try {
      await restore(id);
      setStatus({ id, kind: 'restored' });
      await Promise.all([load(), reload()]);
    } catch (error) {
      setStatus({ id, kind: 'failed', message: (error as Error).message });
    }
  };

  return (
    <Stack spacing={3}>
      <ScreenHeading>{t.revisions}</ScreenHeading>
      {failure && <Alert severity="error">{failure}</Alert>}
      {!revisions && !failure && <CircularProgress aria-label={t.loading} />}
      {revisions?.length === 0 && <Typography>{t.noRevisions}</Typography>}
      <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {revisions?.map((revision, index) => (
          <Paper component="li" variant="outlined" key={revision.id} sx={{ p: 2 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 700, overflowWrap: 'anywhere' }}>
                  {fill(t.revisionBy, { author: revision.author, at: formatDate(revision.at) })}
                </Typography>
                <Box component="ul" sx={{ m: 0, pl: 3, overflowWrap: 'anywhere' }}>
                  {revision.summary.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </Box>
              </Box>
              {index > 0 && (
                <Box sx={{ flexShrink: 0 }}>
                  <Button variant="outlined" disabled={status?.kind === 'restoring'} onClick={() => void onRestore(revision.id)}>
                    {status?.id === revision.id && status.kind === 'restoring' ? t.restoring : t.restore}
                  </Button>
                </Box>
              )}
            </Stack>
            {status?.id === revision.id && status.kind !== 'restoring' && (
              <Alert role="status" severity={status.kind === 'restored' ? 'success' : 'error'} sx={{ mt: 1 }}>
                {status.kind === 'failed' ? status.message : t.restored}
              </Alert>
            )}
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
