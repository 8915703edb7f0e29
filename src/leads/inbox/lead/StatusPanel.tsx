/** A lead's status, chosen from a list, and "Mark as spam" (or, in the Spam folder, "Not spam"). */
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import admin from '../../../../config/admin';
import { LEAD_STATUSES, type LeadDetail, type LeadStatus } from '../../model/adminApi';
import { Section } from '../../../platform/inbox/Section';

const t = admin.lead;

interface Props {
  lead: LeadDetail;
  setStatus: (status: LeadStatus) => void;
  /** Into the Spam folder, or out of it. */
  toggleSpam: () => void;
}

export function StatusPanel({ lead, setStatus, toggleSpam }: Props) {
  return (
    <Section id="status-heading" heading={t.status}>
      <TextField select fullWidth label={t.status} value={lead.status} onChange={(e) => setStatus(e.target.value as LeadStatus)}>
        {LEAD_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {admin.statuses[status]}
          </MenuItem>
        ))}
      </TextField>
      <Button variant="outlined" sx={{ mt: 2 }} onClick={toggleSpam}>
        {lead.spam ? t.notSpam : t.markSpam}
      </Button>
    </Section>
  );
}
