import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ImageConfig } from '../config/common';
import { useImageAddress } from './imageAddress';

/**
 * A config image with its intrinsic size (no layout shift); lazy unless `eager` (likely on
 * screen at once); `priority` also asks the browser to fetch it first (the page's main picture).
 */
export function Picture({ image, eager = false, priority = false, sx }: { image: ImageConfig; eager?: boolean; priority?: boolean; sx?: SxProps<Theme> }) {
  const addressOf = useImageAddress();
  return (
    <Box
      component="img"
      src={addressOf(image.src)}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={eager || priority ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      sx={{ display: 'block', width: '100%', height: 'auto', ...sx }}
    />
  );
}
