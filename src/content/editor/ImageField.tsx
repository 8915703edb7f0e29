/**
 * A picture: what it looks like now, an upload (our server checks the file by its content,
 * re-encodes it and resizes it to the CSS pixels the page draws it at; its width and height come
 * from the result) and the text for people who cannot see it. A picture the page draws in a shape
 * of its own (a cover, a portrait) that the file has not is shown before it is sent, framed as it
 * will be cut (model/pictureCrop.ts, as the server cuts it): the office moves the frame onto what
 * must stay (a click on the picture, or the slider beside it, upright for up and down), the part
 * kept drawn where the picture goes, and the point is kept with the picture
 * (`focus`). An upload shows how much of it has been sent.
 */
import { editorImageAddress } from '../model/contentApi';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import admin from '../../../config/admin';
import { fill } from '../../platform/inbox/format';
import { useEditorEnv, useLocked, useProblems } from './EditorEnv';
import { Group, type FieldEditor, type FieldProps } from './fieldFrame';
import { UploadProgress } from './UploadProgress';
import { fieldId, isRecord, labelOf, setAt } from './schemaValues';
import { CENTRE, cropBox, cutOf, type Focus } from '../model/pictureCrop';

const t = admin.content;

/** A file chosen for a picture drawn in a shape it has not: shown framed as it will be cut, not sent yet. */
interface Choosing {
  file: File;
  /** The picture decoded by the browser, upright (drawn on a canvas: the inbox's page policy takes no blob: pictures). */
  bitmap: ImageBitmap;
  size: { width: number; height: number };
  shape: { width: number; height: number };
  focus: Focus;
}

type UploadState =
  { kind: 'idle' | 'done' } | { kind: 'choosing'; choosing: Choosing } | { kind: 'uploading'; sent: number } | { kind: 'failed'; message: string };

/** A picture file decoded by the browser (upright), or undefined when it cannot decode it (the server then says why). */
async function decoded(file: File): Promise<ImageBitmap | undefined> {
  try {
    return await createImageBitmap(file);
  } catch {
    return undefined;
  }
}

export function ImageField({ schema, value, onChange, path, label, Field }: FieldProps & { Field: FieldEditor }) {
  const env = useEditorEnv();
  // A picture only an owner changes (or inside a group so marked), drawn for an editor: no upload.
  const locked = useLocked(schema);
  const [state, setState] = useState<UploadState>({ kind: 'idle' });
  const meta = schema.meta.kind === 'image' ? schema.meta : undefined;
  const image = isRecord(value) ? value : {};
  const src = typeof image.src === 'string' ? image.src : '';
  const width = typeof image.width === 'number' ? image.width : undefined;
  const height = typeof image.height === 'number' ? image.height : undefined;
  const srcProblems = [...useProblems([...path, 'src']), ...useProblems([...path, 'width']), ...useProblems([...path, 'height'])];
  const input = useRef<HTMLInputElement>(null);
  const inputId = `${fieldId(env.file, path)}-file`;
  const statusId = `${fieldId(env.file, path)}-status`;
  const choosingBitmap = state.kind === 'choosing' ? state.choosing.bitmap : undefined;
  // The chosen file's picture is let go once it is sent or given up.
  useEffect(() => () => choosingBitmap?.close(), [choosingBitmap]);

  const send = async (file: File, draw: { width: number; height?: number }, focus?: Focus) => {
    setState({ kind: 'uploading', sent: 0 });
    try {
      const result = await env.uploadImage(file, draw.width, draw.height, { focus, onProgress: (sent) => setState({ kind: 'uploading', sent }) });
      // A new picture: the point chosen for it, or none (one chosen for the picture before does not apply; the centre goes without saying).
      const { focus: _old, ...rest } = image;
      const chosen = focus && (focus.x !== CENTRE.x || focus.y !== CENTRE.y) ? { focus } : {};
      onChange({ ...rest, src: result.src, width: result.width, height: result.height, ...chosen });
      setState({ kind: 'done' });
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof Error && error.message ? error.message : t.uploadFailed });
    }
  };

  const choose = async (file: File | undefined) => {
    if (!file) return;
    // Drawn at a fixed size (a portrait, a cover): a file of another shape is framed first, as it will be cut.
    if (meta?.draw) {
      const bitmap = await decoded(file);
      const size = bitmap && { width: bitmap.width, height: bitmap.height };
      if (bitmap && size && cutOf(size, meta.draw)) {
        setState({ kind: 'choosing', choosing: { file, bitmap, size, shape: meta.draw, focus: CENTRE } });
        return;
      }
      bitmap?.close();
      return send(file, meta.draw);
    }
    // At the size and shape the picture has now; or, where there is none yet (a section just added), at its place's width in its own shape.
    return send(file, src && width && height ? { width, height } : { width: meta?.place ?? t.newPictureWidth });
  };

  const status = state.kind === 'uploading' ? t.uploading : state.kind === 'done' ? t.uploaded : state.kind === 'failed' ? state.message : '';
  const altSchema = meta?.shape.alt;
  return (
    <Group label={label} path={path} schema={schema}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Box sx={{ width: 160, flexShrink: 0 }}>
          {/* While a file is framed, the part the page will show, where the picture goes. */}
          {state.kind === 'choosing' && <CutPreview choosing={state.choosing} />}
          {src && state.kind !== 'choosing' && (
            <Box
              component="img"
              src={editorImageAddress(src)}
              alt=""
              sx={{ display: 'block', maxWidth: '100%', maxHeight: 160, objectFit: 'contain', bgcolor: 'grey.100', borderRadius: 1 }}
            />
          )}
          {/* A picture not chosen yet (a new article's cover) has no size to tell. */}
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {state.kind === 'choosing' ? null : !src ? t.noPicture : width && height ? fill(t.pictureSize, { width, height }) : null}
          </Typography>
        </Box>
        <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
          <Box>
            <Button
              variant="outlined"
              disabled={locked || state.kind === 'uploading' || state.kind === 'choosing'}
              aria-describedby={statusId}
              onClick={() => input.current?.click()}
            >
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
                void choose(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            {state.kind === 'uploading' && <UploadProgress sent={state.sent} />}
            <Typography id={statusId} role="status" variant="body2" sx={{ mt: 0.5, color: state.kind === 'failed' ? 'error.main' : 'text.secondary' }}>
              {status}
            </Typography>
            {srcProblems.map((p) => (
              <FormHelperText key={p} error>
                {p}
              </FormHelperText>
            ))}
          </Box>
          {state.kind === 'choosing' && (
            <CutChooser
              choosing={state.choosing}
              onFocus={(focus) => setState({ kind: 'choosing', choosing: { ...state.choosing, focus } })}
              onUpload={() => void send(state.choosing.file, state.choosing.shape, state.choosing.focus)}
              onCancel={() => setState({ kind: 'idle' })}
            />
          )}
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

/** The width the part the page will show is drawn at, where the picture goes (pixels). */
const CUT_PREVIEW_WIDTH = 160;

/** The part of the chosen file the page will show (cropBox, as the server cuts it), drawn small in the picture's place. */
function CutPreview({ choosing: { bitmap, size, shape, focus } }: { choosing: Choosing }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const height = Math.round((CUT_PREVIEW_WIDTH * shape.height) / shape.width);
  useEffect(() => {
    const box = cropBox(size, shape, focus);
    const drawing = canvas.current?.getContext('2d');
    drawing?.clearRect(0, 0, CUT_PREVIEW_WIDTH, height);
    drawing?.drawImage(bitmap, box.left, box.top, box.width, box.height, 0, 0, CUT_PREVIEW_WIDTH, height);
  }, [bitmap, size, shape, focus, height]);
  return (
    <Box
      component="canvas"
      ref={canvas}
      role="img"
      aria-label={t.cutPreview}
      data-cut-preview=""
      width={CUT_PREVIEW_WIDTH}
      height={height}
      sx={{ display: 'block', maxWidth: '100%', height: 'auto', borderRadius: 1 }}
    />
  );
}

/** The widest the chosen file is drawn on its canvas (pixels). */
const CANVAS_WIDTH = 640;

/**
 * The chosen file, framed as the server will cut it (cropBox: the same rule): outside the frame
 * darkened. A click on the picture puts the frame's middle there (as near as the edges allow);
 * the slider does the same from the keyboard, along the side that is cut.
 */
function CutChooser({ choosing, onFocus, onUpload, onCancel }: { choosing: Choosing; onFocus(focus: Focus): void; onUpload(): void; onCancel(): void }) {
  const { size, shape, focus, bitmap } = choosing;
  // The picture drawn at most CANVAS_WIDTH wide (enough for a frame to aim with), once.
  const canvas = useRef<HTMLCanvasElement>(null);
  const scale = Math.min(1, CANVAS_WIDTH / size.width);
  useEffect(() => {
    canvas.current?.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.current.width, canvas.current.height);
    // Shown where the office can aim (it opens below the button, often below the window's edge).
    canvas.current?.closest('[data-cut-chooser]')?.scrollIntoView({ block: 'nearest' });
  }, [bitmap]);
  const box = cropBox(size, shape, focus);
  const across = cutOf(size, shape) === 'width';
  const percent = (part: number, whole: number) => `${(part / whole) * 100}%`;
  const pick = (event: MouseEvent<HTMLElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    onFocus({ x: (event.clientX - rect.left) / rect.width, y: (event.clientY - rect.top) / rect.height });
  };
  return (
    <Stack spacing={1} data-cut-chooser="">
      <Typography variant="body2">{t.cropHint}</Typography>
      {/* The slider beside the picture does the same from the keyboard (the click is for the mouse and the finger): along
          the side that is cut, the way the frame moves (upright for up and down: its top is the picture's top, Up moves the frame up). */}
      <Stack direction={across ? 'column' : 'row'} spacing={across ? 0 : 1} sx={{ alignSelf: 'flex-start', maxWidth: '100%' }}>
        <Box onClick={pick} sx={{ position: 'relative', maxWidth: '100%', minWidth: 0, overflow: 'hidden', cursor: 'crosshair', lineHeight: 0 }}>
          <Box
            component="canvas"
            ref={canvas}
            width={Math.round(size.width * scale)}
            height={Math.round(size.height * scale)}
            sx={{ display: 'block', maxWidth: '100%', maxHeight: 320, width: 'auto', height: 'auto' }}
          />
          <Box
            data-cut-frame=""
            sx={{
              position: 'absolute',
              left: percent(box.left, size.width),
              top: percent(box.top, size.height),
              width: percent(box.width, size.width),
              height: percent(box.height, size.height),
              outline: '2px solid white',
              boxShadow: '0 0 0 2000px rgba(0, 0, 0, 0.55)',
              pointerEvents: 'none',
            }}
          />
        </Box>
        <Slider
          orientation={across ? 'horizontal' : 'vertical'}
          // Upright, the slider's top is the picture's top (a vertical slider counts upwards).
          value={Math.round((across ? focus.x : 1 - focus.y) * 100)}
          onChange={(_event, next) => onFocus(across ? { ...focus, x: (next as number) / 100 } : { ...focus, y: 1 - (next as number) / 100 })}
          aria-label={across ? t.focusAcross : t.focusDown}
          valueLabelDisplay="off"
          sx={across ? {} : { height: 'auto', alignSelf: 'stretch', flexShrink: 0 }}
        />
      </Stack>
      <Stack direction="row" spacing={1}>
        <Button variant="contained" onClick={onUpload}>
          {t.uploadCut}
        </Button>
        <Button variant="text" onClick={onCancel}>
          {t.cancelCut}
        </Button>
      </Stack>
    </Stack>
  );
}
