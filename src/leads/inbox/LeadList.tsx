/**
 * The inbox (and the Spam folder): every lead of every form, those whose person waits for the
 * agency first (longest waiting first), then the others by last activity, with its form, name,
 * e-mail address, wait, date and status; filters by form and status, a search across every
 * field; unread leads stand out. It follows every change by itself (live.tsx). The server pages, sorts and counts (the inbox holds any number
 * of leads: only the page shown travels); the export buttons download the whole view, streamed.
 * Leads ticked (one by one, or all of the page) are archived, marked read, marked spam (or not)
 * or deleted at once. On a phone each row stacks its name, form, date and status in one column,
 * the search stays in sight while the other filters and the export wait behind one button, and the
 * bulk actions show once a lead is ticked: the first screen shows leads.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { DataGrid, type GridColDef, type GridLocaleText, type GridPaginationModel, type GridRowSelectionModel, type GridSortModel } from '@mui/x-data-grid';
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router-dom';
import admin from '../../../config/admin';
import { pageNonce } from '../../site/islands/cspNonce';
import { LEAD_SORTS, LEAD_STATUSES, PAGE_SIZES, type BulkAction, type LeadList as LeadListAnswer, type LeadSort, type LeadSummary, type MailboxStatus } from '../model/adminApi';
import { ALL_STATUSES, pipelineQuery, statusQuery } from './views';
import { pipelineColumn, PipelineFilters, PipelineLine } from './lead/PipelineList';
import { call, passwordRecent, urlOf } from '../../platform/inbox/api';
import { attentionWords, fill, formatCount, formatDate, formLabel, visible } from '../../platform/inbox/format';
import { useLiveRefresh } from './live';
import { ScreenReaderText } from '../../site/ui/ScreenReaderText';
import { Notice, useNotice } from '../../platform/inbox/Notice';
import { useSession } from '../../platform/inbox/session';
import { SourceFilter, sourceQuery } from './sources/SourceFilter';

const t = admin.list;
const forms = Object.keys(admin.forms);
const FILTERS_ID = 'list-filters';

/** The grid's own words, from config/admin.ts (no default of the library reaches the screen). */
const localeText: Partial<GridLocaleText> = {
  noRowsLabel: t.empty,
  noResultsOverlayLabel: t.empty,
  paginationRowsPerPage: t.rowsPerPage,
  paginationDisplayedRows: ({ from, to, count }) => fill(t.shownRows, { from: formatCount(from), to: formatCount(to), count: formatCount(count) }),
  paginationItemAriaLabel: (type) => ({ first: t.firstPage, previous: t.previousPage, next: t.nextPage, last: t.lastPage })[type],
  columnHeaderSortIconLabel: t.sort,
  checkboxSelectionHeaderName: t.selectColumn,
  checkboxSelectionSelectRow: t.selectRow,
  checkboxSelectionUnselectRow: t.unselectRow,
  checkboxSelectionSelectAllRows: t.selectAll,
  checkboxSelectionUnselectAllRows: t.unselectAll,
};

/** What each folder's ticked leads can have done to them. */
const BULK: Record<'inbox' | 'spam', readonly BulkAction[]> = { inbox: ['read', 'archive', 'spam', 'delete'], spam: ['notSpam', 'delete'] };

const NONE: GridRowSelectionModel = { type: 'include', ids: new Set() };
const NO_SORT: GridSortModel = [];
const BY_ATTENTION: GridSortModel = [{ field: 'activity', sort: 'desc' }];
/** The Spam folder's order: nobody waits on spam. */
const NEWEST_FIRST: GridSortModel = [{ field: 'receivedAt', sort: 'desc' }];
const everyChange = () => true;

/** A row as tall as its content (one function for every render: the grid measures again when it changes). */
const tallAsNeeded = () => 'auto' as const;

/** A lead's name as its link (bold while unread, and said so); hidden characters shown by their code (an override cannot reverse the text around it). */
function NameLink({ row }: { row: LeadSummary }) {
  return (
    <Box component="span" sx={{ minWidth: 0 }}>
      {/* Underlined beside the count of submissions: told apart from that text by more than its colour. */}
      <Link
        component={RouterLink}
        to={`/leads/${encodeURIComponent(row.docId)}`}
        underline={row.submissions !== undefined && row.submissions > 1 ? 'always' : 'hover'}
        sx={{ fontWeight: row.unread ? 800 : 400, unicodeBidi: 'isolate', overflowWrap: 'anywhere' }}
      >
        {visible(row.name || row.email)}
      </Link>
      {/* Read out after the name (the link keeps the lead's name alone). */}
      {row.unread && <ScreenReaderText>{` ${t.unreadMark}`}</ScreenReaderText>}
      {/* The people view: how many submissions of theirs the view holds. */}
      {row.submissions !== undefined && row.submissions > 1 && (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1, whiteSpace: 'nowrap' }}>
          {fill(t.submissions, { count: formatCount(row.submissions) })}
        </Typography>
      )}
    </Box>
  );
}

/**
 * When the agency's mailbox was last read; its alarm once it has failed for longer than the
 * server's set time (a short failure says nothing); after such an outage, when it was (nothing
 * when the mailbox is not read).
 */
function MailboxLine() {
  const [status, setStatus] = useState<MailboxStatus>(null);
  useEffect(() => {
    let current = true;
    call<MailboxStatus>('mailbox').then(
      (got) => current && setStatus(got),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  if (!status) return null;
  const { alarm, back, readAt } = status;
  const text = alarm
    ? fill(t.mailboxFailing, { since: formatDate(alarm.failingSince), error: alarm.error, next: alarm.nextTryAt ? formatDate(alarm.nextTryAt) : '' })
    : back && readAt !== null
      ? fill(t.mailboxBack, { from: formatDate(back.from), until: formatDate(back.until), at: formatDate(readAt) })
      : readAt !== null
        ? fill(t.mailboxRead, { at: formatDate(readAt) })
        : t.mailboxNever;
  return (
    <Typography variant="body2" color={alarm ? 'error' : 'text.secondary'} sx={{ mb: 2, overflowWrap: 'anywhere' }} data-testid="mailbox-status" {...(alarm ? { role: 'alert' } : {})}>
      {text}
    </Typography>
  );
}

/** How long the person has waited for the agency ("waiting 3 days"), or the lead's last activity. */
const Attention = ({ row }: { row: LeadSummary }) => (
  <Typography component="span" variant="body2" color={row.waitingSince === null ? 'text.secondary' : 'text.primary'} sx={{ fontWeight: row.waitingSince === null ? 400 : 700 }}>
    {attentionWords(row)}
  </Typography>
);

const StatusChip = ({ status }: { status: LeadSummary['status'] }) => (
  <Chip size="small" label={admin.statuses[status]} color={status === 'new' ? 'primary' : 'default'} variant={status === 'new' ? 'filled' : 'outlined'} />
);

/** A select whose empty choice ("All forms") is shown as chosen, not as an empty box. */
const showEmpty = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

export function LeadList({ spam }: { spam: boolean }) {
  const { setUnread } = useSession();
  const [params, setParams] = useSearchParams();
  const form = params.get('form') ?? '';
  // No status in the address: what needs the agency (views.ts).
  const status = params.get('status') ?? '';
  const people = params.get('view') === 'people';
  const { stage = '', assigned = '' } = pipelineQuery(params);
  const q = params.get('q') ?? '';
  const [search, setSearch] = useState(q);
  // The address changed from outside (the Inbox link, Back): the box shows its search, so the
  // pause below does not put back one the visitor has just left.
  const [searched, setSearched] = useState(q);
  if (q !== searched) {
    setSearched(q);
    setSearch(q);
  }
  const [answer, setAnswer] = useState<LeadListAnswer>();
  const [loading, setLoading] = useState(true);
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: PAGE_SIZES[0] });
  // The order is in the address too (`sort`, `direction`); without it, the inbox's own (who waits
  // for the agency first, longest first, then the last activity), the Spam folder's newest first.
  const sortParam = params.get('sort') ?? '';
  const directionParam = params.get('direction') === 'asc' ? 'asc' : 'desc';
  const ownOrder = spam ? NEWEST_FIRST : BY_ATTENTION;
  const sortModel = useMemo<GridSortModel>(() => (LEAD_SORTS.includes(sortParam as LeadSort) ? [{ field: sortParam, sort: directionParam }] : ownOrder), [sortParam, directionParam, ownOrder]);
  // Another view, or another order, starts at its first page.
  const viewKey = `${form}|${status}|${q}|${spam}|${params.get('source') ?? ''}|${params.get('campaign') ?? ''}|${people}|${stage}|${assigned}|${sortParam}|${directionParam}`;
  const [view, setView] = useState(viewKey);
  if (view !== viewKey) {
    setView(viewKey);
    setPagination((p) => ({ ...p, page: 0 }));
  }
  // A lead just deleted on its page says so here.
  const arrived = (useLocation().state as { notice?: string } | null)?.notice;
  const { notice, setNotice, attempt } = useNotice(arrived ? { text: arrived, severity: 'success' } : undefined);
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [selection, setSelection] = useState<GridRowSelectionModel>(NONE);
  const [confirming, setConfirming] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);

  const { source = '', campaign = '' } = sourceQuery(params);
  // The Spam folder shows every status; the inbox what needs the agency unless the address says otherwise.
  const query = useMemo(
    () => ({ form, status: spam ? (status === ALL_STATUSES ? '' : status) : statusQuery(status), q, spam: String(spam), source, campaign, stage, assigned, ...(people ? { view: 'people' } : {}) }),
    [form, status, q, spam, source, campaign, people, stage, assigned],
  );
  const sorted = sortModel[0];
  const sort: LeadSort = sorted && LEAD_SORTS.includes(sorted.field as LeadSort) ? (sorted.field as LeadSort) : 'activity';
  const direction = sorted?.sort === 'asc' ? 'asc' : 'desc';
  const pageQuery = useMemo(
    () => ({ ...query, page: String(pagination.page), pageSize: String(pagination.pageSize), sort, direction }),
    [query, pagination, sort, direction],
  );

  const shown = useRef('');
  /** The page from the server; `quietly` (a change told by the live updates): no spinner, the ticks kept on the leads still shown. */
  const load = useCallback(
    async (quietly = false) => {
      if (!quietly) setLoading(true);
      await attempt(async () => {
        const got = await call<LeadListAnswer>('leads', { query: pageQuery });
        // Nothing of this page changed (another view's lead did): the grid is left as it is.
        if (quietly && JSON.stringify(got) === shown.current) return;
        shown.current = JSON.stringify(got);
        setAnswer(got);
        // Another page, another view, or the same after a change of the agency's: nothing stays ticked unseen.
        if (!quietly) setSelection(NONE);
        else setSelection((ticked) => (ticked.type === 'include' ? { type: 'include', ids: new Set(got.leads.map((row) => row.docId).filter((id) => ticked.ids.has(id))) } : ticked));
        setUnread(got.unread);
      });
      if (!quietly) setLoading(false);
    },
    [pageQuery, setUnread, attempt],
  );

  useEffect(() => {
    void load();
  }, [load]);
  // Any change of the leads (live.tsx): the page is asked for again, as it is now.
  useLiveRefresh(everyChange, () => load(true));

  const setFilter = useCallback(
    (name: string, value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // The search runs once the typing pauses, and only while the list is still the page shown: a
  // lead opened meanwhile (its page may still be loading, the list still mounted) keeps its own address.
  useEffect(() => {
    const list = window.location.pathname;
    const timer = setTimeout(() => search !== q && window.location.pathname === list && setFilter('q', search), 300);
    return () => clearTimeout(timer);
  }, [search, q, setFilter]);

  const notSpam = useCallback(
    (docId: string) =>
      attempt(async () => {
        await call('notSpam', { params: { docId } });
        setNotice({ text: admin.spam.movedToInbox, severity: 'success' });
        await load();
      }),
    [load, attempt, setNotice],
  );

  const notSpamButton = useCallback(
    (row: LeadSummary) => (
      <Button size="small" variant="outlined" onClick={() => void notSpam(row.docId)}>
        {admin.spam.notSpam}
      </Button>
    ),
    [notSpam],
  );

  const columns = useMemo<GridColDef<LeadSummary>[]>(
    () =>
      small
        ? [
            // A phone: one column, each lead stacked (name, then form and date, then status), nothing cut.
            {
              field: 'lead',
              headerName: t.columns.lead,
              flex: 1,
              sortable: false,
              renderCell: ({ row }) => (
                <Stack sx={{ py: 1, gap: 0.5, minWidth: 0, alignItems: 'flex-start', whiteSpace: 'normal', lineHeight: 1.4 }}>
                  <NameLink row={row} />
                  <Typography variant="body2" color="text.secondary">
                    {`${formLabel(row.form)} · ${formatDate(row.receivedAt)}`}
                  </Typography>
                  <Attention row={row} />
                  <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                    <StatusChip status={row.status} />
                    {spam ? notSpamButton(row) : <PipelineLine row={row} />}
                  </Stack>
                </Stack>
              ),
            },
          ]
        : [
            {
              field: 'name',
              headerName: t.columns.name,
              flex: 1.2,
              minWidth: 120,
              valueGetter: (_value, row) => visible(row.name || row.email),
              renderCell: ({ row }) => <NameLink row={row} />,
            },
            { field: 'form', headerName: t.columns.form, flex: 1, minWidth: 140, valueGetter: (value: string) => formLabel(value) },
            { field: 'email', headerName: t.columns.email, flex: 1.2, minWidth: 180, valueGetter: (value: string) => visible(value) },
            // The most urgent first, then backwards: never "unsorted" (that is this order too).
            { field: 'activity', headerName: t.columns.activity, flex: 1, minWidth: 170, sortingOrder: ['desc', 'asc'], valueGetter: (_value, row) => attentionWords(row), renderCell: ({ row }) => <Attention row={row} /> },
            { field: 'receivedAt', headerName: t.columns.receivedAt, flex: 1, minWidth: 170, valueFormatter: (value: string) => formatDate(value) },
            {
              field: 'status',
              headerName: t.columns.status,
              width: 120,
              valueGetter: (value: LeadSummary['status']) => admin.statuses[value],
              renderCell: ({ row }) => <StatusChip status={row.status} />,
            },
            ...(spam ? [{ field: 'actions', headerName: t.columns.actions, width: 150, sortable: false, renderCell: ({ row }) => notSpamButton(row) } satisfies GridColDef<LeadSummary>] : [pipelineColumn]),
          ],
    [spam, notSpamButton, small],
  );

  const rows = useMemo(() => answer?.leads ?? [], [answer]);
  // "All on the page" is the grid's exclude-model: every row shown but those left out.
  const ticked = useMemo(() => (selection.type === 'include' ? rows.filter((row) => selection.ids.has(row.docId)) : rows.filter((row) => !selection.ids.has(row.docId))), [rows, selection]);

  const runBulk = useCallback(
    (action: BulkAction) =>
      attempt(async () => {
        setConfirming(false);
        const { leads } = await call<{ leads: number }>('bulk', { json: { action, docIds: ticked.map((row) => row.docId) } });
        setNotice({ text: fill(t.bulkDone[action], { count: formatCount(leads) }), severity: 'success' });
        await load();
      }),
    [ticked, attempt, setNotice, load],
  );

  const unreadHere = answer?.unreadInView ?? 0;
  const byForm = answer?.byForm ?? {};
  const exportQuery = (format: string) => urlOf('export', { query: { ...query, format } });
  // An export asks for the password again when it was typed long ago: asked first, then the file
  // downloads as the link's own (streamed by the browser, never held in the page).
  const download = (event: MouseEvent<HTMLElement>) => {
    const link = event.currentTarget as HTMLAnchorElement;
    if (link.dataset.asked === 'yes') return void delete link.dataset.asked;
    event.preventDefault();
    void attempt(async () => {
      await passwordRecent();
      link.dataset.asked = 'yes';
      link.click();
    });
  };

  // How many filters but the search are set: the phone's "Filters and export" button says so.
  const activeFilters = [form, status, source, campaign, people ? 'people' : '', stage, assigned].filter(Boolean).length;
  const formSelect = (
    <TextField select label={t.form} value={form} onChange={(e) => setFilter('form', e.target.value)} slotProps={showEmpty}>
      <MenuItem value="">{t.allForms}</MenuItem>
      {forms.map((name) => (
        <MenuItem key={name} value={name}>
          {answer ? fill(t.formCount, { form: formLabel(name), count: formatCount(byForm[name] ?? 0) }) : formLabel(name)}
        </MenuItem>
      ))}
    </TextField>
  );
  const statusSelect = (
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
  const showSelect = (
    <TextField select label={t.show} value={people ? 'people' : ''} onChange={(e) => setFilter('view', e.target.value)} slotProps={showEmpty}>
      <MenuItem value="">{t.showSubmissions}</MenuItem>
      <MenuItem value="people">{t.showPeople}</MenuItem>
    </TextField>
  );
  const searchField = (
    <TextField type="search" label={t.search} helperText={t.searchHint} value={search} onChange={(e) => setSearch(e.target.value)} sx={{ gridColumn: { sm: '1 / -1', md: 'auto' } }} />
  );
  const exports = (
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

  return (
    <Box component="section" aria-labelledby="list-heading">
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { sm: 'baseline' }, justifyContent: 'space-between', gap: 1, mb: 2 }}>
        <Typography id="list-heading" variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
          {spam ? admin.spam.heading : t.heading}
        </Typography>
        {!spam && unreadHere > 0 && <Typography sx={{ fontWeight: 700 }}>{fill(t.unread, { count: formatCount(unreadHere) })}</Typography>}
      </Stack>
      {spam && <Typography sx={{ mb: 2, maxWidth: '70ch' }}>{admin.spam.intro}</Typography>}
      {!spam && <MailboxLine />}

      <Box component="form" role="search" aria-label={t.filtersLabel} onSubmit={(e) => e.preventDefault()} sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 2fr' }, mb: 2 }}>
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
              {!spam && showSelect}
              {!spam && <SourceFilter />}
              {!spam && <PipelineFilters />}
              <Box sx={{ gridColumn: '1 / -1' }}>{exports}</Box>
            </Box>
          </>
        ) : (
          <>
            {formSelect}
            {statusSelect}
            {searchField}
            {!spam && showSelect}
            {!spam && <SourceFilter />}
            {!spam && <PipelineFilters />}
          </>
        )}
      </Box>

      {!small && <Box sx={{ mb: 2 }}>{exports}</Box>}

      <Notice message={notice} />

      {/* On a phone the bulk actions appear once a lead is ticked: the first screen is for the leads. */}
      {(!small || ticked.length > 0) && (
        <Stack component="section" aria-label={t.bulkLabel} direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 1, minHeight: 40 }}>
          <Typography variant="body2" sx={{ fontWeight: ticked.length > 0 ? 700 : 400, mr: 1 }}>
            {ticked.length > 0 ? fill(t.selected, { count: formatCount(ticked.length) }) : t.noneSelected}
          </Typography>
          {BULK[spam ? 'spam' : 'inbox'].map((action) => (
            <Button
              key={action}
              size="small"
              variant="outlined"
              color={action === 'delete' ? 'error' : 'primary'}
              disabled={ticked.length === 0}
              onClick={() => (action === 'delete' ? setConfirming(true) : void runBulk(action))}
            >
              {t.bulk[action]}
            </Button>
          ))}
        </Stack>
      )}

      <DataGrid
        rows={rows}
        columns={columns}
        getRowId={(row) => row.docId}
        loading={loading}
        autoHeight
        disableColumnMenu
        disableRowSelectionOnClick
        hideFooterSelectedRowCount
        // A box per row and one for the whole page; the keyboard ticks them with the space bar.
        checkboxSelection
        rowSelectionModel={selection}
        onRowSelectionModelChange={setSelection}
        // Each row as tall as its stacked lines (a phone's one column; the lead's course under its stage).
        getRowHeight={small || !spam ? tallAsNeeded : undefined}
        // The server pages and sorts: only the page shown is sent.
        paginationMode="server"
        sortingMode="server"
        rowCount={answer?.total ?? 0}
        paginationModel={pagination}
        onPaginationModelChange={(model) => setPagination((p) => (p.page === model.page && p.pageSize === model.pageSize ? p : model))}
        // A phone's one column sorts nothing: the list keeps the order chosen (the address's, else the inbox's own).
        sortModel={small ? NO_SORT : sortModel}
        onSortModelChange={(model) => {
          if (small) return;
          const [chosen] = model;
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              // Back to the folder's own order: no order in the address.
              if (!chosen?.sort || (chosen.field === ownOrder[0]!.field && chosen.sort === ownOrder[0]!.sort)) {
                next.delete('sort');
                next.delete('direction');
              } else {
                next.set('sort', chosen.field);
                next.set('direction', chosen.sort);
              }
              return next;
            },
            { replace: true },
          );
        }}
        pageSizeOptions={[...PAGE_SIZES]}
        localeText={localeText}
        // The grid writes a style element of its own: it carries the page's CSP nonce.
        nonce={pageNonce()}
        label={t.tableLabel}
        getRowClassName={({ row }) => (row.unread ? 'lead-new' : '')}
        sx={{ bgcolor: 'background.paper', '& .lead-new': { bgcolor: 'surface' } }}
      />

      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="bulk-delete-title" aria-describedby="bulk-delete-question">
        <DialogTitle id="bulk-delete-title">{fill(t.deleteTitle, { count: formatCount(ticked.length) })}</DialogTitle>
        <DialogContent>
          <DialogContentText id="bulk-delete-question">{t.deleteQuestion}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t.cancel}</Button>
          <Button color="error" variant="contained" onClick={() => void runBulk('delete')}>
            {t.deleteConfirm}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
