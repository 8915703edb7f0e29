/**
 * The list's view as its address keeps it (bookmarkable): the form, status, search, source,
 * campaign, language, people, stage and assignee filters, and the order (`sort`, `direction`); the page
 * shown, back to the first with another view; the search box, put in the address once the typing
 * pauses. What the server is asked for follows from them.
 */
import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LEAD_SORTS, PAGE_SIZES, type LeadSort } from '../../model/adminApi';
import { ALL_STATUSES, pipelineQuery, statusQuery } from '../views';
import { sourceQuery } from '../sources/SourceFilter';

const BY_ATTENTION: GridSortModel = [{ field: 'activity', sort: 'desc' }];
/** The Spam folder's order: nobody waits on spam. */
const NEWEST_FIRST: GridSortModel = [{ field: 'receivedAt', sort: 'desc' }];

export function useLeadListQuery(spam: boolean) {
  const [params, setParams] = useSearchParams();
  const form = params.get('form') ?? '';
  const language = params.get('language') ?? '';
  // No status in the address: what needs the agency (views.ts).
  const status = params.get('status') ?? '';
  const people = params.get('view') === 'people';
  const { stage = '', assigned = '' } = pipelineQuery(params);
  const q = params.get('q') ?? '';
  const [search, setSearch] = useState(q);
  // The address changed from outside (the Inbox link, Back): the box shows its search, so the
  // pause below does not put back one the visitor has just left.
  const [searched, setSearched] = useState(q);
  if (q !== searched) {
    setSearched(q);
    setSearch(q);
  }
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: PAGE_SIZES[0] });
  // The order is in the address too (`sort`, `direction`); without it, the inbox's own (who waits
  // for the agency first, longest first, then the last activity), the Spam folder's newest first.
  const sortParam = params.get('sort') ?? '';
  const directionParam = params.get('direction') === 'asc' ? 'asc' : 'desc';
  const ownOrder = spam ? NEWEST_FIRST : BY_ATTENTION;
  const sortModel = useMemo<GridSortModel>(
    () => (LEAD_SORTS.includes(sortParam as LeadSort) ? [{ field: sortParam, sort: directionParam }] : ownOrder),
    [sortParam, directionParam, ownOrder],
  );
  // Another view, or another order, starts at its first page.
  const viewKey = `${form}|${language}|${status}|${q}|${spam}|${params.get('source') ?? ''}|${params.get('campaign') ?? ''}|${people}|${stage}|${assigned}|${sortParam}|${directionParam}`;
  const [view, setView] = useState(viewKey);
  if (view !== viewKey) {
    setView(viewKey);
    setPagination((p) => ({ ...p, page: 0 }));
  }

  const { source = '', campaign = '' } = sourceQuery(params);
  // The Spam folder shows every status; the inbox what needs the agency unless the address says otherwise.
  const query = useMemo(
    () => ({
      form,
      status: spam ? (status === ALL_STATUSES ? '' : status) : statusQuery(status),
      q,
      spam: String(spam),
      source,
      campaign,
      language,
      stage,
      assigned,
      ...(people ? { view: 'people' } : {}),
    }),
    [form, status, q, spam, source, campaign, language, people, stage, assigned],
  );
  const sorted = sortModel[0];
  const sort: LeadSort = sorted && LEAD_SORTS.includes(sorted.field as LeadSort) ? (sorted.field as LeadSort) : 'activity';
  const direction = sorted?.sort === 'asc' ? 'asc' : 'desc';
  const pageQuery = useMemo(
    () => ({ ...query, page: String(pagination.page), pageSize: String(pagination.pageSize), sort, direction }),
    [query, pagination, sort, direction],
  );

  const setFilter = useCallback(
    (name: string, value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // The search runs once the typing pauses, and only while the list is still the page shown: a
  // lead opened meanwhile (its page may still be loading, the list still mounted) keeps its own address.
  useEffect(() => {
    const list = window.location.pathname;
    const timer = setTimeout(() => search !== q && window.location.pathname === list && setFilter('q', search), 300);
    return () => clearTimeout(timer);
  }, [search, q, setFilter]);

  /** An order chosen in the grid, into the address. */
  const setSort = (model: GridSortModel) => {
    const [chosen] = model;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        // Back to the folder's own order: no order in the address.
        if (!chosen?.sort || (chosen.field === ownOrder[0]!.field && chosen.sort === ownOrder[0]!.sort)) {
          next.delete('sort');
          next.delete('direction');
        } else {
          next.set('sort', chosen.field);
          next.set('direction', chosen.sort);
        }
        return next;
      },
      { replace: true },
    );
  };

  // How many filters but the search are set: the phone's "Filters and export" button says so.
  const activeFilters = [form, status, source, campaign, language, people ? 'people' : '', stage, assigned].filter(Boolean).length;

  return { form, language, status, people, search, setSearch, setFilter, activeFilters, query, pageQuery, pagination, setPagination, sortModel, setSort };
}
