/**
 * The list's views in its address (bookmarkable): `status` absent is what needs the agency (new,
 * read, answered: OPEN_VIEW of the API), `status=all` any status, or one status; `view=people`
 * one row per person; `stage=<key>` the leads at a stage (config/admin.ts stages), `assigned=me`
 * the leads assigned to the account signed in ("mine"), `assigned=nobody` those of nobody. Insights
 * link to the list with the same words.
 */
import { ASSIGNED_VIEWS, OPEN_VIEW, type AssignedView } from '../shared/adminApi';
import { isStage } from '../shared/pipeline';

/** The address's word for "any status". */
export const ALL_STATUSES = 'all';

/** The API's status query for the list's address: OPEN_VIEW by default, nothing for any status, else the status. */
export const statusQuery = (param: string): string => (param === '' ? OPEN_VIEW : param === ALL_STATUSES ? '' : param);

/** The stage and assignee views of the list's address, as the API's query; a word the API does not know is left out. */
export function pipelineQuery(params: URLSearchParams): { stage?: string; assigned?: AssignedView } {
  const stage = params.get('stage') ?? '';
  const assigned = params.get('assigned') ?? '';
  return { ...(isStage(stage) ? { stage } : {}), ...(ASSIGNED_VIEWS.includes(assigned as AssignedView) ? { assigned: assigned as AssignedView } : {}) };
}
