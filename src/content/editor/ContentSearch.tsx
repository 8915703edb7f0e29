/**
 * The search across the content, on the list of content: a word or a number typed once finds every
 * box where it appears (src/content/editor/contentSearch.ts), each a link that opens it. What was
 * typed is kept in the address (?find=), so Back from a box comes back to the same places.
 */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import admin from '../../../config/admin';
import { fill } from '../../platform/inbox/format';
import { useContent } from './contentState';
import { searchContent } from './contentSearch';

const t = admin.content.search;

export function ContentSearch() {
  const { snapshot, edits } = useContent();
  const [params, setParams] = useSearchParams();
  // The box holds what is typed itself: the address follows it (a navigation, committed later), and
  // a box fed back from the address lost the keys typed meanwhile ("010 0199" became "119").
  const [query, setQuery] = useState(() => params.get('find') ?? '');
  const deferred = useDeferredValue(query);
  const { found, more } = useMemo(() => searchContent(snapshot, edits, deferred), [snapshot, edits, deferred]);
  const searched = deferred.trim() !== '';
  return (
    <Box role="search" sx={{ maxWidth: 720 }}>
      <TextField
        type="search"
        fullWidth
        label={t.label}
        helperText={t.hint}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setParams(e.target.value === '' ? {} : { find: e.target.value }, { replace: true });
        }}
        slotProps={{ htmlInput: { 'aria-controls': 'content-search-results' } }}
      />
      <Box id="content-search-results">
        <Typography role="status" sx={{ mt: 1, fontWeight: searched ? 700 : undefined }}>
          {searched ? (found.length === 0 ? t.none : found.length === 1 ? t.foundOne : fill(t.found, { count: found.length + more })) : ''}
        </Typography>
        {found.length > 0 && (
          <Box component="ul" aria-label={t.heading} sx={{ m: 0, mt: 1, pl: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
            {found.map((f) => (
              <li key={f.address}>
                <Link component={RouterLink} to={f.address} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {f.place}
                </Link>
                <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere', unicodeBidi: 'isolate' }}>
                  {f.text}
                </Typography>
              </li>
            ))}
          </Box>
        )}
        {more > 0 && <Typography sx={{ mt: 1 }}>{fill(t.more, { count: more })}</Typography>}
      </Box>
    </Box>
  );
}
