/**
 * The list's columns: on a wide screen the name, form, e-mail, wait, date, status and the lead's
 * course (or, in the Spam folder, "Not spam"); on a phone one column, each lead stacked (name,
 * then form and date, then status), nothing cut.
 */
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import admin from '../../../../config/admin';
import type { LeadSummary } from '../../model/adminApi';
import { attentionWords, formatDate, visible } from '../../../platform/inbox/format';
import { pipelineColumn, PipelineLine } from '../lead/PipelineList';
import { Attention, NameLink, StatusChip } from './cells';

const t = admin.list;

/** `notSpamButton`: the Spam folder's button for a row. */
export const leadColumns = (small: boolean, spam: boolean, notSpamButton: (row: LeadSummary) => ReactNode): GridColDef<LeadSummary>[] =>
  small
    ? [
        {
          field: 'lead',
          headerName: t.columns.lead,
          flex: 1,
          sortable: false,
          renderCell: ({ row }) => (
            <Stack sx={{ py: 1, gap: 0.5, minWidth: 0, alignItems: 'flex-start', whiteSpace: 'normal', lineHeight: 1.4 }}>
              <NameLink row={row} />
              <Typography variant="body2" color="text.secondary">
                {`${row.formTitle} · ${formatDate(row.receivedAt)}`}
              </Typography>
              <Attention row={row} />
              <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <StatusChip status={row.status} />
                {spam ? notSpamButton(row) : <PipelineLine row={row} />}
              </Stack>
            </Stack>
          ),
        },
      ]
    : [
        {
          field: 'name',
          headerName: t.columns.name,
          flex: 1.2,
          minWidth: 120,
          valueGetter: (_value, row) => visible(row.name || row.email),
          renderCell: ({ row }) => <NameLink row={row} />,
        },
        { field: 'form', headerName: t.columns.form, flex: 1, minWidth: 140, valueGetter: (_value: string, row: LeadSummary) => row.formTitle },
        { field: 'email', headerName: t.columns.email, flex: 1.2, minWidth: 180, valueGetter: (value: string) => visible(value) },
        // The most urgent first, then backwards: never "unsorted" (that is this order too).
        {
          field: 'activity',
          headerName: t.columns.activity,
          flex: 1,
          minWidth: 170,
          sortingOrder: ['desc', 'asc'],
          valueGetter: (_value, row) => attentionWords(row),
          renderCell: ({ row }) => <Attention row={row} />,
        },
        { field: 'receivedAt', headerName: t.columns.receivedAt, flex: 1, minWidth: 170, valueFormatter: (value: string) => formatDate(value) },
        {
          field: 'status',
          headerName: t.columns.status,
          width: 120,
          valueGetter: (value: LeadSummary['status']) => admin.statuses[value],
          renderCell: ({ row }) => <StatusChip status={row.status} />,
        },
        ...(spam
          ? [
              {
                field: 'actions',
                headerName: t.columns.actions,
                width: 150,
                sortable: false,
                renderCell: ({ row }) => notSpamButton(row),
              } satisfies GridColDef<LeadSummary>,
            ]
          : [pipelineColumn]),
      ];
