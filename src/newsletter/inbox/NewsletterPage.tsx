/**
 * One newsletter: written (subject, name, its text in the articles' own rich-text box), previewed
 * as readers get it (375 px, 1280 px, plain text; on a site in more than one language, as the
 * readers of the language chosen beside it get it), tested (sent to the signed-in account, in that
 * language), sent now
 * or at a time (an owner's account; another account marks it ready for an owner, whose inbox then
 * lists it), and once sent, what it did. A draft is saved with Save; the
 * preview follows what is on screen, saved or not. Send and Schedule name the revision shown: a
 * change another account made since is refused by the server, and the page then shows the new
 * version. Every change is listed with who made it.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import admin from '../../../config/admin';
import server from '../../../config/server';
import type { ArticleBlock } from '../../site/model/articleSchema';
import type { AdminRole } from '../../platform/roles';
import {
  isDraft,
  type NewsletterChange,
  type NewsletterDetail,
  type NewsletterDraft,
  type NewsletterList,
  type NewsletterPreview,
} from '../model/newsletterApi';
import { call, ApiError } from '../../platform/inbox/api';
import { uploadImage } from '../../content/editor/api';
import { fill, fillCount, formatCount, formatDate } from '../../platform/inbox/format';
import { Notice, useNotice } from '../../platform/inbox/Notice';
import { noticeState, useOneTimeNotice } from '../../platform/inbox/oneTimeNotice';
import { Section } from '../../platform/inbox/Section';
import { useRefreshWhile } from '../../platform/inbox/refresh';
import { useSession } from '../../platform/inbox/session';
import { MailPreview } from './MailPreview';
import { stateLine } from './NewsletterList';
import { useNoteReady } from './ready';

const t = admin.newsletters;
/** The articles' rich-text box: its own chunk (Lexical), as in the content editor. */
const RichTextEditor = lazy(() => import('../../content/editor/richText/RichTextEditor'));
/** How long the preview waits after the last key before it asks the server to draw it again. */
const PREVIEW_DELAY_MS = 400;
/** How often a newsletter being sent is read again (its figures). */

const EMPTY: NewsletterDraft = { subject: '', name: '', body: [{ type: 'paragraph', content: [{ text: '' }] }] };
const FIGURES = ['readers', 'sent', 'waiting', 'failed', 'bounced', 'unsubscribed', 'complaints', 'visits', 'leads'] as const;

/** What it did: each figure in a line (readers and waiting named by the states' words). */
function Figures({ newsletter }: { newsletter: NewsletterDetail }) {
  const names: Record<(typeof FIGURES)[number], string> = {
    readers: t.figuresReaders,
    waiting: t.figuresWaiting,
    failed: t.figuresFailed,
    ...t.columns,
  };
  return (
    <>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content auto', columnGap: 3, rowGap: 0.5, m: 0 }}>
        {FIGURES.map((key) => (
          <Box key={key} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ fontWeight: 600 }}>
              {names[key]}
            </Box>
            <Box component="dd" sx={{ m: 0 }}>
              {formatCount(newsletter.figures[key])}
            </Box>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" sx={{ mt: 2 }}>
        {t.figuresNote}
      </Typography>
    </>
  );
}

/** The date and time a datetime-local field holds, as the agency's browser writes it, for the server (ISO 8601). */
const isoOf = (local: string) => (local ? new Date(local).toISOString() : '');

type Notices = ReturnType<typeof useNotice>;

/**
 * The newsletter of the address (none: a new one), as saved and as on screen, and the readers
 * confirmed now; while it is being sent, its figures are read again every few seconds.
 */
function useNewsletter(id: string | undefined, attempt: Notices['attempt']) {
  const isNew = id === undefined;
  const [saved, setSaved] = useState<NewsletterDetail>();
  const [draft, setDraft] = useState<NewsletterDraft>();
  const [confirmed, setConfirmed] = useState(0);
  /** The site's languages (NewsletterList's): none on a site in one. */
  const [languages, setLanguages] = useState<NonNullable<NewsletterList['languages']>>([]);
  const [missing, setMissing] = useState(false);
  // Counted up when the newsletter is read again after a refusal: the text box starts anew from it.
  const [reloads, setReloads] = useState(0);

  /** The newsletter as the server has it now, on screen (the text box too). */
  const reload = useCallback(async () => {
    if (!id) return;
    const found = await call('newsletter', { params: { id } });
    setSaved(found);
    setDraft({ subject: found.subject, name: found.name, body: found.body });
    setReloads((n) => n + 1);
  }, [id]);

  useEffect(() => {
    void attempt(async () => {
      const list = await call('newsletters');
      setConfirmed(list.confirmed);
      setLanguages(list.languages ?? []);
    });
    if (isNew) {
      setSaved(undefined);
      setDraft(EMPTY);
      return;
    }
    void attempt(
      async () => {
        const found = await call('newsletter', { params: { id } });
        setSaved(found);
        setDraft({ subject: found.subject, name: found.name, body: found.body });
      },
      (error) => {
        if (error instanceof ApiError && error.status === 404) setMissing(true);
        return error instanceof ApiError && error.status === 404;
      },
    );
  }, [id, isNew, attempt]);

  // The frame's list of newsletters ready for an owner follows this one's state as read.
  const noteReady = useNoteReady();
  useEffect(() => {
    if (saved) noteReady([saved]);
  }, [saved, noteReady]);

  const sending = saved?.state === 'sending';
  useRefreshWhile(sending && id !== undefined, () => call('newsletter', { params: { id: id! } }).then(setSaved), server.newsletter.sendingScreenRefresh);

  const changed = useMemo(
    () => !saved || !draft || saved.subject !== draft.subject || saved.name !== draft.name || JSON.stringify(saved.body) !== JSON.stringify(draft.body),
    [saved, draft],
  );
  return { isNew, saved, setSaved, draft, setDraft, confirmed, languages, missing, changed, reloads, reload };
}

type Newsletter = ReturnType<typeof useNewsletter>;

/**
 * The mail as readers get it, of what is on screen (saved or not): drawn by the server a moment
 * after the last change; in a language (its code), as its readers get it, with the words the saved
 * newsletter (`id`) keeps in it.
 */
function usePreview(draft: NewsletterDraft | undefined, language: string, id: number | undefined): NewsletterPreview | undefined {
  const [preview, setPreview] = useState<NewsletterPreview>();
  useEffect(() => {
    if (!draft) return;
    const timer = setTimeout(() => {
      call('newsletterPreview', { json: language ? { ...draft, language, id } : draft }).then(setPreview, () => undefined);
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, language, id]);
  return preview;
}

/** What the page does (save, test, mark ready or not, send now or at a time, back to draft, delete), which of them is under way, and which is being asked. */
function useNewsletterActions({ isNew, saved, setSaved, reload }: Newsletter, { setNotice, attempt }: Notices, language: string) {
  // The test's outcome, its refusal too, is said beside its button (far below the page's notice).
  const tested = useNotice();
  const navigate = useNavigate();
  const noteReady = useNoteReady();
  const { state } = useSession();
  const email = state.kind === 'signedIn' ? state.email : '';
  const [busy, setBusy] = useState<'' | 'save' | 'test' | 'send'>('');
  const [asking, setAsking] = useState<'' | 'send' | 'delete'>('');
  const params = { id: String(saved?.id) };

  const save = (draft: NewsletterDraft) =>
    attempt(async () => {
      setBusy('save');
      try {
        // The revision the text was written over: another account's save since is refused (409) with its version,
        // which becomes the one saved; the text on screen stays, so saving again replaces theirs knowingly.
        const result = isNew
          ? await call('newsletterCreate', { json: draft })
          : await call('newsletterSave', { params, json: { ...draft, revision: saved?.revision } });
        setSaved(result);
        setNotice({ text: t.saved, severity: 'success' });
        // The new draft's own address: its page (another of this screen) says it was saved.
        if (isNew) navigate(`/newsletters/${result.id}`, { replace: true, state: noticeState(t.saved) });
      } catch (error) {
        const newest =
          error instanceof ApiError && error.status === 409 ? (error.body as { newsletter?: NewsletterDetail } | undefined)?.newsletter : undefined;
        if (newest) setSaved(newest);
        throw error;
      } finally {
        setBusy('');
      }
    });
  const test = () =>
    tested.attempt(async () => {
      setBusy('test');
      tested.setNotice(undefined);
      try {
        await call('newsletterTest', language ? { params, json: { language } } : { params });
        tested.setNotice({ text: fill(t.testSent, { email }), severity: 'success' });
      } finally {
        setBusy('');
      }
    });
  const send = (when?: string) =>
    attempt(async () => {
      setAsking('');
      setBusy('send');
      try {
        // The revision on screen: a change made since is refused (409), and the new version shown.
        const revision = saved?.revision;
        const result = await call('newsletterSend', { params, json: when ? { at: when, revision } : { revision } });
        setSaved(result);
        if (result.state === 'scheduled') setNotice({ text: fill(t.scheduled, { when: formatDate(result.sendAt ?? 0) }), severity: 'success' });
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) await reload().catch(() => undefined);
        throw error;
      } finally {
        setBusy('');
      }
    });
  const unschedule = () => attempt(async () => setSaved(await call('newsletterUnschedule', { params })));
  /** Marked ready for an owner to send (the owners' inbox lists it), or taken back. */
  const markReady = (ready: boolean) =>
    attempt(async () => {
      setSaved(await call('newsletterReady', { params, json: { ready } }));
      if (ready) setNotice({ text: t.markedReady, severity: 'success' });
    });
  const remove = () =>
    attempt(async () => {
      setAsking('');
      await call('newsletterDelete', { params });
      // Gone: no longer ready for anyone.
      if (saved) noteReady([{ ...saved, state: 'draft' }]);
      navigate('/newsletters');
    });
  return { busy, asking, setAsking, save, test, tested: tested.notice, send, unschedule, markReady, remove };
}

type Actions = ReturnType<typeof useNewsletterActions>;

/** A draft's subject, name and text, with Save and Delete. */
function WriteSection({
  newsletter: { saved, draft, setDraft, changed, reloads },
  actions: { busy, save, setAsking },
}: {
  newsletter: Newsletter & { draft: NewsletterDraft };
  actions: Actions;
}) {
  const setBody = useCallback((body: ArticleBlock[]) => setDraft((was) => (was ? { ...was, body } : was)), [setDraft]);
  const limits = server.newsletter;
  return (
    <Section id="newsletter-write" heading={t.body}>
      <Stack spacing={2}>
        <TextField
          label={t.subject}
          helperText={t.subjectHelp}
          value={draft.subject}
          onChange={(event) => setDraft({ ...draft, subject: event.target.value })}
          slotProps={{ htmlInput: { maxLength: limits.subjectMaxLength } }}
          required
        />
        <TextField
          label={t.name}
          helperText={t.nameHelp}
          value={draft.name}
          onChange={(event) => setDraft({ ...draft, name: event.target.value.toLowerCase().replace(/[^a-z0-9-]/g, '-') })}
          slotProps={{ htmlInput: { maxLength: limits.nameMaxLength, spellCheck: false, autoCapitalize: 'none' } }}
          required
        />
        <Suspense fallback={<Typography role="status">{t.loadingEditor}</Typography>}>
          <RichTextEditor
            key={saved ? `${saved.id}-${reloads}` : 'new'}
            initial={draft.body}
            onChange={setBody}
            label={t.body}
            id="newsletter-body"
            invalid={false}
            uploadImage={uploadImage}
          />
        </Suspense>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button variant="contained" onClick={() => void save(draft)} disabled={busy !== '' || !changed}>
            {busy === 'save' ? t.saving : t.save}
          </Button>
          {saved && (
            <Button color="error" onClick={() => setAsking('delete')} disabled={busy !== ''}>
              {t.delete}
            </Button>
          )}
        </Stack>
      </Stack>
    </Section>
  );
}

/** The preview, and a test to the signed-in account (of the newsletter as saved), in the language chosen on a site in more than one. */
function PreviewSection({
  preview,
  newsletter: { saved, changed, languages },
  editable,
  actions: { busy, test, tested },
  language,
  setLanguage,
}: {
  preview: NewsletterPreview | undefined;
  newsletter: Newsletter;
  editable: boolean;
  actions: Actions;
  language: string;
  setLanguage: (code: string) => void;
}) {
  return (
    <Section id="newsletter-preview" heading={t.preview}>
      {languages.length > 1 && (
        <TextField
          select
          size="small"
          label={t.previewLanguage}
          // The default language is the empty choice: the preview and the test as before languages.
          value={language || languages[0]!.code}
          onChange={(event) => setLanguage(event.target.value === languages[0]!.code ? '' : event.target.value)}
          sx={{ mb: 2, minWidth: 200 }}
        >
          {languages.map(({ code, name }) => (
            <MenuItem key={code} value={code} lang={code}>
              {name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <MailPreview preview={preview} />
      <Box sx={{ mt: 2 }}>
        <Button variant="outlined" onClick={() => void test()} disabled={!saved || changed || busy !== ''}>
          {busy === 'test' ? t.testing : t.test}
        </Button>
        <Notice message={tested} reveal />
        {(!saved || changed) && editable && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t.saveFirst}
          </Typography>
        )}
      </Box>
    </Section>
  );
}

/** A saved draft marked ready for an owner (any account) or sent now or at a time (an owner's account), or a scheduled one back to draft. */
function SendSection({
  role,
  newsletter: { saved, changed, confirmed },
  actions: { busy, send, unschedule, markReady, setAsking },
}: {
  role: AdminRole;
  newsletter: Newsletter & { saved: NewsletterDetail };
  actions: Actions;
}) {
  const [at, setAt] = useState('');
  let content: ReactNode;
  if (role !== 'owner') {
    content = (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>{t.ownersSend}</Typography>
        {saved.state === 'ready' ? (
          <Button variant="outlined" onClick={() => void markReady(false)} disabled={busy !== ''}>
            {t.notReady}
          </Button>
        ) : (
          <Button variant="contained" onClick={() => void markReady(true)} disabled={changed || busy !== ''}>
            {t.markReady}
          </Button>
        )}
        {changed && <Typography variant="body2">{t.saveFirst}</Typography>}
      </Stack>
    );
  } else if (saved.state === 'scheduled') {
    content = (
      <Button variant="outlined" onClick={() => void unschedule()}>
        {t.unschedule}
      </Button>
    );
  } else {
    content = (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        {saved.state === 'ready' && (
          <Alert severity="info" sx={{ maxWidth: '100%', overflowWrap: 'anywhere' }}>
            {fill(t.readyForOwner, { by: saved.readyBy ?? '', when: formatDate(saved.readyAt ?? 0) })}
          </Alert>
        )}
        <Button variant="contained" onClick={() => setAsking('send')} disabled={changed || busy !== '' || confirmed === 0}>
          {fillCount(t.sendNow, confirmed, { count: formatCount(confirmed) })}
        </Button>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            type="datetime-local"
            size="small"
            label={t.sendAt}
            value={at}
            onChange={(event) => setAt(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button variant="outlined" onClick={() => void send(isoOf(at))} disabled={changed || busy !== '' || at === ''}>
            {t.schedule}
          </Button>
        </Stack>
        {changed && <Typography variant="body2">{t.saveFirst}</Typography>}
      </Stack>
    );
  }
  return (
    <Section id="newsletter-send" heading={t.sendHeading}>
      {content}
    </Section>
  );
}

/** Every change of the newsletter: when, what, who, at which revision. */
function HistorySection({ changes }: { changes: readonly NewsletterChange[] }) {
  return (
    <Section id="newsletter-history" heading={t.history}>
      <Box component="ol" sx={{ m: 0, pl: 3 }}>
        {changes.map((change) => (
          <li key={`${change.kind}-${change.revision}-${change.at}`}>
            <Typography variant="body2">
              {fill(t.historyLine, { when: formatDate(change.at), what: t.changeKinds[change.kind], by: change.by, revision: String(change.revision) })}
            </Typography>
          </li>
        ))}
      </Box>
    </Section>
  );
}

/** Asks before sending now (to how many readers) or deleting the draft. */
function AskDialog({ newsletter: { saved, confirmed }, actions: { asking, setAsking, send, remove } }: { newsletter: Newsletter; actions: Actions }) {
  return (
    <Dialog open={asking !== ''} onClose={() => setAsking('')} aria-labelledby="newsletter-ask">
      <DialogTitle id="newsletter-ask">{asking === 'send' ? t.sendHeading : t.delete}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {asking === 'send' ? fillCount(t.sendQuestion, confirmed, { subject: saved?.subject ?? '', count: formatCount(confirmed) }) : t.deleteQuestion}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setAsking('')}>{t.cancel}</Button>
        <Button variant="contained" color={asking === 'delete' ? 'error' : 'primary'} onClick={() => void (asking === 'send' ? send() : remove())}>
          {asking === 'send' ? t.sendConfirm : t.deleteConfirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function NewsletterPage({ role }: { role: AdminRole }) {
  const { id } = useParams();
  // "Saved." on the page of a draft just created (the new draft's page is another of this screen).
  const notices = useNotice(useOneTimeNotice());
  const newsletter = useNewsletter(id, notices.attempt);
  // The language of the preview and the test: '' the default one.
  const [language, setLanguage] = useState('');
  const preview = usePreview(newsletter.draft, language, newsletter.saved?.id);
  const actions = useNewsletterActions(newsletter, notices, language);
  const { isNew, saved, draft } = newsletter;

  if (newsletter.missing) return <Alert severity="info">{t.notFound}</Alert>;
  if (!draft) return <Typography role="status">{t.loading}</Typography>;

  const editable = isNew || (saved !== undefined && isDraft(saved.state));
  return (
    <Box>
      <Link component={RouterLink} to="/newsletters">
        {t.back}
      </Link>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, fontWeight: 700, mt: 1, mb: 1, overflowWrap: 'anywhere' }}>
        {isNew ? t.newHeading : (saved?.subject ?? '')}
      </Typography>
      {saved && <Typography sx={{ mb: 2 }}>{stateLine(saved)}</Typography>}
      <Notice message={notices.notice} />

      {editable ? (
        <WriteSection newsletter={{ ...newsletter, draft }} actions={actions} />
      ) : (
        <Alert severity="info" sx={{ mb: 3 }}>
          {saved?.state === 'scheduled' ? fill(t.scheduled, { when: formatDate(saved.sendAt ?? 0) }) : t.readOnly}
        </Alert>
      )}
      <PreviewSection preview={preview} newsletter={newsletter} editable={editable} actions={actions} language={language} setLanguage={setLanguage} />
      {saved && (isDraft(saved.state) || saved.state === 'scheduled') && <SendSection role={role} newsletter={{ ...newsletter, saved }} actions={actions} />}
      {saved && (saved.state === 'sending' || saved.state === 'sent') && (
        <Section id="newsletter-figures" heading={t.figures}>
          <Figures newsletter={saved} />
        </Section>
      )}
      {saved && saved.changes.length > 0 && <HistorySection changes={saved.changes} />}
      <AskDialog newsletter={newsletter} actions={actions} />
    </Box>
  );
}
