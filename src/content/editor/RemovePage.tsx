/**
 * Removing a page made in the editor (one with an address of its own): a confirmation naming the
 * page and its address, then a publish of its removal (the server refuses the site's own pages
 * whatever is sent, and leaves the address answering 410 Gone: config/moved.ts).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import admin from '../../../config/admin';
import { routeTable } from '../model/routeTable';
import { fill } from '../../platform/inbox/format';
import { publish, PublishRefused } from './api';
import { useContent } from './contentState';
import { pageIdOf, ROUTES_FILE, valueOf } from './files';
import { isRecord } from './model';

const t = admin.content.newPage;

/** Whether a file is a published page the office made (it carries its own address; no route of the site's own names it). */
export function isRemovablePage(snapshot: Parameters<typeof valueOf>[0], file: string): boolean {
  const id = pageIdOf(file);
  const live = snapshot.files.find((f) => f.file === file)?.value;
  return id !== undefined && isRecord(live) && typeof live.address === 'string' && !routeTable(valueOf(snapshot, {}, ROUTES_FILE)).some((row) => row.page === id);
}

export function RemovePage({ file }: { file: string }) {
  const { snapshot, reload } = useContent();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  if (!isRemovablePage(snapshot, file)) return null;
  const live = snapshot.files.find((f) => f.file === file)!.value as { title?: unknown; address: string };
  const title = typeof live.title === 'string' ? live.title : file;

  const remove = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      await publish(snapshot.revision, [{ file, value: null }]);
      // To the list first (this screen's page is gone once the content is read again), then the content as it is now.
      navigate('/content', { state: { notice: t.removed } });
      await reload();
    } catch (error) {
      const problems = error instanceof PublishRefused ? error.problems.map((p) => p.message) : [];
      setFailure([(error as Error).message, ...problems].filter(Boolean).join(' '));
      setBusy(false);
      setOpen(false);
    }
  };

  return (
    <>
      <div>
        <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
          {t.remove}
        </Button>
      </div>
      {failure && <Alert severity="error">{failure}</Alert>}
      <Dialog open={open} onClose={() => !busy && setOpen(false)} aria-labelledby="remove-page-title" aria-describedby="remove-page-text">
        <DialogTitle id="remove-page-title">{t.remove}</DialogTitle>
        <DialogContent>
          <DialogContentText id="remove-page-text">{fill(t.removeConfirm, { title, address: live.address })}</DialogContentText>
          {busy && <DialogContentText role="status">{t.removing}</DialogContentText>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy} autoFocus>
            {t.removeNo}
          </Button>
          <Button color="error" variant="contained" onClick={() => void remove()} disabled={busy}>
            {t.removeYes}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
