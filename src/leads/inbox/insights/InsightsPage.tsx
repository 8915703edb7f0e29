/**
 * What works (owners only; a chunk of its own, with the charts' library): leads per week per
 * form and visits per week as charts (@mui/x-charts) and as a table, then sources and campaigns,
 * the languages (on a site in more than one) and landing pages, each with its visits, leads, leads
 * per visit, the clients won among those leads with their value and the confirmed
 * newsletter subscribers among them, and the newsletter's confirmations and departures per week (those past the server's
 * rows added up in one row, "{count} more"). Every word is in
 * config/admin.ts (insights); the numbers come from GET insights (src/leads/server/insights.ts).
 */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import admin from '../../../../config/admin';
import { DIRECT_SOURCE, INSIGHT_WEEKS, type Insights } from '../../model/adminApi';
import { ALL_STATUSES } from '../views';
import { call } from '../../../platform/inbox/api';
import { fill, visible } from '../../../platform/inbox/format';
import { Notice, useNotice } from '../../../platform/inbox/Notice';
import { Section } from '../../../platform/inbox/Section';
import { RowsTable } from './RowsTable';
import { SubscribersSection } from './SubscribersSection';
import { WeeksSection } from './WeeksSection';

const t = admin.insights;
const sourceName = (source: string) => source || admin.sources.direct;

/** The period in the address (`weeks`, one of INSIGHT_WEEKS), and the insights of it from the server. */
function useInsights() {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('weeks'));
  const weeks = INSIGHT_WEEKS.includes(asked as (typeof INSIGHT_WEEKS)[number]) ? asked : INSIGHT_WEEKS[1];
  const setWeeks = (chosen: string) => setParams({ weeks: chosen }, { replace: true });
  const [insights, setInsights] = useState<Insights>();
  const { notice, attempt } = useNotice();

  useEffect(() => {
    let current = true;
    void attempt(async () => {
      const got = await call('insights', { query: { weeks: String(weeks) } });
      if (current) setInsights(got);
    });
    return () => {
      current = false;
    };
  }, [weeks, attempt]);

  return { weeks, setWeeks, insights, notice };
}

/** Sources and campaigns: every source with leads is a link to them in the list ("(direct)" too), in any status. */
function SourcesSection({ insights }: { insights: Insights }) {
  return (
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
            Object.values(row.byKind ?? {}).some((n) => n > 0) ? (
              <Link
                component={RouterLink}
                to={`/?${new URLSearchParams({ source: row.source || DIRECT_SOURCE, ...(row.campaign ? { campaign: row.campaign } : {}), status: ALL_STATUSES }).toString()}`}
              >
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
  );
}

/** Only on a site in more than one language: each language's visits (by the pages opened) and leads (by the language they were sent in), each with leads a link to them in the list. */
function LanguagesSection({ insights, byLanguage }: { insights: Insights; byLanguage: NonNullable<Insights['byLanguage']> }) {
  return (
    <Section id="languages-heading" heading={admin.languages.heading}>
      <RowsTable
        labelledBy="languages-heading"
        names={[admin.languages.language]}
        total={insights.totals}
        rows={byLanguage.map((row) => ({
          key: row.code,
          row,
          cells: [
            Object.values(row.byKind ?? {}).some((n) => n > 0) ? (
              <Link component={RouterLink} to={`/?${new URLSearchParams({ language: row.code, status: ALL_STATUSES }).toString()}`} lang={row.code}>
                {row.name}
              </Link>
            ) : (
              <span lang={row.code}>{row.name}</span>
            ),
          ],
        }))}
      />
    </Section>
  );
}

export function InsightsPage() {
  const { weeks, setWeeks, insights, notice } = useInsights();

  return (
    <Box component="section" aria-labelledby="insights-heading">
      <Typography id="insights-heading" variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, mb: 1 }}>
        {t.heading}
      </Typography>
      <Typography sx={{ mb: 2, maxWidth: '70ch' }}>{t.intro}</Typography>
      <TextField select label={t.period} value={weeks} onChange={(e) => setWeeks(e.target.value)} sx={{ mb: 3, minWidth: 220 }}>
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
          <WeeksSection byWeek={insights.byWeek} forms={insights.forms} />
          <SourcesSection insights={insights} />
          {insights.byLanguage && <LanguagesSection insights={insights} byLanguage={insights.byLanguage} />}
          <Section id="pages-heading" heading={t.byLandingPage}>
            <RowsTable
              labelledBy="pages-heading"
              names={[t.columns.page]}
              other={insights.otherPages}
              total={insights.totals}
              rows={insights.byLandingPage.map((row) => ({ key: row.page, row, cells: [visible(row.page || t.unknownPage)] }))}
            />
          </Section>
          <SubscribersSection weeks={insights.subscribers ?? []} />
        </>
      )}
    </Box>
  );
}
