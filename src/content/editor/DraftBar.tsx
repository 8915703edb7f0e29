/**
 * Beside Publish: where the open item's draft stands, in one true line (published, saving, draft
 * saved, not saved and why, scheduled for…), who else has a draft of it, and what can be done
 * with the draft: schedule it (the server publishes it by itself at that time), cancel the
 * schedule, discard it (after a question).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import admin from '../../../config/admin';
import type { ContentDraft, ContentProblem } from '../model/contentApi';
import { formatDate, formatTime } from '../../platform/received';
import { fill } from '../../platform/inbox/format';
import { PublishRefused } from './api';
import type { SaveState } from './draftSaver';

const t = admin.content;
/** Long words (an e-mail address) wrap inside a narrow alert instead of making it scroll. */
const wrapping = { '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' } } as const;

/** The status line's words for one item. */
export function draftStatus({ saveState, draft, edited }: { saveState: SaveState | undefined; draft: ContentDraft | undefined; edited: boolean }): string {
  if (saveState?.kind === 'saving') return t.saving;
  if (saveState?.kind === 'notSaved') return fill(t.notSaved, { reason: saveState.reason });
  if (draft?.scheduledAt) return fill(t.scheduledFor, { at: formatDate(draft.scheduledAt) });
  if (edited && draft) return fill(t.draftSaved, { time: formatTime(draft.updatedAt) });
  if (edited) return t.saving;
  return t.statusPublished;
}

/** A datetime-local input's value for a time, in this browser's own time zone ("2026-11-25T16:20"). */
function localInput(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

export interface DraftActionsProps {
  /** What the draft is of, by its name in the list (the discard's question names it). */
  label: string;
  draft: ContentDraft | undefined;
  /** Other accounts' drafts of the same file. */
  others: readonly ContentDraft[];
  edited: boolean;
  /** The checker refuses something: nothing can be scheduled. */
  blocked: boolean;
  schedule(at: string | null): Promise<void>;
  discard(): Promise<void>;
  /** The checker's problems the server found when scheduling. */
  onProblems(problems: ContentProblem[]): void;
}

export function DraftActions({ label, draft, others, edited, blocked, schedule, discard, onProblems }: DraftActionsProps) {
  const [open, setOpen] = useState(false);
  const [when, setWhen] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ severity: 'error' | 'success'; text: string }>();
  const [asking, setAsking] = useState(false);
  const panelId = useId();
  const titleId = useId();
  // The panel opens where the bar is on the page (it does not stick with Publish): its time box takes the keyboard, in view.
  const timeBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open) timeBox.current?.focus();
  }, [open]);

  const run = async (task: () => Promise<void>, done?: string) => {
    setBusy(true);
    setMessage(undefined);
    try {
      await task();
      if (done) setMessage({ severity: 'success', text: done });
      return true;
    } catch (error) {
      if (error instanceof PublishRefused && error.problems.length > 0) onProblems(error.problems);
      setMessage({ severity: 'error', text: (error as Error).message });
      return false;
    } finally {
      setBusy(false);
    }
  };
  const onSchedule = async (event: FormEvent) => {
    event.preventDefault();
    // The time as this browser's clock reads it, sent as an instant.
    const at = new Date(when);
    if (Number.isNaN(at.getTime())) return;
    if (await run(() => schedule(at.toISOString()))) setOpen(false);
  };

  return (
    <>
      {others.map((other) => (
        <Alert key={other.author} severity="info" sx={{ mt: 1, ...wrapping }}>
          {other.scheduledAt
            ? fill(t.othersScheduled, { author: other.author, at: formatDate(other.scheduledAt) })
            : fill(t.othersDraft, { author: other.author, at: formatDate(other.updatedAt) })}
        </Alert>
      ))}
      {draft?.outdated && !draft.scheduleError && (
        <Alert severity="warning" sx={{ mt: 1, ...wrapping }}>
          {t.draftOutdated}
        </Alert>
      )}
      {draft?.scheduleError && (
        <Alert severity="warning" sx={{ mt: 1, ...wrapping }}>
          {draft.scheduleError}
        </Alert>
      )}
      {edited && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
          {draft?.scheduledAt ? (
            <Button variant="outlined" disabled={busy} onClick={() => void run(() => schedule(null))}>
              {t.scheduleCancel}
            </Button>
          ) : (
            <Button
              variant="outlined"
              disabled={busy || blocked}
              aria-expanded={open}
              aria-controls={panelId}
              onClick={() => {
                if (!open && when === '') setWhen(localInput(Date.now() + 3_600_000));
                setOpen(!open);
              }}
            >
              {t.schedule}
            </Button>
          )}
          <Button variant="text" color="error" disabled={busy} onClick={() => setAsking(true)}>
            {t.discard}
          </Button>
        </Stack>
      )}
      <Collapse in={open && edited && !draft?.scheduledAt} unmountOnExit>
        <Box id={panelId} component="form" aria-label={t.scheduleHeading} onSubmit={(e) => void onSchedule(e)} sx={{ mt: 2 }}>
          <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 700, mb: 1 }}>
            {t.scheduleHeading}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              type="datetime-local"
              label={t.scheduleAt}
              value={when}
              onChange={(e) => setWhen(e.target.value)}
              required
              helperText={t.scheduleHint}
              inputRef={timeBox}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: localInput(Date.now()) } }}
              sx={{ maxWidth: { sm: 360 } }}
            />
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained" disabled={busy || blocked || when === ''}>
                {t.scheduleConfirm}
              </Button>
              <Button variant="text" onClick={() => setOpen(false)}>
                {t.scheduleClose}
              </Button>
            </Stack>
          </Stack>
        </Box>
      </Collapse>
      {message && (
        <Alert severity={message.severity} sx={{ mt: 1, ...wrapping }}>
          {message.text}
        </Alert>
      )}
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t.discard}</DialogTitle>
        <DialogContent>
          <DialogContentText>{fill(t.discardQuestion, { name: label })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)} autoFocus>
            {t.discardKeep}
          </Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setAsking(false);
              void run(discard, t.discarded);
            }}
          >
            {t.discardConfirm}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
