/**
 * A lead as its page shows it, and its note as typed. Opening an unread lead marks it read (a New
 * one becomes Read; an answered one stays Answered), and the tab's count of unread leads follows.
 * A change of this person's leads, or a new lead (it may be theirs), told by the live updates
 * (live.tsx): the lead is asked for again, quietly; a note being written stays as it is typed. A
 * lead that is gone (or deleted meanwhile) is `null`; one still loading `undefined`.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LeadDetail } from '../../model/adminApi';
import { call } from '../../../platform/inbox/api';
import { useSession } from '../../../platform/inbox/session';
import { useLiveRefresh, type LiveChange } from '../live';

type Act = (action: () => Promise<void>, onError?: (error: unknown) => boolean) => Promise<boolean>;

export function useLead(docId: string, act: Act) {
  const { setUnread } = useSession();
  const [lead, setLead] = useState<LeadDetail | null>();
  const [note, setNote] = useState('');

  /** A lead as the server answered it: shown, its note too. */
  const show = useCallback((detail: LeadDetail) => {
    setLead(detail);
    setNote(detail.note);
  }, []);

  // Being deleted from this page: the delete's own live update asks for nothing (the answer would be a 404).
  const leaving = useRef(false);
  const concerns = useCallback(
    (change: LiveChange) =>
      !leaving.current &&
      (change.all ||
        change.kind === 'stored' ||
        change.lead === docId ||
        (lead?.person.submissions.some((submission) => submission.docId === change.lead) ?? false)),
    [docId, lead],
  );
  /** The page is leaving (`true`: its lead is being deleted) or stays after all (`false`: the delete failed). */
  const setLeaving = useCallback((value: boolean) => {
    leaving.current = value;
  }, []);
  // A change told before the delete was pressed asks a moment later (live.tsx): by then the page may be leaving.
  useLiveRefresh(concerns, async () => {
    if (leaving.current) return;
    await act(
      async () => {
        const saved = lead?.note;
        const detail = await call('lead', { params: { docId } });
        setLead(detail);
        setNote((typed) => (typed === saved ? detail.note : typed));
      },
      (error) => {
        // Deleted meanwhile: its page says so.
        if ((error as { status?: number }).status !== 404) return false;
        setLead(null);
        return true;
      },
    );
  });

  /** The new count for the tab's title, after a status changed. */
  const recount = useCallback(() => act(async () => setUnread((await call('leads', { query: { status: 'new', spam: 'false' } })).unread)), [act, setUnread]);

  useEffect(() => {
    let current = true;
    void act(
      async () => {
        let detail = await call('lead', { params: { docId } });
        // Opening an unread lead marks it read (a New one becomes Read; an answered one stays Answered).
        if (detail.unread || detail.status === 'new') detail = await call('updateLead', { params: { docId }, json: { read: true } });
        if (!current) return;
        show(detail);
        await recount();
      },
      (error) => {
        // Left already, nothing to show; a lead that is gone says so on its page.
        if (!current) return true;
        if ((error as { status?: number }).status !== 404) return false;
        setLead(null);
        return true;
      },
    );
    return () => {
      current = false;
    };
  }, [docId, show, recount, act]);

  return { lead, note, setNote, show, recount, setLeaving };
}
