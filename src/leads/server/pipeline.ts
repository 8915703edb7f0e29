/**
 * How each lead ends, on our server: its stage (and why it was lost), value, follow-up date and
 * the owner's account it is assigned to, kept beside the lead in `leads` (never in what the
 * visitor sent). Each change is checked by src/leads/model/pipeline.ts (the lead's page checks the
 * same), and is written with its event (leadEvents.ts: 'staged', 'assigned', 'updated', naming
 * the account that made it) in one transaction: the lead's page says who did what, and the
 * inbox's other screens learn of it from the events.
 */
import type Database from 'better-sqlite3';
import admin from '../../../config/admin';
import type { LeadPipeline, LeadStatus, PipelineEvent } from '../model/adminApi';
import { FIRST_STAGE, isEndStage, LOST_STAGE, pipelineProblem, stageOf, type PipelineChange, type PipelineField } from '../model/pipeline';
import { statusSet } from './attention';
import { normalizeEmail } from '../../platform/server/accounts/accounts';
import { leadEventsOf, recordLeadEvent } from './leadEvents';
import { preparedIn } from '../../platform/server/statements';

interface Row {
  status: LeadStatus;
  stage: string | null;
  lostReason: string | null;
  value: number | null;
  followUp: string | null;
  assignee: string | null;
}

const statements = preparedIn((db: Database.Database) => ({
  lead: db.prepare('SELECT status, stage, lost_reason AS lostReason, value_minor AS value, follow_up AS followUp, assignee FROM leads WHERE doc_id = ?'),
  owners: db.prepare("SELECT email FROM admins WHERE role = 'owner' ORDER BY email").pluck(),
  isOwner: db.prepare("SELECT 1 FROM admins WHERE email = ? AND role = 'owner'"),
  stage: db.prepare('UPDATE leads SET stage = ?, lost_reason = ?, updated_at = ? WHERE doc_id = ?'),
  value: db.prepare('UPDATE leads SET value_minor = ?, updated_at = ? WHERE doc_id = ?'),
  followUp: db.prepare('UPDATE leads SET follow_up = ?, updated_at = ? WHERE doc_id = ?'),
  assignee: db.prepare('UPDATE leads SET assignee = ?, updated_at = ? WHERE doc_id = ?'),
}));

/** The events a lead's page lists as its changes (what the agency did to its stage, value, follow-up, assignee, status). */
const SHOWN = new Set<string>(['staged', 'assigned', 'updated']);
/** The most changes a lead's page lists (the newest). */
const HISTORY_MAX = 200;

/** Every owner's account (those a lead may be assigned to), by address. */
const ownerAccounts = (db: Database.Database): string[] => statements(db).owners.all() as string[];

/** A lead's stage, value, follow-up and assignee, the owners, and its changes newest first; undefined: no such lead. */
export function pipelineOf(db: Database.Database, docId: string): LeadPipeline | undefined {
  const row = statements(db).lead.get(docId) as Row | undefined;
  if (!row) return undefined;
  const history = leadEventsOf(db, docId)
    .filter((event) => SHOWN.has(event.kind))
    .reverse()
    .slice(0, HISTORY_MAX)
    .map((event): PipelineEvent => ({ kind: event.kind as PipelineEvent['kind'], actor: event.actor, data: event.data, at: event.at }));
  return {
    stage: stageOf(row.stage),
    lostReason: row.lostReason,
    value: row.value,
    followUp: row.followUp,
    assignee: row.assignee,
    owners: ownerAccounts(db),
    history,
  };
}

export type PipelineResult = LeadPipeline | 'unknownLead' | { field: PipelineField; message: string };

/**
 * Makes a change (any of its keys; those left out stay as they are) as `actor` at `now`: refused
 * with the field and its sentence when it cannot be made (src/leads/model/pipeline.ts, and an assignee
 * that is no owner's account). Each part that changes is written with its event, in one
 * transaction; a part sent as it already is writes nothing.
 */
export function changePipeline(db: Database.Database, docId: string, change: Record<string, unknown>, actor: string, now: number): PipelineResult {
  const problem = pipelineProblem(change, now);
  if (problem) return problem;
  const { stage, lostReason, value, followUp } = change as PipelineChange;
  const assignee = typeof change.assignee === 'string' ? normalizeEmail(change.assignee) : (change.assignee as null | undefined);
  const q = statements(db);
  return db.transaction((): PipelineResult => {
    const row = q.lead.get(docId) as Row | undefined;
    if (!row) return 'unknownLead';
    if (assignee && !q.isOwner.get(assignee)) return { field: 'assignee', message: admin.pipeline.problems.notAnOwner };
    const at = new Date(now).toISOString();
    const event = (kind: 'staged' | 'assigned' | 'updated', data: Record<string, unknown>) => recordLeadEvent(db, { docId, kind, actor, data, at: now });
    if (stage !== undefined) {
      // The first stage is stored as nothing (as a new lead has it); a reason only with the lost stage.
      const reason = stage === LOST_STAGE ? lostReason! : null;
      if (stageOf(row.stage) !== stage || row.lostReason !== reason) {
        q.stage.run(stage === FIRST_STAGE ? null : stage, reason, at, docId);
        event('staged', { stage, ...(reason !== null ? { reason } : {}) });
        // Ended (won or lost), nobody waits and it leaves what needs the agency: Archived. Back
        // from an end to a stage before it, an archived lead is in play again: Read.
        const ended = isEndStage(stage);
        if (ended !== isEndStage(stageOf(row.stage))) {
          if (ended && row.status !== 'archived') statusSet(db, docId, 'archived', actor, now);
          else if (!ended && row.status === 'archived') statusSet(db, docId, 'read', actor, now);
        }
      }
    }
    if (value !== undefined && value !== row.value) {
      q.value.run(value, at, docId);
      event('updated', { value });
    }
    if (followUp !== undefined && followUp !== row.followUp) {
      q.followUp.run(followUp, at, docId);
      event('updated', { followUp });
    }
    if (assignee !== undefined && assignee !== row.assignee) {
      q.assignee.run(assignee, at, docId);
      event('assigned', { to: assignee });
    }
    return pipelineOf(db, docId)!;
  })();
}
