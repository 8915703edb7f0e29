/**
 * Where a lead came from (its "source"), kept beside the lead and never inside the document:
 * the visit's landing page, the page of the form, the referrer's origin, the UTM parameters,
 * which common click ids the landing address carried (present or not: never their values) and
 * the device class. One description, used by the browser (src/site/islands/visit.ts captures it on
 * the first page of a visit, into sessionStorage) and by our server (which parses what a post
 * carries with the same function and stores nothing else). It travels as a urlencoded string
 * (the documents' header api.sourceHeader, the beacon's body): ASCII only, at most about 1 kB.
 */

/** The click ids of the common ad networks: recorded as present, never their values. */
export const CLICK_IDS = ['gclid', 'gbraid', 'wbraid', 'dclid', 'fbclid', 'msclkid', 'ttclid', 'twclid', 'li_fat_id', 'yclid'] as const;
export type ClickId = (typeof CLICK_IDS)[number];

export const DEVICES = ['phone', 'tablet', 'desktop'] as const;
export type Device = (typeof DEVICES)[number];

/** The UTM parameters, by our key and by their name in an address. */
const UTM = { utmSource: 'utm_source', utmMedium: 'utm_medium', utmCampaign: 'utm_campaign', utmTerm: 'utm_term', utmContent: 'utm_content' } as const;
type UtmKey = keyof typeof UTM;

export interface Attribution {
  /** The path of the visit's first page (no query: it may hold anything). */
  landingPage?: string;
  /** The path of the page whose form sent the lead. */
  formPage?: string;
  /** The origin (scheme, host, port) of the page that linked to the landing page; never its path. */
  referrer?: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  utmTerm?: string;
  utmContent?: string;
  /** The click ids the landing address carried. */
  clickIds?: ClickId[];
  device?: Device;
}

/** A lead's source as the inbox shows it: the grouping word (`source`: sourceOf) and what was recorded. */
export type LeadSource = Attribution & { source: string };

/** Every key, in the order the inbox, the CSV and the mail show them. */
export const ATTRIBUTION_KEYS = [
  'source',
  'landingPage',
  'formPage',
  'referrer',
  'utmSource',
  'utmMedium',
  'utmCampaign',
  'utmTerm',
  'utmContent',
  'clickIds',
  'device',
] as const;
export type AttributionKey = (typeof ATTRIBUTION_KEYS)[number];

/** Longest accepted values (characters). */
export const ATTRIBUTION_LIMITS = { page: 200, referrer: 200, utm: 100 } as const;

const PAGE = /^\/[^\s?#\\]*$/;
/** Printable text without control characters; no line breaks. */
const TEXT = /^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+$/u;

const isPage = (value: string) => value.length <= ATTRIBUTION_LIMITS.page && PAGE.test(value);

/** An http(s) origin written exactly as URL writes it, or undefined. */
function originOf(value: string): string | undefined {
  if (value.length > ATTRIBUTION_LIMITS.referrer) return undefined;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What a post or a beacon carried, checked: only the keys above, each at most once, within its
 * length and form. Anything else and the whole of it is refused (undefined): a lead is stored
 * all the same, without it.
 */
export function parseAttribution(encoded: string): Attribution | undefined {
  if (encoded.length > 2048) return undefined;
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(encoded);
  } catch {
    return undefined;
  }
  const seen = new Set<string>();
  const result: Attribution = {};
  for (const [key, value] of params) {
    if (seen.has(key) || value === '') return undefined;
    seen.add(key);
    if (key === 'landingPage' || key === 'formPage') {
      if (!isPage(value)) return undefined;
      result[key] = value;
    } else if (key === 'referrer') {
      const origin = originOf(value);
      if (!origin) return undefined;
      result.referrer = origin;
    } else if (key in UTM) {
      if (value.length > ATTRIBUTION_LIMITS.utm || !TEXT.test(value)) return undefined;
      result[key as UtmKey] = value;
    } else if (key === 'clickIds') {
      const ids = value.split(',');
      if (new Set(ids).size !== ids.length || !ids.every((id) => (CLICK_IDS as readonly string[]).includes(id))) return undefined;
      result.clickIds = ids as ClickId[];
    } else if (key === 'device') {
      if (!(DEVICES as readonly string[]).includes(value)) return undefined;
      result.device = value as Device;
    } else return undefined;
  }
  return result;
}

/** The string a post or a beacon carries (keys in a fixed order; empty parts left out). */
export function encodeAttribution(attribution: Attribution): string {
  const params = new URLSearchParams();
  for (const key of ATTRIBUTION_KEYS) {
    if (key === 'source') continue;
    const value = attribution[key];
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : value);
  }
  return params.toString();
}

const cut = (value: string | null, max: number) => {
  const text = (value ?? '').replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ').trim();
  return text === '' ? undefined : text.slice(0, max);
};

/**
 * The visit as its first page shows it: the address it landed on (a URL), the page that linked
 * to it (document.referrer: only another site's origin is kept) and the device class. Values are
 * cut to their limits, so what the browser sends always parses.
 */
export function attributionOfLanding(href: string, referrer: string, device: Device): Attribution {
  const url = new URL(href);
  const attribution: Attribution = { device };
  const path = url.pathname.slice(0, ATTRIBUTION_LIMITS.page);
  if (isPage(path)) attribution.landingPage = path;
  try {
    const from = referrer ? new URL(referrer) : undefined;
    if (from && from.origin !== url.origin && originOf(from.origin)) attribution.referrer = from.origin;
  } catch {
    // No readable referrer: none.
  }
  for (const [key, name] of Object.entries(UTM) as [UtmKey, string][]) {
    const value = cut(url.searchParams.get(name), ATTRIBUTION_LIMITS.utm);
    if (value) attribution[key] = value;
  }
  const clickIds = CLICK_IDS.filter((id) => url.searchParams.has(id));
  if (clickIds.length > 0) attribution.clickIds = clickIds;
  return attribution;
}

/** Whether a landing carries a campaign of its own: UTM tags or an ad's click id. */
const carriesCampaign = (a: Attribution) => (Object.keys(UTM) as UtmKey[]).some((key) => a[key] !== undefined) || (a.clickIds?.length ?? 0) > 0;

/** The campaign part of a visit (its UTM tags and click ids), to tell two campaigns apart. */
const campaignOf = (a: Attribution) => JSON.stringify([...(Object.keys(UTM) as UtmKey[]).map((key) => a[key] ?? null), a.clickIds ?? []]);

/**
 * The tab's visit once a page opens, given the one it had (if any) and this page's own landing:
 * the one it had, unless this page was opened from a campaign's link (UTM tags or a click id)
 * other than the visit's own: a campaign link always starts a new visit (the office trying its
 * own link in a tab that has seen the site, a visitor coming back from an advert). A reload of
 * the visit's own landing address, tags and all, is the same visit.
 */
export function visitOnArrival(known: Attribution | undefined, arriving: Attribution): { visit: Attribution; landing: boolean } {
  if (!known) return { visit: arriving, landing: true };
  const sameLanding = known.landingPage === arriving.landingPage && campaignOf(known) === campaignOf(arriving);
  if (carriesCampaign(arriving) && !sameLanding) return { visit: arriving, landing: true };
  return { visit: known, landing: false };
}

/**
 * The one word insights group by: the UTM source when there is one, else the referrer's host,
 * else empty (a direct visit: typed, bookmarked, or a site that sends no referrer).
 */
export function sourceOf(attribution: Attribution | undefined): string {
  if (attribution?.utmSource) return attribution.utmSource;
  if (attribution?.referrer) return new URL(attribution.referrer).host;
  return '';
}

/** The device class from the screen: a touch screen under 600 px is a phone, under 1100 px a tablet. */
export function deviceOf(shortSide: number, coarsePointer: boolean): Device {
  if (coarsePointer && shortSide < 600) return 'phone';
  if (coarsePointer && shortSide < 1100) return 'tablet';
  return 'desktop';
}

/** One page view, as the beacon tells it: the page, whether it is the visit's first, the visit's source and campaign. */
export interface PageView {
  page: string;
  landing: boolean;
  attribution: Pick<Attribution, 'utmSource' | 'utmCampaign' | 'referrer'>;
}

/** The beacon's body (text/plain, urlencoded): well under 1 kB. */
export function encodePageView({ page, landing, attribution }: PageView): string {
  const visit = encodeAttribution({ utmSource: attribution.utmSource, utmCampaign: attribution.utmCampaign, referrer: attribution.referrer });
  return `${new URLSearchParams({ page, landing: landing ? '1' : '0' }).toString()}${visit ? `&${visit}` : ''}`;
}

/** A beacon's body checked with the same rules, or undefined. */
export function parsePageView(body: string): PageView | undefined {
  if (body.length > 1024) return undefined;
  const params = new URLSearchParams(body);
  const page = params.get('page');
  const landing = params.get('landing');
  if (page === null || !isPage(page) || (landing !== '0' && landing !== '1') || params.getAll('page').length > 1 || params.getAll('landing').length > 1)
    return undefined;
  params.delete('page');
  params.delete('landing');
  const attribution = parseAttribution(params.toString());
  if (!attribution || Object.keys(attribution).some((key) => key !== 'utmSource' && key !== 'utmCampaign' && key !== 'referrer')) return undefined;
  return { page, landing: landing === '1', attribution };
}
