/**
 * Answering a lead from its page: the Reply composer (a template of config/admin.ts `replies`,
 * filled with the lead's fields, which the owner edits and sends) and the e-mails sent to the
 * visitor so far (the auto-reply, the replies) with who sent them, when, and their delivery
 * state. The draft is checked by the same code as on our server (src/shared/replyDraft.ts).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import admin from '../../config/admin';
import { formNamed, senderFields } from '../forms/model/registry';
import type { ConversationMail, LeadDetail, ReceivedMail } from '../shared/adminApi';
import Link from '@mui/material/Link';
import { replyProblem, type ReplyDraft } from '../shared/replyDraft';
import { templatesFor, threadSubject } from './replyTemplates';
import { call, urlOf } from './api';
import { deliveryStateLabel, fill, formatDate, formatSize, visible } from './format';
import { Notice, useNotice } from './Notice';

const t = admin.replies;
/** The visitor's address (the form's first e-mail field), or empty. */
function addressOf(lead: LeadDetail): string {
  const field = senderFields(formNamed(lead.form)).emails[0];
  return field ? String(lead.document[field.name] ?? '').trim() : '';
}

export function ReplyComposer({ lead, onSent }: { lead: LeadDetail; onSent: (detail: LeadDetail) => void }) {
  const templates = templatesFor(lead);
  const [choice, setChoice] = useState(templates.length > 0 ? '0' : '');
  const [draft, setDraft] = useState<ReplyDraft>(templates[0] ?? { subject: threadSubject(lead) ?? '', text: '' });
  const [problem, setProblem] = useState<ReturnType<typeof replyProblem>>();
  const [sending, setSending] = useState(false);
  const { notice, setNotice, attempt } = useNotice();
  const inputs = { subject: useRef<HTMLInputElement>(null), text: useRef<HTMLTextAreaElement>(null) };
  const address = addressOf(lead);
  if (address === '') return <Typography>{t.noAddress}</Typography>;

  const pick = (value: string) => {
    setChoice(value);
    setDraft(value === '' ? { subject: threadSubject(lead) ?? '', text: '' } : templates[Number(value)]!);
    setProblem(undefined);
  };
  const edit = (key: keyof ReplyDraft) => (value: string) => {
    setDraft((current) => ({ ...current, [key]: value }));
    if (problem?.field === key) setProblem(undefined);
  };
  const send = async () => {
    const found = replyProblem(draft);
    setProblem(found);
    if (found) {
      inputs[found.field].current?.focus();
      return;
    }
    setSending(true);
    const done = await attempt(async () => onSent(await call<LeadDetail>('reply', { params: { docId: lead.docId }, json: draft })));
    setSending(false);
    if (!done) return;
    pick('');
    setNotice({ text: t.sent, severity: 'success' });
  };
  const errorOf = (key: keyof ReplyDraft) => (problem?.field === key ? { error: true, helperText: problem.message } : {});

  return (
    <Box component="form" noValidate sx={{ display: 'grid', gap: 2 }} onSubmit={(e) => (e.preventDefault(), void send())}>
      <Typography sx={{ overflowWrap: 'anywhere' }}>{fill(t.to, { address: visible(address) })}</Typography>
      {templates.length > 0 && (
        <TextField select label={t.template} value={choice} onChange={(e) => pick(e.target.value)}>
          <MenuItem value="">{t.blank}</MenuItem>
          {templates.map((template, i) => (
            <MenuItem key={template.name} value={String(i)}>
              {template.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField id="reply-subject" inputRef={inputs.subject} label={t.subject} value={draft.subject} onChange={(e) => edit('subject')(e.target.value)} slotProps={{ htmlInput: { maxLength: t.subjectMaxLength } }} {...errorOf('subject')} />
      <TextField id="reply-text" inputRef={inputs.text} label={t.text} multiline minRows={8} value={draft.text} onChange={(e) => edit('text')(e.target.value)} slotProps={{ htmlInput: { maxLength: t.textMaxLength } }} {...errorOf('text')} />
      <Button type="submit" variant="contained" disabled={sending} sx={{ justifySelf: 'start' }}>
        {sending ? t.sending : t.send}
      </Button>
      <Notice message={notice} />
    </Box>
  );
}

/** Who sent an e-mail read from the mailbox: "Name <address>", or the address. */
const sender = (mail: ReceivedMail) => visible(mail.fromName ? `${mail.fromName} <${mail.fromAddress}>` : mail.fromAddress);

/**
 * Every e-mail with the person, both ways, oldest first: the site's (each subject, when, by whom,
 * its delivery state; a failed one can be sent again), their answers and the agency's replies
 * from a mail program (read from the mailbox: their text as text, never markup; attachments kept
 * as CVs are, downloaded through the inbox; one kept by its headers, one only claiming to be
 * the agency's, and an automatic one (an out-of-office, a delivery report: it changed nothing), say so).
 */
export function Conversation({ mails, onSendAgain }: { mails: readonly ConversationMail[]; onSendAgain: (deliveryId: string) => void }) {
  if (mails.length === 0) return <Typography>{t.noHistory}</Typography>;
  return (
    <Box component="ol" aria-labelledby="mails-heading" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
      {mails.map((mail) => (
        <Box
          component="li"
          key={mail.id}
          sx={{ overflowWrap: 'anywhere', borderBottom: 1, borderColor: 'divider', pb: 1.5, ...(mail.kind === 'answer' && !mail.automatic ? { borderLeft: 4, borderLeftColor: 'primary.main', pl: 1.5 } : {}) }}
        >
          <Typography sx={{ fontWeight: 700 }}>{visible(mail.subject)}</Typography>
          {'state' in mail ? (
            <>
              <Typography color="text.secondary">
                {fill(t.historyLine, { at: formatDate(mail.createdAt), by: mail.kind === 'autoReply' ? t.autoReply : (mail.author ?? ''), state: deliveryStateLabel(mail) })}
              </Typography>
              {mail.lastError && (
                <Typography variant="body2" color="text.secondary">
                  {mail.lastError}
                </Typography>
              )}
              {mail.state === 'failed' && (
                <Button size="small" variant="outlined" sx={{ mt: 1 }} onClick={() => onSendAgain(mail.id)}>
                  {admin.lead.sendAgain}
                </Button>
              )}
            </>
          ) : (
            <>
              <Typography color="text.secondary">
                {mail.automatic
                  ? fill(t.automaticLine, { at: formatDate(mail.createdAt), from: sender(mail), what: t.automaticKinds[mail.automatic] })
                  : fill(mail.kind === 'answer' ? t.answerLine : t.mailProgramLine, { at: formatDate(mail.createdAt), from: sender(mail) })}
              </Typography>
              {mail.suspicious && (
                <Alert severity="warning" sx={{ mt: 1 }}>
                  {t.mailSuspicious}
                </Alert>
              )}
              {mail.tooLarge || mail.unreadable ? (
                <Typography sx={{ mt: 1 }}>{mail.tooLarge ? t.mailTooLarge : t.mailUnreadable}</Typography>
              ) : (
                <Box component="p" sx={{ m: 0, mt: 1, whiteSpace: 'pre-wrap', unicodeBidi: 'isolate' }}>
                  {visible(mail.text)}
                </Box>
              )}
              {mail.attachments.length > 0 && (
                <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
                  {mail.attachments.map((attachment, n) => (
                    <li key={n}>
                      {attachment.kept ? (
                        <Link href={urlOf('attachment', { params: { messageId: mail.id, n: String(n) } })} download>
                          {fill(t.attachment, { name: visible(attachment.name), size: formatSize(attachment.size) })}
                        </Link>
                      ) : (
                        fill(t.attachmentSkipped, { name: visible(attachment.name) })
                      )}
                    </li>
                  ))}
                </Box>
              )}
            </>
          )}
        </Box>
      ))}
    </Box>
  );
}
