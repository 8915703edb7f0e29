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
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Link as RouterLink, useParams } from 'react-router-dom';
import admin from '../../../config/admin';
import { Notice, useNotice } from '../../platform/inbox/Notice';
import { Section } from '../../platform/inbox/Section';
import { ConversationPanel } from './Conversation';
import { DeleteDialog } from './DeleteDialog';
import { LeadSourceList } from './sources/LeadSourceList';
import { CvSection } from './lead/CvSection';
import { Deliveries } from './lead/Deliveries';
import { LeadFields } from './lead/LeadFields';
import { LeadHeader } from './lead/LeadHeader';
import { NotePanel } from './lead/NotePanel';
import { PersonSubmissions } from './lead/PersonSubmissions';
import { StagePanel } from './lead/StagePanel';
import { StatusPanel } from './lead/StatusPanel';
import { useLead } from './lead/useLead';
import { useLeadActions } from './lead/useLeadActions';

const t = admin.lead;

export function LeadPage() {
  const { docId = '' } = useParams();
  const { notice, setNotice, attempt: act } = useNotice();
  const { lead, note, setNote, show, recount, setLeaving } = useLead(docId, act);
  const actions = useLeadActions({ docId, lead, note, act, setNotice, show, recount, setLeaving });
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));

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

  return (
    <Box>
      <LeadHeader lead={lead} onMarkRead={() => void actions.markRead()} />
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
          <ConversationPanel lead={lead} onSent={show} onSendAgain={(id) => void actions.sendAgain(id)} />
        </Box>
        <Box sx={{ gridArea: 'status' }}>
          <StatusPanel
            lead={lead}
            setStatus={(status) => void actions.setStatus(status)}
            toggleSpam={() => void (lead.spam ? actions.notSpam() : actions.markSpam())}
          />
        </Box>

        <Box sx={{ gridArea: 'lead', minWidth: 0 }}>
          <LeadFields lead={lead} />
          <PersonSubmissions lead={lead} />
          <Section id="source-heading" heading={admin.sources.heading}>
            <LeadSourceList source={lead.source ?? null} />
          </Section>
          <CvSection docId={docId} cv={lead.cv} />
          <Deliveries deliveries={lead.deliveries} small={small} sendAgain={actions.sendAgain} />
        </Box>

        <Box sx={{ gridArea: 'answer', minWidth: 0 }}>
          {/* The reply composer goes here, as a section of its own, above the note. */}
          <StagePanel key={lead.docId} docId={lead.docId} />
          <NotePanel note={note} setNote={setNote} save={() => void actions.saveNote()} />
          <Section id="delete-heading" heading={t.deleteHeading}>
            <Button color="error" variant="outlined" onClick={() => actions.setConfirming(true)}>
              {t.deleteButton}
            </Button>
          </Section>
        </Box>
      </Box>

      <DeleteDialog
        id="delete"
        open={actions.confirming}
        title={t.deleteButton}
        question={t.deleteQuestion}
        cancel={t.cancel}
        confirm={t.deleteConfirm}
        onClose={() => actions.setConfirming(false)}
        onConfirm={() => void actions.remove()}
      />
    </Box>
  );
}
