/**
 * One lead: every field by its label (config/forms), a choice by the label the visitor read,
 * shown as text, never as markup; only http: and https: addresses become links. Its CV, its
 * notifications with "Send again", its status (opening an unread lead marks it read), how long its
 * person has waited for the agency, "Mark as spam" or "Not spam", and a private note; delete; the
 * conversation and the reply box (Conversation.tsx). It follows the changes of the person's leads
 * by itself (live.tsx): an answer shows as it arrives. On a phone everything stacks in one column,
 * the conversation first, then the status, and nothing wider than the screen (the notifications as
 * a list, not a table).
 */
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import admin from '../../../config/admin';
import { pickedOf, pickedText } from '../../site/forms/model/choices';
import { formNamed } from '../../site/forms/model/registry';
import { LEAD_STATUSES, type Delivery, type LeadDetail, type LeadStatus } from '../model/adminApi';
import { ScreenReaderText } from '../../site/ui/ScreenReaderText';
import { call, urlOf } from '../../platform/inbox/api';
import { spamNoticeOf } from './spamNotice';
import { attentionWords, contactAddress, deliveryStateLabel, fill, formatDate, formatSize, formLabel, visible, webAddress } from '../../platform/inbox/format';
import { useLiveRefresh, type LiveChange } from './live';
import { Notice, useNotice } from '../../platform/inbox/Notice';
import { ConversationPanel } from './Conversation';
import { Section } from '../../platform/inbox/Section';
import { WideTable } from '../../platform/inbox/WideTable';
import { LeadSourceList } from './sources/LeadSourceList';
import { StagePanel } from './lead/StagePanel';
import { useSession } from '../../platform/inbox/session';

const t = admin.lead;

/** The lead's fields in its form's order, by their labels; then id and Date; then any other key. */
function fieldsOf(lead: LeadDetail): { key: string; label: string; value: string }[] {
  const form = formNamed(lead.form);
  const known = (form?.fields ?? []).filter((field) => field.kind !== 'file').map((field) => ({ key: field.name, label: field.label, field }));
  const stamps = (['id', 'Date'] as const).map((key) => ({ key, label: t.stampLabels[key], field: undefined }));
  const names = new Set([...known, ...stamps].map((f) => f.key).concat((form?.fields ?? []).map((f) => f.name)));
  const others = Object.keys(lead.document)
    .filter((key) => !names.has(key))
    .map((key) => ({ key, label: key, field: undefined }));
  // A choice as the visitor read it, with the value stored when that differs.
  return [...known, ...stamps, ...others].map(({ key, label, field }) => ({ key, label, value: pickedText(pickedOf(field, lead.document[key])) }));
}

/**
 * A visitor's value: a link only for a web address (never for the CV field's text: `linked`
 * false); line breaks kept; everything as text, hidden characters shown by their code and the
 * value isolated, so nothing it holds reorders what is around it.
 */
function Value({ value: raw, linked = true, contact }: { value: string; linked?: boolean; contact?: string }) {
  if (raw.trim() === '') return <Typography component="span" color="text.secondary">{t.empty}</Typography>;
  const value = visible(raw);
  // An e-mail address or phone number (mailto:, tel:): opens the mail program or the phone.
  if (contact) {
    return (
      <Link href={contact} sx={{ overflowWrap: 'anywhere', unicodeBidi: 'isolate' }}>
        {value}
      </Link>
    );
  }
  const href = linked ? webAddress(raw) : undefined;
  if (href) {
    return (
      <Link href={href} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere', unicodeBidi: 'isolate' }}>
        {value}
        <ScreenReaderText>{` ${t.opensInNewTab}`}</ScreenReaderText>
      </Link>
    );
  }
  return (
    <Box component="span" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', unicodeBidi: 'isolate' }}>
      {value}
    </Box>
  );
}


/** A delivery's cells, in the order of config/admin.ts deliveryColumns. */
const deliveryCells = (delivery: Delivery): [keyof typeof t.deliveryColumns, string | number][] => [
  ['channel', t.channels[delivery.channel as keyof typeof t.channels] ?? delivery.channel],
  ['state', deliveryStateLabel(delivery)],
  ['attempts', delivery.attempts],
  ['lastError', delivery.lastError ?? ''],
  ['sentAt', delivery.sentAt ? formatDate(delivery.sentAt) : ''],
];

const SendAgain = ({ onClick }: { onClick: () => void }) => (
  <Button size="small" variant="outlined" onClick={onClick}>
    {t.sendAgain}
  </Button>
);

/** A phone: each notification as a short list of its facts (a table would be wider than the screen). */
function Deliveries({ deliveries, sendAgain }: { deliveries: Delivery[]; sendAgain: (id: string) => Promise<boolean> }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
      {deliveries.map((delivery) => (
        <Box component="li" key={delivery.id} sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 0.5 }}>
            {deliveryCells(delivery)
              .filter(([, value]) => value !== '')
              .map(([key, value]) => (
                <Box key={key} sx={{ display: 'contents' }}>
                  <Box component="dt" sx={{ fontWeight: 700 }}>
                    {t.deliveryColumns[key]}
                  </Box>
                  <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                    {value}
                  </Box>
                </Box>
              ))}
          </Box>
          <Box sx={{ mt: 1 }}>
            <SendAgain onClick={() => void sendAgain(delivery.id)} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** A jump link's click: the part comes into view and its first field takes the focus (the keyboard goes on from there). */
const jumpTo = (fieldId: string) => (event: React.MouseEvent<HTMLElement>) => {
  const field = document.getElementById(fieldId);
  if (!field) return;
  event.preventDefault();
  field.closest('section')?.scrollIntoView({ block: 'start' });
  field.focus({ preventScroll: true });
};

/** The person's submissions (the same e-mail address), newest first: form, when, status and note; the others link to theirs. */
function PersonSubmissions({ lead }: { lead: LeadDetail }) {
  return (
    <>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
        {lead.person.submissions.map((submission) => {
          const words = `${formLabel(submission.form)} · ${formatDate(submission.receivedAt)}`;
          return (
            <Box component="li" key={submission.docId} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, borderBottom: 1, borderColor: 'divider', pb: 1 }}>
              {submission.docId === lead.docId ? (
                <Typography component="span" sx={{ fontWeight: 700 }}>{`${words} (${t.thisOne})`}</Typography>
              ) : (
                <Link component={RouterLink} to={`/leads/${encodeURIComponent(submission.docId)}`}>
                  {words}
                </Link>
              )}
              <Chip size="small" variant="outlined" label={admin.statuses[submission.status]} />
              {submission.note && (
                <Typography component="span" variant="body2" color="text.secondary" sx={{ flexBasis: '100%', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {visible(submission.note)}
                </Typography>
              )}
            </Box>
          );
        })}
      </Box>
      {lead.person.more > 0 && <Typography sx={{ mt: 1 }}>{fill(t.personMore, { count: lead.person.more })}</Typography>}
    </>
  );
}

export function LeadPage() {
  const { docId = '' } = useParams();
  const navigate = useNavigate();
  const { setUnread } = useSession();
  const [lead, setLead] = useState<LeadDetail | null>();
  const [note, setNote] = useState('');
  const { notice, setNotice, attempt: act } = useNotice();
  const [confirming, setConfirming] = useState(false);
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));

  const show = useCallback((detail: LeadDetail) => {
    setLead(detail);
    setNote(detail.note);
  }, []);

  // A change of this person's leads, or a new lead (it may be theirs), told by the live updates
  // (live.tsx): the page is asked for again, quietly; a note being written stays as it is typed.
  const concerns = useCallback(
    (change: LiveChange) => change.all || change.kind === 'stored' || change.lead === docId || (lead?.person.submissions.some((submission) => submission.docId === change.lead) ?? false),
    [docId, lead],
  );
  useLiveRefresh(concerns, () =>
    act(
      async () => {
        const saved = lead?.note;
        const detail = await call<LeadDetail>('lead', { params: { docId } });
        setLead(detail);
        setNote((typed) => (typed === saved ? detail.note : typed));
      },
      (error) => {
        // Deleted meanwhile: its page says so.
        if ((error as { status?: number }).status !== 404) return false;
        setLead(null);
        return true;
      },
    ),
  );

  /** The new count for the tab's title, after a status changed. */
  const recount = useCallback(() => act(async () => setUnread((await call<{ unread: number }>('leads', { query: { status: 'new', spam: 'false' } })).unread)), [act, setUnread]);

  useEffect(() => {
    let current = true;
    void act(
      async () => {
        let detail = await call<LeadDetail>('lead', { params: { docId } });
        // Opening an unread lead marks it read (a New one becomes Read; an answered one stays Answered).
        if (detail.unread || detail.status === 'new') detail = await call<LeadDetail>('updateLead', { params: { docId }, json: { read: true } });
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

  if (lead === null) {
    return (
      <>
        <Alert severity="warning">{t.notFound}</Alert>
        <Button component={RouterLink} to="/" sx={{ mt: 2 }}>
          {t.back}
        </Button>
      </>
    );
  }
  if (lead === undefined) {
    return (
      <>
        <Typography role="status">{t.loading}</Typography>
        <Notice message={notice} />
      </>
    );
  }

  const setStatus = (status: LeadStatus) =>
    act(async () => {
      show(await call<LeadDetail>('updateLead', { params: { docId }, json: { status } }));
      setNotice({ text: t.statusSaved, severity: 'success' });
      await recount();
    });
  const saveNote = () =>
    act(async () => {
      show(await call<LeadDetail>('updateLead', { params: { docId }, json: { note } }));
      setNotice({ text: t.noteSaved, severity: 'success' });
    });
  const notSpam = () =>
    act(async () => {
      show(await call<LeadDetail>('notSpam', { params: { docId } }));
      setNotice({ text: admin.spam.movedToInbox, severity: 'success' });
      await recount();
    });
  const markSpam = () =>
    act(async () => {
      show(await call<LeadDetail>('markSpam', { params: { docId } }));
      setNotice({ text: t.markedSpam, severity: 'success' });
      await recount();
    });
  const markRead = () =>
    act(async () => {
      show(await call<LeadDetail>('updateLead', { params: { docId }, json: { read: true } }));
      setNotice({ text: t.markedRead, severity: 'success' });
      await recount();
    });
  const sendAgain = (deliveryId: string) =>
    act(async () => {
      await call('resend', { params: { deliveryId } });
      show(await call<LeadDetail>('lead', { params: { docId } }));
      setNotice({ text: t.sentAgain, severity: 'success' });
    });
  const remove = () =>
    act(async () => {
      setConfirming(false);
      await call('deleteLead', { params: { docId } });
      navigate(lead.spam ? '/spam' : '/', { state: { notice: t.deleted } });
    });

  const title = visible(lead.name || lead.email) || formLabel(lead.form);
  return (
    <Box>
      <Button component={RouterLink} to={lead.spam ? '/spam' : '/'} sx={{ mb: 2, ml: -1 }}>
        {`← ${t.back}`}
      </Button>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      <Typography color="text.secondary">{fill(t.received, { form: formLabel(lead.form), date: formatDate(lead.receivedAt) })}</Typography>
      <Typography sx={{ mb: 1, fontWeight: lead.waitingSince === null ? 400 : 700 }} color={lead.waitingSince === null ? 'text.secondary' : 'text.primary'} data-testid="lead-attention">
        {attentionWords(lead)}
      </Typography>
      {lead.unread && (
        <Alert severity="info" sx={{ mb: 2, alignItems: 'center' }} action={<Button color="inherit" size="small" variant="outlined" onClick={() => void markRead()}>{t.markRead}</Button>}>
          {t.unreadNotice}
        </Alert>
      )}
      {/* One tap from the top to the reply and to the note (on a phone they are screens down). */}
      <Box component="nav" aria-label={t.jumpLabel} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Button size="small" variant="outlined" href="#reply-heading" onClick={jumpTo('reply-subject')}>
          {admin.replies.heading}
        </Button>
        <Button size="small" variant="outlined" href="#note-heading" onClick={jumpTo('lead-note')}>
          {t.note}
        </Button>
      </Box>

      {lead.spam && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {spamNoticeOf(lead)}
        </Alert>
      )}
      <Notice message={notice} />

      {/*
        Wide screens: what they sent on the left; status, reply, note and delete on the right.
        A phone: one column, the status first. Each part is a section of its own (room for more).
      */}
      <Box
        sx={{
          display: 'grid',
          columnGap: 3,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
          // The conversation ("talk"): at the top on a phone, under what they sent on a wide screen.
          gridTemplateAreas: { xs: '"talk" "status" "lead" "answer"', lg: '"lead status" "lead answer" "talk answer"' },
          gridTemplateRows: { lg: 'auto auto 1fr' },
        }}
      >
        <Box sx={{ gridArea: 'talk', minWidth: 0 }}>
          <ConversationPanel lead={lead} onSent={show} onSendAgain={(id) => void sendAgain(id)} />
        </Box>
        <Box sx={{ gridArea: 'status' }}>
          <Section id="status-heading" heading={t.status}>
            <TextField select fullWidth label={t.status} value={lead.status} onChange={(e) => void setStatus(e.target.value as LeadStatus)}>
              {LEAD_STATUSES.map((status) => (
                <MenuItem key={status} value={status}>
                  {admin.statuses[status]}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="outlined" sx={{ mt: 2 }} onClick={() => void (lead.spam ? notSpam() : markSpam())}>
              {lead.spam ? t.notSpam : t.markSpam}
            </Button>
          </Section>
        </Box>

        <Box sx={{ gridArea: 'lead', minWidth: 0 }}>
          <Section id="fields-heading" heading={t.fieldsHeading}>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(10rem, max-content) minmax(0, 1fr)' }, columnGap: 3, rowGap: { xs: 0.5, sm: 1.5 } }}>
              {fieldsOf(lead).map((field) => (
                <Box key={field.key} sx={{ display: 'contents' }}>
                  <Box component="dt" sx={{ fontWeight: 700, mt: { xs: 1.5, sm: 0 } }}>
                    {field.label}
                  </Box>
                  <Box component="dd" sx={{ m: 0 }}>
                    <Value value={field.value} contact={contactAddress(formNamed(lead.form)?.fields.find((f) => f.name === field.key)?.kind, field.value)} />
                  </Box>
                </Box>
              ))}
            </Box>
          </Section>

          <Section id="person-heading" heading={t.personHeading}>
            <PersonSubmissions lead={lead} />
          </Section>

          <Section id="source-heading" heading={admin.sources.heading}>
            <LeadSourceList source={lead.source ?? null} />
          </Section>

          <Section id="cv-heading" heading={t.cvHeading}>
            {lead.cv.state === 'kept' ? (
              <Button variant="contained" href={urlOf('cv', { params: { docId } })} download>
                {fill(t.downloadCv, { size: formatSize(lead.cv.bytes) })}
              </Button>
            ) : lead.cv.state === 'text' ? (
              <>
                <Typography>{t.cvText}</Typography>
                <Typography component="p">
                  <Value value={lead.cv.text} linked={false} />
                </Typography>
              </>
            ) : (
              <Typography>{lead.cv.state === 'deleted' ? t.cvDeleted : t.noCv}</Typography>
            )}
          </Section>

          <Section id="deliveries-heading" heading={t.deliveriesHeading}>
            {lead.deliveries.length === 0 ? (
              <Typography>{t.noDeliveries}</Typography>
            ) : small ? (
              <Deliveries deliveries={lead.deliveries} sendAgain={sendAgain} />
            ) : (
              <WideTable>
                <Table size="small" aria-labelledby="deliveries-heading">
                  <TableHead>
                    <TableRow>
                      {Object.values(t.deliveryColumns).map((heading) => (
                        <TableCell key={heading}>{heading}</TableCell>
                      ))}
                      <TableCell>
                        <ScreenReaderText>{t.sendAgain}</ScreenReaderText>
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {lead.deliveries.map((delivery) => (
                      <TableRow key={delivery.id}>
                        {deliveryCells(delivery).map(([key, value]) => (
                          <TableCell key={key} sx={key === 'lastError' ? { overflowWrap: 'anywhere', minWidth: 160 } : undefined}>
                            {value}
                          </TableCell>
                        ))}
                        <TableCell>
                          <SendAgain onClick={() => void sendAgain(delivery.id)} />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </WideTable>
            )}
          </Section>
        </Box>

        <Box sx={{ gridArea: 'answer', minWidth: 0 }}>
          {/* The reply composer goes here, as a section of its own, above the note. */}
          <StagePanel key={lead.docId} docId={lead.docId} />
          <Section id="note-heading" heading={t.note}>
            <Box component="form" sx={{ display: 'grid', gap: 1 }} onSubmit={(e) => (e.preventDefault(), void saveNote())}>
              <TextField id="lead-note" label={t.note} helperText={t.noteHint} multiline minRows={4} value={note} onChange={(e) => setNote(e.target.value)} />
              <Button type="submit" variant="outlined" sx={{ justifySelf: 'start' }}>
                {t.saveNote}
              </Button>
            </Box>
          </Section>
          <Section id="delete-heading" heading={t.deleteHeading}>
            <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
              {t.deleteButton}
            </Button>
          </Section>
        </Box>
      </Box>

      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="delete-title" aria-describedby="delete-question">
        <DialogTitle id="delete-title">{t.deleteButton}</DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-question">{t.deleteQuestion}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t.cancel}</Button>
          <Button color="error" variant="contained" onClick={() => void remove()}>
            {t.deleteConfirm}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
