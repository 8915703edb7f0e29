/**
 * The content editor's screens at /admin/content (loaded only when opened): what can be edited
 * (pages, the parts on every page, forms), the editor of one of them with its preview and its
 * Publish (that item alone), "Publish all my changes", and the revisions with Undo and Restore.
 * Edits are kept while moving between them, until published.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type ComponentType, type ReactNode } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { Link as RouterLink, Route, Routes, useNavigate, useSearchParams } from 'react-router-dom';
import { articleSchema } from '../../site/model/articleSchema';
import admin from '../../../config/admin';
import type { Revision } from '../model/contentApi';
import { fill, formatDate } from '../../platform/inbox/format';
import type { LanguageInfo } from '../../site/model/translation';
import { AddLanguage } from './AddLanguage';
import { useOneTimeNotice } from '../../platform/inbox/oneTimeNotice';
import { ContentProvider, useContent } from './contentState';
import { ContentSearch } from './ContentSearch';
import { EditScreen, type ArticleActionsProps } from './EditScreen';
import { editAddress, entriesOf, newArticleId, type Entry } from './editorList';
import { articleFileOf, articleIdOf, MOVED_FILE, SITE_FILE } from './editedFiles';
import { NewFormScreen } from './NewFormScreen';
import { NewPageScreen } from './NewPageScreen';
import { PublishAll } from './PublishAll';
import { emptyValue } from './schemaValues';
import { RevisionsScreen } from './RevisionsScreen';
import { TranslateScreen } from './TranslateScreen';
import { languagesOf, translatedFileOf, translatedFiles, translationCounts } from './translations';
import { TranslationLinks } from './TranslationLinks';

const t = admin.content;
const tr = admin.content.translations;
/** "Add article": asks for the title, then opens the new article's screen (the address made from the title, today's date). */
function AddArticle() {
  const { snapshot, edits, setEdit } = useContent();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const create = () => {
    const taken = [...snapshot.files.map((f) => f.file), ...Object.keys(edits)].map((file) => articleIdOf(file)).filter((id): id is string => id !== undefined);
    const id = newArticleId(title, taken);
    const value = {
      ...(emptyValue(articleSchema, { formIds: [] }) as Record<string, unknown>),
      title: title.trim(),
      address: id,
      date: new Date().toISOString().slice(0, 10),
    };
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

function ContentList() {
  const { snapshot, edits, drafts, me } = useContent();
  const scheduledOf = (file: string) => drafts.find((d) => d.author === me && d.file === file)?.scheduledAt;
  const all = entriesOf(snapshot, edits);
  const notice = useOneTimeNotice();
  const [publishedAll, setPublishedAll] = useState<Revision>();
  const [needsOnly, setNeedsOnly] = useState(false);
  const languages = languagesOf(snapshot);
  const counts = useMemo(() => new Map(translatedFiles(snapshot).map((file) => [file, translationCounts(snapshot, edits, file)])), [snapshot, edits]);
  const needs = (file: string) => (counts.get(file) ?? []).some((count) => count.left > 0);
  const shown = (entries: Entry[]) => (needsOnly ? entries.filter((entry) => needs(entry.file)) : entries);
  const pages = shown(all.pages);
  const forms = shown(all.forms);
  const articles = shown(all.articles);
  // The parts on every page are one file: one translation for all of them.
  const parts = shown(all.parts);
  // The removed pages' words (config/moved.ts, written by each publish): translated here, never edited. Listed once there are any.
  const gone = (counts.get(MOVED_FILE) ?? []).some((count) => count.total > 0) && (!needsOnly || needs(MOVED_FILE));
  const draftNote = (file: string) =>
    Object.hasOwn(edits, file) && (
      <Typography component="span" variant="body2" sx={{ ml: 1, color: 'text.secondary', fontStyle: 'italic' }}>
        ({scheduledOf(file) ? fill(t.scheduledFor, { at: formatDate(scheduledOf(file)!) }) : t.unsaved})
      </Typography>
    );
  const group = (heading: string, entries: Entry[], extra?: ReactNode, translatedAs?: string) => (
    <Paper variant="outlined" component="section" aria-label={heading} sx={{ p: 2 }}>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 700, mb: 1 }}>
        {heading}
      </Typography>
      {entries.length > 0 && (
        <List dense disablePadding>
          {entries.map((entry) => (
            <ListItem key={`${entry.file}#${entry.at ?? ''}`} disableGutters sx={{ display: 'block' }}>
              <Link component={RouterLink} to={editAddress(entry)}>
                {entry.label}
              </Link>
              {draftNote(entry.file)}
              {translatedAs === undefined && <TranslationLinks counts={counts.get(entry.file) ?? []} draftNote={draftNote} />}
            </ListItem>
          ))}
        </List>
      )}
      {translatedAs !== undefined && entries.length > 0 && <TranslationLinks counts={counts.get(translatedAs) ?? []} draftNote={draftNote} />}
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
      {notice && (
        <Alert severity={notice.severity} role="status">
          {notice.text}
        </Alert>
      )}
      {publishedAll && (
        <Alert
          severity="success"
          role="status"
          onClose={() => setPublishedAll(undefined)}
          sx={{ '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' } }}
        >
          {t.publishItems.allPublished}
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {publishedAll.summary.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </Box>
        </Alert>
      )}
      <Typography>{t.intro}</Typography>
      <Languages
        languages={languages}
        needsOnly={needsOnly}
        setNeedsOnly={setNeedsOnly}
        nothingNeeded={needsOnly && [...counts.keys()].every((f) => !needs(f))}
      />
      <ContentSearch />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(4, 1fr)' }, alignItems: 'start' }}>
        {group(t.pages, pages)}
        {group(t.articles.heading, articles, <AddArticle />)}
        {group(t.parts, parts, undefined, SITE_FILE)}
        {group(
          t.forms,
          forms,
          <Button component={RouterLink} to="/content/new-form" variant="contained" sx={{ mt: 1 }}>
            {t.newForm.open}
          </Button>,
        )}
        {gone &&
          group(
            t.fileNames.moved,
            [],
            <>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {tr.goneIntro}
              </Typography>
              <TranslationLinks counts={counts.get(MOVED_FILE) ?? []} draftNote={draftNote} />
            </>,
          )}
      </Box>
    </Stack>
  );
}

/** The site's languages, the filter of what needs translation (when there is more than one), and Add a language (an owner). */
function Languages({
  languages,
  needsOnly,
  setNeedsOnly,
  nothingNeeded,
}: {
  languages: readonly LanguageInfo[];
  needsOnly: boolean;
  setNeedsOnly(on: boolean): void;
  nothingNeeded: boolean;
}) {
  const { role } = useContent();
  if (languages.length === 0) return null;
  return (
    <Stack spacing={1}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
        <Typography>{fill(tr.languages, { languages: languages.map((l) => l.name).join(', ') })}</Typography>
        {languages.length > 1 && (
          <FormControlLabel
            control={
              <Switch
                checked={needsOnly}
                onChange={(e) => setNeedsOnly(e.target.checked)}
                slotProps={{ input: { 'aria-describedby': 'needs-translation-hint' } }}
              />
            }
            label={tr.needsFilter}
          />
        )}
        {role === 'owner' && <AddLanguage />}
      </Stack>
      {languages.length > 1 && (
        <Typography id="needs-translation-hint" variant="body2" sx={{ color: 'text.secondary' }}>
          {fill(tr.needsFilterHint, { default: languages[0]!.name })}
        </Typography>
      )}
      {nothingNeeded && (
        <Alert severity="success" role="status">
          {tr.nothingNeeded}
        </Alert>
      )}
    </Stack>
  );
}

/** An item's screen: a translation's texts beside the default language's, or the form of a page, article, form or part. */
function ItemScreen({ ArticleActions }: { ArticleActions?: ComponentType<ArticleActionsProps> }) {
  const [params] = useSearchParams();
  const file = params.get('file') ?? '';
  return translatedFileOf(file) ? <TranslateScreen key={file} file={file} /> : <EditScreen {...(ArticleActions ? { ArticleActions } : {})} />;
}

/**
 * The screens under /admin/content (React.lazy loads this module, through src/apps/inbox/contentScreens.tsx):
 * `ArticleActions`, what a published article's screen offers besides (the newsletter's Send).
 */
export default function ContentScreens({ ArticleActions }: { ArticleActions?: ComponentType<ArticleActionsProps> }) {
  return (
    <ContentProvider>
      <Routes>
        <Route index element={<ContentList />} />
        <Route path="edit" element={<ItemScreen {...(ArticleActions ? { ArticleActions } : {})} />} />
        <Route path="revisions" element={<RevisionsScreen />} />
        <Route path="new-page" element={<NewPageScreen />} />
        <Route path="new-form" element={<NewFormScreen />} />
      </Routes>
    </ContentProvider>
  );
}
