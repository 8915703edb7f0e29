/**
 * A picture being sent: how much of it has gone (a fraction from 0 to 1, as the upload tells it:
 * api.ts uploadImage), then, once all of it has, a moving bar while the server makes the picture.
 * Named for screen readers by config/admin.ts content.uploading.
 */
import LinearProgress from '@mui/material/LinearProgress';
import admin from '../../../config/admin';

export function UploadProgress({ sent }: { sent: number }) {
  return (
    <LinearProgress
      {...(sent < 1 ? { variant: 'determinate' as const, value: Math.round(sent * 100) } : {})}
      aria-label={admin.content.uploading}
      sx={{ mt: 1, maxWidth: 360 }}
    />
  );
}
