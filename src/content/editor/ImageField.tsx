/**
 * A picture: what it looks like now, an upload (our server checks the file by its content,
 * re-encodes it and resizes it to the CSS pixels the page draws it at; its width and height come
 * from the result) and the text for people who cannot see it.
 */
import { editorImageAddress } from '../model/contentApi';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import admin from '../../../config/admin';
import { fill } from '../../platform/inbox/format';
import { useEditorEnv, useLocked, useProblems } from './EditorEnv';
import { Group, type FieldEditor, type FieldProps } from './fieldFrame';
import { fieldId, isRecord, labelOf, setAt } from './model';

const t = admin.content;

/** The width (CSS pixels) a first picture is made for where its place says none: the widest the site's pages draw one. */
const NEW_PICTURE_WIDTH = 960;

export function ImageField({ schema, value, onChange, path, label, Field }: FieldProps & { Field: FieldEditor }) {
  const env = useEditorEnv();
  // A picture only an owner changes (or inside a group so marked), drawn for an editor: no upload.
  const locked = useLocked(schema);
  const [state, setState] = useState<{ kind: 'idle' | 'uploading' | 'done' } | { kind: 'failed'; message: string }>({ kind: 'idle' });
  const meta = schema.meta.kind === 'image' ? schema.meta : undefined;
  const image = isRecord(value) ? value : {};
  const src = typeof image.src === 'string' ? image.src : '';
  const width = typeof image.width === 'number' ? image.width : undefined;
  const height = typeof image.height === 'number' ? image.height : undefined;
  const srcProblems = [...useProblems([...path, 'src']), ...useProblems([...path, 'width']), ...useProblems([...path, 'height'])];
  const input = useRef<HTMLInputElement>(null);
  const inputId = `${fieldId(env.file, path)}-file`;
  const statusId = `${fieldId(env.file, path)}-status`;

  const upload = async (file: File | undefined) => {
    if (!file) return;
    // Drawn at a fixed size (a portrait, a cover); or at the size and shape the picture has now; or,
    // where there is none yet (a section just added), at its place's width in its own shape.
    const draw: { width: number; height?: number } = meta?.draw ?? (src && width && height ? { width, height } : { width: meta?.place ?? NEW_PICTURE_WIDTH });
    setState({ kind: 'uploading' });
    try {
      const result = await env.uploadImage(file, draw.width, draw.height);
      onChange({ ...image, src: result.src, width: result.width, height: result.height });
      setState({ kind: 'done' });
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof Error && error.message ? error.message : t.uploadFailed });
    }
  };

  const status = state.kind === 'uploading' ? t.uploading : state.kind === 'done' ? t.uploaded : state.kind === 'failed' ? state.message : '';
  const altSchema = meta?.shape.alt;
  return (
    <Group label={label} path={path} schema={schema}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Box sx={{ width: 160, flexShrink: 0 }}>
          {src && (
            <Box
              component="img"
              src={editorImageAddress(src)}
              alt=""
              sx={{ display: 'block', maxWidth: '100%', maxHeight: 160, objectFit: 'contain', bgcolor: 'grey.100', borderRadius: 1 }}
            />
          )}
          {/* A picture not chosen yet (a new article's cover) has no size to tell. */}
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {!src ? t.noPicture : width && height ? fill(t.pictureSize, { width, height }) : null}
          </Typography>
        </Box>
        <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
          <Box>
            <Button variant="outlined" disabled={locked || state.kind === 'uploading'} aria-describedby={statusId} onClick={() => input.current?.click()}>
              {t.upload}
            </Button>
            <input
              ref={input}
              id={inputId}
              type="file"
              accept="image/*"
              hidden
              aria-label={`${label}: ${t.upload}`}
              onChange={(event) => {
                void upload(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            <Typography id={statusId} role="status" variant="body2" sx={{ mt: 0.5, color: state.kind === 'failed' ? 'error.main' : 'text.secondary' }}>
              {status}
            </Typography>
            {srcProblems.map((p) => (
              <FormHelperText key={p} error>
                {p}
              </FormHelperText>
            ))}
          </Box>
          {altSchema && (
            <Field
              schema={altSchema}
              value={image.alt}
              onChange={(alt) => onChange(setAt(image, ['alt'], alt))}
              path={[...path, 'alt']}
              label={labelOf('alt', altSchema)}
            />
          )}
        </Stack>
      </Stack>
    </Group>
  );
}
