/**
 * "Type your password again": asked when an action that exposes or destroys data (erasing,
 * exporting, deleting leads: PASSWORD_AGAIN_ROUTES) is refused because the password was typed too
 * long ago (api.ts asks here, then sends the action again). A wrong password, or too many, is the
 * server's sentence in the dialog; Cancel leaves the action undone.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import admin from '../../../config/admin';
import server from '../../../config/server';
import { confirmPassword, onPasswordAgain, SignedOut } from '../../platform/inbox/api';
import { fill } from '../../platform/inbox/format';
import { Notice } from '../../platform/inbox/Notice';
import { PasswordField } from '../../platform/inbox/PasswordField';

const t = admin.passwordAgain;

export function PasswordAgain() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  // Every action waiting for the answer (two refused at once ask once).
  const waiting = useRef<((confirmed: boolean) => void)[]>([]);

  useEffect(() => {
    onPasswordAgain(
      () =>
        new Promise<boolean>((resolve) => {
          waiting.current.push(resolve);
          setOpen(true);
        }),
    );
    return () => onPasswordAgain(async () => false);
  }, []);

  const close = (confirmed: boolean) => {
    setOpen(false);
    setPassword('');
    setProblem(undefined);
    setBusy(false);
    for (const resolve of waiting.current.splice(0)) resolve(confirmed);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      await confirmPassword(password);
      close(true);
    } catch (error) {
      // The session ended meanwhile: the sign-in shows, and the action is not done.
      if (error instanceof SignedOut) return close(false);
      setProblem((error as Error).message);
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={() => close(false)} aria-labelledby="password-again-title" aria-describedby="password-again-intro">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="password-again-title">{t.heading}</DialogTitle>
        <DialogContent>
          <DialogContentText id="password-again-intro" sx={{ mb: 2 }}>
            {fill(t.intro, { minutes: server.admin.passwordAgainMinutes })}
          </DialogContentText>
          <PasswordField label={t.password} value={password} onChange={setPassword} autoFocus fullWidth />
          <Notice message={problem === undefined ? undefined : { text: problem, severity: 'error' }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => close(false)}>{t.cancel}</Button>
          <Button type="submit" variant="contained" disabled={busy || password === ''}>
            {busy ? t.checking : t.confirm}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
