/**
 * A table of groups of What works (sources and campaigns, landing pages): their names, then
 * visits, visitors, leads and leads per visit, the clients won among those leads and their value,
 * the other kinds of form, the confirmed newsletter subscribers; the groups past the server's rows
 * added up in one row; all. On a phone each group is a short list of its numbers.
 */
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import admin from '../../../../config/admin';
import type { InsightRow } from '../../model/adminApi';
import { formatMoney } from '../../model/pipeline';
import { WideTable } from '../../../platform/inbox/WideTable';
import { fill, formatCount } from '../../../platform/inbox/format';

const t = admin.insights;
const percent = new Intl.NumberFormat(admin.locale, { style: 'percent', maximumFractionDigits: 1 });
/** The kinds of form (config/admin.ts kinds): the first is what the leads and the rate count. */
const KINDS = Object.keys(admin.kinds);
const kindName = (kind: string) => (admin.kinds as Record<string, string>)[kind] ?? kind;
const rate = (row: InsightRow) => (row.rate === null ? t.noRate : percent.format(row.rate));

/** A table of groups (sources, landing pages): their names, then visits, visitors, leads and rate; the others added up; all. */
export function RowsTable({
  labelledBy,
  names,
  rows,
  other,
  total,
}: {
  labelledBy: string;
  names: string[];
  rows: { key: string; cells: ReactNode[]; row: InsightRow }[];
  other?: InsightRow & { groups: number };
  total: InsightRow;
}) {
  const others = other ? fill(t.others, { count: formatCount(other.groups) }) : undefined;
  // Client leads (the first kind, each person once) and their rate, then the other kinds beside them.
  const otherKinds = KINDS.slice(1);
  // Beside the leads: the clients won among them and their value (which campaign brought clients, not only forms).
  // …and the confirmed newsletter subscribers among them.
  const numbers = (row: InsightRow) => [
    formatCount(row.visits),
    formatCount(row.visitors),
    formatCount(row.leads),
    rate(row),
    formatCount(row.won),
    formatMoney(row.wonValue),
    ...otherKinds.map((kind) => formatCount(row.byKind?.[kind] ?? 0)),
    formatCount(row.subscribers ?? 0),
  ];
  const numberNames = [
    t.columns.visits,
    t.columns.visitors,
    kindName(KINDS[0]!),
    t.columns.rate,
    t.won,
    t.wonValue,
    ...otherKinds.map(kindName),
    t.confirmedSubscribers,
  ];
  const numberCells = (row: InsightRow, sx?: { fontWeight: number }) =>
    numbers(row).map((value, i) => (
      <TableCell key={numberNames[i]} align="right" sx={sx}>
        {value}
      </TableCell>
    ));
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (phone) {
    // A phone: each group as a short list of its numbers, no table wider than the screen.
    const block = (key: string, heading: ReactNode, row: InsightRow) => (
      <Box component="li" key={key} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Box sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{heading}</Box>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 2, justifyContent: 'start' }}>
          {numbers(row).map((value, i) => (
            <Box key={numberNames[i]} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ color: 'text.secondary' }}>
                {numberNames[i]}
              </Box>
              <Box component="dd" sx={{ m: 0, textAlign: 'right' }}>
                {value}
              </Box>
            </Box>
          ))}
        </Box>
      </Box>
    );
    return (
      <Box component="ul" aria-labelledby={labelledBy} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows.map(({ key, cells, row }) =>
          block(
            key,
            cells.map((cell, i) => (
              <Box component="span" key={i} sx={{ mr: 1 }}>
                {cell}
              </Box>
            )),
            row,
          ),
        )}
        {other && block('other', others, other)}
        {block('total', t.total, total)}
      </Box>
    );
  }
  return (
    <WideTable>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            {names.map((name) => (
              <TableCell key={name}>{name}</TableCell>
            ))}
            {numberNames.map((name) => (
              <TableCell key={name} align="right">
                {name}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ key, cells, row }) => (
            <TableRow key={key}>
              {cells.map((cell, i) => (
                // A long source or address breaks anywhere; a short one ("(direct)", "/Contact") stays whole.
                <TableCell key={i} sx={{ overflowWrap: 'anywhere', minWidth: '14ch' }}>
                  {cell}
                </TableCell>
              ))}
              {numberCells(row)}
            </TableRow>
          ))}
          {other && (
            <TableRow>
              <TableCell component="th" scope="row" colSpan={names.length}>
                {others}
              </TableCell>
              {numberCells(other)}
            </TableRow>
          )}
          <TableRow>
            <TableCell component="th" scope="row" colSpan={names.length} sx={{ fontWeight: 700 }}>
              {t.total}
            </TableCell>
            {numberCells(total, { fontWeight: 700 })}
          </TableRow>
        </TableBody>
      </Table>
    </WideTable>
  );
}
