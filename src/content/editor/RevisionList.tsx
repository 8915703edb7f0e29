/**
 * The revisions, newest first (all of them, or one item's: its own changes only): who, when and
 * what in words, a run of developers' releases in one line; each with its changes before and
 * after, Undo (its changes taken back alone; under Before and after, each change alone) and
 * Restore (the site as it was then), each shown first in a preview (the changes, and the page as
 * it will be) and confirmed.
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
import MenuItem from '@mui/material/MenuItem';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import admin from '../../../config/admin';
import type { ChangeView, HistoryPlan, Revision } from '../model/contentApi';
import { formatDayRange } from '../../platform/received';
import { siteContentOf } from '../../site/model/siteContent';
import { fill, formatDate } from '../../platform/inbox/format';
import { goBack, loadRevision, loadRevisions, previewGoingBack, type UndoScope } from './api';
import { useContent } from './contentState';
import { checkOptionsOf } from './editedFiles';
import { itemName, livePathOf, previewTargetOf } from './itemNames';
import { translatedFileOf } from './translations';
import { translationPreview } from './translationItems';
import { Preview, previewPort } from './Preview';

const t = admin.content;
const h = t.history;

type Kind = 'undo' | 'restore';

/** What is asked for: an undo (of the revision's changes in `scope`: `many` when more than one) or a restore. */
interface Asked {
  kind: Kind;
  revision: Revision;
  scope: UndoScope;
  many: boolean;
}

/** A change of a revision, with its place among the revision's changes (how one is undone alone). */
type Numbered = ChangeView & { index: number };

/** The list; `file`: only the revisions of that item, with its own changes (its own screen), else all with Restore too. */
export function RevisionList({ file, headingLevel = 2 }: { file?: string; headingLevel?: 2 | 3 }) {
  const { reload } = useContent();
  const [revisions, setRevisions] = useState<Revision[]>();
  const [failure, setFailure] = useState<string>();
  const [asked, setAsked] = useState<Asked>();
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
              file={file}
              headingLevel={headingLevel}
              caption={
                revision.kind === 'undo'
                  ? fill(h.undoOf, { of: whenOf(revision.of) })
                  : revision.kind === 'restore'
                    ? fill(h.restoreOf, { of: whenOf(revision.of) })
                    : undefined
              }
              canUndo={revision.kind !== 'release' && revision.id !== oldest}
              // A developers' release changed the code too: the office cannot go back to it (nor undo it).
              canRestore={!file && index > 0 && revision.kind !== 'release'}
              onAsk={(kind, scope, many) => setAsked({ kind, revision, scope, many })}
            />
          </Paper>
        ))}
      </Stack>
      {asked && <GoBackDialog asked={asked} onClose={() => setAsked(undefined)} onDone={(message) => finished(asked.revision.id, message)} />}
    </Stack>
  );
}

function RevisionItem({
  revision,
  file,
  headingLevel,
  caption,
  canUndo,
  canRestore,
  onAsk,
}: {
  revision: Revision;
  /** The item whose list this is: its changes only. */
  file: string | undefined;
  headingLevel: 2 | 3;
  caption: string | undefined;
  canUndo: boolean;
  canRestore: boolean;
  onAsk(kind: Kind, scope: UndoScope, many: boolean): void;
}) {
  const { snapshot } = useContent();
  const [open, setOpen] = useState(false);
  const [changes, setChanges] = useState<Numbered[] | { failed: string }>();
  const panel = useId();
  const toggle = async () => {
    setOpen(!open);
    if (!open && !changes) {
      try {
        const all = (await loadRevision(revision.id)).changes.map((change, index) => ({ ...change, index }));
        setChanges(file ? all.filter((change) => change.file === file) : all);
      } catch (error) {
        setChanges({ failed: (error as Error).message });
      }
    }
  };
  const heading =
    revision.kind === 'release'
      ? revision.folded
        ? fill(h.releases, { count: revision.folded.count, dates: formatDayRange(revision.folded.from, revision.at) })
        : fill(h.releaseAt, { at: formatDate(revision.at) })
      : fill(revision.scheduledBy ? t.revisionScheduled : t.revisionBy, { author: revision.scheduledBy ?? revision.author, at: formatDate(revision.at) });
  // In one item's list, a publish of several items says which others it changed.
  const together =
    file && revision.items && revision.items.length > 1
      ? revision.items.filter((item) => item.file !== file).map((item) => itemName(snapshot, {}, item.file))
      : [];
  const count = revision.summary.length;
  const scope: UndoScope = file ? { file } : {};
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography component={`h${headingLevel}`} sx={{ fontSize: '1rem', fontWeight: 700, overflowWrap: 'anywhere' }}>
            {heading}
          </Typography>
          {caption && <Typography variant="body2">{caption}</Typography>}
          {together.length > 0 && <Typography variant="body2">{fill(h.publishedWith, { items: together.join('; ') })}</Typography>}
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
            <Button variant="outlined" onClick={() => onAsk('undo', scope, count > 1)}>
              {count > 1 ? fill(h.undoAll, { count }) : h.undo}
            </Button>
          )}
          {canRestore && (
            <Button variant="outlined" onClick={() => onAsk('restore', {}, true)}>
              {t.restore}
            </Button>
          )}
        </Stack>
      </Stack>
      <Box id={panel} hidden={!open} sx={{ mt: 2 }}>
        {open && !changes && <CircularProgress size={24} aria-label={t.loading} />}
        {changes && 'failed' in changes && <Alert severity="error">{changes.failed}</Alert>}
        {Array.isArray(changes) && (
          <ChangeViews changes={changes} onUndo={canUndo && changes.length > 1 ? (change) => onAsk('undo', { change: change.index }, false) : undefined} />
        )}
      </Box>
    </>
  );
}

/** Each change: where, then its whole text before and after, the part that differs marked; with `onUndo`, a button to undo it alone. */
function ChangeViews<C extends ChangeView>({ changes, onUndo }: { changes: readonly C[]; onUndo?: ((change: C) => void) | undefined }) {
  const id = useId();
  return (
    <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {changes.map((change, i) => {
        const [before, after] = marked(change.before, change.after);
        return (
          <Box component="li" key={`${change.where}:${i}`}>
            <Typography id={`${id}-${i}`} sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {change.where}
            </Typography>
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
            {onUndo && (
              <Button variant="outlined" size="small" sx={{ mt: 1 }} aria-describedby={`${id}-${i}`} onClick={() => onUndo(change)}>
                {h.undoOne}
              </Button>
            )}
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

/** The page as an undo or a restore would leave it (the files its plan publishes), at a phone's width on a narrow screen; one of its pages chosen when it changes several. */
function PreviewAfter({ plan }: { plan: HistoryPlan }) {
  const { snapshot } = useContent();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const files = plan.files.filter((f) => f.value !== null).map((f) => f.file);
  const [chosen, setChosen] = useState(files[0]);
  const edits = useMemo(() => Object.fromEntries(plan.files.map((f) => [f.file, f.value])), [plan]);
  const content = useMemo(() => siteContentOf(checkOptionsOf(snapshot, edits)), [snapshot, edits]);
  const port = useMemo(() => previewPort(() => undefined), []);
  if (!chosen) return null;
  // A translation: the page in its language.
  const language = translatedFileOf(chosen)?.code;
  const inLanguage = language ? translationPreview(snapshot, edits, chosen) : undefined;
  const target = language ? inLanguage?.target : previewTargetOf(snapshot, edits, content, chosen, livePathOf(snapshot, edits, chosen));
  if (!target) return null;
  // The section of the first change on that page, brought into view.
  const path = plan.changes.find((c) => c.file === chosen && c.path?.[0] === 'sections' && typeof c.path[1] === 'number')?.path;
  const name = itemName(snapshot, edits, chosen);
  return (
    <Box component="section" aria-label={h.previewAfter}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
        <Typography component="h3" sx={{ fontWeight: 700 }}>
          {h.previewAfter}
        </Typography>
        {files.length > 1 && (
          <TextField select size="small" label={h.previewWhich} value={chosen} onChange={(e) => setChosen(e.target.value)} sx={{ minWidth: 200 }}>
            {files.map((file) => (
              <MenuItem key={file} value={file}>
                {itemName(snapshot, edits, file)}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      <Preview
        key={chosen}
        target={target}
        content={inLanguage?.content ?? content}
        {...(language ? { lang: language } : {})}
        port={port}
        device={narrow ? 'phone' : 'desktop'}
        title={`${h.previewAfter}: ${name}`}
        {...(path ? { reveal: { section: path[1] as number, times: 1 } } : {})}
      />
    </Box>
  );
}

/** The preview of an undo or a restore (its changes, and the page after it), then its confirmation (itself a publish). */
function GoBackDialog({ asked, onClose, onDone }: { asked: Asked; onClose(): void; onDone(message: string): Promise<void> }) {
  const { kind, revision, scope, many } = asked;
  const [plan, setPlan] = useState<HistoryPlan | { failed: string }>();
  const [state, setState] = useState<{ kind: 'working' } | { kind: 'failed'; message: string }>();
  const title = useId();
  useEffect(() => {
    let live = true;
    previewGoingBack(kind, revision.id, scope).then(
      (found) => live && setPlan(found),
      (error: Error) => live && setPlan({ failed: error.message }),
    );
    return () => {
      live = false;
    };
  }, [kind, revision.id, scope]);
  const confirm = async () => {
    if (!plan || 'failed' in plan) return;
    setState({ kind: 'working' });
    try {
      const made = await goBack(kind, revision.id, plan.baseRevision, scope);
      await onDone(made ? (kind === 'undo' ? h.undone : t.restored) : h.nothingToChange);
    } catch (error) {
      setState({ kind: 'failed', message: (error as Error).message });
    }
  };
  const ready = plan && !('failed' in plan) && plan.refusals.length === 0 && plan.summary.length > 0;
  const working = state?.kind === 'working';
  return (
    <Dialog open onClose={working ? undefined : onClose} aria-labelledby={title} fullWidth maxWidth="md">
      <DialogTitle id={title}>{kind === 'undo' ? (many ? h.undoAllTitle : h.undoTitle) : h.restoreTitle}</DialogTitle>
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
                <Typography>{kind === 'undo' ? (many ? h.undoAllIntro : h.undoIntro) : h.restoreIntro}</Typography>
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
            {ready && <PreviewAfter plan={plan} />}
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

/** On an item's own screen (a page, an article, a form, the parts on every page): its revisions, each with its own changes only, listed when asked for. */
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
