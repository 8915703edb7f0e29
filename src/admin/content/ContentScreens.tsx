/**
 * The content editor's screens at /admin/content (loaded only when opened): what can be edited
 * (pages, the parts on every page, forms), the editor of one of them with its preview and its
 * Publish (that item alone), "Publish all my changes", and the revisions with Undo and Restore.
 * Edits are kept while moving between them, until published.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { Link as RouterLink, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { addressFromTitle, articlePath, articleSchema } from '../../config/articleSchema';
import admin from '../../../config/admin';
import type { AdminRole, ContentDraft, ContentSnapshot, Revision } from '../../shared/contentApi';
import { sameValue } from '../../shared/contentDiff';
import { useSession } from '../session';
import { fill, formatDate } from '../format';
import { DraftSaver, type SaveState } from './draftSaver';
import { routeTable } from '../../shared/routeTable';
import { EditScreen } from './EditScreen';
import { discardDraft, loadContent, scheduleDraft } from './api';
import { articleFileOf, articleIdOf, currentFiles, formIdOf, pageIdOf, pagesOf, ROUTES_FILE, SITE_FILE, valueOf, type Edits } from './files';
import { NewPageScreen } from './NewPageScreen';
import { PublishAll } from './PublishAll';
import { officeRoutes } from '../../shared/routing';
import { emptyValue, isRecord } from './model';
import { RevisionsScreen } from './RevisionsScreen';

const t = admin.content;
/** How long after a scheduled time the content is read again (and again, while the publish is under way). */
const SCHEDULE_SETTLE_MS = 5_000;

interface ContentState {
  snapshot: ContentSnapshot;
  /** The signed-in account's e-mail (its drafts are its own). */
  me: string;
  /** The signed-in account's role: what only an owner changes is read-only to an editor. */
  role: AdminRole;
  /** The drafts every account has on the server, as last known (the account's own kept up to date as they are saved). */
  drafts: readonly ContentDraft[];
  /** Where each edited file's draft stands (no entry: saved, or no draft). */
  saveStates: Readonly<Record<string, SaveState>>;
  /** The signed-in account's edits: its drafts, restored when the editor opens. */
  edits: Edits;
  /** An edit, saved as the account's draft as it is typed. */
  setEdit(file: string, value: unknown): void;
  /** Forgets the edits of a file (an article's removal taken back). */
  dropEdit(file: string): void;
  /** Sends the file's draft now; rejects with the server's refusal. */
  saveNow(file: string): Promise<void>;
  /** The account's draft of the file goes: the file is as published again. */
  discard(file: string): Promise<void>;
  /** Sets (ISO time) or clears (null) when the server publishes the file's draft. */
  schedule(file: string, at: string | null): Promise<void>;
  /** After a publish of these files: their drafts are gone. */
  published(files: readonly string[]): void;
  /** Pictures uploaded since the snapshot was read (in public/, not listed in it yet): kept while moving between screens. */
  uploaded: readonly string[];
  addUploaded(src: string): void;
  /** After a publish or a restore: the live content again, no edits. */
  reload(): Promise<void>;
}

const ContentContext = createContext<ContentState | null>(null);

export function useContent(): ContentState {
  const value = useContext(ContentContext);
  if (!value) throw new Error('useContent outside the content screens');
  return value;
}

/** What the list offers: a file, or one part of config/site.ts. */
export interface Entry {
  file: string;
  at?: string;
  label: string;
  /** The live page it shows on. */
  livePath: string;
}

/** The pages (in the order of config/routes.ts), the parts on every page, the forms, the articles (newest first; new ones being written too). */
export function entriesOf(snapshot: ContentSnapshot, edits: Edits = {}): { pages: Entry[]; parts: Entry[]; forms: Entry[]; articles: Entry[] } {
  const routes = valueOf(snapshot, edits, ROUTES_FILE);
  // The site's own pages' addresses, then the pages made here at their own address (a page made and not yet published among them).
  const table = [...routeTable(routes), ...officeRoutes(routes, pagesOf(snapshot, edits)).map((r) => ({ ...r, canonical: r.path }))];
  const pages = currentFiles(snapshot, edits)
    .filter((f) => pageIdOf(f.file))
    .map((f) => {
      const id = pageIdOf(f.file)!;
      const title = isRecord(f.value) && typeof f.value.title === 'string' ? f.value.title : id;
      const path = table.find((r) => r.page === id)?.canonical ?? '/';
      return { file: f.file, label: `${title} (${path})`, livePath: path };
    })
    .sort((a, b) => table.findIndex((r) => r.path === a.livePath) - table.findIndex((r) => r.path === b.livePath));
  const hasSite = snapshot.files.some((f) => f.file === SITE_FILE);
  const parts = hasSite ? Object.entries(t.siteParts).map(([key, label]) => ({ file: SITE_FILE, at: key, label, livePath: '/' })) : [];
  const forms = snapshot.files
    .filter((f) => formIdOf(f.file))
    .map((f) => {
      const id = formIdOf(f.file)!;
      return { file: f.file, label: (admin.forms as Record<string, string>)[id] ?? id, livePath: '/' };
    });
  const site = valueOf(snapshot, edits, SITE_FILE);
  const base = isRecord(site) && isRecord(site.articles) && typeof site.articles.path === 'string' ? site.articles.path : '/';
  const articleFiles = [...new Set([...snapshot.files.map((f) => f.file), ...Object.keys(edits)])].filter((file) => articleIdOf(file));
  const articles = articleFiles
    .map((file) => {
      const value = valueOf(snapshot, edits, file) ?? snapshot.files.find((f) => f.file === file)?.value;
      const article = isRecord(value) ? value : {};
      const title = typeof article.title === 'string' && article.title.trim() !== '' ? article.title : articleIdOf(file)!;
      const date = typeof article.date === 'string' ? article.date : '';
      const isNew = !snapshot.files.some((f) => f.file === file);
      return { file, label: isNew ? `${title} (${t.articles.newLabel})` : title, livePath: articlePath(base, { address: typeof article.address === 'string' ? article.address : '' }), date };
    })
    .sort((a, b) => b.date.localeCompare(a.date) || a.file.localeCompare(b.file))
    .map(({ date: _date, ...entry }) => entry);
  return { pages, parts, forms, articles };
}

/** A new article's file name: made from its title, different from every article's there is. */
export function newArticleId(title: string, taken: readonly string[]): string {
  const base = addressFromTitle(title) || 'article';
  let id = base;
  for (let n = 2; taken.includes(id); n++) id = `${base}-${n}`;
  return id;
}

/** "Add article": asks for the title, then opens the new article's screen (the address made from the title, today's date). */
function AddArticle() {
  const { snapshot, edits, setEdit } = useContent();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const create = () => {
    const taken = [...snapshot.files.map((f) => f.file), ...Object.keys(edits)].map((file) => articleIdOf(file)).filter((id): id is string => id !== undefined);
    const id = newArticleId(title, taken);
    const value = { ...(emptyValue(articleSchema, { formIds: [] }) as Record<string, unknown>), title: title.trim(), address: id, date: new Date().toISOString().slice(0, 10) };
    const file = articleFileOf(id);
    setEdit(file, value);
    setOpen(false);
    setTitle('');
    navigate(editAddress({ file }));
  };
  return (
    <>
      <Button variant="contained" onClick={() => setOpen(true)} sx={{ mt: 1 }}>
        {t.articles.add}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="new-article-title" fullWidth maxWidth="sm">
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            if (title.trim() !== '') create();
          }}
        >
          <DialogTitle id="new-article-title">{t.articles.add}</DialogTitle>
          <DialogContent>
            <TextField autoFocus fullWidth margin="dense" label={t.articles.newTitle} value={title} onChange={(e) => setTitle(e.target.value)} />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{t.articles.cancel}</Button>
            <Button type="submit" variant="contained" disabled={title.trim() === ''}>
              {t.articles.create}
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </>
  );
}

export const editAddress = (entry: Pick<Entry, 'file' | 'at'>) => `/content/edit?${new URLSearchParams({ file: entry.file, ...(entry.at ? { at: entry.at } : {}) })}`;

function ContentList() {
  const { snapshot, edits, drafts, me } = useContent();
  const scheduledOf = (file: string) => drafts.find((d) => d.author === me && d.file === file)?.scheduledAt;
  const { pages, parts, forms, articles } = entriesOf(snapshot, edits);
  const { state } = useLocation();
  const notice = (state as { notice?: unknown } | null)?.notice;
  const [publishedAll, setPublishedAll] = useState<Revision>();
  const group = (heading: string, entries: Entry[], extra?: ReactNode) => (
    <Paper variant="outlined" component="section" aria-label={heading} sx={{ p: 2 }}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 700, mb: 1 }}>
        {heading}
      </Typography>
      <List dense disablePadding>
        {entries.map((entry) => (
          <ListItem key={`${entry.file}#${entry.at ?? ''}`} disableGutters>
            <Link component={RouterLink} to={editAddress(entry)}>
              {entry.label}
            </Link>
            {Object.hasOwn(edits, entry.file) && (
              <Typography component="span" variant="body2" sx={{ ml: 1, color: 'text.secondary', fontStyle: 'italic' }}>
                ({scheduledOf(entry.file) ? fill(t.scheduledFor, { at: formatDate(scheduledOf(entry.file)!) }) : t.unsaved})
              </Typography>
            )}
          </ListItem>
        ))}
      </List>
      {extra}
    </Paper>
  );
  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, fontWeight: 700 }}>
          {t.heading}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <PublishAll onPublished={setPublishedAll} />
          <Button component={RouterLink} to="/content/new-page" variant="contained">
            {t.newPage.open}
          </Button>
          <Button component={RouterLink} to="/content/revisions" variant="outlined">
            {t.revisions}
          </Button>
        </Stack>
      </Stack>
      {typeof notice === 'string' && (
        <Alert severity="success" role="status">
          {notice}
        </Alert>
      )}
      {publishedAll && (
        <Alert severity="success" role="status" onClose={() => setPublishedAll(undefined)} sx={{ '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' } }}>
          {t.publishItems.allPublished}
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {publishedAll.summary.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </Box>
        </Alert>
      )}
      <Typography>{t.intro}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(4, 1fr)' }, alignItems: 'start' }}>
        {group(t.pages, pages)}
        {group(t.articles.heading, articles, <AddArticle />)}
        {group(t.parts, parts)}
        {group(t.forms, forms)}
      </Box>
    </Stack>
  );
}

function ContentProvider({ children }: { children: ReactNode }) {
  const { state: session } = useSession();
  const me = session.kind === 'signedIn' ? session.email : '';
  const role: AdminRole = session.kind === 'signedIn' ? session.role : 'editor';
  const [snapshot, setSnapshot] = useState<ContentSnapshot>();
  const [edits, setEdits] = useState<Edits>({});
  const [drafts, setDrafts] = useState<readonly ContentDraft[]>([]);
  const [saveStates, setSaveStates] = useState<Readonly<Record<string, SaveState>>>({});
  const [failure, setFailure] = useState<string>();
  const [uploaded, setUploaded] = useState<string[]>([]);
  /** The revision each edited file's draft was started from (sent with it: a scheduled publish is not made over a later change). */
  const bases = useRef<Record<string, string>>({});
  const live = useRef<ContentSnapshot>(undefined);

  const saver = useMemo(
    () =>
      new DraftSaver({
        storageKey: `content-drafts:${me}`,
        onSaved: (file, draft) => setDrafts((old) => [...(draft ? [draft] : []), ...old.filter((d) => !(d.author === me && d.file === file))]),
        onState: (file, state) =>
          setSaveStates((old) => {
            const { [file]: _gone, ...rest } = old;
            return state ? { ...rest, [file]: state } : rest;
          }),
      }),
    [me],
  );
  useEffect(() => () => saver.dispose(), [saver]);

  const reload = useCallback(async () => {
    try {
      const loaded = await loadContent();
      const liveValue = (file: string) => loaded.files.find((f) => f.file === file)?.value;
      // The account's drafts are its edits again; what this browser kept unsent is newer still.
      const restored: Record<string, unknown> = {};
      bases.current = {};
      for (const draft of loaded.drafts.filter((d) => d.author === me)) {
        // A draft equal to what is published (saved just as it was published) is no draft.
        if (sameValue(draft.value, liveValue(draft.file))) {
          void discardDraft(draft.file).catch(() => undefined);
          continue;
        }
        restored[draft.file] = draft.value;
        bases.current[draft.file] = draft.base;
      }
      for (const [file, kept] of Object.entries(saver.kept())) {
        if (kept.live) delete restored[file];
        else restored[file] = kept.value;
        bases.current[file] = kept.base;
      }
      live.current = loaded;
      setSnapshot(loaded);
      setDrafts(loaded.drafts.filter((d) => d.author !== me || Object.hasOwn(restored, d.file)));
      setEdits(restored);
      saver.resume();
    } catch (error) {
      setFailure((error as Error).message);
    }
  }, [me, saver]);
  useEffect(() => void reload(), [reload]);

  const setEdit = useCallback(
    (file: string, value: unknown) => {
      const current = live.current;
      if (!current) return;
      // An edit back to what is published is no edit: the draft goes.
      const asPublished = sameValue(value, current.files.find((f) => f.file === file)?.value);
      setEdits(({ [file]: _old, ...rest }) => (asPublished ? rest : { ...rest, [file]: value }));
      bases.current[file] ??= current.revision;
      saver.edit(file, value, bases.current[file]!, asPublished);
    },
    [saver],
  );
  const saveNow = useCallback((file: string) => saver.flush(file), [saver]);
  const discard = useCallback(
    async (file: string) => {
      saver.forget(file);
      await discardDraft(file);
      delete bases.current[file];
      setEdits(({ [file]: _gone, ...rest }) => rest);
      setDrafts((old) => old.filter((d) => !(d.author === me && d.file === file)));
    },
    [saver, me],
  );
  const schedule = useCallback(
    async (file: string, at: string | null) => {
      await saver.flush(file);
      const draft = await scheduleDraft(file, at);
      bases.current[file] = draft.base;
      setDrafts((old) => [draft, ...old.filter((d) => !(d.author === me && d.file === file))]);
    },
    [saver, me],
  );
  const published = useCallback(
    (files: readonly string[]) => {
      for (const file of files) {
        saver.forget(file);
        delete bases.current[file];
      }
    },
    [saver],
  );
  // An article's removal taken back: its edit and its draft go.
  const dropEdit = useCallback(
    (file: string) => {
      saver.forget(file);
      void discardDraft(file).catch(() => undefined);
      delete bases.current[file];
      setEdits(({ [file]: _dropped, ...others }) => others);
      setDrafts((old) => old.filter((d) => !(d.author === me && d.file === file)));
    },
    [saver, me],
  );
  const addUploaded = useCallback((src: string) => setUploaded((old) => [...old, src]), []);
  // When one of the account's drafts comes to its scheduled time, the content is read again (the
  // server publishes it by itself): the status line and the form show what is published then.
  const nextScheduled = drafts.filter((d) => d.author === me && d.scheduledAt).reduce<number | undefined>((min, d) => Math.min(min ?? Infinity, Date.parse(d.scheduledAt!)), undefined);
  useEffect(() => {
    if (nextScheduled === undefined) return;
    const timer = setTimeout(() => void reload(), Math.min(Math.max(nextScheduled - Date.now(), 0) + SCHEDULE_SETTLE_MS, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [nextScheduled, reload, snapshot]);
  const value = useMemo(
    () => (snapshot ? { snapshot, me, role, drafts, saveStates, edits, setEdit, dropEdit, saveNow, discard, schedule, published, reload, uploaded, addUploaded } : undefined),
    [snapshot, me, role, drafts, saveStates, edits, setEdit, dropEdit, saveNow, discard, schedule, published, reload, uploaded, addUploaded],
  );
  if (failure) return <Alert severity="error">{failure}</Alert>;
  if (!value) return <CircularProgress aria-label={t.loading} />;
  return <ContentContext.Provider value={value}>{children}</ContentContext.Provider>;
}

/** The screens under /admin/content (React.lazy loads this module). */
export default function ContentScreens() {
  return (
    <ContentProvider>
      <Routes>
        <Route index element={<ContentList />} />
        <Route path="edit" element={<EditScreen />} />
        <Route path="revisions" element={<RevisionsScreen />} />
        <Route path="new-page" element={<NewPageScreen />} />
      </Routes>
    </ContentProvider>
  );
}
