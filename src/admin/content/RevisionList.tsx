/**
 * The revisions, newest first (all of them, or one page's or form's): who, when and what in
 * words, each with its changes before and after, "Undo this change" (that change alone taken
 * back) and Restore (the site as it was then), each shown first in a preview and confirmed.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import admin from '../../../config/admin';
import type { ChangeView, HistoryPlan, Revision } from '../../shared/contentApi';
import { fill, formatDate } from '../format';
import { goBack, loadRevision, loadRevisions, previewGoingBack } from './api';
import { useContent } from './ContentScreens';

const t = admin.content;
const h = t.history;

type Kind = 'undo' | 'restore';

/** The list; `file`: only the revisions of that file (its own screen), else all with Restore too. */
export function RevisionList({ file, headingLevel = 2 }: { file?: string; headingLevel?: 2 | 3 }) {
  const { reload } = useContent();
  const [revisions, setRevisions] = useState<Revision[]>();
  const [failure, setFailure] = useState<string>();
  const [asked, setAsked] = useState<{ kind: Kind; revision: Revision }>();
  const [done, setDone] = useState<{ id: string; message: string }>();
  const load = useCallback(async () => {
    try {
      setRevisions(await loadRevisions(file));
    } catch (error) {
      setFailure((error as Error).message);
    }
  }, [file]);
  useEffect(() => void load(), [load]);

  const whenOf = (id: string | undefined) => {
    const found = revisions?.find((r) => r.id === id);
    return found ? formatDate(found.at) : '';
  };
  const finished = async (id: string, message: string) => {
    setAsked(undefined);
    setDone({ id, message });
    await Promise.all([load(), reload()]);
  };
  // The oldest revision has nothing before it to go back to.
  const oldest = revisions && !file ? revisions[revisions.length - 1]?.id : undefined;

  return (
    <Stack spacing={2}>
      {failure && <Alert severity="error">{failure}</Alert>}
      {!revisions && !failure && <CircularProgress aria-label={t.loading} />}
      {revisions?.length === 0 && <Typography>{t.noRevisions}</Typography>}
      {done && (
        <Alert role="status" severity="success" onClose={() => setDone(undefined)}>
          {done.message}
        </Alert>
      )}
      <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {revisions?.map((revision, index) => (
          <Paper component="li" variant="outlined" key={revision.id} sx={{ p: 2 }}>
            <RevisionItem
              revision={revision}
              headingLevel={headingLevel}
              caption={revision.kind === 'undo' ? fill(h.undoOf, { of: whenOf(revision.of) }) : revision.kind === 'restore' ? fill(h.restoreOf, { of: whenOf(revision.of) }) : undefined}
              canUndo={revision.kind !== 'release' && revision.id !== oldest}
              canRestore={!file && index > 0}
              onAsk={(kind) => setAsked({ kind, revision })}
            />
          </Paper>
        ))}
      </Stack>
      {asked && <GoBackDialog kind={asked.kind} revision={asked.revision} onClose={() => setAsked(undefined)} onDone={(message) => finished(asked.revision.id, message)} />}
    </Stack>
  );
}

function RevisionItem({
  revision,
  headingLevel,
  caption,
  canUndo,
  canRestore,
  onAsk,
}: {
  revision: Revision;
  headingLevel: 2 | 3;
  caption: string | undefined;
  canUndo: boolean;
  canRestore: boolean;
  onAsk(kind: Kind): void;
}) {
  const [open, setOpen] = useState(false);
  const [changes, setChanges] = useState<ChangeView[] | { failed: string }>();
  const panel = useId();
  const toggle = async () => {
    setOpen(!open);
    if (!open && !changes) {
      try {
        setChanges((await loadRevision(revision.id)).changes);
      } catch (error) {
        setChanges({ failed: (error as Error).message });
      }
    }
  };
  const heading =
    revision.kind === 'release'
      ? fill(h.releaseAt, { at: formatDate(revision.at) })
      : fill(revision.scheduledBy ? t.revisionScheduled : t.revisionBy, { author: revision.scheduledBy ?? revision.author, at: formatDate(revision.at) });
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography component={`h${headingLevel}`} sx={{ fontSize: '1rem', fontWeight: 700, overflowWrap: 'anywhere' }}>
            {heading}
          </Typography>
          {caption && <Typography variant="body2">{caption}</Typography>}
          <Box component="ul" sx={{ m: 0, pl: 3, overflowWrap: 'anywhere' }}>
            {revision.summary.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </Box>
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexShrink: 0, alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
          {revision.kind !== 'release' && (
            <Button variant="text" aria-expanded={open} aria-controls={panel} onClick={() => void toggle()}>
              {open ? h.hideChanges : h.showChanges}
            </Button>
          )}
          {canUndo && (
            <Button variant="outlined" onClick={() => onAsk('undo')}>
              {h.undo}
            </Button>
          )}
          {canRestore && (
            <Button variant="outlined" onClick={() => onAsk('restore')}>
              {t.restore}
            </Button>
          )}
        </Stack>
      </Stack>
      <Box id={panel} hidden={!open} sx={{ mt: 2 }}>
        {open && !changes && <CircularProgress size={24} aria-label={t.loading} />}
        {changes && 'failed' in changes && <Alert severity="error">{changes.failed}</Alert>}
        {Array.isArray(changes) && <ChangeViews changes={changes} />}
      </Box>
    </>
  );
}

/** Each change: where, then its whole text before and after, the part that differs marked. */
export function ChangeViews({ changes }: { changes: readonly ChangeView[] }) {
  return (
    <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {changes.map((change, i) => {
        const [before, after] = marked(change.before, change.after);
        return (
          <Box component="li" key={`${change.where}:${i}`}>
            <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{change.where}</Typography>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' }, gap: 1, m: 0 }}>
              {[
                { term: h.before, value: before, tint: 'error' as const },
                { term: h.after, value: after, tint: 'success' as const },
              ].map(({ term, value, tint }) => (
                <Box key={term} sx={{ bgcolor: (theme) => alpha(theme.palette[tint].main, 0.08), borderRadius: 1, p: 1, minWidth: 0 }}>
                  <Typography component="dt" variant="body2" sx={{ fontWeight: 700 }}>
                    {term}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {value}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Box>
        );
      })}
    </Stack>
  );
}

/** Both texts whole, the part where they differ marked (<mark>); a missing side in words. */
function marked(before: string | undefined, after: string | undefined): [ReactNode, ReactNode] {
  if (before === undefined || after === undefined) return [before ?? h.nothing, after ?? h.nothing];
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  // Whole words marked: back to the start of the word, on to its end.
  while (start > 0 && !/\s/.test(before[start - 1]!)) start--;
  while (end > 0 && !/\s/.test(before[before.length - end]!)) end--;
  const mark = (text: string) => (
    <>
      {text.slice(0, start)}
      <Box component="mark" sx={{ bgcolor: (theme) => alpha(theme.palette.warning.main, 0.3), color: 'inherit' }}>
        {text.slice(start, text.length - end)}
      </Box>
      {text.slice(text.length - end)}
    </>
  );
  return [mark(before), mark(after)];
}

/** The preview of an undo or a restore, then its confirmation (itself a publish). */
function GoBackDialog({ kind, revision, onClose, onDone }: { kind: Kind; revision: Revision; onClose(): void; onDone(message: string): Promise<void> }) {
  const [plan, setPlan] = useState<HistoryPlan | { failed: string }>();
  const [state, setState] = useState<{ kind: 'working' } | { kind: 'failed'; message: string }>();
  const title = useId();
  useEffect(() => {
    let live = true;
    previewGoingBack(kind, revision.id).then(
      (found) => live && setPlan(found),
      (error: Error) => live && setPlan({ failed: error.message }),
    );
    return () => {
      live = false;
    };
  }, [kind, revision.id]);
  const confirm = async () => {
    if (!plan || 'failed' in plan) return;
    setState({ kind: 'working' });
    try {
      const made = await goBack(kind, revision.id, plan.baseRevision);
      await onDone(made ? (kind === 'undo' ? h.undone : t.restored) : h.nothingToChange);
    } catch (error) {
      setState({ kind: 'failed', message: (error as Error).message });
    }
  };
  const ready = plan && !('failed' in plan) && plan.refusals.length === 0 && plan.summary.length > 0;
  const working = state?.kind === 'working';
  return (
    <Dialog open onClose={working ? undefined : onClose} aria-labelledby={title} fullWidth maxWidth="md">
      <DialogTitle id={title}>{kind === 'undo' ? h.undoTitle : h.restoreTitle}</DialogTitle>
      {/* Focusable: a long preview scrolls, and the keyboard scrolls it too. */}
      <DialogContent tabIndex={0}>
        <Typography variant="body2" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {fill(t.revisionBy, { author: revision.author, at: formatDate(revision.at) })}
        </Typography>
        {!plan && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <CircularProgress size={24} aria-hidden />
            <Typography role="status">{h.preparing}</Typography>
          </Stack>
        )}
        {plan && 'failed' in plan && <Alert severity="error">{plan.failed}</Alert>}
        {plan && !('failed' in plan) && (
          <Stack spacing={2}>
            {plan.refusals.length > 0 && (
              <Alert severity="error">
                {h.refusedIntro}
                <Box component="ul" sx={{ m: 0, pl: 3 }}>
                  {plan.refusals.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </Box>
              </Alert>
            )}
            {plan.refusals.length === 0 && plan.summary.length === 0 && <Alert severity="info">{h.nothingToChange}</Alert>}
            {ready && (
              <>
                <Typography>{kind === 'undo' ? h.undoIntro : h.restoreIntro}</Typography>
                <ChangeViews changes={plan.changes} />
              </>
            )}
            {plan.notes.length > 0 && (
              <Alert severity="info">
                {h.notesIntro}
                <Box component="ul" sx={{ m: 0, pl: 3 }}>
                  {plan.notes.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </Box>
              </Alert>
            )}
          </Stack>
        )}
        {state?.kind === 'failed' && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {state.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={working}>
          {ready ? h.cancel : h.close}
        </Button>
        {ready && (
          <Button variant="contained" onClick={() => void confirm()} disabled={working}>
            {working ? (kind === 'undo' ? h.undoing : t.restoring) : kind === 'undo' ? h.undoConfirm : h.restoreConfirm}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** On a page's or form's own screen: its revisions, listed when asked for. */
export function ItemRevisions({ file, label }: { file: string; label: string }) {
  const [shown, setShown] = useState(false);
  const heading = fill(h.ofItem, { label });
  const panel = useId();
  return (
    <Paper component="section" variant="outlined" aria-label={heading} sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 700, overflowWrap: 'anywhere' }}>
          {heading}
        </Typography>
        <Button variant="outlined" aria-expanded={shown} aria-controls={panel} onClick={() => setShown(!shown)}>
          {shown ? h.close : h.showOfItem}
        </Button>
      </Stack>
      <Box id={panel} sx={{ mt: shown ? 2 : 0 }}>
        {shown && <RevisionList file={file} headingLevel={3} />}
      </Box>
    </Paper>
  );
}
