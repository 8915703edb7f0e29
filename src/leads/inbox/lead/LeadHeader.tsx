/**
 * The top of a lead's page: back to its folder, its name, its form and date, the language it was
 * sent in (on a site in more than one), how long its person has waited; while unread, "Mark
 * read"; one tap to the reply and to the note (on a phone they are screens down); a spam lead says
 * why it is spam.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import admin from '../../../../config/admin';
import type { LeadDetail, LeadLanguage } from '../../model/adminApi';
import { attentionWords, fill, formatDate, visible } from '../../../platform/inbox/format';
import { useNow } from '../../../platform/inbox/clock';
import { spamNoticeOf } from '../spamNotice';

const t = admin.lead;

/** A jump link's click: the part comes into view and its first field takes the focus (the keyboard goes on from there). */
const jumpTo = (fieldId: string) => (event: MouseEvent<HTMLElement>) => {
  const field = document.getElementById(fieldId);
  if (!field) return;
  event.preventDefault();
  field.closest('section')?.scrollIntoView({ block: 'start' });
  field.focus({ preventScroll: true });
};

/** The language the lead was sent in (only on a site in more than one), its name marked as that language's words. */
function SentIn({ language }: { language: LeadLanguage }) {
  const [before = '', after = ''] = admin.languages.sentIn.split('{language}');
  return (
    <Typography color="text.secondary" data-testid="lead-language">
      {before}
      <span lang={language.code}>{language.name}</span>
      {after}
    </Typography>
  );
}

export function LeadHeader({ lead, onMarkRead }: { lead: LeadDetail; onMarkRead: () => void }) {
  const title = visible(lead.name || lead.email) || lead.formTitle;
  // The wait runs on an open tab (clock.ts).
  const now = useNow();
  return (
    <>
      <Button component={RouterLink} to={lead.spam ? '/spam' : '/'} sx={{ mb: 2, ml: -1 }}>
        {`← ${t.back}`}
      </Button>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      <Typography color="text.secondary">{fill(t.received, { form: lead.formTitle, date: formatDate(lead.receivedAt) })}</Typography>
      {lead.language && <SentIn language={lead.language} />}
      <Typography
        sx={{ mb: 1, fontWeight: lead.waitingSince === null ? 400 : 700 }}
        color={lead.waitingSince === null ? 'text.secondary' : 'text.primary'}
        data-testid="lead-attention"
      >
        {attentionWords(lead, now)}
      </Typography>
      {lead.unread && (
        <Alert
          severity="info"
          sx={{ mb: 2, alignItems: 'center' }}
          action={
            <Button color="inherit" size="small" variant="outlined" onClick={onMarkRead}>
              {t.markRead}
            </Button>
          }
        >
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
    </>
  );
}
