/** The list's address and the API's view: no status is the open view (what needs the agency), "all" any status. */
import { LEAD_STATUSES, OPEN_VIEW } from '../shared/adminApi';
import { STAGES } from '../shared/pipeline';
import { ALL_STATUSES, pipelineQuery, statusQuery } from './views';

it('asks the API for the open view by default, for no status filter with "all", and for one status by its name', () => {
  expect(statusQuery('')).toBe(OPEN_VIEW);
  expect(statusQuery(ALL_STATUSES)).toBe('');
  for (const status of LEAD_STATUSES) expect(statusQuery(status)).toBe(status);
});

it('asks the API for the stage and the assignee views of the address ("mine" is assigned=me), leaving out words it does not know', () => {
  const stage = STAGES.at(-1)!.key;
  expect(pipelineQuery(new URLSearchParams({ stage, assigned: 'me' }))).toEqual({ stage, assigned: 'me' });
  expect(pipelineQuery(new URLSearchParams({ assigned: 'nobody' }))).toEqual({ assigned: 'nobody' });
  expect(pipelineQuery(new URLSearchParams({ stage: 'no-such-stage', assigned: 'someone@example.com' }))).toEqual({});
  expect(pipelineQuery(new URLSearchParams())).toEqual({});
});
