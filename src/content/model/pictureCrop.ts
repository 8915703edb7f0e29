/**
 * How a picture is cut to the shape its place draws it in (an article's cover, a portrait): the
 * largest part of the picture in that shape, centred on the point the office chose (its focus:
 * fractions of the picture's width and height, 0 to 1 from the top left), as near to it as the
 * picture's edges allow. A picture without a focus is cut around its centre. The server cuts an
 * upload with it (src/content/server/images.ts); the editor draws the same cut before the upload
 * (src/content/editor/ImageField.tsx).
 */

/** A point of a picture: fractions of its width (x) and height (y), from its top left corner. */
export interface Focus {
  x: number;
  y: number;
}

/** The middle of a picture: where a picture without a focus is cut around. */
export const CENTRE: Focus = { x: 0.5, y: 0.5 };

export interface CropBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The part of a `picture` (pixels) kept for a place `shape` wide and high (any unit: only its
 * proportions count), around `focus`: whole pixels, inside the picture.
 */
export function cropBox(picture: { width: number; height: number }, shape: { width: number; height: number }, focus: Focus = CENTRE): CropBox {
  const ratio = shape.width / shape.height;
  const width = Math.max(1, Math.min(picture.width, Math.round(picture.height * ratio)));
  const height = Math.max(1, Math.min(picture.height, Math.round(picture.width / ratio)));
  const x = clamp(Number.isFinite(focus.x) ? focus.x : CENTRE.x, 0, 1);
  const y = clamp(Number.isFinite(focus.y) ? focus.y : CENTRE.y, 0, 1);
  return {
    left: clamp(Math.round(x * picture.width - width / 2), 0, picture.width - width),
    top: clamp(Math.round(y * picture.height - height / 2), 0, picture.height - height),
    width,
    height,
  };
}

/** Which way a picture is cut for a shape: 'height' (top and bottom go), 'width' (the sides go), or none (it has that shape, within a pixel). */
export function cutOf(picture: { width: number; height: number }, shape: { width: number; height: number }): 'height' | 'width' | undefined {
  const box = cropBox(picture, shape);
  if (box.height < picture.height - 1) return 'height';
  if (box.width < picture.width - 1) return 'width';
  return undefined;
}

/** A focus as the upload's query says it (a number from 0 to 1, at most 4 decimals), or undefined. */
export function focusPart(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^(0(\.\d{1,4})?|1(\.0{1,4})?)$/.test(value)) return undefined;
  return Number(value);
}

/** A focus as the upload's query carries it (4 decimals). */
export const focusQuery = (focus: Focus): Record<'focusX' | 'focusY', string> => ({
  focusX: String(Math.round(clamp(focus.x, 0, 1) * 10_000) / 10_000),
  focusY: String(Math.round(clamp(focus.y, 0, 1) * 10_000) / 10_000),
});
