/** The newsletter's confirmations and departures per week. */
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import admin from '../../../../config/admin';
import type { Insights } from '../../model/adminApi';
import { WideTable } from '../../../platform/inbox/WideTable';
import { formatCount } from '../../../platform/inbox/format';
import { Section } from '../../../platform/inbox/Section';
import { formatWeek } from './WeeksSection';

const t = admin.insights;

export function SubscribersSection({ weeks }: { weeks: Insights['subscribers'] }) {
  return (
    <Section id="subscribers-heading" heading={t.subscribersHeading}>
      <Typography sx={{ mb: 2, maxWidth: '70ch' }}>{t.subscribersIntro}</Typography>
      <WideTable>
        <Table size="small" aria-labelledby="subscribers-heading" data-testid="subscribers-table">
          <TableHead>
            <TableRow>
              <TableCell>{t.columns.week}</TableCell>
              <TableCell align="right">{t.subscribed}</TableCell>
              <TableCell align="right">{t.left}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {weeks.map((w) => (
              <TableRow key={w.week}>
                <TableCell component="th" scope="row">
                  {formatWeek(w.week)}
                </TableCell>
                <TableCell align="right">{formatCount(w.confirmed)}</TableCell>
                <TableCell align="right">{formatCount(w.left)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </WideTable>
    </Section>
  );
}
