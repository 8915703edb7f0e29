/**
 * The list's views in its address (bookmarkable): `status` absent is what needs the agency (new,
 * read, answered: OPEN_VIEW of the API), `status=all` any status, or one status; `view=people`
 * one row per person. Insights link to the list with the same words.
 */
import { OPEN_VIEW } from '../shared/adminApi';

/** The address's word for "any status". */
export const ALL_STATUSES = 'all';

/** The API's status query for the list's address: OPEN_VIEW by default, nothing for any status, else the status. */
export const statusQuery = (param: string): string => (param === '' ? OPEN_VIEW : param === ALL_STATUSES ? '' : param);
