/** The person's submissions (the same e-mail address), newest first: form, when, status and note; the others link to theirs. */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import admin from '../../../../config/admin';
import type { LeadDetail } from '../../model/adminApi';
import { fill, formatDate, visible } from '../../../platform/inbox/format';
import { Section } from '../../../platform/inbox/Section';

const t = admin.lead;

export function PersonSubmissions({ lead }: { lead: LeadDetail }) {
  return (
    <Section id="person-heading" heading={t.personHeading}>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
        {lead.person.submissions.map((submission) => {
          const words = `${submission.formTitle} · ${formatDate(submission.receivedAt)}`;
          return (
            <Box
              component="li"
              key={submission.docId}
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, borderBottom: 1, borderColor: 'divider', pb: 1 }}
            >
              {submission.docId === lead.docId ? (
                <Typography component="span" sx={{ fontWeight: 700 }}>{`${words} (${t.thisOne})`}</Typography>
              ) : (
                <Link component={RouterLink} to={`/leads/${encodeURIComponent(submission.docId)}`}>
                  {words}
                </Link>
              )}
              <Chip size="small" variant="outlined" label={admin.statuses[submission.status]} />
              {submission.note && (
                <Typography
                  component="span"
                  variant="body2"
                  color="text.secondary"
                  sx={{ flexBasis: '100%', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                >
                  {visible(submission.note)}
                </Typography>
              )}
            </Box>
          );
        })}
      </Box>
      {lead.person.more > 0 && <Typography sx={{ mt: 1 }}>{fill(t.personMore, { count: lead.person.more })}</Typography>}
    </Section>
  );
}
