/**
 * The export of the whole view, as CSV or JSON. An export asks for the password again when it was
 * typed long ago: asked first, then the file downloads as the link's own (streamed by the
 * browser, never held in the page).
 */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import admin from '../../../../config/admin';
import { downloadAfterPassword, urlOf } from '../../../platform/inbox/api';

const t = admin.list;

/** `query`: the view's filters, as the list sends them. */
export function ExportButtons({ query, attempt }: { query: Record<string, string>; attempt: (action: () => Promise<void>) => Promise<boolean> }) {
  const exportQuery = (format: string) => urlOf('export', { query: { ...query, format } });
  const download = downloadAfterPassword(attempt);
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      <Button variant="outlined" href={exportQuery('csv')} download onClick={download}>
        {t.exportCsv}
      </Button>
      <Button variant="outlined" href={exportQuery('json')} download onClick={download}>
        {t.exportJson}
      </Button>
      <Typography variant="body2" color="text.secondary">
        {t.exportHint}
      </Typography>
    </Stack>
  );
}
