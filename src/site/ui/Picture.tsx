import Box from '@mui/material/Box';
import { useTheme, type SxProps, type Theme } from '@mui/material/styles';
import { createContext, useContext } from 'react';
import type { ImageConfig } from '../../schema/common';
import { srcsetOf, type PictureSets } from '../model/pictureSizes';
import { useImageAddress } from './imageAddress';
import type { PicturePlace } from './picturePlaces';

/**
 * The sizes there are of each uploaded picture (src/site/model/pictureSizes.ts), given by the render
 * (none in the editor's preview, nor for the pictures of public/images: they are drawn from their one file).
 */
export const PicturesContext = createContext<PictureSets>({});

/**
 * How a picture loads: `main`, the page's main picture (the first of its first sections, an
 * article's cover), fetched first; `eager`, likely on screen at once; `lazy`, fetched when the
 * visitor scrolls near it.
 */
export type PictureLoading = 'main' | 'eager' | 'lazy';

/** The loading of a section's picture number `i` (0 first) when the section's is `loading`: only its first is the page's main one. */
export const nthPicture = (loading: PictureLoading, i: number): PictureLoading => (loading === 'main' && i > 0 ? 'eager' : loading);

/**
 * A config image with its intrinsic size (no layout shift). An uploaded one with sizes is a
 * <picture>: AVIF, then WebP, each as a srcset with the `sizes` of the place that draws it
 * (src/site/ui/picturePlaces.ts), so a phone fetches the size it needs; any other, its one file.
 */
export function Picture({ image, place, loading = 'lazy', sx }: { image: ImageConfig; place: PicturePlace; loading?: PictureLoading; sx?: SxProps<Theme> }) {
  const addressOf = useImageAddress();
  const set = useContext(PicturesContext)[image.src];
  const breakpoints = useTheme().breakpoints.values;
  const avif = set ? srcsetOf(image.src, set, 'avif', image.width) : '';
  const webp = set ? srcsetOf(image.src, set, 'webp', image.width) : '';
  const sizes = avif || webp ? place(breakpoints) : undefined;
  const img = (
    <Box
      component="img"
      src={addressOf(image.src)}
      {...(webp ? { srcSet: webp, sizes } : {})}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={loading === 'lazy' ? 'lazy' : 'eager'}
      // The main picture is painted as soon as it is there (decoded with the frame); the others without holding up a frame.
      {...(loading === 'main' ? { fetchPriority: 'high' as const } : { decoding: 'async' as const })}
      sx={{ display: 'block', width: '100%', height: 'auto', ...sx }}
    />
  );
  if (!avif) return img;
  return (
    // Not a box of its own: the <img> is laid out as if it stood alone.
    <Box component="picture" sx={{ display: 'contents' }}>
      <source type="image/avif" srcSet={avif} sizes={sizes} />
      {img}
    </Box>
  );
}
