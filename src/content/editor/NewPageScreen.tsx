/**
 * A new page at an address of its own (a landing page for a campaign): its title, an address made
 * from the title (editable, checked free and allowed as the site's checker checks it), whether the
 * menu shows it, whether search engines may list it, and the sections it starts with (any of the
 * site's section types, drawn from the page schema). Making it adds the page to the edits; its
 * own screen then edits its texts with the preview, and Publish puts it live like any edit.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import admin from '../../../config/admin';
import { pageSchema } from '../model/pageSchema';
import type { Schema } from '../../schema/schema';
import { addressProblem } from '../../schema/addresses';
import { fill } from '../../platform/inbox/format';
import { useContent } from './contentState';
import { editAddress } from './entries';
import { newPageFile, newPageValue, pageSlugOf, takenAddresses } from './newPage';
import { checkOptionsOf, pagesOf, ROUTES_FILE, valueOf } from './files';
import { sectionTypeLabel } from '../model/place';
import { isRecord } from './model';
import { ScreenHeading } from './ScreenHeading';

const t = admin.content.newPage;

/** The section types a page may have, from the page schema (a new type appears here by itself). */
const sectionItem = pageSchema.shape.sections.meta.kind === 'list' ? pageSchema.shape.sections.meta.item : undefined;
const sectionTypes: Readonly<Record<string, Schema<unknown>>> = sectionItem?.meta.kind === 'union' ? sectionItem.meta.variants : {};
/** What a new page starts with (config/admin.ts: a header and a form). */
const STARTING_SECTIONS = t.sectionsAtStart.filter((type) => Object.hasOwn(sectionTypes, type));

export function NewPageScreen() {
  const { snapshot, edits, setEdit } = useContent();
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [typedAddress, setTypedAddress] = useState<string>();
  const [inMenu, setInMenu] = useState(false);
  const [searchable, setSearchable] = useState(true);
  const [sections, setSections] = useState<string[]>(STARTING_SECTIONS);
  const [tried, setTried] = useState(false);
  const titleInput = useRef<HTMLInputElement>(null);
  const addressInput = useRef<HTMLInputElement>(null);
  const sectionsInput = useRef<HTMLInputElement>(null);

  const address = typedAddress ?? (title.trim() === '' ? '' : `/${pageSlugOf(title)}`);
  const pages = useMemo(() => pagesOf(snapshot, edits), [snapshot, edits]);
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
  const ready = title.trim() !== '' && address !== '' && !addressSentence && !sectionsSentence;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!ready) {
      (title.trim() === '' ? titleInput : address === '' || addressSentence ? addressInput : sectionsInput).current?.focus();
      return;
    }
    const file = newPageFile(address, new Set([...Object.keys(pages), ...snapshot.files.map((f) => f.file)]));
    const formIds = Object.keys(checkOptionsOf(snapshot, edits).forms ?? {});
    setEdit(file, newPageValue({ title: title.trim(), address, inMenu, searchable, sections: sections.map((type) => sectionTypes[type]!) }, { formIds }));
    navigate(editAddress({ file }));
  };

  const showTitleProblem = tried && title.trim() === '';
  return (
    <Stack spacing={3}>
      <ScreenHeading>{t.heading}</ScreenHeading>
      <Typography>{t.intro}</Typography>
      <Paper variant="outlined" component="form" aria-label={t.heading} noValidate onSubmit={onSubmit} sx={{ p: { xs: 2, md: 3 }, maxWidth: 720 }}>
        <Stack spacing={3}>
          <TextField
            id="new-page-title"
            inputRef={titleInput}
            label={t.title}
            value={title}
            required
            onChange={(e) => setTitle(e.target.value)}
            error={showTitleProblem}
            helperText={t.titleHelp}
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
          <FormControl>
            <FormControlLabel control={<Switch checked={inMenu} onChange={(e) => setInMenu(e.target.checked)} />} label={t.inMenu} />
          </FormControl>
          <FormControl>
            <FormControlLabel
              control={<Switch checked={searchable} onChange={(e) => setSearchable(e.target.checked)} slotProps={{ input: { 'aria-describedby': 'new-page-searchable-help' } }} />}
              label={t.searchable}
            />
            <FormHelperText id="new-page-searchable-help">{t.searchableHelp}</FormHelperText>
          </FormControl>
          <FormControl component="fieldset" error={tried && sectionsSentence !== undefined}>
            <FormLabel component="legend" id="new-page-sections-label">
              {t.sections}
            </FormLabel>
            <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {Object.keys(sectionTypes).map((type, i) => (
                <FormControlLabel
                  key={type}
                  control={
                    <Checkbox
                      slotProps={{ input: { ref: i === 0 ? sectionsInput : undefined } }}
                      checked={sections.includes(type)}
                      onChange={(e) => setSections((old) => (e.target.checked ? Object.keys(sectionTypes).filter((k) => k === type || old.includes(k)) : old.filter((k) => k !== type)))}
                    />
                  }
                  label={sectionTypeLabel(type)}
                />
              ))}
            </FormGroup>
            <FormHelperText>{tried && sectionsSentence ? sectionsSentence : t.sectionsHelp}</FormHelperText>
          </FormControl>
          {tried && !ready && (
            <Alert severity="warning" role="alert">
              {[showTitleProblem ? t.titleHelp : undefined, address === '' ? t.addressHelp : addressSentence, sectionsSentence].filter(Boolean).join(' ')}
            </Alert>
          )}
          <Stack direction="row" spacing={2}>
            <Button type="submit" variant="contained" size="large">
              {t.create}
            </Button>
            <Button component={RouterLink} to="/content" size="large">
              {t.cancel}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}
