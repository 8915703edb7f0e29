/**
 * The field editors, one per kind of schema (src/schema/schema.ts SchemaKind), as the site has one
 * renderer per section type: SchemaField looks the kind up here (and a text's format, where the
 * format has an editor of its own: a date, a colour), so a new section type or key is drawn with
 * no editor code, and a kind without an editor is a type error.
 * (ListEditor and ImageField draw their parts with the SchemaField this file gives them: fieldFrame.tsx
 * holds what they share with the editors here, so no file imports one that imports it back.)
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId, useState, type ChangeEvent, type ComponentType, type ReactNode } from 'react';
import admin from '../../../config/admin';
import { dateInWords } from '../../site/model/articles';
import { choiceLabelOf, keyOf, sectionTypeLabel } from '../model/officeSentences';
import { isColour, isDate, shownToOffice, textLength, type Path, type Schema, type SchemaKind, type Shape, type TextFormat } from '../../schema/schema';
import { fill } from '../../platform/inbox/format';
import { EditorEnvContext, ownerLocked, useEditorEnv, useLocked, useProblems } from './EditorEnv';
import { Group, useHelper, type FieldProps } from './fieldFrame';
import { ImageField } from './ImageField';
import { ListEditor } from './ListEditor';
import { emptyValue, fieldId, isRecord, labelOf, pathKey, setAt, variantOf } from './schemaValues';
import { linkModeOf, pageOfLink } from './sitePages';

const t = admin.content;

function useTextField({ schema, path, label }: FieldProps, counter?: ReactNode) {
  const { file } = useEditorEnv();
  const problems = useProblems(path);
  const locked = useLocked(schema);
  return {
    id: fieldId(file, path),
    label,
    fullWidth: true,
    error: problems.length > 0,
    helperText: useHelper(schema, problems, path, counter),
    slotProps: { input: { readOnly: locked } },
  } as const;
}

/** An optional key's "" means "leave it out". */
const textChange = (schema: Schema<unknown>, onChange: FieldProps['onChange']) => (value: string) =>
  onChange(schema.optional && value === '' ? undefined : value);

/** A line that may hold more than this wraps in a box that grows (a title, a heading, a question); a shorter one (a button's words) stays one line. */
const WRAPPED_LINE_OVER = 60;
/** The counter shows once a text comes this near its limit (always for a title or a description: what search results show). */
const COUNTER_FROM = 0.8;

/**
 * The counter under a text with a length limit: its characters and its most, with how many search
 * results show for a title or a description; in the error colour past the limit.
 */
export function counterOf(schema: Schema<unknown>, text: string): ReactNode {
  const meta = schema.meta.kind === 'text' || schema.meta.kind === 'longText' ? schema.meta : undefined;
  const max = meta?.maxLength;
  if (!meta || max === undefined) return undefined;
  const count = textLength(text);
  if (meta.searchShows === undefined && count < max * COUNTER_FROM) return undefined;
  const words = meta.searchShows === undefined ? fill(t.counter, { count, max }) : fill(t.counterSearch, { count, max, shown: meta.searchShows });
  return (
    <Box component="span" data-counter="" sx={{ color: count > max ? 'error.main' : 'text.secondary' }}>
      {words}
    </Box>
  );
}

/**
 * A text: one line, or a box that grows with what is written (a longText, or a line that may be
 * long): from two lines (one for a line) to twelve, then it scrolls. A line's box takes no line
 * break: Enter does nothing there, and a pasted break becomes a space.
 */
function TextEditor(props: FieldProps) {
  const { schema, value, onChange } = props;
  const text = typeof value === 'string' ? value : '';
  const field = useTextField(props, counterOf(schema, text));
  const meta = schema.meta;
  const long = meta.kind === 'longText';
  const wraps = long || (meta.kind === 'text' && meta.format === undefined && (meta.maxLength ?? 0) > WRAPPED_LINE_OVER);
  return (
    <TextField
      {...field}
      multiline={wraps}
      minRows={wraps ? (long ? 2 : 1) : undefined}
      maxRows={wraps ? 12 : undefined}
      value={text}
      onKeyDown={wraps && !long ? (event) => event.key === 'Enter' && event.preventDefault() : undefined}
      onChange={(event) => textChange(schema, onChange)(wraps && !long ? event.target.value.replace(/\r?\n/g, ' ') : event.target.value)}
    />
  );
}

/**
 * A date (src/schema/schema.ts date()): the browser's date box, whose value has the file's own form
 * (2026-03-01), so a day is shown and written back exactly as the file holds it. A text in the file
 * that is no date would show there as an empty box: such a one is shown as written, in a box of
 * text, with the checker's sentence under it. Which box is decided once, as the field is drawn: a
 * box that changed under the keys would lose them.
 */
function DateEditor(props: FieldProps) {
  const { schema, value, onChange } = props;
  const text = typeof value === 'string' ? value : '';
  // The day in words under the box, in the editor's language ("28 November 2026"): the box itself
  // is drawn in the browser's own way (11/28/2026 in a browser set to American English).
  const field = useTextField(props, isDate(text) ? <span data-date-words="">{dateInWords(text, admin.locale)}</span> : undefined);
  const [asWritten] = useState(() => text !== '' && !isDate(text));
  return (
    <TextField
      {...field}
      type={asWritten ? 'text' : 'date'}
      value={text}
      slotProps={asWritten ? field.slotProps : { ...field.slotProps, inputLabel: { shrink: true } }}
      onChange={(event) => textChange(schema, onChange)(event.target.value)}
    />
  );
}

/**
 * A colour (src/schema/schema.ts color()): its code in a box of text, as the file writes it, and
 * beside it the browser's colour picker, which writes the colour picked as #rrggbb.
 */
function ColourEditor(props: FieldProps) {
  const { schema, value, onChange, label } = props;
  const text = typeof value === 'string' ? value : '';
  const field = useTextField(props);
  const locked = useLocked(schema);
  const picker = (
    <InputAdornment position="end">
      <Box
        component="input"
        type="color"
        aria-label={fill(t.pickColour, { name: label })}
        value={isColour(text) ? text.toLowerCase() : '#000000'}
        disabled={locked}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        sx={{ width: 44, height: 32, p: 0, border: 0, bgcolor: 'transparent', cursor: locked ? 'default' : 'pointer' }}
      />
    </InputAdornment>
  );
  return (
    <TextField
      {...field}
      value={text}
      slotProps={{ input: { ...field.slotProps.input, endAdornment: picker } }}
      onChange={(event) => textChange(schema, onChange)(event.target.value)}
    />
  );
}

function NumberEditor(props: FieldProps) {
  const { schema, value, onChange } = props;
  const field = useTextField(props);
  const meta: { min?: number; max?: number; integer?: boolean } = schema.meta.kind === 'number' ? schema.meta : {};
  // What the person typed, kept while it is not a number yet ("" or "-").
  const [typed, setTyped] = useState<string>();
  const shown = typed ?? (typeof value === 'number' ? String(value) : '');
  return (
    <TextField
      {...field}
      type="number"
      value={shown}
      slotProps={{ input: field.slotProps.input, htmlInput: { min: meta.min, max: meta.max, step: meta.integer ? 1 : 'any' } }}
      onChange={(event) => {
        const text = event.target.value;
        const number = Number(text);
        if (text.trim() === '') {
          setTyped(text);
          onChange(schema.optional ? undefined : text);
        } else if (Number.isFinite(number)) {
          setTyped(undefined);
          onChange(number);
        } else setTyped(text);
      }}
      onBlur={() => setTyped(undefined)}
    />
  );
}

function BooleanEditor({ schema, value, onChange, path, label }: FieldProps) {
  const { file } = useEditorEnv();
  const problems = useProblems(path);
  const id = fieldId(file, path);
  const helper = useHelper(schema, problems, path);
  const locked = useLocked(schema);
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            id={id}
            checked={value === undefined && schema.meta.kind === 'boolean' ? schema.meta.absent === true : value === true}
            disabled={locked}
            slotProps={{ input: helper ? { 'aria-describedby': `${id}-helper` } : {} }}
            onChange={(event) => onChange(event.target.checked)}
          />
        }
        label={label}
      />
      {helper && (
        <FormHelperText id={`${id}-helper`} error={problems.length > 0}>
          {helper}
        </FormHelperText>
      )}
    </Box>
  );
}

function ChoiceEditor(props: FieldProps) {
  const { schema, value, onChange } = props;
  const { formIds, formNames, questions = [] } = useEditorEnv();
  const field = useTextField(props);
  const locked = useLocked(schema);
  const choice = schema.meta.kind === 'choice' ? schema.meta : undefined;
  // The form's questions, named by their labels (a check's or a condition's question; a condition's among the others of `kinds`).
  const own = questionAt(props.path);
  const offered = choice?.kinds ? questions.filter((q) => q.at !== own && q.kind !== undefined && choice.kinds!.includes(q.kind)) : questions;
  const meta =
    choice?.from === 'fields' ? { ...choice, options: offered.map((q) => q.name), words: Object.fromEntries(offered.map((q) => [q.name, q.label])) } : choice;
  const options = [...(meta?.from === 'forms' ? formIds : (meta?.options ?? []))];
  // A value that is not a choice (a mistake in the file) is shown as it is; the checker says what is wrong.
  if (typeof value === 'string' && value !== '' && !options.includes(value)) options.push(value);
  const NONE = '';
  return (
    <TextField
      {...field}
      select
      disabled={locked}
      value={typeof value === 'string' ? value : NONE}
      onChange={(event) => onChange(event.target.value === NONE ? undefined : event.target.value)}
    >
      {schema.optional && <MenuItem value={NONE}>{t.none}</MenuItem>}
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {(meta?.from === 'forms' ? formNames?.[option] : undefined) ?? choiceLabelOf(keyOf(props.path), option, meta?.from === 'forms', meta?.words)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A value never edited (a section's kind): shown by its name ("Kind of section: FAQ"). */
function FixedEditor({ value, label, path }: FieldProps) {
  const { file } = useEditorEnv();
  const shown = keyOf(path) === 'type' ? sectionTypeLabel(String(value)) : labelOf(String(value));
  return (
    <Typography id={fieldId(file, path)} variant="body2" sx={{ color: 'text.secondary' }}>
      {label}: <strong>{shown}</strong>
    </Typography>
  );
}

/**
 * A link: one of the site's pages, chosen from a list, or an address typed in full. Any address
 * config/routes.ts knows is a page of the site, an alias too ("/About-Us"): it is kept as written
 * until another page is chosen.
 */
function LinkEditor(props: FieldProps) {
  const { schema, value, onChange, label } = props;
  const { pages } = useEditorEnv();
  const field = useTextField(props);
  const locked = useLocked(schema);
  const text = typeof value === 'string' ? value : '';
  const pageTargets = schema.meta.kind === 'link' && schema.meta.pages;
  const [mode, setMode] = useState<'page' | 'address'>(pageTargets ? linkModeOf(text, pages) : 'address');
  if (!pageTargets) return <TextField {...field} type="url" value={text} onChange={(e) => textChange(schema, onChange)(e.target.value)} />;
  // Each page once, at its main address; the link's own address too when it is another one (an alias, a #part).
  const options = pages.filter((p) => p.path === p.canonical).map((p) => ({ value: p.path, label: `${p.label} (${p.path})` }));
  if (text !== '' && !options.some((o) => o.value === text)) {
    const page = pageOfLink(text, pages);
    options.push({ value: text, label: page ? `${page.label} (${text})` : text });
  }
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
      <TextField
        select
        label={fill(t.linkKind, { label })}
        value={mode}
        disabled={locked}
        onChange={(event) => setMode(event.target.value === 'page' ? 'page' : 'address')}
        sx={{ minWidth: { sm: 200 } }}
      >
        <MenuItem value="page">{t.linkPage}</MenuItem>
        <MenuItem value="address">{t.linkAddress}</MenuItem>
      </TextField>
      {mode === 'page' ? (
        <TextField {...field} select disabled={locked} value={text} onChange={(e) => textChange(schema, onChange)(e.target.value)}>
          {schema.optional && <MenuItem value="">{t.none}</MenuItem>}
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <TextField
          {...field}
          value={text}
          placeholder="https://"
          helperText={field.helperText ?? t.linkAddressHint}
          onChange={(e) => textChange(schema, onChange)(e.target.value)}
        />
      )}
    </Stack>
  );
}

/** A group of keys, each drawn by its own kind's editor; optional keys can be added and removed. */
function ObjectEditor({ schema, value, onChange, path, label }: FieldProps) {
  const shape: Shape = schema.meta.kind === 'object' || schema.meta.kind === 'image' ? schema.meta.shape : {};
  return (
    <Group label={label} path={path} schema={schema}>
      <ObjectFields shape={shape} value={value} onChange={onChange} path={path} />
    </Group>
  );
}

/**
 * The keys of a group, without a frame of their own (a section's keys, a file's top level); the
 * keys marked advanced in the schemas under an "Advanced" fold after the others.
 */
export function ObjectFields({ shape, value, onChange, path }: { shape: Shape; value: unknown; onChange(value: unknown): void; path: Path }) {
  const shown = Object.entries(shape).filter(([, child]) => shownToOffice(child));
  const plain = shown.filter(([, child]) => !child.meta.advanced);
  const folded = shown.filter(([, child]) => child.meta.advanced);
  return (
    <Stack spacing={2}>
      <KeyFields entries={plain} value={value} onChange={onChange} path={path} />
      {folded.length > 0 && (
        <AdvancedFold path={path} keys={folded.map(([key]) => key)}>
          <KeyFields entries={folded} value={value} onChange={onChange} path={path} />
        </AdvancedFold>
      )}
    </Stack>
  );
}

/**
 * The settings most pages leave as they are, behind one button: closed at first, open while one
 * of them has a problem (the checker's sentence is then in view).
 */
function AdvancedFold({ path, keys, children }: { path: Path; keys: readonly string[]; children: ReactNode }) {
  const id = useId();
  const { problems } = useEditorEnv();
  const [open, setOpen] = useState(false);
  const troubled = keys.some((key) => {
    const prefix = JSON.stringify([...path, key]).slice(0, -1);
    return [...problems.keys()].some((at) => at === `${prefix}]` || at.startsWith(`${prefix},`));
  });
  // Opened by a problem, it stays open once the problem is fixed (the keyboard is in it).
  if (troubled && !open) setOpen(true);
  const shown = open || troubled;
  return (
    <Box>
      <Button size="small" aria-expanded={shown} aria-controls={id} onClick={() => setOpen((was) => !was)} sx={{ px: 1 }}>
        <Box component="span" aria-hidden="true" sx={{ mr: 0.75, fontSize: '0.75rem' }}>
          {shown ? '\u25B2' : '\u25BC'}
        </Box>
        {t.advanced}
      </Button>
      <Box id={id} hidden={!shown} sx={{ mt: 1.5 }}>
        {shown && children}
      </Box>
    </Box>
  );
}

/** Each key of a group by its own kind's editor; optional keys can be added and removed. */
function KeyFields({
  entries,
  value,
  onChange,
  path,
}: {
  entries: ReadonlyArray<[string, Schema<unknown>]>;
  value: unknown;
  onChange(value: unknown): void;
  path: Path;
}) {
  const env = useEditorEnv();
  const facts = { formIds: env.formIds };
  const record = isRecord(value) ? value : {};
  return (
    <Stack spacing={2}>
      {entries.map(([key, child]) => {
        const childLabel = labelOf(key, child);
        const present = record[key] !== undefined;
        const change = (next: unknown) => onChange(setAt(record, [key], next));
        const composite = ['object', 'image', 'list', 'record', 'union'].includes(child.meta.kind);
        // A setting only an owner sees (a form's columns): an editor's screen leaves it out.
        if (child.meta.ownerScreens === true && ownerLocked(child, env)) return null;
        // A key that means something only beside another (a page's own address and its menu settings).
        if (child.meta.shownWith !== undefined && record[child.meta.shownWith] === undefined) return null;
        // A group whose presence is a developer's choice is shown where it is, never offered; nor one an editor may not change.
        const fixed = child.meta.presenceFixed === true || env.locked === true || ownerLocked(child, env);
        if (child.optional && composite && !present && fixed) return null;
        if (child.optional && composite && !present) {
          return (
            <Box key={key}>
              <Button variant="outlined" size="small" onClick={() => change(emptyValue(child, facts))}>
                {fill(t.addNamed, { name: childLabel })}
              </Button>
            </Box>
          );
        }
        return (
          <Box key={key}>
            <SchemaField schema={child} value={record[key]} onChange={change} path={[...path, key]} label={childLabel} />
            {child.optional && composite && !fixed && !child.meta.contract && (
              <Button size="small" color="error" onClick={() => change(undefined)} sx={{ mt: 0.5 }}>
                {fill(t.removeNamed, { name: childLabel })}
              </Button>
            )}
          </Box>
        );
      })}
    </Stack>
  );
}

/** A section (or any group told apart by its `type`): its kind shown, its keys by that kind's schema. */
function UnionEditor({ schema, value, onChange, path, label }: FieldProps) {
  const variant = variantOf(schema, value);
  const shape = variant && (variant.meta.kind === 'object' || variant.meta.kind === 'image') ? variant.meta.shape : undefined;
  return (
    <Group label={label} path={path} schema={schema}>
      {shape ? <ObjectFields shape={shape} value={value} onChange={onChange} path={path} /> : <GroupProblems path={[...path, 'type']} />}
    </Group>
  );
}

function GroupProblems({ path }: { path: Path }) {
  const problems = useProblems(path);
  return problems.map((p) => (
    <FormHelperText key={p} error>
      {p}
    </FormHelperText>
  ));
}

/** A group whose keys come from the content (one name per form): each key a field of the value's kind. */
function RecordEditor({ schema, value, onChange, path, label }: FieldProps) {
  const valueSchema = schema.meta.kind === 'record' ? schema.meta.value : schema;
  const record = isRecord(value) ? value : {};
  return (
    <Group label={label} path={path} schema={schema}>
      <Stack spacing={2}>
        {Object.keys(record).map((key) => (
          <SchemaField
            key={key}
            schema={valueSchema}
            value={record[key]}
            onChange={(next) => onChange(setAt(record, [key], next))}
            path={[...path, key]}
            label={labelOf(key)}
          />
        ))}
      </Stack>
    </Group>
  );
}

/** The rich-text box (Lexical): its own chunk, loaded when an article's text is first shown. */
const RichTextEditor = lazy(() => import('./richText/RichTextEditor'));

/** An article's text: one rich-text box whose document is the blocks; every problem inside the blocks is said under it. */
function RichTextField({ value, onChange, path, label, schema }: FieldProps) {
  const env = useEditorEnv();
  const id = fieldId(env.file, path);
  const inside = [...env.problems].filter(([key]) => {
    const at = JSON.parse(key) as Path;
    return at.length >= path.length && path.every((part, i) => at[i] === part);
  });
  const problems = inside.flatMap(([, messages]) => messages);
  const helper = useHelper(schema, problems, path);
  return (
    <Box component="section" aria-labelledby={`${id}-label`}>
      <Typography id={`${id}-label`} component="p" sx={{ fontWeight: 600, mb: 1 }}>
        {label}
      </Typography>
      <Suspense fallback={<Typography role="status">{t.articles.loadingEditor}</Typography>}>
        <RichTextEditor
          initial={value}
          onChange={onChange}
          label={label}
          id={id}
          invalid={problems.length > 0}
          uploadImage={env.uploadImage}
          pages={env.pages}
          {...(helper ? { describedBy: `${id}-helper` } : {})}
        />
      </Suspense>
      {helper && (
        <FormHelperText id={`${id}-helper`} error={problems.length > 0}>
          {helper}
        </FormHelperText>
      )}
    </Box>
  );
}

/** A picture and a list draw their parts with SchemaField, given to them here. */
function ImageEditor(props: FieldProps) {
  return <ImageField {...props} Field={SchemaField} />;
}

function ListFieldEditor(props: FieldProps) {
  if (props.schema.meta.kind === 'list' && props.schema.meta.from === 'answers') return <AnswersEditor {...props} />;
  return <ListEditor {...props} Field={SchemaField} />;
}

/** The place in `fields` of the question a path is inside ("fields", 2, "showWhen", "field" -> 2), if any. */
function questionAt(path: Path): number | undefined {
  const at = path.lastIndexOf('fields');
  const index = at < 0 ? undefined : path[at + 1];
  return typeof index === 'number' ? index : undefined;
}

/** A condition's answers: ticked among the options of the question it names (none named yet: nothing to tick). */
function AnswersEditor({ schema, value, onChange, path, label }: FieldProps) {
  const { file, questions = [] } = useEditorEnv();
  const locked = useLocked(schema);
  const problems = useProblems(path);
  const helper = useHelper(schema, problems, path);
  const own = questions.find((q) => q.at === questionAt(path));
  const named = questions.find((q) => q.name === own?.condition);
  const ticked = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  const id = fieldId(file, path);
  return (
    <Box component="fieldset" id={id} aria-describedby={helper ? `${id}-helper` : undefined} sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="body2">
        {label}
      </Typography>
      {named?.options.map((option) => (
        <FormControlLabel
          key={option.value}
          label={option.label}
          control={
            <Checkbox
              disabled={locked}
              checked={ticked.includes(option.value)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? named.options.map((o) => o.value).filter((v) => v === option.value || ticked.includes(v))
                    : ticked.filter((v) => v !== option.value),
                )
              }
            />
          }
        />
      ))}
      {helper && (
        <FormHelperText id={`${id}-helper`} error={problems.length > 0}>
          {helper}
        </FormHelperText>
      )}
    </Box>
  );
}

/** Schema kind -> its editor. */
const fieldEditors = {
  text: TextEditor,
  longText: TextEditor,
  number: NumberEditor,
  boolean: BooleanEditor,
  choice: ChoiceEditor,
  fixed: FixedEditor,
  link: LinkEditor,
  image: ImageEditor,
  object: ObjectEditor,
  list: ListFieldEditor,
  union: UnionEditor,
  record: RecordEditor,
  richText: RichTextField,
} satisfies Record<SchemaKind, ComponentType<FieldProps>>;

/**
 * A text whose format has an editor of its own (src/schema/schema.ts TextFormat), drawn by it
 * instead of a box of text. A date and time (dateTime) stays a box of text: the file writes it
 * with its offset from UTC ("2026-12-01T09:00:00+01:00"), for which the browser's date-and-time
 * box has no place, and that box drops seconds of :00, so a value would not come back as written.
 */
const formatEditors: Partial<Record<TextFormat, ComponentType<FieldProps>>> = {
  date: DateEditor,
  color: ColourEditor,
};

/** The editor of a schema: its text format's, where that has one, else its kind's. */
const editorOf = ({ meta }: Schema<unknown>): ComponentType<FieldProps> =>
  (meta.kind === 'text' && meta.format !== undefined ? formatEditors[meta.format] : undefined) ?? fieldEditors[meta.kind];

/** Draws the editor of a schema's kind for one value; a group only an owner changes, drawn for an editor, with every box in it read-only. */
export function SchemaField(props: FieldProps) {
  const env = useEditorEnv();
  const Editor = editorOf(props.schema);
  if (!env.locked && ((ownerLocked(props.schema, env) && props.schema.meta.kind !== 'list') || env.fromCode?.has(pathKey(props.path)))) {
    return (
      <EditorEnvContext.Provider value={{ ...env, locked: true }}>
        <Editor {...props} />
      </EditorEnvContext.Provider>
    );
  }
  return <Editor {...props} />;
}
