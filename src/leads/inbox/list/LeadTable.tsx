/**
 * The list's table (the MUI data grid): a box per row and one for the whole page (the keyboard
 * ticks them with the space bar), paged and sorted by the server (only the page shown is sent),
 * unread rows standing out; every word of it from config/admin.ts.
 */
import Button from '@mui/material/Button';
import { DataGrid, type GridLocaleText, type GridPaginationModel, type GridRowSelectionModel, type GridSortModel } from '@mui/x-data-grid';
import { useCallback, useMemo } from 'react';
import { useStableHandler } from '../../../platform/inbox/stableHandler';
import admin from '../../../../config/admin';
import { PAGE_SIZES, type LeadSummary } from '../../model/adminApi';
import { fill, formatCount } from '../../../platform/inbox/format';
import { pageNonce } from '../../../site/islands/cspNonce';
import { leadColumns } from './columns';

const t = admin.list;

/** The grid's own words, from config/admin.ts (no default of the library reaches the screen). */
const localeText: Partial<GridLocaleText> = {
  noRowsLabel: t.empty,
  noResultsOverlayLabel: t.empty,
  paginationRowsPerPage: t.rowsPerPage,
  paginationDisplayedRows: ({ from, to, count }) => fill(t.shownRows, { from: formatCount(from), to: formatCount(to), count: formatCount(count) }),
  paginationItemAriaLabel: (type) => ({ first: t.firstPage, previous: t.previousPage, next: t.nextPage, last: t.lastPage })[type],
  columnHeaderSortIconLabel: t.sort,
  checkboxSelectionHeaderName: t.selectColumn,
  checkboxSelectionSelectRow: t.selectRow,
  checkboxSelectionUnselectRow: t.unselectRow,
  checkboxSelectionSelectAllRows: t.selectAll,
  checkboxSelectionUnselectAllRows: t.unselectAll,
};

const NO_SORT: GridSortModel = [];

/** A row as tall as its content (one function for every render: the grid measures again when it changes). */
const tallAsNeeded = () => 'auto' as const;

interface Props {
  rows: LeadSummary[];
  /** The view's leads, on every page. */
  total: number;
  loading: boolean;
  spam: boolean;
  small: boolean;
  selection: GridRowSelectionModel;
  setSelection: (selection: GridRowSelectionModel) => void;
  pagination: GridPaginationModel;
  setPagination: (change: (current: GridPaginationModel) => GridPaginationModel) => void;
  sortModel: GridSortModel;
  setSort: (model: GridSortModel) => void;
  onNotSpam: (docId: string) => Promise<unknown>;
}

export function LeadTable({ rows, total, loading, spam, small, selection, setSelection, pagination, setPagination, sortModel, setSort, onNotSpam }: Props) {
  // The columns are made once per layout: a handler that changes with the view (a search typed)
  // is read when the button is pressed, so the grid never draws its cells anew under a click.
  const notSpam = useStableHandler(onNotSpam);
  const notSpamButton = useCallback(
    (row: LeadSummary) => (
      <Button size="small" variant="outlined" onClick={() => void notSpam(row.docId)}>
        {admin.spam.notSpam}
      </Button>
    ),
    [notSpam],
  );
  const columns = useMemo(() => leadColumns(small, spam, notSpamButton), [spam, notSpamButton, small]);

  return (
    <DataGrid
      rows={rows}
      columns={columns}
      getRowId={(row) => row.docId}
      loading={loading}
      autoHeight
      disableColumnMenu
      disableRowSelectionOnClick
      hideFooterSelectedRowCount
      // A box per row and one for the whole page; the keyboard ticks them with the space bar.
      checkboxSelection
      rowSelectionModel={selection}
      onRowSelectionModelChange={setSelection}
      // Each row as tall as its stacked lines (a phone's one column; the lead's course under its stage).
      getRowHeight={small || !spam ? tallAsNeeded : undefined}
      // The server pages and sorts: only the page shown is sent.
      paginationMode="server"
      sortingMode="server"
      rowCount={total}
      paginationModel={pagination}
      onPaginationModelChange={(model) => setPagination((p) => (p.page === model.page && p.pageSize === model.pageSize ? p : model))}
      // A phone's one column sorts nothing: the list keeps the order chosen (the address's, else the inbox's own).
      sortModel={small ? NO_SORT : sortModel}
      onSortModelChange={(model) => {
        if (small) return;
        setSort(model);
      }}
      pageSizeOptions={[...PAGE_SIZES]}
      localeText={localeText}
      // The grid writes a style element of its own: it carries the page's CSP nonce.
      nonce={pageNonce()}
      label={t.tableLabel}
      getRowClassName={({ row }) => (row.unread ? 'lead-new' : '')}
      sx={{ bgcolor: 'background.paper', '& .lead-new': { bgcolor: 'surface' } }}
    />
  );
}
