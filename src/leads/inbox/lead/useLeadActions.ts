/** What the agency does on a lead's page: its status, its note, spam or not, read, a notification sent again, deleting it (asked first); each says it is done. */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import admin from '../../../../config/admin';
import type { LeadDetail, LeadStatus } from '../../model/adminApi';
import { call } from '../../../platform/inbox/api';
import type { NoticeMessage } from '../../../platform/inbox/Notice';
import { noticeState } from '../../../platform/inbox/oneTimeNotice';

const t = admin.lead;

interface Options {
  docId: string;
  lead: LeadDetail | null | undefined;
  /** The note as typed. */
  note: string;
  act: (action: () => Promise<void>) => Promise<boolean>;
  setNotice: (notice: NoticeMessage) => void;
  /** A lead as the server answered it, shown. */
  show: (detail: LeadDetail) => void;
  /** The tab's count of unread leads, asked again. */
  recount: () => Promise<boolean>;
  /** While the lead is being deleted, the live updates ask for it no more. */
  setLeaving: (leaving: boolean) => void;
}

export function useLeadActions({ docId, lead, note, act, setNotice, show, recount, setLeaving }: Options) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);

  const setStatus = (status: LeadStatus) =>
    act(async () => {
      show(await call('updateLead', { params: { docId }, json: { status } }));
      setNotice({ text: t.statusSaved, severity: 'success' });
      await recount();
    });
  const saveNote = () =>
    act(async () => {
      show(await call('updateLead', { params: { docId }, json: { note } }));
      setNotice({ text: t.noteSaved, severity: 'success' });
    });
  const notSpam = () =>
    act(async () => {
      show(await call('notSpam', { params: { docId } }));
      setNotice({ text: admin.spam.movedToInbox, severity: 'success' });
      await recount();
    });
  const markSpam = () =>
    act(async () => {
      show(await call('markSpam', { params: { docId } }));
      setNotice({ text: t.markedSpam, severity: 'success' });
      await recount();
    });
  const markRead = () =>
    act(async () => {
      show(await call('updateLead', { params: { docId }, json: { read: true } }));
      setNotice({ text: t.markedRead, severity: 'success' });
      await recount();
    });
  const sendAgain = (deliveryId: string) =>
    act(async () => {
      await call('resend', { params: { deliveryId } });
      show(await call('lead', { params: { docId } }));
      setNotice({ text: t.sentAgain, severity: 'success' });
    });
  const remove = () =>
    act(async () => {
      setConfirming(false);
      setLeaving(true);
      try {
        await call('deleteLead', { params: { docId } });
      } catch (error) {
        setLeaving(false);
        throw error;
      }
      navigate(lead?.spam ? '/spam' : '/', { state: noticeState(t.deleted) });
    });

  return { setStatus, saveNote, notSpam, markSpam, markRead, sendAgain, remove, confirming, setConfirming };
}
