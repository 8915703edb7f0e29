/**
 * A lead's conversation, readable: every e-mail with the person, both ways, each with its text
 * (the site's auto-reply and replies, the person's answers, the agency's replies from a mail
 * program, sent on through the site or not, with why), as text, never markup. A mail's quote and
 * signature are folded under its words ("Show quoted text"); attachments are listed (those kept
 * are downloaded through the inbox); a mail kept by its headers, one only claiming to be the
 * agency's, and an automatic one (an out-of-office, a delivery report), say so, and what it changed
 * (nothing, or the site's mail it returned marked as not delivered). Beside it, the Reply composer.
 *
 * On a wide screen the oldest mail comes first and the reply box follows the newest; on a phone
 * the reply box comes first and the mails newest first, so what came last and the answer to it
 * are at the top.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId, useState } from 'react';
import admin from '../../../config/admin';
import type { ConversationMail, LeadDetail, ReceivedMail, UnsentReply, VisitorMail } from '../model/adminApi';
import { urlOf } from '../../platform/inbox/api';
import { deliveryStateLabel, fill, formatDate, formatSize, visible } from '../../platform/inbox/format';
import { ReplyComposer } from './Replies';
import { Section } from '../../platform/inbox/Section';

const t = admin.replies;

/** Who sent an e-mail read from the mailbox: "Name <address>", or the address. */
const sender = (mail: ReceivedMail) => visible(mail.fromName ? `${mail.fromName} <${mail.fromAddress}>` : mail.fromAddress);

/** Text as the visitor or the agency wrote it: line breaks kept, hidden characters shown by their code, isolated. */
function MailText({ text, muted = false }: { text: string; muted?: boolean }) {
  return (
    <Box
      component="p"
      sx={{ m: 0, mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', unicodeBidi: 'isolate', ...(muted ? { color: 'text.secondary' } : {}) }}
    >
      {visible(text)}
    </Box>
  );
}

/** The quote and signature of a mail, folded: a button shows them. */
function Quoted({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (text.trim() === '') return null;
  return (
    <>
      <Button size="small" sx={{ mt: 0.5, ml: -0.5 }} aria-expanded={open} aria-controls={id} onClick={() => setOpen((now) => !now)}>
        {open ? t.hideQuoted : t.showQuoted}
      </Button>
      <Box id={id} hidden={!open} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
        {open && <MailText text={text} muted />}
      </Box>
    </>
  );
}

function Attachments({ mail }: { mail: ReceivedMail }) {
  if (mail.attachments.length === 0) return null;
  return (
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
  );
}

function Unsent({ mail }: { mail: UnsentReply }) {
  return (
    <>
      <Typography color="text.secondary">{fill(t.notSentLine, { at: formatDate(mail.createdAt), from: visible(mail.fromAddress) })}</Typography>
      <Typography sx={{ mt: 0.5, fontWeight: 700 }}>{fill(t.notSentWhy, { reason: mail.reason })}</Typography>
      {mail.text !== '' && <MailText text={mail.text} />}
      <Quoted text={mail.quoted} />
    </>
  );
}

/** A mail's state in words: sent back by their mail server, else its delivery's. */
const stateOf = (mail: VisitorMail) => (mail.returnedAt !== null ? t.returnedState : deliveryStateLabel(mail));

/** One e-mail: its subject, who and when (and the delivery's state), its words, its folded quote, its attachments. */
function Mail({ mail, onSendAgain }: { mail: ConversationMail; onSendAgain: (deliveryId: string) => void }) {
  const theirs = mail.kind === 'answer';
  // An automatic mail is kept apart from the person's answers: not marked as theirs.
  const automatic = 'automatic' in mail ? mail.automatic : null;
  return (
    <Box
      component="li"
      sx={{
        overflowWrap: 'anywhere',
        borderBottom: 1,
        borderColor: 'divider',
        pb: 1.5,
        ...(theirs && !automatic ? { borderLeft: 4, borderLeftColor: 'primary.main', pl: 1.5 } : {}),
        ...(mail.kind === 'notSent' ? { borderLeft: 4, borderLeftColor: 'warning.main', pl: 1.5 } : {}),
      }}
    >
      <Typography sx={{ fontWeight: 700 }}>{visible(mail.subject)}</Typography>
      {mail.kind === 'notSent' ? (
        <Unsent mail={mail} />
      ) : 'state' in mail ? (
        <>
          <Typography color="text.secondary">
            {mail.kind === 'reply' && mail.via === 'mail'
              ? fill(t.mailReplyLine, { at: formatDate(mail.createdAt), by: visible(mail.author ?? ''), state: stateOf(mail) })
              : fill(t.historyLine, {
                  at: formatDate(mail.createdAt),
                  by: mail.kind === 'autoReply' ? t.autoReply : visible(mail.author ?? ''),
                  state: stateOf(mail),
                })}
          </Typography>
          {mail.returnedAt !== null && (
            <Alert severity="error" sx={{ mt: 1 }} data-testid="mail-returned">
              {fill(t.returned, { at: formatDate(mail.returnedAt) })}
            </Alert>
          )}
          {mail.heldUntil !== null && (
            <Typography variant="body2" color="warning.dark" data-testid="mail-held">
              {fill(t.mailHeld, { at: formatDate(mail.heldUntil) })}
            </Typography>
          )}
          {mail.lastError && (
            <Typography variant="body2" color="text.secondary">
              {mail.lastError}
            </Typography>
          )}
          <MailText text={mail.text} />
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
              ? fill(mail.returned > 0 ? t.automaticReturnedLine : t.automaticLine, {
                  at: formatDate(mail.createdAt),
                  from: sender(mail),
                  what: t.automaticKinds[mail.automatic],
                })
              : fill(theirs ? t.answerLine : t.mailProgramLine, { at: formatDate(mail.createdAt), from: sender(mail) })}
          </Typography>
          {mail.suspicious && (
            <Alert severity="warning" sx={{ mt: 1 }}>
              {t.mailSuspicious}
            </Alert>
          )}
          {mail.tooLarge || mail.unreadable ? (
            <Typography sx={{ mt: 1 }}>{mail.tooLarge ? t.mailTooLarge : t.mailUnreadable}</Typography>
          ) : (
            mail.text !== '' && <MailText text={mail.text} />
          )}
          <Quoted text={mail.quoted} />
          <Attachments mail={mail} />
        </>
      )}
    </Box>
  );
}

/** The mails, oldest first (newest first with `newestFirst`). */
export function Conversation({
  mails,
  onSendAgain,
  newestFirst = false,
}: {
  mails: readonly ConversationMail[];
  onSendAgain: (deliveryId: string) => void;
  newestFirst?: boolean;
}) {
  if (mails.length === 0) return <Typography>{t.noHistory}</Typography>;
  const ordered = newestFirst ? [...mails].reverse() : mails;
  return (
    <>
      {newestFirst && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t.newestFirst}
        </Typography>
      )}
      <Box component="ol" aria-labelledby="mails-heading" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
        {ordered.map((mail) => (
          <Mail key={mail.id} mail={mail} onSendAgain={onSendAgain} />
        ))}
      </Box>
    </>
  );
}

/** The Reply composer and the mails, in the order of the screen's width (see the top of this file). */
export function ConversationPanel({
  lead,
  onSent,
  onSendAgain,
}: {
  lead: LeadDetail;
  onSent: (detail: LeadDetail) => void;
  onSendAgain: (deliveryId: string) => void;
}) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('lg'));
  const reply = (
    <Section id="reply-heading" heading={t.heading}>
      <ReplyComposer key={lead.docId} lead={lead} onSent={onSent} />
    </Section>
  );
  const mails = (
    <Section id="mails-heading" heading={t.historyHeading}>
      <Conversation mails={lead.mails} onSendAgain={onSendAgain} newestFirst={phone} />
    </Section>
  );
  return phone ? (
    <>
      {reply}
      {mails}
    </>
  ) : (
    <>
      {mails}
      {reply}
    </>
  );
}
