/**
 * "Add a language" (an owner's): its code, its name and the start of its addresses, checked as
 * the checker checks config/site.ts (a code or a start of addresses the site has already is
 * refused in a sentence), then published at once, alone: every page exists in the language from
 * then on, showing the default language's texts until translated. The owner's own draft of the
 * parts on every page stays a draft (with the new language in it).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import admin from '../../../config/admin';
import { fill } from '../../platform/inbox/format';
import type { ContentProblem } from '../model/contentApi';
import { publish, PublishRefused } from './api';
import { useContent } from './contentState';
import { publishProblems, SITE_FILE, valueOf } from './editedFiles';
import { isRecord, labelOf } from './schemaValues';
import { languagesOf } from './translations';

const t = admin.content.translations;
/** The languages' keys, named as the checker's sentences name them. */
const labels = { code: labelOf('code'), prefix: labelOf('prefix') };

/** The site's settings with one more language. */
export function withLanguage(site: unknown, language: { code: string; name: string; prefix: string }): Record<string, unknown> {
  const settings = isRecord(site) ? site : {};
  const languages = isRecord(settings.languages) ? settings.languages : {};
  const others = Array.isArray(languages.others) ? languages.others : [];
  return { ...settings, languages: { ...languages, others: [...others, language] } };
}

/** The start of addresses a language code suggests: its language's letters ("de-DE" -> "/de"). */
const prefixOf = (code: string): string => {
  const first = code.trim().split('-')[0]?.toLowerCase() ?? '';
  return first === '' ? '' : `/${first}`;
};

export function AddLanguage() {
  const { snapshot, edits, setEdit, published, reload } = useContent();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [prefix, setPrefix] = useState<string>();
  const [problems, setProblems] = useState<ContentProblem[]>([]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [added, setAdded] = useState<string>();
  const shownPrefix = prefix ?? prefixOf(code);
  const close = () => {
    setOpen(false);
    setProblems([]);
    setFailure(undefined);
  };
  const add = async () => {
    const language = { code: code.trim(), name: name.trim(), prefix: shownPrefix.trim() };
    const site = withLanguage(valueOf(snapshot, {}, SITE_FILE), language);
    // The checker's sentences on the languages only (the rest of the settings is as published).
    const found = publishProblems(snapshot, { [SITE_FILE]: site }, [SITE_FILE]).filter((p) => p.file === SITE_FILE && p.path[0] === 'languages');
    setProblems(found);
    if (found.length > 0) return;
    const draft = Object.hasOwn(edits, SITE_FILE) ? edits[SITE_FILE] : undefined;
    setBusy(true);
    setFailure(undefined);
    try {
      await publish(snapshot.revision, [{ file: SITE_FILE, value: site }]);
      published([SITE_FILE]);
      await reload();
      // The owner's draft of the parts on every page stays, with the language in it.
      if (draft !== undefined) setEdit(SITE_FILE, { ...(isRecord(draft) ? draft : {}), languages: site.languages });
      setAdded(language.name);
      setCode('');
      setName('');
      setPrefix(undefined);
      close();
    } catch (error) {
      if (error instanceof PublishRefused && error.problems.length > 0) setProblems(error.problems);
      setFailure((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const defaultName = languagesOf(snapshot)[0]?.name ?? '';
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        {t.add}
      </Button>
      {added && (
        <Alert severity="success" role="status" onClose={() => setAdded(undefined)}>
          {fill(t.added, { language: added })}
        </Alert>
      )}
      <Dialog open={open} onClose={() => !busy && close()} aria-labelledby="add-language-title" fullWidth maxWidth="sm">
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
        >
          <DialogTitle id="add-language-title">{t.addTitle}</DialogTitle>
          <DialogContent>
            <Stack spacing={2}>
              <Typography>{fill(t.addIntro, { default: defaultName })}</Typography>
              <TextField autoFocus required label={labels.code} helperText={t.codeHelp} value={code} onChange={(e) => setCode(e.target.value)} />
              <TextField required label={t.name} helperText={t.nameHelp} value={name} onChange={(e) => setName(e.target.value)} />
              <TextField required label={labels.prefix} helperText={t.prefixHelp} value={shownPrefix} onChange={(e) => setPrefix(e.target.value)} />
              {problems.length > 0 && (
                <Alert severity="warning">
                  <Box component="ul" sx={{ m: 0, pl: 2 }}>
                    {problems.map((p) => (
                      <li key={`${JSON.stringify(p.path)}${p.message}`}>{p.message}</li>
                    ))}
                  </Box>
                </Alert>
              )}
              {failure && problems.length === 0 && <Alert severity="error">{failure}</Alert>}
              {busy && <LinearProgress aria-label={t.adding} />}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={busy}>
              {t.cancel}
            </Button>
            <Button type="submit" variant="contained" disabled={busy || code.trim() === '' || name.trim() === '' || shownPrefix.trim() === ''}>
              {t.addConfirm}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </>
  );
}
