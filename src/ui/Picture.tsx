import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ImageConfig } from '../config/common';

/** A config image with its intrinsic size (no layout shift); lazy unless it is above the fold. */
export function Picture({ image, eager = false, sx }: { image: ImageConfig; eager?: boolean; sx?: SxProps<Theme> }) {
  return (
    <Box
      component="img"
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
      sx={{ display: 'block', width: '100%', height: 'auto', ...sx }}
    />
  );
}
