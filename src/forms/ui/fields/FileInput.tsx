/**
 * A file field that uploads as soon as a file is chosen: a progress bar while it runs,
 * the file's name when done, a plain message for a rejected file or a failed upload.
 * The form keeps the download URL in the field's value (or '' without a file).
 */
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useDataPort } from '../../../data/DataPortContext';
import { fill } from '../../../shared/text';
import { newStorageId } from '../../model/storageId';
import { fileProblem } from '../../model/uploadRules';
import type { FieldProps } from './types';

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
        setState({ step: 'failed', message: upload.failed });
      });
    trackUpload(running);
  }

  const problem = state.step === 'rejected' || state.step === 'failed' ? state.message : error;
  return (
    <Box>
      <Typography component="label" htmlFor={id} sx={{ display: 'block', fontWeight: 600, mb: 1, color: 'text.primary' }}>
        {field.label}
      </Typography>
      {/* The value sent with the form: the uploaded file's download URL, or ''. */}
      <input type="hidden" {...registration} />
      <Box
        component="input"
        ref={inputRef}
        id={id}
        type="file"
        accept={[...upload.extensions, ...upload.mediaTypes].join(',')}
        onChange={onChange}
        aria-describedby={statusId}
        aria-invalid={problem ? true : undefined}
        sx={(t) => ({
          display: 'block',
          width: '100%',
          fontSize: '0.95rem',
          color: 'text.secondary',
          border: `1px dashed ${t.palette.divider}`,
          borderRadius: 2,
          p: 1,
          '&::file-selector-button': {
            font: 'inherit',
            fontWeight: 700,
            color: t.palette.primary.main,
            bgcolor: 'transparent',
            border: `1px solid ${t.palette.primary.main}`,
            borderRadius: 999,
            px: 2,
            py: 0.75,
            mr: 2,
            cursor: 'pointer',
          },
        })}
      />
      <Box id={statusId} sx={{ mt: 1 }}>
        {state.step === 'uploading' && (
          <>
            <LinearProgress variant="determinate" value={Math.round(state.progress * 100)} aria-label={fill(upload.uploading, { name: state.name })} />
            <FormHelperText role="status">{fill(upload.uploading, { name: state.name })}</FormHelperText>
          </>
        )}
        {state.step === 'done' && <FormHelperText role="status" sx={{ color: 'success.dark', fontWeight: 600 }}>{fill(upload.done, { name: state.name })}</FormHelperText>}
        {problem && (
          <FormHelperText error role="alert">
            {problem}
          </FormHelperText>
        )}
        {state.step === 'idle' && !problem && <FormHelperText>{upload.hint}</FormHelperText>}
      </Box>
    </Box>
  );
}
