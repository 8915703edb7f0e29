/**
 * A new page at an address of its own (a landing page for a campaign), asked for what a page
 * needs and made publishable as it is: its title and description (held to the page schema's
 * limits, with their counters), an address made from the title (editable, with or without its /,
 * checked free and allowed as the site's checker checks it), whether the menu shows it, whether
 * search engines may list it, the sections it starts with (any of the site's section types, drawn
 * from the page schema) and, with a form section, which form by its name. The rest is made from
 * these (newPage.ts: the heading, the breadcrumb). Making it adds the page to the edits; its own
 * screen then edits its texts with the preview, and Publish puts it live like any edit.
 */
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import MenuItem from '@mui/material/MenuItem';
import { useMemo, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import admin from '../../../config/admin';
import { pageSchema } from '../../site/model/pageSchema';
import type { CheckContext, Path, Refusal, Schema } from '../../schema/schema';
import { addressProblem } from '../../schema/addresses';
import { fill } from '../../platform/inbox/format';
import { useContent } from './contentState';
import { editAddress } from './editorList';
import { addressOf, homeStep, newPageFile, newPageValue, pageSlugOf, takenAddresses } from './newPage';
import { checkOptionsOf, pagesOf, ROUTES_FILE, valueOf } from './editedFiles';
import { officeSentence, sectionTypeLabel } from '../model/officeSentences';
import { formTitleOf } from '../model/newForm';
import { counterOf } from './fields';
import { isRecord } from './schemaValues';
import { NewItemForm } from './NewItemForm';

const t = admin.content.newPage;

/** What the page schema says of a value of one of its keys (a title, a description), in the office's words under its box (`label`). */
function refusalOf(schema: Schema<unknown>, value: string, label: string): string | undefined {
  const found: Refusal[] = [];
  const ctx: CheckContext = {
    file: '',
    sitePaths: new Set(),
    formIds: new Set(),
    publicFileExists: () => true,
    report: (_path: Path, _message: string, words: Refusal) => found.push(words),
  };
  schema.check(value, [], ctx);
  return found[0] && officeSentence(found[0], [label]).field;
}

/** The section types a page may have, from the page schema (a new type appears here by itself). */
const sectionItem = pageSchema.shape.sections.meta.kind === 'list' ? pageSchema.shape.sections.meta.item : undefined;
const sectionTypes: Readonly<Record<string, Schema<unknown>>> = sectionItem?.meta.kind === 'union' ? sectionItem.meta.variants : {};
/** What a new page starts with (config/admin.ts: a header and a form). */
const STARTING_SECTIONS = t.sectionsAtStart.filter((type) => Object.hasOwn(sectionTypes, type));

/**
 * What the new page's form holds (its boxes' values), what is wrong with it in the office's words,
 * and making the page: the edit added, its own screen opened (or the first box with a problem focused).
 */
function useNewPage() {
  const { snapshot, edits, setEdit } = useContent();
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [typedAddress, setTypedAddress] = useState<string>();
  const [inMenu, setInMenu] = useState(false);
  const [searchable, setSearchable] = useState(true);
  const [sections, setSections] = useState<string[]>(STARTING_SECTIONS);
  const [tried, setTried] = useState(false);
  const titleInput = useRef<HTMLInputElement>(null);
  const descriptionInput = useRef<HTMLTextAreaElement>(null);
  const addressInput = useRef<HTMLInputElement>(null);
  const sectionsInput = useRef<HTMLInputElement>(null);

  const address = addressOf(typedAddress ?? (title.trim() === '' ? '' : pageSlugOf(title)));
  const pages = useMemo(() => pagesOf(snapshot, edits), [snapshot, edits]);
  const forms = useMemo(() => checkOptionsOf(snapshot, edits).forms ?? {}, [snapshot, edits]);
  const formIds = useMemo(() => Object.keys(forms), [forms]);
  const formNames = useMemo(() => Object.fromEntries(Object.entries(forms).map(([id, value]) => [id, formTitleOf(id, value)])), [forms]);
  const [form, setForm] = useState(formIds.includes(t.form) ? t.form : (formIds[0] ?? ''));
  const taken = useMemo(() => takenAddresses(valueOf(snapshot, edits, ROUTES_FILE), pages), [snapshot, edits, pages]);
  const publicNames = useMemo(() => [...new Set(snapshot.publicFiles.map((f) => f.split('/')[1]!).filter(Boolean))], [snapshot.publicFiles]);

  const takenBy = taken.get(address);
  const addressRefusal = address === '' ? undefined : addressProblem(address, { publicNames });
  const addressSentence =
    address === ''
      ? undefined
      : addressRefusal
        ? fill(t.addressRefused, { address, problem: addressRefusal })
        : takenBy !== undefined
          ? fill(t.addressTaken, { address, title: isRecord(pages[takenBy]) && typeof pages[takenBy].title === 'string' ? pages[takenBy].title : takenBy })
          : undefined;
  const sectionsSentence = sections.length === 0 ? t.noSections : undefined;
  // The title and the description as the page schema holds them (empty, or past their limits), said under their boxes.
  const titleSentence = refusalOf(pageSchema.shape.title, title.trim(), t.title);
  const descriptionSentence = refusalOf(pageSchema.shape.description, description.trim(), t.description);
  const asksForm = sections.includes('form') && formIds.length > 0;
  const ready = !titleSentence && !descriptionSentence && address !== '' && !addressSentence && !sectionsSentence;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!ready) {
      (titleSentence ? titleInput : address === '' || addressSentence ? addressInput : descriptionSentence ? descriptionInput : sectionsInput).current?.focus();
      return;
    }
    const file = newPageFile(address, new Set([...Object.keys(pages), ...snapshot.files.map((f) => f.file)]));
    const home = homeStep(valueOf(snapshot, edits, ROUTES_FILE), pages);
    const page = {
      title: title.trim(),
      address,
      description: description.trim(),
      inMenu,
      searchable,
      sections: sections.map((type) => sectionTypes[type]!),
      ...(asksForm ? { form } : {}),
      ...(home ? { home } : {}),
    };
    setEdit(file, newPageValue(page, { formIds }));
    navigate(editAddress({ file }));
  };

  // Said once tried, or at once for a text past its limit.
  const showTitleProblem = titleSentence !== undefined && (tried || title.trim() !== '');
  const showDescriptionProblem = descriptionSentence !== undefined && (tried || description.trim() !== '');
  return {
    boxes: {
      title,
      setTitle,
      description,
      setDescription,
      address,
      setTypedAddress,
      inMenu,
      setInMenu,
      searchable,
      setSearchable,
      sections,
      setSections,
      form,
      setForm,
    },
    inputs: { titleInput, descriptionInput, addressInput, sectionsInput },
    sentences: { titleSentence, descriptionSentence, addressSentence, sectionsSentence, showTitleProblem, showDescriptionProblem },
    formIds,
    formNames,
    asksForm,
    tried,
    ready,
    onSubmit,
  };
}

/** Which sections the page starts with: a box for each of the site's section types, in the page schema's order. */
function SectionsChoice({
  sections,
  setSections,
  tried,
  sentence,
  firstInput,
}: {
  sections: string[];
  setSections: (change: (old: string[]) => string[]) => void;
  tried: boolean;
  sentence: string | undefined;
  firstInput: RefObject<HTMLInputElement | null>;
}) {
  return (
    <FormControl component="fieldset" error={tried && sentence !== undefined}>
      <FormLabel component="legend" id="new-page-sections-label">
        {t.sections}
      </FormLabel>
      <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {Object.keys(sectionTypes).map((type, i) => (
          <FormControlLabel
            key={type}
            control={
              <Checkbox
                slotProps={{ input: { ref: i === 0 ? firstInput : undefined } }}
                checked={sections.includes(type)}
                onChange={(e) =>
                  setSections((old) =>
                    e.target.checked ? Object.keys(sectionTypes).filter((k) => k === type || old.includes(k)) : old.filter((k) => k !== type),
                  )
                }
              />
            }
            label={sectionTypeLabel(type)}
          />
        ))}
      </FormGroup>
      <FormHelperText>{tried && sentence ? sentence : t.sectionsHelp}</FormHelperText>
    </FormControl>
  );
}

export function NewPageScreen() {
  const { boxes, inputs, sentences, formIds, formNames, asksForm, tried, ready, onSubmit } = useNewPage();
  const {
    title,
    setTitle,
    description,
    setDescription,
    address,
    setTypedAddress,
    inMenu,
    setInMenu,
    searchable,
    setSearchable,
    sections,
    setSections,
    form,
    setForm,
  } = boxes;
  const { titleInput, descriptionInput, addressInput, sectionsInput } = inputs;
  const { titleSentence, descriptionSentence, addressSentence, sectionsSentence, showTitleProblem, showDescriptionProblem } = sentences;
  return (
    <NewItemForm
      words={t}
      onSubmit={onSubmit}
      refusal={
        tried && !ready
          ? [titleSentence, address === '' ? t.addressHelp : addressSentence, descriptionSentence, sectionsSentence].filter(Boolean).join(' ')
          : undefined
      }
    >
      <TextField
        id="new-page-title"
        inputRef={titleInput}
        label={t.title}
        value={title}
        required
        onChange={(e) => setTitle(e.target.value)}
        error={showTitleProblem}
        helperText={
          <>
            {showTitleProblem && <span style={{ display: 'block' }}>{titleSentence}</span>}
            <span style={{ display: 'block' }}>{t.titleHelp}</span>
            {counterOf(pageSchema.shape.title, title.trim())}
          </>
        }
      />
      <TextField
        id="new-page-address"
        inputRef={addressInput}
        label={t.address}
        value={address}
        required
        onChange={(e) => setTypedAddress(e.target.value)}
        error={(tried && address === '') || addressSentence !== undefined}
        helperText={addressSentence ?? t.addressHelp}
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
      />
      <TextField
        id="new-page-description"
        inputRef={descriptionInput}
        label={t.description}
        value={description}
        required
        multiline
        minRows={2}
        maxRows={8}
        onChange={(e) => setDescription(e.target.value)}
        error={showDescriptionProblem}
        helperText={
          <>
            {showDescriptionProblem && <span style={{ display: 'block' }}>{descriptionSentence}</span>}
            <span style={{ display: 'block' }}>{t.descriptionHelp}</span>
            {counterOf(pageSchema.shape.description, description.trim())}
          </>
        }
      />
      <FormControl>
        <FormControlLabel control={<Switch checked={inMenu} onChange={(e) => setInMenu(e.target.checked)} />} label={t.inMenu} />
      </FormControl>
      <FormControl>
        <FormControlLabel
          control={
            <Switch
              checked={searchable}
              onChange={(e) => setSearchable(e.target.checked)}
              slotProps={{ input: { 'aria-describedby': 'new-page-searchable-help' } }}
            />
          }
          label={t.searchable}
        />
        <FormHelperText id="new-page-searchable-help">{t.searchableHelp}</FormHelperText>
      </FormControl>
      <SectionsChoice sections={sections} setSections={setSections} tried={tried} sentence={sectionsSentence} firstInput={sectionsInput} />
      {asksForm && (
        <TextField id="new-page-form" select label={t.formChoice} value={form} onChange={(e) => setForm(e.target.value)} helperText={t.formHelp}>
          {formIds.map((id) => (
            <MenuItem key={id} value={id}>
              {formNames[id]}
            </MenuItem>
          ))}
        </TextField>
      )}
    </NewItemForm>
  );
}
