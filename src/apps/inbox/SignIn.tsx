/**
 * The sign-in: "E-mail", "Password", "Keep me signed in on this device" (a session that lasts
 * while it is used: server's admin.rememberedDays), "Sign in"; and how to make the first account
 * when there is none. An account with a passkey or an authenticator app then gives its second
 * step (SecondStep.tsx) before it is signed in.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import admin from '../../../config/admin';
import server from '../../../config/server';
import { signIn } from '../../platform/inbox/api';
import type { SecondStepNeeded } from '../../platform/signIn';
import { SecondStep } from './SecondStep';
import { fill } from '../../platform/inbox/format';
import { Notice } from '../../platform/inbox/Notice';
import { PasswordField } from '../../platform/inbox/PasswordField';
import { useSession } from '../../platform/inbox/session';

const t = admin.signIn;

export function SignIn({ accounts, csrfToken, ended }: { accounts: boolean; csrfToken: string; ended: boolean }) {
  const { refresh } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [needed, setNeeded] = useState<SecondStepNeeded>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      const next = await signIn(email, password, csrfToken, remember);
      if (next) {
        setPassword('');
        setNeeded(next);
        setBusy(false);
      } else await refresh();
    } catch (error) {
      setProblem((error as Error).message);
      setBusy(false);
    }
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'surface' }}>
      <Paper component="section" aria-labelledby="sign-in-heading" variant="outlined" sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 } }}>
        <Typography id="sign-in-heading" variant="h1" sx={{ fontSize: '1.75rem', mb: 3 }}>
          {needed ? t.secondStepHeading : t.heading}
        </Typography>
        {needed ? (
          <SecondStep key={needed.secondStep.methods.join()} needed={needed} csrfToken={csrfToken} onNext={setNeeded} onBack={() => setNeeded(undefined)} />
        ) : (
          <>
            {!accounts && (
              <Alert severity="info" sx={{ mb: 3 }}>
                <Typography variant="body2">{t.noAccount}</Typography>
                <Box
                  component="code"
                  sx={{ display: 'block', mt: 1, p: 1, bgcolor: 'background.paper', borderRadius: 1, overflowWrap: 'anywhere', fontSize: '0.875rem' }}
                >
                  {t.noAccountCommand}
                </Box>
              </Alert>
            )}
            {ended && !problem && (
              <Alert severity="info" sx={{ mb: 3 }}>
                {t.sessionEnded}
              </Alert>
            )}
            <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
              <TextField label={t.email} type="email" name="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
              <PasswordField label={t.password} value={password} onChange={setPassword} />
              <Box>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={remember}
                      onChange={(e) => setRemember(e.target.checked)}
                      slotProps={{ input: { 'aria-describedby': 'remember-hint' } }}
                    />
                  }
                  label={t.remember}
                />
                <FormHelperText id="remember-hint" sx={{ mt: 0 }}>
                  {fill(t.rememberHint, { days: server.admin.rememberedDays })}
                </FormHelperText>
              </Box>
              <Notice message={problem === undefined ? undefined : { text: problem, severity: 'error' }} />
              <Button type="submit" variant="contained" size="large" disabled={busy}>
                {busy ? t.submitting : t.submit}
              </Button>
            </Box>
          </>
        )}
      </Paper>
    </Box>
  );
}
