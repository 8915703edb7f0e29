/**
 * A lead's stage, value, follow-up date and the owner it is assigned to, on its page: one form
 * (Lost asks why, one of config's reasons), checked here as the server checks it
 * (src/leads/model/pipeline.ts) before it is sent, and the changes made to it, newest first, each
 * naming the account that made it. Words: config/admin.ts `pipeline`.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import admin from '../../../../config/admin';
import { isLeadStatus, type LeadPipeline, type PipelineEvent } from '../../model/adminApi';
import {
  formatMoney,
  LOST_REASONS,
  LOST_STAGE,
  moneyText,
  parseMoney,
  pipelineProblem,
  stageName,
  STAGES,
  type PipelineChange,
  type PipelineField,
} from '../../model/pipeline';
import { addDays, dayOf, formatDay } from '../../../platform/received';
import { call } from '../../../platform/inbox/api';
import { fill, formatDate, visible } from '../../../platform/inbox/format';
import { Notice, useNotice } from '../../../platform/inbox/Notice';
import { Section } from '../../../platform/inbox/Section';
import { useSession } from '../../../platform/inbox/session';

const t = admin.pipeline;

/** The form's boxes, as typed. */
interface Draft {
  stage: string;
  lostReason: string;
  value: string;
  followUp: string;
  assignee: string;
}

const draftOf = (pipeline: LeadPipeline): Draft => ({
  stage: pipeline.stage,
  lostReason: pipeline.lostReason ?? '',
  value: moneyText(pipeline.value),
  followUp: pipeline.followUp ?? '',
  assignee: pipeline.assignee ?? '',
});

/** What the form changes of what the lead has: only the parts edited are sent. */
function changeOf(draft: Draft, pipeline: LeadPipeline): { change: PipelineChange } | { problem: { field: PipelineField; message: string } } {
  const change: PipelineChange = {};
  if (draft.stage !== pipeline.stage || (draft.stage === LOST_STAGE && draft.lostReason !== (pipeline.lostReason ?? ''))) {
    change.stage = draft.stage;
    if (draft.stage === LOST_STAGE) change.lostReason = draft.lostReason;
  }
  const value = parseMoney(draft.value);
  // Not an amount: the server's own sentence for a value it cannot take.
  if (value === undefined) return { problem: pipelineProblem({ value: -1 }, Date.now())! };
  if (value !== pipeline.value) change.value = value;
  const followUp = draft.followUp === '' ? null : draft.followUp;
  if (followUp !== pipeline.followUp) change.followUp = followUp;
  const assignee = draft.assignee === '' ? null : draft.assignee;
  if (assignee !== pipeline.assignee) change.assignee = assignee;
  if (Object.keys(change).length === 0) return { change };
  const problem = pipelineProblem({ ...change }, Date.now());
  return problem ? { problem } : { change };
}

/** One change in words: "stage Proposal sent", "assigned to ada@…", "value £12,500.00"; undefined for what this list does not show. */
function changeWords(event: PipelineEvent): string | undefined {
  const { data } = event;
  if (event.kind === 'staged' && typeof data.stage === 'string') {
    return typeof data.reason === 'string'
      ? fill(t.changes.stagedLost, { stage: stageName(data.stage), reason: data.reason })
      : fill(t.changes.staged, { stage: stageName(data.stage) });
  }
  if (event.kind === 'assigned') return typeof data.to === 'string' ? fill(t.changes.assigned, { to: data.to }) : t.changes.unassigned;
  if (event.kind === 'updated' && 'value' in data)
    return typeof data.value === 'number' ? fill(t.changes.value, { value: formatMoney(data.value) }) : t.changes.valueCleared;
  if (event.kind === 'updated' && 'followUp' in data)
    return typeof data.followUp === 'string' ? fill(t.changes.followUp, { date: formatDay(data.followUp) }) : t.changes.followUpCleared;
  if (event.kind === 'updated' && isLeadStatus(data.status)) return fill(t.changes.status, { status: admin.statuses[data.status] });
  return undefined;
}

function History({ events }: { events: readonly PipelineEvent[] }) {
  const lines = events.flatMap((event) => {
    const change = changeWords(event);
    return change && event.actor ? [{ event, text: fill(t.historyLine, { at: formatDate(event.at), by: visible(event.actor), change }) }] : [];
  });
  return (
    <>
      <Typography id="pipeline-history" component="h3" sx={{ fontWeight: 700, mt: 3, mb: 1 }}>
        {t.historyHeading}
      </Typography>
      {lines.length === 0 ? (
        <Typography color="text.secondary">{t.noHistory}</Typography>
      ) : (
        <Box component="ol" aria-labelledby="pipeline-history" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
          {lines.map(({ event, text }, i) => (
            <Typography component="li" variant="body2" key={`${event.at}-${i}`} sx={{ overflowWrap: 'anywhere' }}>
              {text}
            </Typography>
          ))}
        </Box>
      )}
    </>
  );
}

export function StagePanel({ docId }: { docId: string }) {
  const { state } = useSession();
  const me = state.kind === 'signedIn' ? state.email : '';
  const [pipeline, setPipeline] = useState<LeadPipeline>();
  const [draft, setDraft] = useState<Draft>();
  const [problem, setProblem] = useState<{ field: PipelineField; message: string }>();
  const [saving, setSaving] = useState(false);
  const { notice, setNotice, attempt } = useNotice();

  useEffect(() => {
    let current = true;
    void attempt(async () => {
      const got = await call('pipeline', { params: { docId } });
      if (!current) return;
      setPipeline(got);
      setDraft(draftOf(got));
    });
    return () => {
      current = false;
    };
  }, [docId, attempt]);

  if (!pipeline || !draft)
    return (
      <Section id="pipeline-heading" heading={t.heading}>
        <Notice message={notice} />
      </Section>
    );

  const edit = (key: keyof Draft) => (value: string) => {
    setDraft((d) => (d ? { ...d, [key]: value } : d));
    if (problem?.field === key) setProblem(undefined);
  };
  const save = async () => {
    setNotice(undefined);
    const checked = changeOf(draft, pipeline);
    if ('problem' in checked) return setProblem(checked.problem);
    const { change } = checked;
    if (Object.keys(change).length === 0) return setNotice({ text: t.problems.nothingToChange, severity: 'info' });
    setSaving(true);
    // A refusal the page's own check could not see (an account no longer an owner's) is the server's sentence, in the notice.
    await attempt(async () => {
      const saved = await call('updatePipeline', { params: { docId }, json: change });
      setPipeline(saved);
      setDraft(draftOf(saved));
      setNotice({ text: t.saved, severity: 'success' });
    });
    setSaving(false);
  };
  const errorOf = (key: PipelineField) => (problem?.field === key ? { error: true, helperText: problem.message } : {});
  const today = dayOf(Date.now());

  return (
    <Section id="pipeline-heading" heading={t.heading}>
      <Box component="form" noValidate sx={{ display: 'grid', gap: 2 }} onSubmit={(e) => (e.preventDefault(), void save())}>
        <TextField select id="pipeline-stage" label={t.stage} value={draft.stage} onChange={(e) => edit('stage')(e.target.value)} {...errorOf('stage')}>
          {/* A stage config no longer has (renamed since) stays shown as it is. */}
          {(STAGES.some((s) => s.key === draft.stage) ? STAGES : [...STAGES, { key: draft.stage, name: draft.stage }]).map((stage) => (
            <MenuItem key={stage.key} value={stage.key}>
              {stage.name}
            </MenuItem>
          ))}
        </TextField>
        {draft.stage === LOST_STAGE && (
          <TextField
            select
            required
            id="pipeline-reason"
            label={t.lostReason}
            value={draft.lostReason}
            onChange={(e) => edit('lostReason')(e.target.value)}
            {...errorOf('lostReason')}
          >
            {(draft.lostReason === '' || LOST_REASONS.includes(draft.lostReason) ? LOST_REASONS : [...LOST_REASONS, draft.lostReason]).map((reason) => (
              <MenuItem key={reason} value={reason}>
                {reason}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          id="pipeline-value"
          label={t.value}
          value={draft.value}
          onChange={(e) => edit('value')(e.target.value)}
          helperText={fill(t.valueHint, { currency: admin.currency })}
          slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
          {...errorOf('value')}
        />
        <TextField
          id="pipeline-follow-up"
          type="date"
          label={t.followUp}
          value={draft.followUp}
          onChange={(e) => edit('followUp')(e.target.value)}
          helperText={t.followUpHint}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today, max: addDays(today, t.followUpMaxDays) } }}
          {...errorOf('followUp')}
        />
        <TextField
          select
          id="pipeline-assignee"
          label={t.assignee}
          value={draft.assignee}
          onChange={(e) => edit('assignee')(e.target.value)}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          {...errorOf('assignee')}
        >
          <MenuItem value="">{t.nobody}</MenuItem>
          {/* An account no longer an owner's stays shown as it is. */}
          {(draft.assignee === '' || pipeline.owners.includes(draft.assignee) ? pipeline.owners : [...pipeline.owners, draft.assignee]).map((owner) => (
            <MenuItem key={owner} value={owner}>
              {owner === me ? fill(t.you, { email: visible(owner) }) : visible(owner)}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" disabled={saving} sx={{ justifySelf: 'start' }}>
          {saving ? t.saving : t.save}
        </Button>
      </Box>
      <Notice message={notice} />
      <History events={pipeline.history} />
    </Section>
  );
}
