/**
 * "Publish all my changes", on the list of content: it lists what it will send (every draft of
 * the signed-in account that is ready) and what it leaves, each with why (the checker's problems,
 * or a time it is scheduled for), then publishes the ready ones together: one revision, each change
 * recorded with its item. Publishing one item alone is its own screen's Publish (EditScreen.tsx).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState } from 'react';
import admin from '../../../config/admin';
import type { ContentProblem, Revision } from '../model/contentApi';
import { fill, formatDate } from '../../platform/inbox/format';
import { publish, PublishRefused } from './api';
import { useContent } from './contentState';
import { readyToPublish } from './editedFiles';
import { itemName } from './itemNames';

const t = admin.content;
const w = t.publishItems;
const wrapping = { overflowWrap: 'anywhere' } as const;

type State = { kind: 'asking' } | { kind: 'publishing' } | { kind: 'failed'; message: string; problems: ContentProblem[] };

export function PublishAll({ onPublished }: { onPublished(revision: Revision): void }) {
  const { snapshot, edits, drafts, me, uploaded, published, reload } = useContent();
  const [state, setState] = useState<State>();
  const titleId = useId();
  const files = Object.keys(edits);
  // Drafts scheduled for later wait for their time; the others are checked together as they would be published.
  const scheduled = useMemo(
    () => new Map(drafts.filter((d) => d.author === me && d.scheduledAt && Object.hasOwn(edits, d.file)).map((d) => [d.file, d.scheduledAt!])),
    [drafts, me, edits],
  );
  const open = state !== undefined;
  const found = useMemo(() => {
    if (!open) return undefined;
    const checked = { ...snapshot, publicFiles: [...snapshot.publicFiles, ...uploaded] };
    return readyToPublish(
      checked,
      edits,
      Object.keys(edits).filter((file) => !scheduled.has(file)),
    );
  }, [open, snapshot, uploaded, edits, scheduled]);
  if (files.length === 0) return null;
  const name = (file: string) => itemName(snapshot, edits, file);
  const working = state?.kind === 'publishing';

  const confirm = async () => {
    if (!found || found.ready.length === 0) return;
    const ready = found.ready;
    setState({ kind: 'publishing' });
    try {
      const revision = await publish(
        snapshot.revision,
        ready.map((file) => ({ file, value: edits[file] })),
      );
      published(ready);
      setState(undefined);
      onPublished(revision);
      await reload();
    } catch (error) {
      setState({ kind: 'failed', message: (error as Error).message, problems: error instanceof PublishRefused ? error.problems : [] });
    }
  };

  return (
    <>
      <Button variant="contained" onClick={() => setState({ kind: 'asking' })}>
        {w.all}
      </Button>
      <Dialog open={open} onClose={working ? undefined : () => setState(undefined)} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{w.allTitle}</DialogTitle>
        {/* Focusable: a long list scrolls, and the keyboard scrolls it too. */}
        <DialogContent tabIndex={0}>
          {found && found.ready.length > 0 && (
            <Box component="section" aria-label={w.allIntro} sx={{ mb: 2 }}>
              <Typography>{w.allIntro}</Typography>
              <Box component="ul" sx={{ m: 0, pl: 3, ...wrapping }}>
                {found.ready.map((file) => (
                  <li key={file}>{name(file)}</li>
                ))}
              </Box>
            </Box>
          )}
          {found && found.ready.length === 0 && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {w.allNone}
            </Alert>
          )}
          {found && (found.left.length > 0 || scheduled.size > 0) && (
            <Box component="section" aria-label={w.allLeft}>
              <Typography>{w.allLeft}</Typography>
              <Box component="ul" sx={{ m: 0, pl: 3, ...wrapping }}>
                {found.left.map(({ file, problems }) => (
                  <li key={file}>
                    <Typography component="span" sx={{ fontWeight: 700 }}>
                      {name(file)}
                    </Typography>
                    {': '}
                    {problems.length === 1 ? w.leftProblemsOne : fill(w.leftProblems, { count: problems.length })}
                    <Box component="ul" sx={{ m: 0, pl: 3 }}>
                      {/* The item is named above: each problem as under its box. */}
                      {problems.map((p) => (
                        <li key={`${p.file}:${JSON.stringify(p.path)}:${p.message}`}>{p.file === file ? p.field : p.message}</li>
                      ))}
                    </Box>
                  </li>
                ))}
                {[...scheduled].map(([file, at]) => (
                  <li key={file}>
                    <Typography component="span" sx={{ fontWeight: 700 }}>
                      {name(file)}
                    </Typography>
                    {': '}
                    {fill(w.leftScheduled, { at: formatDate(at) })}
                  </li>
                ))}
              </Box>
            </Box>
          )}
          {working && (
            <Box sx={{ mt: 2 }}>
              <Typography role="status" variant="body2">
                {t.publishing}
              </Typography>
              <LinearProgress sx={{ mt: 1 }} aria-label={t.publishing} />
            </Box>
          )}
          {state?.kind === 'failed' && (
            <Alert severity="error" sx={{ mt: 2, '& .MuiAlert-message': { minWidth: 0, ...wrapping } }}>
              {state.message}
              {state.problems.length > 0 && (
                <Box component="ul" sx={{ m: 0, pl: 3 }}>
                  {state.problems.map((p) => (
                    <li key={`${p.file}:${JSON.stringify(p.path)}:${p.message}`}>{p.message}</li>
                  ))}
                </Box>
              )}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setState(undefined)} disabled={working}>
            {w.allCancel}
          </Button>
          <Button variant="contained" onClick={() => void confirm()} disabled={working || !found || found.ready.length === 0}>
            {w.allConfirm}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
