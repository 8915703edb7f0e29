/**
 * Leads per week per form and visits per week, as charts (@mui/x-charts) and as a table; a
 * phone's table shows only the forms with leads in the period (the others are all zero).
 */
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import admin from '../../../../config/admin';
import type { Insights } from '../../model/adminApi';
import { WideTable } from '../../../platform/inbox/WideTable';
import { formatCount } from '../../../platform/inbox/format';
import { Section } from '../../../platform/inbox/Section';

const t = admin.insights;
/** A week by its Monday (a day in UTC, as the counts' days are). */
const weekDay = new Intl.DateTimeFormat(admin.locale, { dateStyle: 'short', timeZone: 'UTC' });
export const formatWeek = (day: string) => weekDay.format(new Date(day));
/** The charts' own words (no default of the library reaches the screen). */
const chartWords = { noData: t.empty, loading: t.loading };
/** Leads and visits are whole numbers: whole ticks only, and an axis from 0 to at least 1 (all zero drew "0.0…"). */
/** A bar's value in the chart's tooltip, written as the tables write it. */
const countOrNone = (value: number | null) => (value === null ? '' : formatCount(value));
const COUNT_AXIS = [
  {
    tickMinStep: 1,
    valueFormatter: (value: number) => formatCount(value),
    domainLimit: (_min: unknown, max: unknown) => ({ min: 0, max: Math.max(Number(max), 1) }),
  },
];

export function WeeksSection({ byWeek, forms: served }: Pick<Insights, 'byWeek' | 'forms'>) {
  const forms = served.map((form) => form.name);
  const formLabel = (name: string) => served.find((form) => form.name === name)?.title ?? name;
  const weekLabels = byWeek.map((w) => formatWeek(w.week));
  const shownForms = forms.filter((form) => byWeek.some((w) => (w.leads[form] ?? 0) > 0));
  const leadsOf = (form: string) => byWeek.map((w) => w.leads[form] ?? 0);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // A phone's table: the forms with leads in the period only (the others are all zero).
  const tableForms = phone ? shownForms : forms;

  return (
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
          <BarChart
            height={260}
            xAxis={[{ scaleType: 'band', data: weekLabels }]}
            yAxis={COUNT_AXIS}
            series={[{ data: byWeek.map((w) => w.visits), label: t.visits, valueFormatter: countOrNone }]}
            localeText={chartWords}
            skipAnimation
          />
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
              {byWeek.map((w) => (
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
  );
}
