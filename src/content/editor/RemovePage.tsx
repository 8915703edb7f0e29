/**
 * Removing a page made in the editor (one with an address of its own): a confirmation naming the
 * page and its address, and what its visitors get there from then on: the page saying it is gone
 * in the office's words, with the pages it chooses to offer (the site's words and links to start
 * with: config/site.ts `gone`), or another page they are sent to. Then a publish of its removal
 * carrying that choice (the server refuses the site's own pages whatever is sent, and writes the
 * choice into config/moved.ts: src/site/model/moved.ts).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import admin from '../../../config/admin';
import server from '../../../config/server';
import type { GoneLink } from '../../site/model/movedSchema';
import { pageNameOf } from '../model/officeSentences';
import type { Farewell } from '../../site/model/moved';
import { routeTable } from '../../site/model/routeTable';
import { officeRoutes } from '../../site/model/routing';
import { fill } from '../../platform/inbox/format';
import { noticeState } from '../../platform/inbox/oneTimeNotice';
import { publish, PublishRefused } from './api';
import { useContent } from './contentState';
import { pageIdOf, pagesOf, ROUTES_FILE, SITE_FILE, valueOf } from './editedFiles';
import { isRecord } from './schemaValues';

const t = admin.content.newPage;
const w = admin.content.removePage;

/** Whether a file is a published page the office made (it carries its own address; no route of the site's own names it). */
function isRemovablePage(snapshot: Parameters<typeof valueOf>[0], file: string): boolean {
  const id = pageIdOf(file);
  const live = snapshot.files.find((f) => f.file === file)?.value;
  return (
    id !== undefined && isRecord(live) && typeof live.address === 'string' && !routeTable(valueOf(snapshot, {}, ROUTES_FILE)).some((row) => row.page === id)
  );
}

/** The site's words for a removed page's visitors (config/site.ts `gone`, as published). */
function siteWordsOf(site: unknown): { message: string; links: GoneLink[] } {
  const gone = isRecord(site) && isRecord(site.gone) ? site.gone : {};
  const links = Array.isArray(gone.links)
    ? gone.links.filter((l): l is GoneLink => isRecord(l) && typeof l.label === 'string' && typeof l.href === 'string')
    : [];
  return { message: typeof gone.message === 'string' ? gone.message : '', links };
}

export function RemovePage({ file }: { file: string }) {
  const { snapshot, reload } = useContent();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const defaults = useMemo(() => siteWordsOf(valueOf(snapshot, {}, SITE_FILE)), [snapshot]);
  // The pages its visitors may be offered or sent to: the site's (at their main address) and the office's, this one left out.
  const pages = useMemo(() => {
    const routes = valueOf(snapshot, {}, ROUTES_FILE);
    const values = pagesOf(snapshot, {});
    const rows = [...routeTable(routes).filter((row) => row.path === row.canonical), ...officeRoutes(routes, values)];
    return rows
      .filter((row) => `config/pages/${row.page}.ts` !== file)
      .map((row) => {
        const value = values[row.page];
        return {
          address: row.path,
          name: defaults.links.find((l) => l.href === row.path)?.label ?? pageNameOf(isRecord(value) ? value.title : undefined) ?? row.path,
        };
      });
  }, [snapshot, file, defaults]);
  const [how, setHow] = useState<'tell' | 'send'>('tell');
  const [message, setMessage] = useState(defaults.message);
  const [offered, setOffered] = useState<string[]>(() => defaults.links.map((l) => l.href).filter((href) => pages.some((p) => p.address === href)));
  const [to, setTo] = useState(pages[0]?.address ?? '');
  if (!isRemovablePage(snapshot, file)) return null;
  const live = snapshot.files.find((f) => f.file === file)!.value as { title?: unknown; address: string };
  const title = typeof live.title === 'string' ? live.title : file;

  /** What the publish carries: nothing where the office kept the site's words and links (the site's, as they change, apply). */
  const farewell = (): Farewell | undefined => {
    if (how === 'send') return { to };
    const words = message.trim();
    const sameLinks = offered.length === defaults.links.length && defaults.links.every((l) => offered.includes(l.href));
    const links = pages.filter((p) => offered.includes(p.address)).map((p) => ({ label: p.name, href: p.address }));
    const chosen: Farewell = {
      ...(words !== '' && words !== defaults.message ? { message: words } : {}),
      ...(!sameLinks && links.length > 0 ? { links } : {}),
    };
    return Object.keys(chosen).length > 0 ? chosen : undefined;
  };

  const remove = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      const chosen = farewell();
      await publish(snapshot.revision, [{ file, value: null, ...(chosen ? { farewell: chosen } : {}) }]);
      // To the list first (this screen's page is gone once the content is read again), then the content as it is now.
      navigate('/content', { state: noticeState(t.removed) });
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
      <Dialog
        open={open}
        onClose={() => !busy && setOpen(false)}
        aria-labelledby="remove-page-title"
        aria-describedby="remove-page-text"
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id="remove-page-title">{t.remove}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5}>
            <DialogContentText id="remove-page-text">{fill(t.removeConfirm, { title, address: live.address })}</DialogContentText>
            <FormControl disabled={busy}>
              <FormLabel id="remove-page-visitors">{w.visitors}</FormLabel>
              <RadioGroup aria-labelledby="remove-page-visitors" value={how} onChange={(e) => setHow(e.target.value as 'tell' | 'send')}>
                <FormControlLabel value="tell" control={<Radio />} label={w.tell} />
                <FormControlLabel value="send" control={<Radio />} label={w.send} disabled={busy || pages.length === 0} />
              </RadioGroup>
            </FormControl>
            {how === 'tell' ? (
              <>
                <TextField
                  label={w.message}
                  helperText={w.messageHelp}
                  value={message}
                  onChange={(e) => setMessage(e.target.value)}
                  disabled={busy}
                  fullWidth
                  multiline
                  slotProps={{ htmlInput: { maxLength: server.admin.goneWords.maxLength } }}
                />
                <FormControl component="fieldset" disabled={busy}>
                  <FormLabel component="legend">{w.links}</FormLabel>
                  <FormGroup>
                    {pages.map((p) => (
                      <FormControlLabel
                        key={p.address}
                        // At most the links the server takes (config/server.ts admin.goneWords).
                        disabled={busy || (!offered.includes(p.address) && offered.length >= server.admin.goneWords.maxLinks)}
                        control={
                          <Checkbox
                            checked={offered.includes(p.address)}
                            onChange={(e) => setOffered(e.target.checked ? [...offered, p.address] : offered.filter((a) => a !== p.address))}
                          />
                        }
                        label={fill(w.pageChoice, { name: p.name, address: p.address })}
                      />
                    ))}
                  </FormGroup>
                </FormControl>
              </>
            ) : (
              <TextField select label={w.to} value={to} onChange={(e) => setTo(e.target.value)} disabled={busy} fullWidth>
                {pages.map((p) => (
                  <MenuItem key={p.address} value={p.address}>
                    {fill(w.pageChoice, { name: p.name, address: p.address })}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {busy && <DialogContentText role="status">{t.removing}</DialogContentText>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy} autoFocus>
            {t.removeNo}
          </Button>
          <Button color="error" variant="contained" onClick={() => void remove()} disabled={busy || (how === 'tell' && message.trim() === '')}>
            {t.removeYes}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
