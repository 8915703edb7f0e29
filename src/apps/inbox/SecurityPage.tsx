/**
 * Sign-in and security: the account's second step at sign-in (src/platform/server/accounts/secondFactor.ts).
 * Its passkeys (added with the browser's own window, @simplewebauthn/browser; removed one by one),
 * an authenticator app (set up from a QR code or its key, turned on with its first code) and the
 * recovery codes (shown once, when the first second step is set up or new ones are made). An owner
 * may require a second step of every account here. Changing any of them asks for the password
 * again when it was typed long ago (PasswordAgain.tsx).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { encode } from 'uqr';
import admin from '../../../config/admin';
import server from '../../../config/server';
import type { AdminRole } from '../../platform/roles';
import type { NewRecoveryCodes, SecondFactorState, TotpSetup } from '../../platform/signIn';
import { ApiError, call } from '../../platform/inbox/api';
import { fill, formatCount, formatDate } from '../../platform/inbox/format';
import { Notice, useNotice } from '../../platform/inbox/Notice';
import { Section } from '../../platform/inbox/Section';
import { useSession } from '../../platform/inbox/session';

const t = admin.security;
/** The longest name a passkey may be given (the server's limit). */
const NAME_MAX = server.admin.signIn.secondFactor.passkeyNameMax;

/** A QR code drawn as one SVG path from its modules (no markup from elsewhere). */
function QrCode({ text, label }: { text: string; label: string }) {
  const { path, size } = useMemo(() => {
    const { data, size: modules } = encode(text, { ecc: 'M', border: 2 });
    const d = data.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ''))).join('');
    return { path: d, size: modules };
  }, [text]);
  return (
    <Box component="svg" role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} sx={{ width: 200, height: 200, bgcolor: '#fff', display: 'block' }}>
      <path d={path} fill="#000" shapeRendering="crispEdges" />
    </Box>
  );
}

/** Recovery codes, shown once, until the person says they kept them. */
function RecoveryCodes({ codes, onKept }: { codes: string[]; onKept: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Alert severity="warning" variant="outlined" sx={{ mb: 3 }} role="presentation">
      <Typography ref={heading} tabIndex={-1} variant="h2" sx={{ fontSize: '1.125rem', mb: 1, outline: 'none' }} id="recovery-codes-heading">
        {t.codesHeading}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t.codesIntro}
      </Typography>
      <Box
        component="ul"
        aria-labelledby="recovery-codes-heading"
        data-testid="recovery-codes"
        sx={{ fontFamily: 'monospace', fontSize: '1rem', columns: { xs: 1, sm: 2 }, pl: 3, my: 1 }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Button variant="contained" onClick={onKept}>
        {t.codesKept}
      </Button>
    </Alert>
  );
}

/** What the parts of the screen share: the state, the action under way, how to run one, what follows a change. */
interface PartProps {
  state: SecondFactorState;
  busy: string | undefined;
  run: (what: string, action: () => Promise<void>) => Promise<void>;
  changed: (made?: NewRecoveryCodes) => Promise<void>;
}

/** The account's passkeys: each with its dates and a Remove button; a new one named and made by the browser. */
function PasskeysPart({ state, busy, run, changed }: PartProps) {
  const [passkeyName, setPasskeyName] = useState('');
  const addPasskey = (event: FormEvent) => {
    event.preventDefault();
    void run('passkey', async () => {
      const name = passkeyName.trim();
      if (name === '' || [...name].length > NAME_MAX) throw new ApiError(400, fill(server.admin.messages.badPasskeyName, { max: NAME_MAX }));
      const options = await call('passkeyOptions');
      const { startRegistration } = await import('@simplewebauthn/browser');
      let response;
      try {
        response = await startRegistration({ optionsJSON: options });
      } catch {
        throw new ApiError(400, server.admin.messages.passkeyFailed);
      }
      const made = await call('passkeyAdd', { json: { name, response } });
      setPasskeyName('');
      await changed(made);
    });
  };

  return (
    <Section id="passkeys-heading" heading={t.passkeys}>
      {state.passkeys.length === 0 ? (
        <Typography color="text.secondary">{t.noPasskeys}</Typography>
      ) : (
        <List disablePadding>
          {state.passkeys.map((passkey) => (
            <ListItem
              key={passkey.id}
              disableGutters
              divider
              secondaryAction={
                <Button
                  aria-label={fill(t.removePasskey, { name: passkey.name })}
                  disabled={busy !== undefined}
                  onClick={() =>
                    void run('remove', async () => {
                      await call('passkeyRemove', { params: { passkeyId: passkey.id } });
                      await changed();
                    })
                  }
                >
                  {t.remove}
                </Button>
              }
            >
              <ListItemText
                primary={passkey.name}
                secondary={[
                  fill(t.passkeyAdded, { date: formatDate(passkey.createdAt) }),
                  passkey.lastUsedAt ? fill(t.passkeyUsed, { date: formatDate(passkey.lastUsedAt) }) : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
                sx={{ pr: 10, overflowWrap: 'anywhere' }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Box component="form" onSubmit={addPasskey} noValidate sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', mt: 2 }}>
        <TextField
          label={t.passkeyName}
          helperText={t.passkeyNameHint}
          value={passkeyName}
          onChange={(e) => setPasskeyName(e.target.value)}
          sx={{ flex: '1 1 16rem' }}
          slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
        />
        <Button type="submit" variant="contained" disabled={busy !== undefined} sx={{ mt: 1 }}>
          {busy === 'passkey' ? t.adding : t.addPasskey}
        </Button>
      </Box>
    </Section>
  );
}

/** The authenticator app: on (and turned off), or set up from its QR code or key and turned on with its first code. */
function AppPart({ state, busy, run, changed }: PartProps) {
  const [setup, setSetup] = useState<TotpSetup>();
  const [firstCode, setFirstCode] = useState('');
  const turnOnApp = (event: FormEvent) => {
    event.preventDefault();
    void run('app', async () => {
      const made = await call('totpConfirm', { json: { code: firstCode } });
      setSetup(undefined);
      setFirstCode('');
      await changed(made);
    });
  };

  return (
    <Section id="app-heading" heading={t.app}>
      {state.totp ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography>{t.appOn}</Typography>
          <Button
            disabled={busy !== undefined}
            onClick={() =>
              void run('removeApp', async () => {
                await call('totpRemove');
                await changed();
              })
            }
          >
            {t.removeApp}
          </Button>
        </Box>
      ) : setup ? (
        <Box component="form" onSubmit={turnOnApp} noValidate sx={{ display: 'grid', gap: 2 }}>
          <Typography>{t.scan}</Typography>
          <QrCode text={setup.uri} label={t.qrLabel} />
          <Typography variant="body2">
            {t.key}:{' '}
            <Box component="code" data-testid="totp-key" sx={{ fontSize: '1rem', overflowWrap: 'anywhere' }}>
              {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
            </Box>
          </Typography>
          <TextField
            label={t.firstCode}
            value={firstCode}
            onChange={(e) => setFirstCode(e.target.value)}
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 64 } }}
            sx={{ maxWidth: 280 }}
          />
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <Button type="submit" variant="contained" disabled={busy !== undefined}>
              {t.turnOn}
            </Button>
            <Button onClick={() => setSetup(undefined)}>{t.cancel}</Button>
          </Box>
        </Box>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography color="text.secondary">{t.appOff}</Typography>
          <Button variant="outlined" disabled={busy !== undefined} onClick={() => void run('startApp', async () => setSetup(await call('totpStart')))}>
            {t.setUpApp}
          </Button>
        </Box>
      )}
    </Section>
  );
}

export function SecurityPage({ role }: { role: AdminRole }) {
  const { state: session, refresh } = useSession();
  const mustSetUp = session.kind === 'signedIn' && session.mustSetUpSecondFactor === true;
  const [state, setState] = useState<SecondFactorState>();
  const [codes, setCodes] = useState<string[]>();
  const [busy, setBusy] = useState<string>();
  const { notice, setNotice, attempt } = useNotice();

  const load = useCallback(async () => {
    await attempt(async () => setState(await call('secondFactor')));
  }, [attempt]);
  useEffect(() => void load(), [load]);

  /** After a change: the state again, and the session (an account that had to set one up may now go on). */
  const changed = async (made?: NewRecoveryCodes) => {
    if (made?.recoveryCodes) setCodes(made.recoveryCodes);
    await load();
    if (mustSetUp) await refresh();
  };

  const run = async (what: string, action: () => Promise<void>) => {
    setBusy(what);
    setNotice(undefined);
    await attempt(action);
    setBusy(undefined);
  };

  const heading = (
    <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2rem' }, mb: 2 }}>
      {t.heading}
    </Typography>
  );
  if (codes)
    return (
      <Box sx={{ maxWidth: 720 }}>
        {heading}
        <RecoveryCodes codes={codes} onKept={() => setCodes(undefined)} />
      </Box>
    );

  return (
    <Box sx={{ maxWidth: 720 }}>
      {heading}
      {mustSetUp && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t.mustSetUp}
        </Alert>
      )}
      <Typography sx={{ mb: 3 }}>{t.intro}</Typography>
      <Notice message={notice} />
      {state && (
        <>
          <PasskeysPart state={state} busy={busy} run={run} changed={changed} />
          <AppPart state={state} busy={busy} run={run} changed={changed} />
          {(state.totp || state.passkeys.length > 0) && (
            <Section id="recovery-heading" heading={t.recovery}>
              <Typography sx={{ mb: 2 }}>{fill(t.recoveryLeft, { count: formatCount(state.recoveryLeft) })}</Typography>
              <Button
                variant="outlined"
                disabled={busy !== undefined}
                onClick={() => void run('codes', async () => setCodes((await call('recoveryCodes')).recoveryCodes))}
              >
                {t.newCodes}
              </Button>
            </Section>
          )}

          {role === 'owner' && !mustSetUp && (
            <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
              <FormControlLabel
                control={
                  <Switch
                    checked={state.required}
                    disabled={busy !== undefined}
                    slotProps={{ input: { 'aria-describedby': 'required-hint' } }}
                    onChange={(event) => {
                      const required = event.target.checked;
                      void run('required', async () => {
                        await call('secondFactorRequired', { json: { required } });
                        await changed();
                      });
                    }}
                  />
                }
                label={t.required}
              />
              <FormHelperText id="required-hint" sx={{ mt: 0, mb: 2 }}>
                {t.requiredHint}
              </FormHelperText>
              <FormControlLabel
                control={
                  <Switch
                    checked={state.newDeviceMail}
                    disabled={busy !== undefined || (!state.mailOn && !state.newDeviceMail)}
                    slotProps={{ input: { 'aria-describedby': 'new-device-hint' } }}
                    onChange={(event) => {
                      const newDeviceMail = event.target.checked;
                      void run('newDevice', async () => {
                        await call('secondFactorRequired', { json: { newDeviceMail } });
                        await changed();
                      });
                    }}
                  />
                }
                label={t.newDeviceMail}
              />
              <FormHelperText id="new-device-hint" sx={{ mt: 0 }}>
                {state.mailOn ? t.newDeviceMailHint : server.admin.messages.deviceMailOff}
              </FormHelperText>
            </Paper>
          )}
        </>
      )}
    </Box>
  );
}
