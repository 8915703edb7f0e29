/**
 * One translation (an item of its own: config/translations/<code>/<file>): every text of the page,
 * article, form or parts on every page in the default language, read-only, each with its
 * translation's box beside it (below it on a phone), marked when not translated yet or when its
 * default text changed since it was translated (stale: the text it was made from shown); the count
 * of what is left and a filter to show only that; the preview of the page in that language
 * (untranslated texts falling back); Publish of this translation alone; its revisions.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMemo, useRef, useState } from 'react';
import { Navigate } from 'react-router-dom';
import admin from '../../../config/admin';
import { fill, fillCount } from '../../platform/inbox/format';
import type { ContentProblem } from '../model/contentApi';
import { textPlaceOf } from '../model/officeSentences';
import { useContent } from './contentState';
import { EditOrPreviewTabs, PreviewPanel, PublishBar, usePreview, usePublishItem, useKeepClearOf } from './EditScreen';
import { fieldId } from './schemaValues';
import { ItemRevisions } from './RevisionList';
import { ScreenHeading } from './ScreenHeading';
import { languagesOf, textRows, translatedFileOf, translationCounts, translationValueOf, withAddress, withTranslation, type TextRow } from './translations';
import { TranslationLinks } from './TranslationLinks';
import { translationPreview, translationLivePath } from './translationItems';
import { itemName } from './itemNames';
import { entriesOf } from './editorList';
import { publishProblems, schemaOfFile, valueOf } from './editedFiles';

const t = admin.content.translations;
const c = admin.content;

const tabId = (view: 'edit' | 'preview') => `translate-${view}-tab`;
const panelId = (view: 'edit' | 'preview') => `translate-${view}-panel`;

/** The names of a text's place in its file, without the file's own ("Hero › Heading"). */
const placeName = (file: string, value: unknown, path: string): string => textPlaceOf(file, value, path).join(c.placeJoint);

export function TranslateScreen({ file }: { file: string }) {
  const { snapshot, edits, setEdit } = useContent();
  const target = translatedFileOf(file)!;
  const languages = languagesOf(snapshot);
  const language = languages.find((l) => l.code === target.code);
  const fallback = languages[0];
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('lg'), { noSsr: true });
  const publishItem = usePublishItem(file);
  const preview = usePreview(narrow);
  const bar = useRef<HTMLElement>(null);
  const row = useRef<HTMLDivElement>(null);
  const tabs = useRef<HTMLDivElement>(null);
  useKeepClearOf(bar, row, tabs);
  const [onlyNeeded, setOnlyNeeded] = useState(false);
  const [view, setView] = useState<'edit' | 'preview'>('edit');
  const source = valueOf(snapshot, {}, target.file);
  const rows = useMemo(() => textRows(snapshot, edits, target.file, file), [snapshot, edits, target.file, file]);
  const value = translationValueOf(snapshot, edits, file);
  const problems = useMemo(() => publishProblems(snapshot, edits, [file]), [snapshot, edits, file]);
  const previewed = useMemo(() => translationPreview(snapshot, edits, file), [snapshot, edits, file]);
  const otherTranslations = useMemo(
    () => translationCounts(snapshot, edits, target.file).filter((count) => count.file !== file),
    [snapshot, edits, target.file, file],
  );
  if (!language || !fallback || !schemaOfFile(target.file) || source === undefined || source === null) return <Navigate to="/content" replace />;
  const label = itemName(snapshot, edits, file);
  const edited = Object.values(entriesOf(snapshot, edits)).some((entries) => entries.some((entry) => entry.file === target.file));
  const words = { language: language.name, default: fallback.name };
  const left = rows.filter((r) => r.state !== 'translated').length;
  const shown = onlyNeeded ? rows.filter((r) => r.state !== 'translated') : rows;
  const hasAddress = /^config\/(pages|articles)\//.test(target.file);
  const change = (next: typeof value) => setEdit(file, next);
  const problemLink = (p: ContentProblem) => `#${fieldId(p.file, p.path)}`;
  const tabbed = narrow && previewed;

  const form = (
    <Box component="form" aria-label={label} onSubmit={(e) => e.preventDefault()} noValidate>
      <Stack spacing={2}>
        <Typography>{fill(t.intro, words)}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
          <Typography role="status" data-translation-left="">
            {left === 0 ? t.allDone : fillCount(t.left, left, { count: left })}
          </Typography>
          <FormControlLabel control={<Switch checked={onlyNeeded} onChange={(e) => setOnlyNeeded(e.target.checked)} />} label={t.onlyNeeded} />
        </Stack>
        {hasAddress && (
          <TextField
            id={fieldId(file, ['address'])}
            label={fill(t.address, words)}
            helperText={fill(t.addressHelp, words)}
            value={value.address ?? ''}
            onChange={(e) => change(withAddress(value, e.target.value))}
            slotProps={{ htmlInput: { lang: language.code } }}
          />
        )}
        {shown.map((text) => (
          <TextToTranslate
            key={text.path}
            file={file}
            row={text}
            place={placeName(target.file, source, text.path)}
            words={words}
            codes={{ language: language.code, default: fallback.code }}
            problem={problems.find((p) => p.file === file && p.path[1] === text.path)}
            onChange={(next) => change(withTranslation(value, text.path, next, text.source))}
          />
        ))}
      </Stack>
    </Box>
  );

  return (
    <Stack spacing={3}>
      <Box>
        <ScreenHeading>{label}</ScreenHeading>
        <TranslationLinks
          // The way back to the item in the first language, where the editor edits it (not the removed pages' words: only a publish writes those).
          {...(edited
            ? { original: { file: target.file, label: fill(t.screenTitle, { item: itemName(snapshot, edits, target.file), language: fallback.name }) } }
            : {})}
          counts={otherTranslations}
        />
      </Box>
      <PublishBar
        barRef={bar}
        rowRef={row}
        file={file}
        label={label}
        publishItem={publishItem}
        livePath={translationLivePath(snapshot, edits, file)}
        blocked={problems.length > 0}
        shown={problems.length > 0 ? problems : publishItem.serverProblems}
        checklist={undefined}
        problemLink={problemLink}
        sendable={undefined}
      />
      {tabbed && <EditOrPreviewTabs tabsRef={tabs} view={view} onChange={setView} tabId={tabId} panelId={panelId} />}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
        <Box {...(tabbed ? { role: 'tabpanel', id: panelId('edit'), 'aria-labelledby': tabId('edit'), hidden: view !== 'edit' } : {})}>{form}</Box>
        {previewed && (
          <Box
            {...(tabbed ? { role: 'tabpanel', id: panelId('preview'), 'aria-labelledby': tabId('preview'), hidden: view !== 'preview' } : {})}
            sx={{ position: { lg: 'sticky' }, top: 'calc(var(--publish-bar-height, 0px) + 16px)' }}
          >
            <PreviewPanel preview={preview} target={previewed.target} content={previewed.content} label={label} reveal={undefined} lang={language.code} />
          </Box>
        )}
      </Box>
      <ItemRevisions file={file} label={label} />
    </Stack>
  );
}

/** One text: its place, the default language's text (read-only), its state, and the box of its translation. */
function TextToTranslate({
  file,
  row,
  place,
  words,
  codes,
  problem,
  onChange,
}: {
  file: string;
  row: TextRow;
  place: string;
  words: { language: string; default: string };
  codes: { language: string; default: string };
  problem: ContentProblem | undefined;
  onChange(text: string): void;
}) {
  const id = fieldId(file, ['texts', row.path]);
  const originalId = `${id}-original`;
  const placeId = `${id}-place`;
  const stateId = `${id}-state`;
  const long = row.source.length > 80 || row.source.includes('\n');
  const helper = problem?.field ?? (row.state === 'missing' ? fill(t.missing, words) : undefined);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-text-path={row.path} data-state={row.state}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, flexWrap: 'wrap' }} useFlexGap>
        <Typography id={placeId} component="h2" sx={{ fontWeight: 700, fontSize: '1rem', overflowWrap: 'anywhere' }}>
          {place}
        </Typography>
        <Chip
          size="small"
          variant={row.state === 'missing' ? 'filled' : 'outlined'}
          color={row.state === 'translated' ? 'success' : 'default'}
          // A stale text: the warning's colour on its border (its words in the text's colour, readable on white).
          sx={row.state === 'stale' ? { borderColor: 'warning.main', borderWidth: 2 } : undefined}
          label={row.state === 'translated' ? t.done : row.state === 'stale' ? t.staleShort : t.missingShort}
        />
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
        <Box>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {fill(t.original, words)}
          </Typography>
          <Typography id={originalId} lang={codes.default} sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {row.source}
          </Typography>
        </Box>
        <TextField
          id={id}
          label={fill(t.box, { language: words.language })}
          value={row.text ?? ''}
          onChange={(e) => onChange(e.target.value)}
          multiline={long}
          minRows={long ? 2 : undefined}
          fullWidth
          error={problem !== undefined}
          helperText={helper}
          slotProps={{
            htmlInput: {
              lang: codes.language,
              'aria-labelledby': `${placeId} ${id}-label`,
              'aria-describedby': [originalId, stateId, ...(helper ? [`${id}-helper-text`] : [])].join(' '),
            },
          }}
        />
      </Box>
      <Box id={stateId}>
        {row.state === 'stale' && row.was !== undefined && (
          <Alert severity="warning" role="note" sx={{ mt: 1 }}>
            {fill(t.stale, { default: words.default, was: row.was })}
          </Alert>
        )}
      </Box>
    </Paper>
  );
}
