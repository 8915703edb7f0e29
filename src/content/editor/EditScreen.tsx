/**
 * One page, part or form: the form drawn from its schema, checked as it is typed (the checker's
 * sentence on each field, every problem listed above Publish), the preview beside it, and Publish,
 * which puts this item alone live ("Publish this page"): no draft of another item goes with it or
 * holds it back. It is unavailable, saying why, while the item has no draft or the checker refuses
 * anything in it; our server checks again.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ComponentType, type RefObject } from 'react';
import { Link as RouterLink, Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { boxesToFill, fileNameOf, sectionNameOf } from '../model/officeSentences';
import admin from '../../../config/admin';
import type { ContentImage, ContentProblem, Revision } from '../model/contentApi';
import { fill } from '../../platform/inbox/format';
import { publish, PublishRefused, uploadImage, type UploadOptions } from './api';
import { useContent } from './contentState';
import { editAddress, entriesOf, type Entry } from './editorList';
import { articleIdOf, checkOptionsOf, formIdOf, fromCodeOf, itemFilesOf, pageIdOf, publishProblems, schemaOfFile, valueOf } from './editedFiles';
import { followLabels, formTitleOf } from '../model/newForm';
import { isLocked } from '../../site/forms/model/registry';
import { ArticleRemoval, followTitle } from './articleEditing';
import { siteContentOf, type SiteContent } from '../../site/model/siteContent';
import { changedParts, itemKindOf, itemName, previewTargetOf } from './itemNames';
import { fieldId, isRecord } from './schemaValues';
import { Preview, previewPort, type Device, type PreviewTarget, type Reveal } from './Preview';
import { ItemRevisions } from './RevisionList';
import { RemovePage } from './RemovePage';
import { SchemaForm, type SchemaFormProps } from './SchemaForm';
import { linkTargets } from './sitePages';
import { ScreenHeading } from './ScreenHeading';
import { TranslationLinks } from './TranslationLinks';
import { translationCounts } from './translations';
import { DraftActions, draftStatus } from './DraftBar';

const t = admin.content;

type PublishState =
  { kind: 'idle' } | { kind: 'publishing' } | { kind: 'published'; revision: Revision; livePath: string } | { kind: 'failed'; message: string };

/** How far below the Publish bar a field scrolled into view stays. */
const CLEARANCE_PX = 16;

/**
 * While the Publish bar (wide screens) or the Edit / Preview tabs (narrow screens) stick to the
 * top of the window, the page keeps their height free when it scrolls something into view
 * (tabbing to a field, a problem's link), so a focused field is never under them (WCAG 2.4.11).
 * The height is also given to the page as --publish-bar-height (the preview sticks below it).
 */
export function useKeepClearOf(...bars: ReadonlyArray<RefObject<HTMLElement | null>>) {
  useEffect(() => {
    const elements = bars.map((bar) => bar.current).filter((e): e is HTMLElement => e !== null);
    if (elements.length === 0) return;
    const root = document.documentElement;
    const update = () => {
      const heights = elements
        .filter((element) => getComputedStyle(element).position === 'sticky')
        .map((element) => Math.ceil(element.getBoundingClientRect().height));
      const height = heights.reduce((sum, h) => sum + h, 0);
      root.style.setProperty('--publish-bar-height', `${height}px`);
      // The first bar's own height: the next one (the Edit / Preview tabs) sticks below it.
      root.style.setProperty('--publish-row-height', `${heights[0] ?? 0}px`);
      root.style.scrollPaddingTop = height > 0 ? `${height + CLEARANCE_PX}px` : '';
    };
    const observer = new ResizeObserver(update);
    for (const element of elements) observer.observe(element);
    window.addEventListener('resize', update);
    update();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', update);
      root.style.removeProperty('--publish-bar-height');
      root.style.removeProperty('--publish-row-height');
      root.style.scrollPaddingTop = '';
    };
  }, bars); // eslint-disable-line react-hooks/exhaustive-deps
}

/** The page section a field of the form belongs to (its id: fieldId(file, ['sections', i, …])), or undefined. */
function sectionOfField(file: string, id: string): number | undefined {
  const prefix = `${fieldId(file, ['sections'])}-`;
  const match = id.startsWith(prefix) ? /^\d+/.exec(id.slice(prefix.length)) : null;
  return match ? Number(match[0]) : undefined;
}

type View = 'edit' | 'preview';
const tabId = (view: View) => `content-${view}-tab`;
const panelId = (view: View) => `content-${view}-panel`;

/**
 * The Edit / Preview tabs of a narrow screen, sticking below the Publish bar's row while the
 * form scrolls (its height kept clear by useKeepClearOf through `tabsRef`), so the preview is
 * one tap away wherever the office is in a long form.
 */
export function EditOrPreviewTabs({
  tabsRef,
  view,
  onChange,
  tabId: idOfTab,
  panelId: idOfPanel,
}: {
  tabsRef: RefObject<HTMLDivElement | null>;
  view: View;
  onChange: (next: View) => void;
  tabId: (view: View) => string;
  panelId: (view: View) => string;
}) {
  return (
    <Box
      ref={tabsRef}
      sx={{ position: 'sticky', top: 'var(--publish-row-height, 0px)', zIndex: 2, bgcolor: 'background.default', borderBottom: 1, borderColor: 'divider' }}
    >
      <Tabs value={view} onChange={(_e, next: View) => onChange(next)} variant="fullWidth" aria-label={t.editOrPreview}>
        <Tab value="edit" label={t.edit} id={idOfTab('edit')} aria-controls={idOfPanel('edit')} />
        <Tab value="preview" label={t.preview} id={idOfTab('preview')} aria-controls={idOfPanel('preview')} />
      </Tabs>
    </Box>
  );
}

/** Below this width a box's label goes above it (a phone's screen, a picture's text beside the picture). */
const LABEL_ABOVE_BELOW_PX = 420;

/**
 * In a narrow box (every box on a phone, the picture's text beside the picture) the field's label
 * is put above its box and wraps, whole ("Text for people who cannot see the picture"), instead
 * of a one-line label cut off in the box's border. Each box is a size container for this.
 */
const labelsAbove = {
  '& .MuiFormControl-root': { containerType: 'inline-size' },
  '& .MuiFormControl-root > .MuiInputLabel-outlined': {
    [`@container (max-width: ${LABEL_ABOVE_BELOW_PX - 0.02}px)`]: {
      position: 'static',
      transform: 'none',
      whiteSpace: 'normal',
      overflow: 'visible',
      maxWidth: 'none',
      fontSize: '0.875rem',
      lineHeight: 1.35,
      marginBottom: '4px',
    },
  },
  '& .MuiFormControl-root .MuiOutlinedInput-notchedOutline > legend': {
    [`@container (max-width: ${LABEL_ABOVE_BELOW_PX - 0.02}px)`]: { display: 'none' },
  },
} as const;

/** The item the screen's address names: its file, the part of it (`at`), and a page's section opened on its own. */
function useItemAddress() {
  const [params] = useSearchParams();
  const file = params.get('file') ?? '';
  const at = params.get('at') ?? undefined;
  // A page's section opened on its own (the page opens as the outline of its sections).
  const sectionParam = params.get('section');
  const section = sectionParam !== null && /^\d{1,4}$/.test(sectionParam) ? Number(sectionParam) : undefined;
  return { file, at, section };
}

/**
 * The form and the preview, side by side or (narrow screens) behind the Edit / Preview tabs: the
 * view shown, the form's scroll kept while the preview is shown, and the page's section last
 * edited, which the preview opens on.
 */
function useEditOrPreview(file: string, section: number | undefined, narrow: boolean) {
  const [view, setView] = useState<View>('edit');
  const previewPanel = useRef<HTMLDivElement>(null);
  /** Where the form was scrolled to when the preview was shown: Edit goes back there. */
  const formScroll = useRef(0);
  /** The page's section whose field was focused last, and that field: the preview shows its part (the Preview tab opens on it). */
  const editedSection = useRef<number>(undefined);
  const editedField = useRef<string>(undefined);
  const [reveal, setReveal] = useState<Reveal>();
  useEffect(() => {
    editedSection.current = section;
    editedField.current = undefined;
  }, [file, section]);
  const viewShown = useRef(false);
  useLayoutEffect(() => {
    // Not on arriving at the screen: only when the other tab is chosen.
    if (!viewShown.current) {
      viewShown.current = true;
      return;
    }
    if (view === 'preview') previewPanel.current?.scrollIntoView({ block: 'start', behavior: 'instant' });
    else window.scrollTo({ top: formScroll.current, behavior: 'instant' });
  }, [view]);
  /** The preview brought to the section edited, on the text of its field last focused (as it reads now). */
  const revealEdited = () => {
    const edited = editedSection.current;
    if (edited === undefined) return;
    const text = textOfField(editedField.current);
    setReveal((old) => ({ section: edited, ...(text !== undefined ? { text } : {}), times: (old?.times ?? 0) + 1 }));
  };
  function showView(next: View) {
    if (next === view) return;
    if (next === 'preview') {
      formScroll.current = window.scrollY;
      revealEdited();
    }
    setView(next);
  }
  /** A field of the form focused: its section is the one edited; beside the form, the preview shows its part at once. */
  function onFocusField(id: string) {
    const at = sectionOfField(file, id);
    if (at === undefined) return;
    editedSection.current = at;
    editedField.current = id;
    if (!narrow) revealEdited();
  }
  return { view, showView, reveal, onFocusField, previewPanel };
}

/** What a field of the form holds now (a box's value, a rich text's words), to find it on the page the preview draws. */
function textOfField(id: string | undefined): string | undefined {
  const element = id ? document.getElementById(id) : null;
  if (!element) return undefined;
  const text = element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement ? element.value : (element.textContent ?? '');
  return text.trim() === '' ? undefined : text;
}

/** Arriving at a section (or back at the outline) from a problem's link: its field is focused; otherwise the screen starts at its top. */
function useFocusFromAddress() {
  const location = useLocation();
  useEffect(() => {
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) {
      target.focus({ preventScroll: true });
      target.scrollIntoView({ block: 'center', behavior: 'instant' });
    } else if (location.hash === '') window.scrollTo({ top: 0, behavior: 'instant' });
  }, [location.key]); // eslint-disable-line react-hooks/exhaustive-deps
}

/** Publish of this item alone: where it stands, and the server's problems when it refused it. */
export function usePublishItem(file: string) {
  const { snapshot, edits, reload, published } = useContent();
  const [serverProblems, setServerProblems] = useState<ContentProblem[]>([]);
  const [publishing, setPublishing] = useState<PublishState>({ kind: 'idle' });
  /** The items made here (not published yet) whose Publish was pressed: their problems are shown, not their checklist. */
  const [pressed, setPressed] = useState<ReadonlySet<string>>(new Set());
  const press = () => setPressed((old) => new Set([...old, file]));
  const onPublish = async (livePath: string) => {
    setPublishing({ kind: 'publishing' });
    setServerProblems([]);
    try {
      const files = itemFilesOf(snapshot, edits, file);
      const revision = await publish(
        snapshot.revision,
        files.map((f) => ({ file: f, value: edits[f] })),
      );
      setPublishing({ kind: 'published', revision, livePath });
      published(files);
      await reload();
    } catch (error) {
      if (error instanceof PublishRefused && error.problems.length > 0) setServerProblems(error.problems);
      setPublishing({ kind: 'failed', message: (error as Error).message || t.publishFailed });
    }
  };
  return { publishing, setPublishing, serverProblems, setServerProblems, pressed, press, onPublish };
}

type PublishItem = ReturnType<typeof usePublishItem>;

/** The preview's device, and the line saying a form sent in the preview went nowhere. */
export function usePreview(narrow: boolean) {
  const [device, setDevice] = useState<Device>(narrow ? 'phone' : 'desktop');
  const [sent, setSent] = useState(false);
  const port = useMemo(() => previewPort(() => setSent(true)), []);
  return { device, setDevice, sent, setSent, port };
}

/** What a published article's screen offers besides editing it (the newsletter's Send: src/newsletter/inbox/SendArticle.tsx). */
export interface ArticleActionsProps {
  articleId: string;
  onError(message: string): void;
}

export function EditScreen({ ArticleActions }: { ArticleActions?: ComponentType<ArticleActionsProps> }) {
  const { file, at, section } = useItemAddress();
  const { snapshot, edits, uploaded } = useContent();
  const publishItem = usePublishItem(file);
  const { serverProblems, pressed } = publishItem;
  // Below the width where the preview sits beside the form, it is behind a tab of its own, at a phone's width.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('lg'), { noSsr: true });
  const preview = usePreview(narrow);
  const bar = useRef<HTMLElement>(null);
  const publishRow = useRef<HTMLDivElement>(null);
  const tabs = useRef<HTMLDivElement>(null);
  const { view, showView, reveal, onFocusField, previewPanel } = useEditOrPreview(file, section, narrow);
  useKeepClearOf(bar, publishRow, tabs);
  useFocusFromAddress();

  const schema = schemaOfFile(file);
  const value = valueOf(snapshot, edits, file);
  const checked = useMemo(() => ({ ...snapshot, publicFiles: [...snapshot.publicFiles, ...uploaded] }), [snapshot, uploaded]);
  // This item as it would be published alone: the drafts of other items are not in it.
  const problems = useMemo(() => publishProblems(checked, edits, itemFilesOf(snapshot, edits, file)), [checked, edits, file, snapshot]);
  const shown = problems.length > 0 ? problems : serverProblems;
  const fileProblems = useMemo(() => shown.filter((p) => p.file === file), [shown, file]);

  const entries = entriesOf(snapshot, edits);
  const entry: Entry | undefined = [...entries.pages, ...entries.parts, ...entries.forms, ...entries.articles].find((e) => e.file === file && e.at === at);
  // The content as it would be published: what the preview draws (its routes: the site's own and the pages made here).
  const content = useMemo(() => siteContentOf(checkOptionsOf(snapshot, edits)), [snapshot, edits]);
  const formNames = useMemo(() => Object.fromEntries(Object.entries(content.forms).map(([id, form]) => [id, formTitleOf(id, form)])), [content.forms]);
  const pages = useMemo(() => linkTargets(content), [content]);
  const translations = useMemo(() => translationCounts(snapshot, edits, file), [snapshot, edits, file]);

  const pageId = pageIdOf(file);
  const sections = pageId && isRecord(value) && Array.isArray(value.sections) ? (value.sections as unknown[]) : undefined;
  if (!schema || !entry || (section !== undefined && (!sections || section >= sections.length))) return <Navigate to="/content" replace />;
  const outlineAddress = editAddress(entry);
  const sectionAddress = (index: number, hash = '') => `${outlineAddress}&${new URLSearchParams({ section: String(index) })}${hash}`;
  const openSection = sections && section === undefined ? sectionAddress : undefined;
  const formAt = section !== undefined ? ['sections', section] : at ? [at] : [];
  const pageName = pageId ? fileNameOf(file, value) : entry.label;
  /** A problem's field: on this screen, or in another section of the page (opened there). */
  const problemLink = (p: ContentProblem) => {
    const hash = `#${fieldId(p.file, p.path)}`;
    const inSection = sections && p.path[0] === 'sections' && typeof p.path[1] === 'number' ? p.path[1] : undefined;
    return inSection !== undefined && inSection !== section
      ? sectionAddress(inSection, hash)
      : section !== undefined && inSection === undefined
        ? `${outlineAddress}${hash}`
        : undefined;
  };
  const articleId = articleIdOf(file);
  const removing = articleId !== undefined && value === null;
  const target: PreviewTarget | undefined = previewTargetOf(snapshot, edits, content, file, entry.livePath);
  const isPublished = snapshot.files.some((f) => f.file === file);

  /** On a narrow screen the form and the preview are the panels of the Edit / Preview tabs. */
  const tabPanel = (name: View) => (narrow && target ? { role: 'tabpanel', id: panelId(name), 'aria-labelledby': tabId(name), hidden: view !== name } : {});

  // A page or an article made here and not published yet shows the boxes it still needs as a checklist, not as problems, until
  // Publish is pressed; a value that is wrong (a link to no page) is said as a problem at once, with its sentence.
  const toFill = shown.filter((p) => p.toFill);
  const checklist =
    !isPublished && !pressed.has(file) && toFill.length > 0 && shown.every((p) => p.file === file)
      ? boxesToFill(
          file,
          value,
          toFill.map((p) => p.path),
        )
      : undefined;
  const wrong = checklist ? shown.filter((p) => !p.toFill) : shown;
  const livePath = removing ? content.site.articles.path : entry.livePath;

  return (
    <Stack spacing={3}>
      {section !== undefined && sections ? (
        <ScreenHeading back={{ to: outlineAddress, label: fill(t.backToOutline, { page: pageName }) }}>
          {[pageName, sectionNameOf(sections, section)].join(t.placeJoint)}
        </ScreenHeading>
      ) : (
        <Box>
          <ScreenHeading>{entry.label}</ScreenHeading>
          <TranslationLinks counts={translations} />
        </Box>
      )}

      <PublishBar
        barRef={bar}
        rowRef={publishRow}
        file={file}
        label={entry.label}
        publishItem={publishItem}
        livePath={livePath}
        blocked={problems.length > 0}
        shown={wrong}
        checklist={checklist}
        problemLink={problemLink}
        sendable={articleId !== undefined && !removing && isPublished ? articleId : undefined}
        {...(ArticleActions ? { ArticleActions } : {})}
      />

      {pageId && section === undefined && <RemovePage file={file} />}

      {narrow && target && <EditOrPreviewTabs tabsRef={tabs} view={view} onChange={showView} tabId={tabId} panelId={panelId} />}

      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Box {...tabPanel('edit')}>
          <ItemForm
            file={file}
            label={entry.label}
            schema={schema}
            value={value}
            at={formAt}
            openSection={openSection}
            {...(section !== undefined && sections ? { partLabel: sectionNameOf(sections, section) } : {})}
            problems={checklist ? fileProblems.filter((p) => !p.toFill) : fileProblems}
            pages={pages}
            formIds={Object.keys(content.forms)}
            formNames={formNames}
            onFocusField={onFocusField}
          />
        </Box>
        {target && (
          <Box ref={previewPanel} {...tabPanel('preview')} sx={{ position: { lg: 'sticky' }, top: `calc(var(--publish-bar-height, 0px) + ${CLEARANCE_PX}px)` }}>
            <PreviewPanel preview={preview} target={target} content={content} label={entry.label} reveal={reveal} />
          </Box>
        )}
      </Box>

      <ItemRevisions file={file} label={entry.label} />
    </Stack>
  );
}

interface ItemFormProps extends Pick<SchemaFormProps, 'file' | 'schema' | 'value' | 'at' | 'openSection' | 'problems' | 'pages' | 'formIds' | 'formNames'> {
  /** The item's name: the form's. */
  label: string;
  /** The name of the part drawn (a page's section opened on its own). */
  partLabel?: string;
  /** A field of the form was focused (its id). */
  onFocusField(id: string): void;
}

/** The form drawn from the item's schema; an article's, with its removal (or the removal's notice in its place). */
function ItemForm({ file, label, partLabel, onFocusField, value, ...form }: ItemFormProps) {
  const { snapshot, edits, setEdit, dropEdit, addUploaded, role } = useContent();
  const upload = useCallback(
    async (picture: File, width: number, height?: number, options?: UploadOptions): Promise<ContentImage> => {
      const result = await uploadImage(picture, width, height, options);
      addUploaded(result.src);
      return result;
    },
    [addUploaded],
  );
  const articleId = articleIdOf(file);
  const removing = articleId !== undefined && value === null;
  const isPublished = snapshot.files.some((f) => f.file === file);
  // A form made in the editor: its questions not yet published take their keys from their labels.
  const formId = formIdOf(file);
  const madeHere = formId !== undefined && !isLocked(formId);
  return (
    <Box component="form" aria-label={label} onSubmit={(e) => e.preventDefault()} onFocus={(e) => onFocusField(e.target.id)} noValidate sx={labelsAbove}>
      {articleId && (
        <ArticleRemoval removing={removing} title={label} onRemove={() => (isPublished ? setEdit(file, null) : dropEdit(file))} onKeep={() => dropEdit(file)} />
      )}
      {!removing && (
        <SchemaForm
          key={file}
          {...form}
          file={file}
          role={role}
          value={value}
          onChange={(next) =>
            setEdit(
              file,
              articleId && !isPublished ? followTitle(value, next) : madeHere ? followLabels(snapshot.files.find((f) => f.file === file)?.value, next) : next,
            )
          }
          {...(partLabel !== undefined ? { label: partLabel } : {})}
          fromCode={fromCodeOf(snapshot, edits, file)}
          uploadImage={upload}
        />
      )}
    </Box>
  );
}

interface PublishBarProps {
  barRef: RefObject<HTMLElement | null>;
  rowRef: RefObject<HTMLDivElement | null>;
  file: string;
  /** The item's name in the list of items (a part's, in the notes on the other parts published with it). */
  label: string;
  publishItem: PublishItem;
  /** Where the item is seen live once published. */
  livePath: string;
  /** The checker refuses something in this item as it would be published alone. */
  blocked: boolean;
  /** The problems shown: the checker's, else the server's last refusal (those of the checklist's boxes left out while it is shown). */
  shown: readonly ContentProblem[];
  checklist: ReturnType<typeof boxesToFill> | undefined;
  problemLink(p: ContentProblem): string | undefined;
  /** A published article's id: the button that sends it to the newsletter's readers is in the bar. */
  sendable: string | undefined;
  ArticleActions?: ComponentType<ArticleActionsProps>;
}

/**
 * The Publish bar. Only its first row (Publish and the status line) sticks to the top of the
 * window, on every screen: what it says below (the problems to fix, the schedule's panel, the
 * notes) stays where it is on the page, so it never covers the form (a formatting bar, a
 * picture's box) as the page scrolls. The bar's box gives way (display: contents) and that row
 * sticks in its place.
 */
export function PublishBar({
  barRef,
  rowRef,
  file,
  label,
  publishItem,
  livePath,
  blocked,
  shown,
  checklist,
  problemLink,
  sendable,
  ArticleActions,
}: PublishBarProps) {
  const { snapshot, edits, me, drafts, saveStates, schedule, discard } = useContent();
  const { publishing, setPublishing, setServerProblems, press, onPublish } = publishItem;
  const publishNotesId = useId();
  const myDraft = drafts.find((d) => d.author === me && d.file === file);
  const others = drafts.filter((d) => d.author !== me && d.file === file);
  const edited = Object.hasOwn(edits, file);
  const kind = itemKindOf(file);
  // Publish sends this item alone; the account's drafts of other items stay as they are, and the screen says which.
  const withIt = itemFilesOf(snapshot, edits, file);
  const elsewhere = Object.keys(edits).filter((f) => !withIt.includes(f));
  const otherParts = kind === 'part' ? changedParts(snapshot, edits).filter((part) => part !== label) : [];
  const canPublish = edited && !blocked && publishing.kind !== 'publishing';
  const publishNotes = [
    ...(!edited && publishing.kind !== 'published' ? [fill(t.publishItems.nothing, { item: t.publishItems.item[kind] })] : []),
    ...(edited && otherParts.length > 0 ? [fill(t.publishItems.withParts, { parts: otherParts.join(', ') })] : []),
    ...(elsewhere.length > 0 ? [fill(t.publishItems.notWithIt, { items: elsewhere.map((f) => itemName(snapshot, edits, f)).join('; ') })] : []),
  ];
  return (
    <Box ref={barRef} component="section" aria-label={t.publish} data-publish-bar="" sx={{ display: 'contents' }}>
      <Stack
        ref={rowRef}
        data-publish-row=""
        direction="row"
        spacing={2}
        useFlexGap
        sx={{
          alignItems: 'center',
          flexWrap: 'wrap',
          rowGap: 1,
          position: 'sticky',
          top: 0,
          zIndex: 3,
          bgcolor: 'background.default',
          py: 1,
          mt: 2,
        }}
      >
        <Button
          variant="contained"
          size="large"
          disabled={!canPublish && !checklist}
          onClick={() => (checklist ? press() : void onPublish(livePath))}
          aria-describedby={publishNotes.length > 0 ? publishNotesId : undefined}
        >
          {t.publishItems.button[kind]}
        </Button>
        <Typography role="status" variant="body2" data-draft-status="">
          {publishing.kind === 'publishing'
            ? t.publishing
            : publishing.kind === 'published' && !edited
              ? t.published
              : draftStatus({ saveState: saveStates[file], draft: myDraft, edited })}
        </Typography>
        {publishing.kind === 'published' && (
          <Link href={publishing.livePath} target="_blank" rel="noopener">
            {t.openLive}
          </Link>
        )}
        {/* A published article, sent to the newsletter's readers (on publishing it, or any time later). */}
        {sendable && ArticleActions && <ArticleActions articleId={sendable} onError={(message) => setPublishing({ kind: 'failed', message })} />}
      </Stack>
      {publishNotes.length > 0 && (
        <Box id={publishNotesId} sx={{ mt: 1 }}>
          {publishNotes.map((note) => (
            <Typography key={note} variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {note}
            </Typography>
          ))}
        </Box>
      )}
      {publishing.kind === 'publishing' && <LinearProgress sx={{ mt: 1 }} aria-label={t.publishing} />}
      <DraftActions
        label={label}
        draft={myDraft}
        others={others}
        edited={edited}
        blocked={blocked}
        schedule={(when) => schedule(file, when)}
        discard={() => discard(file)}
        onProblems={setServerProblems}
      />
      {publishing.kind === 'published' && publishing.revision.summary.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 1, pl: 3 }}>
          {publishing.revision.summary.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </Box>
      )}
      {publishing.kind === 'failed' && publishing.message && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {publishing.message}
        </Alert>
      )}
      {checklist && <Checklist file={file} checklist={checklist} problemLink={problemLink} />}
      {shown.length > 0 && <ProblemList file={file} shown={shown} problemLink={problemLink} />}
    </Box>
  );
}

/** What a page or an article made here still needs, each box a link to its field. */
function Checklist({
  file,
  checklist,
  problemLink,
}: {
  file: string;
  checklist: NonNullable<PublishBarProps['checklist']>;
  problemLink: PublishBarProps['problemLink'];
}) {
  return (
    <Alert severity="info" role="status" sx={{ mt: 1 }}>
      {t.checklist}
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {checklist.map((box) => {
          const to = problemLink({ file, path: [...box.path], message: box.name, field: box.name });
          return (
            <li key={box.name}>
              {to ? (
                <Link component={RouterLink} to={to}>
                  {box.name}
                </Link>
              ) : (
                <Link href={`#${fieldId(file, box.path)}`}>{box.name}</Link>
              )}
            </li>
          );
        })}
      </Box>
    </Alert>
  );
}

/** Every problem above Publish, each of this item's a link to its field. */
function ProblemList({ file, shown, problemLink }: Pick<PublishBarProps, 'file' | 'shown' | 'problemLink'>) {
  return (
    <Alert severity="warning" sx={{ mt: 1 }}>
      {shown.length === 1 ? t.problemsOne : fill(t.problems, { count: shown.length })}
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {shown.map((p) => (
          <li key={`${p.file}:${JSON.stringify(p.path)}:${p.message}`}>
            {p.file !== file ? (
              p.message
            ) : problemLink(p) ? (
              <Link component={RouterLink} to={problemLink(p)!}>
                {p.message}
              </Link>
            ) : (
              <Link href={`#${fieldId(p.file, p.path)}`}>{p.message}</Link>
            )}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

/** The preview beside the form (or behind its tab): the device it is drawn for, and the site as it would be published. */
export function PreviewPanel({
  preview,
  target,
  content,
  label,
  reveal,
  lang,
}: {
  preview: ReturnType<typeof usePreview>;
  /** The language the page is drawn in (a translation's). */
  lang?: string;
  target: PreviewTarget;
  content: SiteContent;
  label: string;
  reveal: Reveal | undefined;
}) {
  const { device, setDevice, sent, setSent, port } = preview;
  return (
    <Box component="section" aria-label={t.preview}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
          {t.preview}
        </Typography>
        <ToggleButtonGroup size="small" exclusive value={device} onChange={(_e, next: Device | null) => next && setDevice(next)} aria-label={t.preview}>
          <ToggleButton value="desktop">{t.desktop}</ToggleButton>
          <ToggleButton value="phone">{t.phone}</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <Typography variant="body2" sx={{ mb: 1, color: 'text.secondary' }}>
        {t.previewNote}
      </Typography>
      {sent && (
        <Alert severity="info" sx={{ mb: 1 }} onClose={() => setSent(false)}>
          {t.previewSent}
        </Alert>
      )}
      <Preview
        target={target}
        content={content}
        port={port}
        device={device}
        title={`${t.preview}: ${label}`}
        {...(reveal ? { reveal } : {})}
        {...(lang ? { lang } : {})}
      />
    </Box>
  );
}
