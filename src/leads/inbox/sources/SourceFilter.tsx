/**
 * The list's filter by where leads came from: a source (and then one of its campaigns), chosen
 * among those the leads have (GET sources), each with how many leads it brought. Kept in the
 * address (?source=…&campaign=…), as the other filters are; the export downloads the same view.
 */
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import admin from '../../../../config/admin';
import { DIRECT_SOURCE, type SourceChoice } from '../../model/adminApi';
import { call } from '../../../platform/inbox/api';
import { fill, formatCount } from '../../../platform/inbox/format';
import { showEmpty } from '../../../platform/inbox/showEmpty';

const t = admin.sources;

/** The filter's part of the list's address: what LeadList sends with its query. */
export function sourceQuery(params: URLSearchParams): { source?: string; campaign?: string } {
  const source = params.get('source') ?? '';
  const campaign = params.get('campaign') ?? '';
  return { ...(source ? { source } : {}), ...(source && campaign ? { campaign } : {}) };
}

export function SourceFilter() {
  const [params, setParams] = useSearchParams();
  const { source = '', campaign = '' } = sourceQuery(params);
  const [choices, setChoices] = useState<SourceChoice[]>([]);
  useEffect(() => {
    let current = true;
    call('sources').then(
      (got) => current && setChoices(got),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  // Direct visits (no campaign, no referring site) are one choice, as insights name them.
  const sources = new Map<string, number>();
  for (const choice of choices) {
    const name = choice.source || DIRECT_SOURCE;
    sources.set(name, (sources.get(name) ?? 0) + choice.leads);
  }
  // One the address names but no lead has (any more) is still shown as chosen.
  if (source && !sources.has(source)) sources.set(source, 0);
  const campaigns = choices.filter((choice) => choice.source === source && choice.campaign);
  if (campaign && !campaigns.some((c) => c.campaign === campaign)) campaigns.push({ source, campaign, leads: 0 });
  const choose = (changes: Record<string, string>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );
  return (
    <>
      <TextField select label={t.filterSource} value={source} onChange={(e) => choose({ source: e.target.value, campaign: '' })} slotProps={showEmpty}>
        <MenuItem value="">{t.allSources}</MenuItem>
        {[...sources].map(([name, count]) => (
          <MenuItem key={name} value={name}>
            {fill(t.choiceCount, { name: name === DIRECT_SOURCE ? t.direct : name, count: formatCount(count) })}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t.filterCampaign}
        value={campaign}
        disabled={!source}
        onChange={(e) => choose({ campaign: e.target.value })}
        slotProps={showEmpty}
      >
        <MenuItem value="">{t.allCampaigns}</MenuItem>
        {campaigns.map((choice) => (
          <MenuItem key={choice.campaign} value={choice.campaign}>
            {fill(t.choiceCount, { name: choice.campaign, count: formatCount(choice.leads) })}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
