/** What the list does to leads: one lead out of the Spam folder, and the ticked leads at once (deleting asked first). */
import { useCallback, useState } from 'react';
import admin from '../../../../config/admin';
import type { BulkAction, LeadSummary } from '../../model/adminApi';
import { call } from '../../../platform/inbox/api';
import { fill, formatCount } from '../../../platform/inbox/format';
import type { NoticeMessage } from '../../../platform/inbox/Notice';

const t = admin.list;

interface Options {
  ticked: LeadSummary[];
  attempt: (action: () => Promise<void>) => Promise<boolean>;
  setNotice: (notice: NoticeMessage) => void;
  /** The page asked for again, after an action. */
  load: () => Promise<void>;
}

export function useListActions({ ticked, attempt, setNotice, load }: Options) {
  const [confirming, setConfirming] = useState(false);

  const notSpam = useCallback(
    (docId: string) =>
      attempt(async () => {
        await call('notSpam', { params: { docId } });
        setNotice({ text: admin.spam.movedToInbox, severity: 'success' });
        await load();
      }),
    [load, attempt, setNotice],
  );

  const runBulk = useCallback(
    (action: BulkAction) =>
      attempt(async () => {
        setConfirming(false);
        const { leads } = await call('bulk', { json: { action, docIds: ticked.map((row) => row.docId) } });
        setNotice({ text: fill(t.bulkDone[action], { count: formatCount(leads) }), severity: 'success' });
        await load();
      }),
    [ticked, attempt, setNotice, load],
  );

  return { notSpam, runBulk, confirming, setConfirming };
}
