/**
 * A lead's source in words (config/admin.ts `sources`), one mapping for the lead's page, the
 * owner's mail and the CSV: the device in words, no source as a direct visit, an advert by the
 * network it came from ("Google Ads"), never the click id its address carried.
 */
import admin from '../../../config/admin';
import { ATTRIBUTION_KEYS, type AttributionKey, type LeadSource } from '../../site/model/attribution';

const t = admin.sources;

/** A source's values as text, by key; empty where nothing was recorded. */
export function sourceTexts(source: LeadSource | undefined): Record<AttributionKey, string> {
  return Object.fromEntries(
    ATTRIBUTION_KEYS.map((key) => {
      if (!source) return [key, ''];
      if (key === 'source') return [key, source.source || t.direct];
      if (key === 'device') return [key, source.device ? t.devices[source.device] : ''];
      // Two ids of one network (Google's gclid and gbraid) say its name once.
      if (key === 'clickIds') return [key, [...new Set((source.clickIds ?? []).map((id) => t.adNetworks[id]))].join(', ')];
      return [key, source[key] ?? ''];
    }),
  ) as Record<AttributionKey, string>;
}
