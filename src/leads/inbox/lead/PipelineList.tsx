/**
 * A lead's course in the inbox's list: its stage, value, follow-up date and assignee as columns
 * on a wide screen and as one short line under the lead on a phone (a follow-up due today or
 * before stands out), and the list's filters by stage and by assignee ("mine": assigned=me),
 * kept in the list's address (views.ts pipelineQuery) as the other filters are. Words:
 * config/admin.ts `pipeline`.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useSearchParams } from 'react-router-dom';
import admin from '../../../../config/admin';
import type { LeadSummary } from '../../model/adminApi';
import { FIRST_STAGE, formatMoney, isEndStage, LOST_STAGE, stageName, STAGES, WON_STAGE } from '../../model/pipeline';
import { dayOf, formatDay } from '../../../platform/received';
import { fill, visible } from '../../../platform/inbox/format';
import { useSession } from '../../../platform/inbox/session';
import { ALL_STATUSES, pipelineQuery } from '../views';
import { showEmpty } from '../../../platform/inbox/showEmpty';

const t = admin.pipeline;

/** Whether a follow-up is due: today or before, on the agency's calendar. */
const due = (followUp: string | null) => followUp !== null && followUp <= dayOf(Date.now());

function StageChip({ stage }: { stage: string }) {
  const ends = stage === WON_STAGE ? 'success' : stage === LOST_STAGE ? 'default' : 'primary';
  return <Chip size="small" variant="outlined" color={ends} label={stageName(stage)} />;
}

/** A follow-up day; bold when it is due (the words say so too, not the weight alone). */
function FollowUp({ day }: { day: string }) {
  const isDue = due(day);
  return (
    <Box component="span" sx={{ fontWeight: isDue ? 700 : 400, color: isDue ? 'text.primary' : undefined }}>
      {fill(isDue ? t.due : t.followUpOn, { date: formatDay(day) })}
    </Box>
  );
}

/**
 * A lead's course in the list: its stage (none shown at the first, where every lead starts: its
 * name would only repeat the status's "new"), then what it has of its value, follow-up and
 * assignee (the account signed in's own as "yours"). `stacked`: the stage above the rest (a column of the
 * wide list); else all in one line that wraps (under the lead, on a phone).
 */
export function PipelineLine({ row, stacked = false }: { row: LeadSummary; stacked?: boolean }) {
  const { state } = useSession();
  const me = state.kind === 'signedIn' ? state.email : '';
  const parts = [
    ...(row.value !== null ? [<span key="value">{formatMoney(row.value)}</span>] : []),
    ...(row.followUp !== null ? [<FollowUp key="followUp" day={row.followUp} />] : []),
    ...(row.assignee !== null ? [<span key="assignee">{row.assignee === me ? t.yours : visible(row.assignee)}</span>] : []),
  ];
  const details = parts.length > 0 && (
    <Typography component="span" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {parts.flatMap((part, i) => (i === 0 ? [part] : [' · ', part]))}
    </Typography>
  );
  if (row.stage === FIRST_STAGE && parts.length === 0) return null;
  return (
    <Box
      component="span"
      sx={{
        display: 'flex',
        flexDirection: stacked ? 'column' : 'row',
        flexWrap: 'wrap',
        alignItems: stacked ? 'flex-start' : 'center',
        gap: stacked ? 0.5 : 1,
        py: stacked ? 1 : 0,
        minWidth: 0,
        whiteSpace: 'normal',
        lineHeight: 1.4,
      }}
    >
      {row.stage !== FIRST_STAGE && <StageChip stage={row.stage} />}
      {details}
    </Box>
  );
}

/** The list's column of a lead's course (a wide screen): its stage, the rest under it. */
export const pipelineColumn: GridColDef<LeadSummary> = {
  field: 'stage',
  headerName: t.column,
  flex: 1.2,
  minWidth: 200,
  sortable: false,
  valueGetter: (value: string) => stageName(value),
  renderCell: ({ row }) => <PipelineLine row={row} stacked />,
};

/** The list's filters by stage and by assignee, in its address. */
export function PipelineFilters() {
  const [params, setParams] = useSearchParams();
  const { stage = '', assigned = '' } = pipelineQuery(params);
  const choose = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        // Won and lost leads are archived (src/leads/server/pipeline.ts): the won or the lost stage, chosen in the view of what needs the agency, shows every status.
        if (name === 'stage' && isEndStage(value) && !next.has('status')) next.set('status', ALL_STATUSES);
        return next;
      },
      { replace: true },
    );
  return (
    <>
      <TextField select label={t.filterStage} value={stage} onChange={(e) => choose('stage', e.target.value)} slotProps={showEmpty}>
        <MenuItem value="">{t.allStages}</MenuItem>
        {STAGES.map((s) => (
          <MenuItem key={s.key} value={s.key}>
            {s.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField select label={t.filterAssignee} value={assigned} onChange={(e) => choose('assigned', e.target.value)} slotProps={showEmpty}>
        <MenuItem value="">{t.everyone}</MenuItem>
        <MenuItem value="me">{t.mine}</MenuItem>
        <MenuItem value="nobody">{t.unassigned}</MenuItem>
      </TextField>
    </>
  );
}
