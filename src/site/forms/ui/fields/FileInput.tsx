/**
 * A file field that uploads as soon as a file is chosen: a progress bar while it runs,
 * the file's name when done, a plain message for a rejected file or a failed upload.
 * The form keeps the download URL in the field's value (or '' without a file).
 */
import styled from '@emotion/styled';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useDataPort } from '../../../data/DataPortContext';
import { serverRefusalOf } from '../../../data/port';
import { tokens } from '../../../islands/tokens';
import { fill } from '../../../../schema/text';
import { newStorageId } from '../../../../platform/storageId';
import { fileProblem } from '../../model/uploadRules';
import { HelperText, RequiredStar } from './OutlinedField';
import type { FieldProps } from './types';

const { colors } = tokens;

const Label = styled.label({
  display: 'block',
  margin: '0 0 8px',
  fontFamily: tokens.fontFamily,
  fontSize: '1.0625rem',
  fontWeight: 600,
  lineHeight: 1.7,
  color: colors.text,
});

/** The file input: a dashed box, its "choose a file" button a pill outlined in the primary colour. */
const Picker = styled.input({
  display: 'block',
  width: '100%',
  boxSizing: 'border-box',
  // The browser's own font for file inputs (as before: the text beside the button is the browser's).
  fontSize: '0.95rem',
  color: colors.mutedText,
  border: `1px dashed ${colors.divider}`,
  borderRadius: tokens.radius * 2,
  padding: 8,
  '&::file-selector-button': {
    font: 'inherit',
    fontWeight: 700,
    color: colors.primary,
    backgroundColor: 'transparent',
    border: `1px solid ${colors.primary}`,
    borderRadius: 999,
    padding: '6px 16px',
    marginRight: 16,
    cursor: 'pointer',
  },
});

const Status = styled.div({ marginTop: 8 });

/** A thin bar filling with the upload's progress (MUI's determinate LinearProgress). */
const Track = styled.div({
  position: 'relative',
  overflow: 'hidden',
  display: 'block',
  height: 4,
  zIndex: 0,
  backgroundColor: colors.primaryTrack,
});

const Bar = styled.div({
  position: 'absolute',
  inset: 0,
  transformOrigin: 'left',
  transition: 'transform 0.4s linear',
  backgroundColor: colors.primary,
});

function Progress({ value, label }: { value: number; label: string }) {
  return (
    <Track role="progressbar" aria-valuenow={value} aria-valuemin={0} aria-valuemax={100} aria-label={label}>
      {/* Moved by its style attribute: one class, whatever the value. */}
      <Bar style={{ transform: `translateX(${value - 100}%)` }} />
    </Track>
  );
}

type UploadState =
  | { step: 'idle' }
  | { step: 'uploading'; name: string; progress: number }
  | { step: 'done'; name: string }
  | { step: 'rejected'; message: string }
  | { step: 'failed'; message: string };

export function FileInput({ field, idPrefix, registration, setFileUrl, trackUpload, error, resetCount }: FieldProps) {
  const port = useDataPort();
  const upload = field.upload!;
  const [state, setState] = useState<UploadState>({ step: 'idle' });
  const inputRef = useRef<HTMLInputElement>(null);
  /** The upload whose outcome counts: a later choice (or a reset) makes an earlier upload's result stale. */
  const current = useRef(0);
  const id = `${idPrefix}-${field.name}`;
  const statusId = `${id}-status`;

  useEffect(() => {
    current.current++;
    setState({ step: 'idle' });
    if (inputRef.current) inputRef.current.value = '';
  }, [resetCount]);

  // The form's value lives in a hidden input, which react-hook-form cannot focus: when a
  // check on this field fails, the visible file input takes the focus instead.
  useEffect(() => {
    if (error) inputRef.current?.focus();
  }, [error]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => choose(event.target);

  // A file chosen in the prerendered page before this code arrived uploads now.
  useEffect(() => {
    if (inputRef.current?.files?.length) choose(inputRef.current);
    // Only once, on the first render in the browser.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function choose(input: HTMLInputElement) {
    const file = input.files?.[0];
    const attempt = ++current.current;
    setFileUrl('');
    if (!file) return setState({ step: 'idle' });
    const problem = fileProblem(upload, file);
    if (problem) {
      input.value = '';
      return setState({ step: 'rejected', message: problem });
    }
    setState({ step: 'uploading', name: file.name, progress: 0 });
    const path = `${upload.pathPrefix}${newStorageId()}`;
    const running = port
      .uploadFile(path, file, (progress) => attempt === current.current && setState((s) => (s.step === 'uploading' ? { ...s, progress } : s)))
      .then((url) => {
        if (attempt !== current.current) return;
        setFileUrl(url);
        setState({ step: 'done', name: file.name });
      })
      .catch((reason: unknown) => {
        console.error('CV upload failed:', reason);
        if (attempt !== current.current) return;
        setFileUrl('');
        // The server's own words when it refused the file (its type, its size, too many
        // uploads); the generic message only when it could not be reached or broke down.
        setState({ step: 'failed', message: serverRefusalOf(reason) ?? upload.failed });
      });
    trackUpload(running);
  }

  const problem = state.step === 'rejected' || state.step === 'failed' ? state.message : error;
  return (
    <div>
      <Label htmlFor={id}>
        {field.label}
        {field.required && <RequiredStar />}
      </Label>
      {/* The value sent with the form: the uploaded file's download URL, or ''. */}
      <input type="hidden" {...registration} />
      <Picker
        ref={inputRef}
        id={id}
        type="file"
        accept={[...upload.extensions, ...upload.mediaTypes].join(',')}
        onChange={onChange}
        required={field.required || undefined}
        aria-describedby={statusId}
        aria-invalid={problem ? true : undefined}
      />
      <Status id={statusId}>
        {state.step === 'uploading' && (
          <>
            <Progress value={Math.round(state.progress * 100)} label={fill(upload.uploading, { name: state.name })} />
            <HelperText role="status" tone="hint">
              {fill(upload.uploading, { name: state.name })}
            </HelperText>
          </>
        )}
        {state.step === 'done' && (
          <HelperText role="status" tone="done">
            {fill(upload.done, { name: state.name })}
          </HelperText>
        )}
        {problem && (
          <HelperText role="alert" tone="error">
            {problem}
          </HelperText>
        )}
        {state.step === 'idle' && !problem && <HelperText tone="hint">{upload.hint}</HelperText>}
      </Status>
    </div>
  );
}
