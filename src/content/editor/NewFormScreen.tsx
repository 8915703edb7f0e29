/**
 * A new form of the office's own (for a campaign's landing page), asked for what a form needs
 * before its questions: its name (its file and the collection its answers are stored in are
 * made from it, src/content/model/newForm.ts), why it asks (said on the privacy page, which lists
 * every form), what it brings (config/admin.ts `kinds`) and how long its answers are kept (the
 * periods config/admin.ts offers). Making it adds the form and the privacy page's line to the
 * edits and opens the form's own screen, where its questions are added; Publish puts it live.
 */
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import admin from '../../../config/admin';
import { fill } from '../../platform/inbox/format';
import { useContent } from './contentState';
import { editAddress } from './editorList';
import { checkOptionsOf, currentFiles } from './editedFiles';
import { formFileOf, formTitleOf, newFormId, newFormValue, privacyWithForm } from '../model/newForm';
import { isRecord } from './schemaValues';
import { NewItemForm } from './NewItemForm';

const t = admin.content.newForm;
const KINDS = Object.entries(admin.kinds);

export function NewFormScreen() {
  const { snapshot, edits, setEdit } = useContent();
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [purpose, setPurpose] = useState('');
  const [kind, setKind] = useState(KINDS[0]?.[0] ?? '');
  const [days, setDays] = useState(t.retentionChoices[t.retentionChoices.length - 1]!.days);
  const [tried, setTried] = useState(false);
  const titleInput = useRef<HTMLInputElement>(null);
  const purposeInput = useRef<HTMLInputElement>(null);

  const forms = useMemo(() => checkOptionsOf(snapshot, edits).forms ?? {}, [snapshot, edits]);
  const named = Object.entries(forms).find(([id, form]) => formTitleOf(id, form).trim().toLowerCase() === title.trim().toLowerCase());
  const titleSentence = title.trim() === '' ? t.noTitle : named ? fill(t.titleTaken, { title: formTitleOf(named[0], named[1]) }) : undefined;
  const purposeSentence = purpose.trim() === '' ? t.noPurpose : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (titleSentence || purposeSentence) {
      (titleSentence ? titleInput : purposeInput).current?.focus();
      return;
    }
    const files = currentFiles(snapshot, edits);
    const id = newFormId(title, new Set([...Object.keys(forms), ...files.map((f) => f.file.replace(/^config\/forms\/|\.ts$/g, ''))]));
    const collections = new Set(Object.values(forms).flatMap((form) => (isRecord(form) && typeof form.collection === 'string' ? [form.collection] : [])));
    const file = formFileOf(id);
    setEdit(file, newFormValue({ title: title.trim(), kind, days }, collections));
    const privacy = privacyWithForm(files, { form: id, name: title.trim(), purpose: purpose.trim() });
    if (privacy) setEdit(privacy.file, privacy.value);
    navigate(editAddress({ file }));
  };

  const showTitle = tried || (titleSentence !== undefined && title.trim() !== '');
  return (
    <NewItemForm words={t} onSubmit={onSubmit} refusal={tried ? [titleSentence, purposeSentence].filter(Boolean).join(' ') : undefined}>
      <TextField
        id="new-form-title"
        inputRef={titleInput}
        label={t.title}
        value={title}
        required
        onChange={(e) => setTitle(e.target.value)}
        error={showTitle && titleSentence !== undefined}
        helperText={showTitle && titleSentence ? titleSentence : t.titleHelp}
      />
      <TextField
        id="new-form-purpose"
        inputRef={purposeInput}
        label={t.purpose}
        value={purpose}
        required
        onChange={(e) => setPurpose(e.target.value)}
        error={tried && purposeSentence !== undefined}
        helperText={tried && purposeSentence ? purposeSentence : t.purposeHelp}
      />
      <TextField id="new-form-kind" select label={t.kind} value={kind} onChange={(e) => setKind(e.target.value)} helperText={t.kindHelp}>
        {KINDS.map(([key, name]) => (
          <MenuItem key={key} value={key}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      <TextField id="new-form-retention" select label={t.retention} value={days} onChange={(e) => setDays(Number(e.target.value))} helperText={t.retentionHelp}>
        {t.retentionChoices.map((choice) => (
          <MenuItem key={choice.days} value={choice.days}>
            {choice.label}
          </MenuItem>
        ))}
      </TextField>
    </NewItemForm>
  );
}
