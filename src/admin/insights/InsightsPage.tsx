/**
 * What works (owners only; a chunk of its own, with the charts' library): leads per week per
 * form and visits per week as charts (@mui/x-charts) and as a table, then sources and campaigns
 * and landing pages, each with its visits, leads, leads per visit, the clients won among those leads with their value and the confirmed
 * newsletter subscribers among them, and the newsletter's confirmations and departures per week (those past the server's
 * rows added up in one row, "{count} more"). Every word is in
 * config/admin.ts (insights); the numbers come from GET insights (src/server/insights.ts).
 */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import admin from '../../../config/admin';
import { DIRECT_SOURCE, INSIGHT_WEEKS, type InsightRow, type Insights } from '../../shared/adminApi';
import { WideTable } from '../WideTable';
import { ALL_STATUSES } from '../views';
import { call } from '../api';
import { fill, formatCount, formLabel, visible } from '../format';
import { Notice, useNotice } from '../Notice';
import { Section } from '../Section';
import { formatMoney } from '../../shared/pipeline';

const t = admin.insights;
const forms = Object.keys(admin.forms);
const percent = new Intl.NumberFormat(admin.locale, { style: 'percent', maximumFractionDigits: 1 });
/** A week by its Monday (a day in UTC, as the counts' days are). */
const weekDay = new Intl.DateTimeFormat(admin.locale, { dateStyle: 'short', timeZone: 'UTC' });
const formatWeek = (day: string) => weekDay.format(new Date(day));
/** The kinds of form (config/admin.ts kinds): the first is what the leads and the rate count. */
const KINDS = Object.keys(admin.kinds);
const kindName = (kind: string) => (admin.kinds as Record<string, string>)[kind] ?? kind;
const rate = (row: InsightRow) => (row.rate === null ? t.noRate : percent.format(row.rate));
/** The charts' own words (no default of the library reaches the screen). */
const chartWords = { noData: t.empty, loading: t.loading };
/** Leads and visits are whole numbers: whole ticks only, and an axis from 0 to at least 1 (all zero drew "0.0…"). */
/** A bar's value in the chart's tooltip, written as the tables write it. */
const countOrNone = (value: number | null) => (value === null ? '' : formatCount(value));
const COUNT_AXIS = [{ tickMinStep: 1, valueFormatter: (value: number) => formatCount(value), domainLimit: (_min: unknown, max: unknown) => ({ min: 0, max: Math.max(Number(max), 1) }) }];

/** A table of groups (sources, landing pages): their names, then visits, visitors, leads and rate; the others added up; all. */
function RowsTable({
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
  const numberNames = [t.columns.visits, t.columns.visitors, kindName(KINDS[0]!), t.columns.rate, t.won, t.wonValue, ...otherKinds.map(kindName), t.confirmedSubscribers];
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
                <TableCell key={i} sx={{ overflowWrap: 'anywhere' }}>
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

export function InsightsPage() {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('weeks'));
  const weeks = INSIGHT_WEEKS.includes(asked as (typeof INSIGHT_WEEKS)[number]) ? asked : INSIGHT_WEEKS[1];
  const [insights, setInsights] = useState<Insights>();
  const { notice, attempt } = useNotice();

  useEffect(() => {
    let current = true;
    void attempt(async () => {
      const got = await call<Insights>('insights', { query: { weeks: String(weeks) } });
      if (current) setInsights(got);
    });
    return () => {
      current = false;
    };
  }, [weeks, attempt]);

  const weekLabels = insights?.byWeek.map((w) => formatWeek(w.week)) ?? [];
  const shownForms = forms.filter((form) => insights?.byWeek.some((w) => (w.leads[form] ?? 0) > 0));
  const leadsOf = (form: string) => insights?.byWeek.map((w) => w.leads[form] ?? 0) ?? [];
  const sourceName = (source: string) => source || admin.sources.direct;
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // A phone's table: the forms with leads in the period only (the others are all zero).
  const tableForms = phone ? shownForms : forms;

  return (
    <Box component="section" aria-labelledby="insights-heading">
      <Typography id="insights-heading" variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, mb: 1 }}>
        {t.heading}
      </Typography>
      <Typography sx={{ mb: 2, maxWidth: '70ch' }}>{t.intro}</Typography>
      <TextField select label={t.period} value={weeks} onChange={(e) => setParams({ weeks: e.target.value }, { replace: true })} sx={{ mb: 3, minWidth: 220 }}>
        {INSIGHT_WEEKS.map((n) => (
          <MenuItem key={n} value={n}>
            {fill(t.weeksOption, { weeks: n })}
          </MenuItem>
        ))}
      </TextField>
      <Notice message={notice} />
      {!insights ? (
        <Typography role="status">{t.loading}</Typography>
      ) : (
        <>
          <Section id="weeks-heading" heading={t.leadsPerWeek}>
            <Box component="figure" sx={{ m: 0 }} aria-describedby="weeks-note">
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
                {shownForms.length === 0 ? (
                  // No leads in the period: said in the page's own text, which wraps on a phone (the
                  // chart's own overlay is one line of SVG text, cut off at 375 px).
                  <Box sx={{ height: 260, display: 'grid', placeItems: 'center', textAlign: 'center', px: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
                    <Typography>{t.empty}</Typography>
                  </Box>
                ) : (
                  <BarChart
                    height={260}
                    xAxis={[{ scaleType: 'band', data: weekLabels }]}
                    yAxis={COUNT_AXIS}
                    series={shownForms.map((form) => ({ data: leadsOf(form), label: formLabel(form), stack: 'leads', valueFormatter: countOrNone }))}
                    localeText={chartWords}
                    skipAnimation
                  />
                )}
                <BarChart height={260} xAxis={[{ scaleType: 'band', data: weekLabels }]} yAxis={COUNT_AXIS} series={[{ data: insights.byWeek.map((w) => w.visits), label: t.visits, valueFormatter: countOrNone }]} localeText={chartWords} skipAnimation />
              </Box>
              <Typography id="weeks-note" component="figcaption" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t.chartNote}
              </Typography>
            </Box>
            {/* A table wider than a phone scrolls sideways, saying so, by keyboard too. */}
            <Box sx={{ mt: 2 }}>
            <WideTable>
              <Table size="small" aria-labelledby="weeks-heading" data-testid="weeks-table">
                <TableHead>
                  <TableRow>
                    <TableCell>{t.columns.week}</TableCell>
                    {tableForms.map((form) => (
                      <TableCell key={form} align="right">
                        {formLabel(form)}
                      </TableCell>
                    ))}
                    <TableCell align="right">{t.visits}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {insights.byWeek.map((w) => (
                    <TableRow key={w.week}>
                      <TableCell component="th" scope="row">
                        {formatWeek(w.week)}
                      </TableCell>
                      {tableForms.map((form) => (
                        <TableCell key={form} align="right">
                          {formatCount(w.leads[form] ?? 0)}
                        </TableCell>
                      ))}
                      <TableCell align="right">{formatCount(w.visits)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </WideTable>
            </Box>
          </Section>

          <Section id="sources-heading" heading={t.bySource}>
            <RowsTable
              labelledBy="sources-heading"
              names={[t.columns.source, t.columns.campaign]}
              other={insights.otherSources}
              total={insights.totals}
              rows={insights.bySource.map((row) => ({
                key: `${row.source}\u0000${row.campaign}`,
                row,
                cells: [
                  // Every source with leads is a link to them in the list ("(direct)" too), in any status.
                  Object.values(row.byKind ?? {}).some((n) => n > 0) ? (
                    <Link component={RouterLink} to={`/?${new URLSearchParams({ source: row.source || DIRECT_SOURCE, ...(row.campaign ? { campaign: row.campaign } : {}), status: ALL_STATUSES }).toString()}`}>
                      {visible(sourceName(row.source))}
                    </Link>
                  ) : (
                    visible(sourceName(row.source))
                  ),
                  visible(row.campaign),
                ],
              }))}
            />
          </Section>

          <Section id="pages-heading" heading={t.byLandingPage}>
            <RowsTable
              labelledBy="pages-heading"
              names={[t.columns.page]}
              other={insights.otherPages}
              total={insights.totals}
              rows={insights.byLandingPage.map((row) => ({ key: row.page, row, cells: [visible(row.page || t.unknownPage)] }))}
            />
          </Section>

          <Section id="subscribers-heading" heading={t.subscribersHeading}>
            <Typography sx={{ mb: 2, maxWidth: '70ch' }}>{t.subscribersIntro}</Typography>
            <WideTable>
              <Table size="small" aria-labelledby="subscribers-heading" data-testid="subscribers-table">
                <TableHead>
                  <TableRow>
                    <TableCell>{t.columns.week}</TableCell>
                    <TableCell align="right">{t.subscribed}</TableCell>
                    <TableCell align="right">{t.left}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {(insights.subscribers ?? []).map((w) => (
                    <TableRow key={w.week}>
                      <TableCell component="th" scope="row">
                        {formatWeek(w.week)}
                      </TableCell>
                      <TableCell align="right">{formatCount(w.confirmed)}</TableCell>
                      <TableCell align="right">{formatCount(w.left)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </WideTable>
          </Section>
        </>
      )}
    </Box>
  );
}
