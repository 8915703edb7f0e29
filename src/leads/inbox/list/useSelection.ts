/**
 * The leads ticked in the list (one by one, or all of the page: the grid's exclude-model, every
 * row shown but those left out). Another page or view ticks nothing; a change told by the live
 * updates keeps the ticks on the leads still shown.
 */
import type { GridRowSelectionModel } from '@mui/x-data-grid';
import { useCallback, useMemo, useState } from 'react';
import type { LeadSummary } from '../../model/adminApi';

const NONE: GridRowSelectionModel = { type: 'include', ids: new Set() };

export function useSelection() {
  const [selection, setSelection] = useState<GridRowSelectionModel>(NONE);
  const clear = useCallback(() => setSelection(NONE), []);
  const keepShown = useCallback(
    (shown: LeadSummary[]) =>
      setSelection((ticked) =>
        ticked.type === 'include' ? { type: 'include', ids: new Set(shown.map((row) => row.docId).filter((id) => ticked.ids.has(id))) } : ticked,
      ),
    [],
  );
  return { selection, setSelection, clear, keepShown };
}

/** The rows ticked among those shown. */
export const useTicked = (rows: LeadSummary[], selection: GridRowSelectionModel) =>
  useMemo(
    () => (selection.type === 'include' ? rows.filter((row) => selection.ids.has(row.docId)) : rows.filter((row) => !selection.ids.has(row.docId))),
    [rows, selection],
  );
