/**
 * The list's filters (a search landmark): the form (with each form's count), the status, the
 * search, the language (on a site in more than one), people or submissions, the source and the
 * lead's course. On a phone the search stays in sight while the other filters and the export wait
 * behind one button, which says how many are set.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { memo, useState, type ReactNode } from 'react';
import admin from '../../../../config/admin';
import { LEAD_STATUSES, type FormTitle, type LeadList } from '../../model/adminApi';
import { fill, formatCount } from '../../../platform/inbox/format';
import { ALL_STATUSES } from '../views';
import { PipelineFilters } from '../lead/PipelineList';
import { SourceFilter } from '../sources/SourceFilter';
import { LanguageFilter } from './LanguageFilter';
import { showEmpty } from '../../../platform/inbox/showEmpty';

const t = admin.list;
/** Until the server answered: the seed's forms (config/admin.ts forms); then the forms it serves, new ones included. */
const seedForms: FormTitle[] = Object.entries(admin.forms).map(([name, title]) => ({ name, title }));
const FILTERS_ID = 'list-filters';

// The filters the server's answer says nothing of: drawn again when what they show changes, not at each answer (the list's every load).
const StatusSelect = memo(function StatusSelect({ spam, status, setFilter }: Pick<Props, 'spam' | 'status' | 'setFilter'>) {
  return (
    <TextField select label={t.status} value={status} onChange={(e) => setFilter('status', e.target.value)} slotProps={showEmpty}>
      {!spam && <MenuItem value="">{t.openStatuses}</MenuItem>}
      <MenuItem value={spam ? '' : ALL_STATUSES}>{t.allStatuses}</MenuItem>
      {LEAD_STATUSES.map((name) => (
        <MenuItem key={name} value={name}>
          {admin.statuses[name]}
        </MenuItem>
      ))}
    </TextField>
  );
});
const ShowSelect = memo(function ShowSelect({ people, setFilter }: Pick<Props, 'people' | 'setFilter'>) {
  return (
    <TextField select label={t.show} value={people ? 'people' : ''} onChange={(e) => setFilter('view', e.target.value)} slotProps={showEmpty}>
      <MenuItem value="">{t.showSubmissions}</MenuItem>
      <MenuItem value="people">{t.showPeople}</MenuItem>
    </TextField>
  );
});
const SearchField = memo(function SearchField({ search, setSearch }: Pick<Props, 'search' | 'setSearch'>) {
  return (
    <TextField
      type="search"
      label={t.search}
      helperText={t.searchHint}
      value={search}
      onChange={(e) => setSearch(e.target.value)}
      sx={{ gridColumn: { sm: '1 / -1', md: 'auto' } }}
    />
  );
});
const Sources = memo(SourceFilter);
const Pipeline = memo(PipelineFilters);

interface Props {
  spam: boolean;
  small: boolean;
  form: string;
  status: string;
  people: boolean;
  search: string;
  setSearch: (search: string) => void;
  setFilter: (name: string, value: string) => void;
  /** How many filters but the search are set. */
  activeFilters: number;
  /** The view's leads per form, once the server answered. */
  byForm: Record<string, number> | undefined;
  /** The forms the server serves, once it answered. */
  forms: FormTitle[] | undefined;
  /** The language filter's choice ('' for any), and the site's languages once the server answered (only on a site in more than one). */
  language: string;
  languages: LeadList['languages'];
  /** The export's buttons: behind the phone's button with the filters. */
  exports: ReactNode;
}

export function FilterBar({
  spam,
  small,
  form,
  status,
  people,
  search,
  setSearch,
  setFilter,
  activeFilters,
  byForm,
  forms = seedForms,
  language,
  languages,
  exports,
}: Props) {
  const [filtersOpen, setFiltersOpen] = useState(false);
  const formSelect = (
    <TextField select label={t.form} value={form} onChange={(e) => setFilter('form', e.target.value)} slotProps={showEmpty}>
      <MenuItem value="">{t.allForms}</MenuItem>
      {forms.map(({ name, title }) => (
        <MenuItem key={name} value={name}>
          {byForm ? fill(t.formCount, { form: title, count: formatCount(byForm[name] ?? 0) }) : title}
        </MenuItem>
      ))}
    </TextField>
  );
  const statusSelect = <StatusSelect spam={spam} status={status} setFilter={setFilter} />;
  const showSelect = <ShowSelect people={people} setFilter={setFilter} />;
  const languageSelect = languages && <LanguageFilter languages={languages} language={language} setFilter={setFilter} />;
  const searchField = <SearchField search={search} setSearch={setSearch} />;

  return (
    <Box
      component="form"
      role="search"
      aria-label={t.filtersLabel}
      onSubmit={(e) => e.preventDefault()}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 2fr' }, mb: 2 }}
    >
      {small ? (
        <>
          {searchField}
          <Button
            variant="outlined"
            aria-expanded={filtersOpen}
            aria-controls={FILTERS_ID}
            onClick={() => setFiltersOpen((open) => !open)}
            sx={{ justifySelf: 'start', gridColumn: '1 / -1' }}
          >
            {activeFilters > 0 ? fill(t.filtersButtonActive, { count: formatCount(activeFilters) }) : t.filtersButton}
          </Button>
          <Box id={FILTERS_ID} sx={{ display: filtersOpen ? 'grid' : 'none', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gridColumn: '1 / -1' }}>
            {formSelect}
            {statusSelect}
            {languageSelect}
            {!spam && showSelect}
            {!spam && <Sources />}
            {!spam && <Pipeline />}
            <Box sx={{ gridColumn: '1 / -1' }}>{exports}</Box>
          </Box>
        </>
      ) : (
        <>
          {formSelect}
          {statusSelect}
          {searchField}
          {languageSelect}
          {!spam && showSelect}
          {!spam && <Sources />}
          {!spam && <Pipeline />}
        </>
      )}
    </Box>
  );
}
