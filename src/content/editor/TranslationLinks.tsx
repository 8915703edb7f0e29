/**
 * An item's other languages, under it in the list and under its heading on its screens: one line
 * per language with how many of its texts are left to translate, each a link to that translation's
 * screen; on a translation's screen, first the way back to the item in the site's first language.
 */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import admin from '../../../config/admin';
import { fill, fillCount } from '../../platform/inbox/format';
import { editAddress } from './editorList';
import type { TranslationCount } from './translations';

const tr = admin.content.translations;

/** `original`: the item in the first language, linked first (on a translation's screen); `draftNote`: what follows a translation with unpublished changes (the list's note). */
export function TranslationLinks({
  counts,
  original,
  draftNote,
}: {
  counts: readonly TranslationCount[];
  original?: { file: string; label: string };
  draftNote?(file: string): ReactNode;
}) {
  if (counts.length === 0 && !original) return null;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2, listStyle: 'none' }}>
      {original && (
        <Box component="li" sx={{ typography: 'body2' }}>
          <Link component={RouterLink} to={editAddress({ file: original.file })}>
            {original.label}
          </Link>
        </Box>
      )}
      {counts.map((count) => (
        <Box component="li" key={count.file} sx={{ typography: 'body2' }} data-translation={count.language.code}>
          <Link component={RouterLink} to={editAddress({ file: count.file })}>
            {count.left === 0
              ? fill(tr.translated, { language: count.language.name })
              : fillCount(tr.toTranslate, count.left, { language: count.language.name, count: count.left })}
          </Link>
          {draftNote?.(count.file)}
        </Box>
      ))}
    </Box>
  );
}
