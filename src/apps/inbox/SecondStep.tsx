/**
 * The sign-in's second step, after a right password: a passkey (the browser asks the device,
 * @simplewebauthn/browser, loaded only when used), a code from the authenticator app, or a
 * recovery code. The server signs in once one of them is right (POST /api/session/second-step),
 * or, for a browser new to the account where owners ask for it, asks next for the code it mailed
 * to the account (`mail`, alone: the next step is drawn anew).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import admin from '../../../config/admin';
import server from '../../../config/server';
import type { SecondStepAnswer, SecondStepNeeded } from '../../platform/signIn';
import { ApiError, secondStep } from '../../platform/inbox/api';
import { Notice } from '../../platform/inbox/Notice';
import { useSession } from '../../platform/inbox/session';

const t = admin.signIn;

export function SecondStep({
  needed,
  csrfToken,
  onNext,
  onBack,
}: {
  needed: SecondStepNeeded;
  csrfToken: string;
  onNext: (next: SecondStepNeeded) => void;
  onBack: () => void;
}) {
  const { refresh } = useSession();
  const { methods, passkeyOptions } = needed.secondStep;
  const [kind, setKind] = useState<'totp' | 'recovery' | 'mail'>(methods.includes('mail') ? 'mail' : methods.includes('totp') ? 'totp' : 'recovery');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'passkey' | 'code'>();
  const [problem, setProblem] = useState<string>();

  const finish = async (answer: SecondStepAnswer, how: 'passkey' | 'code') => {
    setBusy(how);
    setProblem(undefined);
    try {
      const next = await secondStep(answer, csrfToken);
      if (next) onNext(next);
      else await refresh();
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : server.admin.messages.passkeyFailed);
      setBusy(undefined);
    }
  };

  const signInWithPasskey = async () => {
    setBusy('passkey');
    setProblem(undefined);
    try {
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const response = await startAuthentication({ optionsJSON: passkeyOptions as never });
      await finish({ method: 'passkey', response: response as unknown as Record<string, unknown> }, 'passkey');
    } catch {
      // The person closed the browser's window, or the device has none of the account's passkeys.
      setProblem(server.admin.messages.passkeyFailed);
      setBusy(undefined);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void finish({ method: kind, code }, 'code');
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography>{kind === 'mail' ? t.mailIntro : t.secondStepIntro}</Typography>
      {methods.includes('passkey') && (
        <Button variant="contained" size="large" onClick={() => void signInWithPasskey()} disabled={busy !== undefined}>
          {busy === 'passkey' ? t.passkeyWaiting : t.usePasskey}
        </Button>
      )}
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
        <TextField
          key={kind}
          label={kind === 'mail' ? t.mailCode : kind === 'totp' ? t.code : t.recoveryCode}
          helperText={kind === 'mail' ? t.mailCodeHint : kind === 'totp' ? t.codeHint : t.recoveryHint}
          name="code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="one-time-code"
          autoFocus={!methods.includes('passkey')}
          slotProps={{ htmlInput: { inputMode: kind === 'recovery' ? 'text' : 'numeric', maxLength: 64, spellCheck: false, autoCapitalize: 'off' } }}
        />
        <Notice message={problem === undefined ? undefined : { text: problem, severity: 'error' }} />
        <Button type="submit" variant={methods.includes('passkey') ? 'outlined' : 'contained'} size="large" disabled={busy !== undefined}>
          {busy === 'code' ? t.confirming : t.confirm}
        </Button>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'space-between' }}>
        {methods.includes('totp') && (
          <Button
            onClick={() => {
              setKind(kind === 'totp' ? 'recovery' : 'totp');
              setCode('');
              setProblem(undefined);
            }}
          >
            {kind === 'totp' ? t.useRecovery : t.useCode}
          </Button>
        )}
        <Button onClick={onBack}>{t.startAgain}</Button>
      </Box>
    </Box>
  );
}
