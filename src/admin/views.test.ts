/** The list's address and the API's view: no status is the open view (what needs the agency), "all" any status. */
import { LEAD_STATUSES, OPEN_VIEW } from '../shared/adminApi';
import { ALL_STATUSES, statusQuery } from './views';

it('asks the API for the open view by default, for no status filter with "all", and for one status by its name', () => {
  expect(statusQuery('')).toBe(OPEN_VIEW);
  expect(statusQuery(ALL_STATUSES)).toBe('');
  for (const status of LEAD_STATUSES) expect(statusQuery(status)).toBe(status);
});
