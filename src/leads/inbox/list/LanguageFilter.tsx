/**
 * The list's filter by the language a lead was sent in (config/admin.ts `languages`): shown only
 * on a site in more than one language (the server's answer lists them, each with how many leads of
 * the view it holds). Kept in the address (?language=<code>) as the other filters are; the export
 * downloads the same view.
 */
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import admin from '../../../../config/admin';
import type { LeadList } from '../../model/adminApi';
import { fill, formatCount } from '../../../platform/inbox/format';
import { showEmpty } from '../../../platform/inbox/showEmpty';

const t = admin.languages;

export function LanguageFilter({
  languages,
  language,
  setFilter,
}: {
  languages: NonNullable<LeadList['languages']>;
  language: string;
  setFilter: (name: string, value: string) => void;
}) {
  return (
    <TextField select label={t.language} value={language} onChange={(e) => setFilter('language', e.target.value)} slotProps={showEmpty}>
      <MenuItem value="">{t.allLanguages}</MenuItem>
      {languages.map(({ code, name, leads }) => (
        <MenuItem key={code} value={code}>
          {fill(t.choiceCount, { name, count: formatCount(leads) })}
        </MenuItem>
      ))}
    </TextField>
  );
}
