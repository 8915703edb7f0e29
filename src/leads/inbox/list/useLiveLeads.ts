/**
 * The page of the list the server answers for the view, asked again on any change of the leads
 * (live.tsx) quietly: no spinner, and the grid left as it is when nothing of the page changed.
 * Each answer also gives the tab's count of unread leads.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LeadList } from '../../model/adminApi';
import { call } from '../../../platform/inbox/api';
import { useSession } from '../../../platform/inbox/session';
import { useLiveRefresh, type LiveChange } from '../live';

type Attempt = (action: () => Promise<void>) => Promise<boolean>;
/** Every change but a mail's delivery (Sent, Retrying, Failed: the lead's page shows it, the list does not). */
const shownInTheList = (change: LiveChange) => change.all === true || change.kind !== 'delivery';

/** `onPage`: told of each page shown, and whether it came quietly (a change told by the live updates). */
export function useLiveLeads(pageQuery: Record<string, string>, attempt: Attempt, onPage: (page: LeadList, quietly: boolean) => void) {
  const { setUnread } = useSession();
  const [answer, setAnswer] = useState<LeadList>();
  const [loading, setLoading] = useState(true);
  const shown = useRef('');
  /** The page from the server; `quietly` (a change told by the live updates): no spinner. */
  const load = useCallback(
    async (quietly = false) => {
      if (!quietly) setLoading(true);
      await attempt(async () => {
        const got = await call('leads', { query: pageQuery });
        // Nothing of this page changed (another view's lead did): the grid is left as it is.
        if (quietly && JSON.stringify(got) === shown.current) return;
        shown.current = JSON.stringify(got);
        setAnswer(got);
        onPage(got, quietly);
        setUnread(got.unread);
      });
      if (!quietly) setLoading(false);
    },
    [pageQuery, setUnread, attempt, onPage],
  );

  useEffect(() => {
    void load();
  }, [load]);
  // A change of the leads (live.tsx): the page is asked for again, as it is now.
  useLiveRefresh(shownInTheList, () => load(true));

  return { answer, loading, load };
}
