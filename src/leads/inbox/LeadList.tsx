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
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useCallback, useMemo } from 'react';
import admin from '../../../config/admin';
import type { BulkAction, LeadList as LeadListAnswer } from '../model/adminApi';
import { fill, formatCount } from '../../platform/inbox/format';
import { Notice, useNotice } from '../../platform/inbox/Notice';
import { useOneTimeNotice } from '../../platform/inbox/oneTimeNotice';
import { useStableHandler } from '../../platform/inbox/stableHandler';
import { DeleteDialog } from './DeleteDialog';
import { BulkBar } from './list/BulkBar';
import { ExportButtons } from './list/ExportButtons';
import { FilterBar } from './list/FilterBar';
import { LeadTable } from './list/LeadTable';
import { MailboxLine } from './list/MailboxLine';
import { VisitorMailLine } from './list/VisitorMailLine';
import { useListActions } from './list/useListActions';
import { useLeadListQuery } from './list/useLeadListQuery';
import { useLiveLeads } from './list/useLiveLeads';
import { useSelection, useTicked } from './list/useSelection';

const t = admin.list;

/** The folder's heading, how many of its leads are unread; the Spam folder's word on spam, the inbox's on its mailbox. */
function ListHeading({ spam, unread }: { spam: boolean; unread: number }) {
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { sm: 'baseline' }, justifyContent: 'space-between', gap: 1, mb: 2 }}>
        <Typography id="list-heading" variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
          {spam ? admin.spam.heading : t.heading}
        </Typography>
        {!spam && unread > 0 && <Typography sx={{ fontWeight: 700 }}>{fill(t.unread, { count: formatCount(unread) })}</Typography>}
      </Stack>
      {spam && <Typography sx={{ mb: 2, maxWidth: '70ch' }}>{admin.spam.intro}</Typography>}
      {!spam && <MailboxLine />}
      {!spam && <VisitorMailLine />}
    </>
  );
}

export function LeadList({ spam }: { spam: boolean }) {
  const view = useLeadListQuery(spam);
  // A lead just deleted on its page says so here.
  const { notice, setNotice, attempt } = useNotice(useOneTimeNotice());
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const { selection, setSelection, clear, keepShown } = useSelection();
  // Another page, another view, or the same after a change of the agency's: nothing stays ticked unseen.
  const onPage = useCallback((page: LeadListAnswer, quietly: boolean) => (quietly ? keepShown(page.leads) : clear()), [keepShown, clear]);
  const { answer, loading, load } = useLiveLeads(view.pageQuery, attempt, onPage);
  const rows = useMemo(() => answer?.leads ?? [], [answer]);
  const ticked = useTicked(rows, selection);
  const { notSpam, runBulk, confirming, setConfirming } = useListActions({ ticked, attempt, setNotice, load });
  // What does not change with the server's answer is not drawn again at each one (the bar of bulk
  // actions, the export's buttons): the bar's handler reads the actions of the rows ticked when pressed.
  const exports = useMemo(() => <ExportButtons query={view.query} attempt={attempt} />, [view.query, attempt]);
  const onBulk = useStableHandler((action: BulkAction) => (action === 'delete' ? setConfirming(true) : void runBulk(action)));

  return (
    <Box component="section" aria-labelledby="list-heading">
      <ListHeading spam={spam} unread={answer?.unreadInView ?? 0} />
      <FilterBar
        spam={spam}
        small={small}
        form={view.form}
        status={view.status}
        people={view.people}
        search={view.search}
        setSearch={view.setSearch}
        setFilter={view.setFilter}
        activeFilters={view.activeFilters}
        byForm={answer?.byForm}
        forms={answer?.forms}
        language={view.language}
        languages={answer?.languages}
        exports={exports}
      />
      {!small && <Box sx={{ mb: 2 }}>{exports}</Box>}
      <Notice message={notice} />
      <BulkBar spam={spam} small={small} ticked={ticked.length} onAction={onBulk} />
      <LeadTable
        rows={rows}
        total={answer?.total ?? 0}
        loading={loading}
        spam={spam}
        small={small}
        selection={selection}
        setSelection={setSelection}
        pagination={view.pagination}
        setPagination={view.setPagination}
        sortModel={view.sortModel}
        setSort={view.setSort}
        onNotSpam={notSpam}
      />
      <DeleteDialog
        id="bulk-delete"
        open={confirming}
        title={fill(t.deleteTitle, { count: formatCount(ticked.length) })}
        question={t.deleteQuestion}
        cancel={t.cancel}
        confirm={t.deleteConfirm}
        onClose={() => setConfirming(false)}
        onConfirm={() => void runBulk('delete')}
      />
    </Box>
  );
}
