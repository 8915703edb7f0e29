/**
 * The newsletter's subscribers (owners only; a chunk of its own): one tab per state (confirmed,
 * waiting, unsubscribed, bounced) with its count, a search by address, the page asked for (the
 * server pages and counts: GET subscribers), the view as CSV, and an owner unsubscribing someone by
 * hand. Each row shows when and where they signed up, where their visit came from, and what they
 * agreed to (the words shown next to the box). The view lives in the address (?state=&q=&page=).
 * Every word is in config/admin.ts (subscribers).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import admin from '../../../config/admin';
import server from '../../../config/server';
import { PAGE_SIZES } from '../../leads/model/adminApi';
import { SUBSCRIBER_VIEWS, type SubscriberList, type SubscriberState, type SubscriberSummary } from '../model/subscribers';
import { call, downloadAfterPassword, urlOf } from '../../platform/inbox/api';
import { fill, formatCount, formatDate, visible } from '../../platform/inbox/format';
import { Notice, useNotice } from '../../platform/inbox/Notice';
import { WideTable } from '../../platform/inbox/WideTable';

const t = admin.subscribers;
const PANEL = 'subscribers-panel';
const tabId = (state: SubscriberState) => `subscribers-tab-${state}`;

/** When they came to their state: confirmed, unsubscribed or bounced (null while waiting). */
const stateAt = (row: SubscriberSummary): number | null =>
  row.state === 'confirmed' ? row.confirmedAt : row.state === 'unsubscribed' ? row.unsubscribedAt : row.state === 'bounced' ? row.bouncedAt : null;

const STATE_LINES = { confirmed: t.confirmedLine, unsubscribed: t.unsubscribedLine, bounced: t.bouncedLine } as const;

/** The state's own date beside the sign-up's, in words ("Confirmed 3 Dec 2026, 10:15"). */
function stateDate(row: SubscriberSummary): string | undefined {
  const at = stateAt(row);
  return at === null || row.state === 'waiting' ? undefined : fill(STATE_LINES[row.state], { date: formatDate(at) });
}

/** What they agreed to: folded under its summary, the words as they were shown. */
function Consent({ words }: { words: string }) {
  return (
    <Box component="details" sx={{ mt: 0.5, '& summary': { cursor: 'pointer', color: 'text.secondary', fontSize: '0.875rem' } }}>
      <summary>{t.consent}</summary>
      <Box sx={{ whiteSpace: 'pre-line', fontSize: '0.875rem', mt: 0.5, overflowWrap: 'anywhere' }}>{visible(words)}</Box>
    </Box>
  );
}

/** The view the address holds (?state=&q=&page=&pageSize=), the search as typed, and the way to change the view. */
function useSubscriberView() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('state') as SubscriberState | null;
  const state: SubscriberState = asked && SUBSCRIBER_VIEWS.includes(asked) ? asked : SUBSCRIBER_VIEWS[0]!;
  const q = params.get('q') ?? '';
  const page = Math.max(0, Number(params.get('page')) || 0);
  const askedSize = Number(params.get('pageSize'));
  const pageSize = PAGE_SIZES.includes(askedSize as (typeof PAGE_SIZES)[number]) ? askedSize : PAGE_SIZES[0];
  const [search, setSearch] = useState(q);

  const setView = useCallback(
    (changes: Record<string, string>) =>
      setParams(
        (was) => {
          const next = new URLSearchParams(was);
          for (const [key, value] of Object.entries(changes)) {
            if (value === '') next.delete(key);
            else next.set(key, value);
          }
          // Another state or search starts at its first page.
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // The search follows the typing, a moment after it stops.
  useEffect(() => {
    if (search === q) return;
    const timer = setTimeout(() => setView({ q: search.trim() }), 300);
    return () => clearTimeout(timer);
  }, [search, q, setView]);

  return { state, q, page, pageSize, search, setSearch, setView };
}

type SubscriberView = ReturnType<typeof useSubscriberView>;
type Attempt = ReturnType<typeof useNotice>['attempt'];

/** The page of subscribers the view asks for, with every state's count (the server pages and counts), read again by `load`. */
function useSubscriberList({ state, q, page, pageSize }: SubscriberView, attempt: Attempt) {
  const [list, setList] = useState<SubscriberList>();
  const load = useCallback(
    () =>
      attempt(async () => {
        setList(await call('subscribers', { query: { state, q, page: String(page), pageSize: String(pageSize) } }));
      }),
    [attempt, state, q, page, pageSize],
  );
  useEffect(() => {
    void load();
  }, [load]);
  return { list, load };
}

/** The search box and the view as CSV (the export asks for the password again when it was typed long ago, then downloads as the link's own). */
function SubscriberTools({ view, attempt }: { view: SubscriberView; attempt: Attempt }) {
  const query = { state: view.state, ...(view.q ? { q: view.q } : {}) };
  const download = downloadAfterPassword(attempt);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
      <TextField
        type="search"
        label={t.search}
        placeholder={t.searchHint}
        value={view.search}
        onChange={(e) => view.setSearch(e.target.value)}
        sx={{ minWidth: { xs: '100%', sm: 280 } }}
      />
      <Button variant="outlined" href={urlOf('subscribersExport', { query })} download onClick={download} title={t.exportHint}>
        {t.exportCsv}
      </Button>
    </Box>
  );
}

/** One tab per state, each with its count once the list is read. */
function StateTabs({ view, counts }: { view: SubscriberView; counts: SubscriberList['counts'] | undefined }) {
  return (
    <Tabs
      value={view.state}
      onChange={(_event, value: SubscriberState) => view.setView({ state: value === SUBSCRIBER_VIEWS[0] ? '' : value })}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={t.state}
      sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
    >
      {SUBSCRIBER_VIEWS.map((name) => (
        <Tab
          key={name}
          value={name}
          id={tabId(name)}
          aria-controls={PANEL}
          label={counts ? fill(t.stateCount, { state: t.states[name], count: formatCount(counts[name]) }) : t.states[name]}
          sx={{ textTransform: 'none' }}
        />
      ))}
    </Tabs>
  );
}

interface RowsProps {
  rows: readonly SubscriberSummary[];
  state: SubscriberState;
  /** Asks to unsubscribe a row's subscriber; undefined in a view of those who cannot be (unsubscribed, bounced). */
  onUnsubscribe: ((row: SubscriberSummary) => void) | undefined;
  /** Sends a waiting row's subscriber the confirmation e-mail again; undefined in the other views. */
  onResend: ((row: SubscriberSummary) => void) | undefined;
}

function ResendButton({ row, onResend }: { row: SubscriberSummary; onResend: (row: SubscriberSummary) => void }) {
  return (
    <Button size="small" variant="outlined" aria-label={fill(t.resendNamed, { email: visible(row.email) })} onClick={() => onResend(row)}>
      {t.resend}
    </Button>
  );
}

function UnsubscribeButton({ row, onUnsubscribe }: { row: SubscriberSummary; onUnsubscribe: (row: SubscriberSummary) => void }) {
  return (
    <Button
      size="small"
      variant="outlined"
      color="error"
      aria-label={fill(t.unsubscribeNamed, { email: visible(row.email) })}
      onClick={() => onUnsubscribe(row)}
    >
      {t.unsubscribe}
    </Button>
  );
}

const pageOf = (row: SubscriberSummary) => (row.page ? fill(t.pageLine, { page: visible(row.page) }) : undefined);

/** A phone: each subscriber as a short block, no table wider than the screen. */
function SubscriberBlocks({ rows, onUnsubscribe, onResend }: RowsProps) {
  return (
    <Box component="ul" aria-label={t.tableLabel} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((row) => (
        <Box component="li" key={row.id} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
          <Box sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{visible(row.email)}</Box>
          <Typography variant="body2">{[fill(t.signedUpLine, { date: formatDate(row.signedUpAt) }), pageOf(row)].filter(Boolean).join(' ')}</Typography>
          {stateDate(row) && <Typography variant="body2">{stateDate(row)}</Typography>}
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {[visible(row.source || admin.sources.direct), row.campaign ? visible(row.campaign) : ''].filter(Boolean).join(' · ')}
          </Typography>
          {onResend && (
            <Typography variant="body2" data-testid="confirmation-mail">
              {`${t.columns.confirmation}: ${t.confirmationStates[row.confirmation]}`}
            </Typography>
          )}
          <Consent words={row.consentWords} />
          {(onUnsubscribe || onResend) && (
            <Box sx={{ mt: 1, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              {onResend && <ResendButton row={row} onResend={onResend} />}
              {onUnsubscribe && <UnsubscribeButton row={row} onUnsubscribe={onUnsubscribe} />}
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}

const DATE_COLUMNS = { confirmed: t.columns.confirmedAt, unsubscribed: t.columns.unsubscribedAt, bounced: t.columns.bouncedAt } as const;

/** A wider screen: the subscribers as a table, with the date of the view's state. */
function SubscriberTable({ rows, state, onUnsubscribe, onResend }: RowsProps) {
  const dateColumn = state === 'waiting' ? undefined : DATE_COLUMNS[state];
  return (
    <WideTable>
      <Table size="small" aria-label={t.tableLabel}>
        <TableHead>
          <TableRow>
            <TableCell>{t.columns.email}</TableCell>
            <TableCell>{t.columns.signedUpAt}</TableCell>
            {dateColumn && <TableCell>{dateColumn}</TableCell>}
            <TableCell>{t.columns.page}</TableCell>
            <TableCell>{t.columns.source}</TableCell>
            <TableCell>{t.columns.campaign}</TableCell>
            {onResend && <TableCell>{t.columns.confirmation}</TableCell>}
            {(onUnsubscribe || onResend) && <TableCell>{t.columns.actions}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere', minWidth: 220 }}>
                {visible(row.email)}
                <Consent words={row.consentWords} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.signedUpAt)}</TableCell>
              {dateColumn && <TableCell sx={{ whiteSpace: 'nowrap' }}>{stateAt(row) === null ? '' : formatDate(stateAt(row)!)}</TableCell>}
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.page ? visible(row.page) : t.noPage}</TableCell>
              <TableCell sx={{ overflowWrap: 'break-word' }}>{visible(row.source || admin.sources.direct)}</TableCell>
              <TableCell sx={{ overflowWrap: 'break-word' }}>{row.campaign ? visible(row.campaign) : ''}</TableCell>
              {onResend && (
                <TableCell sx={{ overflowWrap: 'break-word', minWidth: 160 }} data-testid="confirmation-mail">
                  {t.confirmationStates[row.confirmation]}
                </TableCell>
              )}
              {(onUnsubscribe || onResend) && (
                <TableCell>
                  <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                    {onResend && <ResendButton row={row} onResend={onResend} />}
                    {onUnsubscribe && <UnsubscribeButton row={row} onUnsubscribe={onUnsubscribe} />}
                  </Box>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </WideTable>
  );
}

/** The page's place in the list, and the choice of rows per page. */
function SubscriberPager({ view, total, phone }: { view: SubscriberView; total: number; phone: boolean }) {
  const { page, pageSize, setView } = view;
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.min(page, Math.max(0, Math.ceil(total / pageSize) - 1))}
      rowsPerPage={pageSize}
      // A phone: the page's arrows and where it stands only (the choice of rows would push them off the screen).
      rowsPerPageOptions={phone ? [] : [...PAGE_SIZES]}
      onPageChange={(_event, next) => setView({ page: next === 0 ? '' : String(next) })}
      onRowsPerPageChange={(event) => setView({ pageSize: event.target.value === String(PAGE_SIZES[0]) ? '' : event.target.value })}
      labelRowsPerPage={t.rowsPerPage}
      labelDisplayedRows={({ from, to, count }) => fill(admin.list.shownRows, { from: formatCount(from), to: formatCount(to), count: formatCount(count) })}
      getItemAriaLabel={(type) =>
        ({ first: admin.list.firstPage, previous: admin.list.previousPage, next: admin.list.nextPage, last: admin.list.lastPage })[type]
      }
    />
  );
}

/** Asks before an owner unsubscribes someone by hand. */
function UnsubscribeDialog({
  asking,
  onClose,
  onConfirm,
}: {
  asking: SubscriberSummary | undefined;
  onClose: () => void;
  onConfirm: (row: SubscriberSummary) => void;
}) {
  return (
    <Dialog open={asking !== undefined} onClose={onClose} aria-labelledby="unsubscribe-title">
      <DialogTitle id="unsubscribe-title">{asking ? fill(t.unsubscribeTitle, { email: visible(asking.email) }) : ''}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t.unsubscribeQuestion}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t.cancel}</Button>
        <Button color="error" variant="contained" onClick={() => asking && onConfirm(asking)}>
          {t.unsubscribeConfirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function SubscribersPage() {
  const view = useSubscriberView();
  const { notice, setNotice, attempt } = useNotice();
  const { list, load } = useSubscriberList(view, attempt);
  const [asking, setAsking] = useState<SubscriberSummary>();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

  const unsubscribe = (row: SubscriberSummary) =>
    attempt(async () => {
      setAsking(undefined);
      await call('unsubscribe', { params: { subscriberId: String(row.id) } });
      setNotice({ text: fill(t.unsubscribed, { email: visible(row.email) }), severity: 'success' });
      await load();
    });

  const resend = (row: SubscriberSummary) =>
    attempt(async () => {
      await call('resendConfirmation', { params: { subscriberId: String(row.id) } });
      setNotice({ text: fill(t.resent, { email: visible(row.email) }), severity: 'success' });
      await load();
    });

  const rows = list?.subscribers ?? [];
  const canUnsubscribe = view.state === 'confirmed' || view.state === 'waiting';
  const Rows = phone ? SubscriberBlocks : SubscriberTable;
  let body: ReactNode;
  if (!list) body = <Typography role="status">{t.loading}</Typography>;
  else if (rows.length === 0) body = <Typography sx={{ py: 3 }}>{t.empty}</Typography>;
  else
    body = (
      <Rows
        rows={rows}
        state={view.state}
        onUnsubscribe={canUnsubscribe ? setAsking : undefined}
        onResend={view.state === 'waiting' && list.mailOn ? (row) => void resend(row) : undefined}
      />
    );

  return (
    <Box component="section" aria-labelledby="subscribers-heading">
      <Typography id="subscribers-heading" variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, mb: 1 }}>
        {t.heading}
      </Typography>
      <Typography sx={{ mb: 2, maxWidth: '70ch' }}>{fill(t.intro, { days: server.newsletter.unconfirmedDays })}</Typography>
      {list && !list.mailOn && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t.mailOff}
        </Alert>
      )}
      <Notice message={notice} />
      <SubscriberTools view={view} attempt={attempt} />
      <StateTabs view={view} counts={list?.counts} />
      <Box role="tabpanel" id={PANEL} aria-labelledby={tabId(view.state)}>
        {body}
        {list && list.total > 0 && <SubscriberPager view={view} total={list.total} phone={phone} />}
      </Box>
      <UnsubscribeDialog asking={asking} onClose={() => setAsking(undefined)} onConfirm={(row) => void unsubscribe(row)} />
    </Box>
  );
}
