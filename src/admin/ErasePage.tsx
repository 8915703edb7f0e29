/**
 * Erase everything for an e-mail address: type it, see how many leads in how many forms hold
 * it, then confirm. Every form and the Spam folder, CVs included, for real (the server's
 * privacy.ts).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import admin from '../../config/admin';
import type { ErasureCount } from '../shared/adminApi';
import { call } from './api';
import { fill, formatCount } from './format';
import { Notice, useNotice } from './Notice';

const t = admin.erase;

export function ErasePage() {
  const [email, setEmail] = useState('');
  const [found, setFound] = useState<{ email: string; count: ErasureCount }>();
  const { notice, setNotice, attempt } = useNotice();

  const run = (action: () => Promise<void>) => {
    setNotice(undefined);
    return attempt(action);
  };

  const count = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => setFound({ email, count: await call<ErasureCount>('erasureCount', { json: { email } }) }));
  };

  const erase = () =>
    run(async () => {
      if (!found) return;
      const erased = await call<ErasureCount>('erase', { json: { email: found.email } });
      setFound(undefined);
      setEmail('');
      setNotice({ text: erased.leads === 1 ? t.erasedOne : fill(t.erased, { leads: formatCount(erased.leads) }), severity: 'success' });
    });

  const sentence = found && (found.count.leads === 0 ? t.none : found.count.leads === 1 ? t.foundOne : found.count.forms === 1 ? fill(t.foundInOneForm, { leads: formatCount(found.count.leads) }) : fill(t.found, { leads: formatCount(found.count.leads), forms: formatCount(found.count.forms) }));
  return (
    <Box component="section" aria-labelledby="erase-heading" sx={{ maxWidth: 640 }}>
      <Typography id="erase-heading" variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, mb: 2 }}>
        {t.heading}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t.intro}</Typography>
      <Box component="form" onSubmit={count} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          label={t.email}
          type="email"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setFound(undefined);
          }}
          sx={{ flex: '1 1 260px' }}
        />
        <Button type="submit" variant="outlined" size="large" sx={{ mt: 0.5 }}>
          {t.count}
        </Button>
      </Box>
      <Box role="status" aria-live="polite">
        {sentence && (
          <Alert severity={found.count.leads > 0 ? 'warning' : 'info'} role="presentation" sx={{ mt: 3 }}>
            {sentence}
          </Alert>
        )}
      </Box>
      {found && found.count.leads > 0 && (
        <Button color="error" variant="contained" size="large" sx={{ mt: 2 }} onClick={() => void erase()}>
          {t.confirm}
        </Button>
      )}
      <Notice message={notice} />
    </Box>
  );
}
