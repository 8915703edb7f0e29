/**
 * Where a lead came from, on its page (src/site/model/attribution.ts; kept beside the lead by
 * src/leads/server/sources.ts): what was recorded, by the labels of config/admin.ts `sources`, in
 * words (src/leads/model/sourceWords.ts), as text (a referring site is shown, never linked).
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import admin from '../../../../config/admin';
import { ATTRIBUTION_KEYS, type LeadSource } from '../../../site/model/attribution';
import { sourceTexts } from '../../model/sourceWords';
import { visible } from '../../../platform/inbox/format';

const t = admin.sources;

export function LeadSourceList({ source }: { source: LeadSource | null }) {
  if (!source) return <Typography color="text.secondary">{t.none}</Typography>;
  const texts = sourceTexts(source);
  const rows = ATTRIBUTION_KEYS.map((key) => ({ key, value: texts[key] })).filter((row) => row.value !== '');
  return (
    <Box
      component="dl"
      data-testid="lead-source"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(10rem, max-content) minmax(0, 1fr)' },
        columnGap: 3,
        rowGap: { xs: 0.5, sm: 1 },
      }}
    >
      {rows.map(({ key, value }) => (
        <Box key={key} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ fontWeight: 700, mt: { xs: 1.5, sm: 0 } }}>
            {t.labels[key]}
          </Box>
          <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere', unicodeBidi: 'isolate' }}>
            {visible(value)}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
