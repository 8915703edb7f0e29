/**
 * Where a lead came from: one description for the browser and the server. What the browser
 * captures always parses; anything else a client makes up is refused whole.
 */
import {
  ATTRIBUTION_LIMITS,
  attributionOfLanding,
  deviceOf,
  encodeAttribution,
  encodePageView,
  parseAttribution,
  parsePageView,
  sourceOf,
  visitOnArrival,
} from './attribution';

const landing = attributionOfLanding(
  'https://www.agency.example/Services?utm_source=newsletter&utm_medium=email&utm_campaign=autumn&gclid=SECRET123&email=ada@example.com',
  'https://news.example.org/issues/42?reader=ada',
  'phone',
);

it('captures the landing page without its query, the referrer as its origin only, UTM values and click ids as present', () => {
  expect(landing).toEqual({
    device: 'phone',
    landingPage: '/Services',
    referrer: 'https://news.example.org',
    utmSource: 'newsletter',
    utmMedium: 'email',
    utmCampaign: 'autumn',
    clickIds: ['gclid'],
  });
  // The click id's value and anything else of the address are nowhere in what is sent.
  const sent = encodeAttribution({ ...landing, formPage: '/Contact' });
  expect(sent).not.toMatch(/SECRET123|ada|issues/);
  expect(parseAttribution(sent)).toEqual({ ...landing, formPage: '/Contact' });
  expect(sourceOf(landing)).toBe('newsletter');
  expect(sourceOf({ referrer: 'https://news.example.org' })).toBe('news.example.org');
  expect(sourceOf({})).toBe('');
});

it('drops its own site as a referrer, cuts long values to their limits, and what it captures always parses', () => {
  const long = 'x'.repeat(500);
  const own = attributionOfLanding(`https://www.agency.example/${long}?utm_campaign=${long}%0Aline`, 'https://www.agency.example/Contact', 'desktop');
  expect(own.referrer).toBeUndefined();
  expect(own.utmCampaign).toHaveLength(ATTRIBUTION_LIMITS.utm);
  expect(own.landingPage).toHaveLength(ATTRIBUTION_LIMITS.page);
  expect(parseAttribution(encodeAttribution(own))).toEqual(own);
});

it.each([
  ['an unknown key', 'landingPage=%2F&userId=42'],
  ['a key twice', 'utmSource=a&utmSource=b'],
  ['a page with a query', 'landingPage=%2FContact%3Femail%3Dx'],
  ['a page that is not a path', 'formPage=https%3A%2F%2Fevil.example%2F'],
  ['a referrer with a path', 'referrer=https%3A%2F%2Fnews.example.org%2Fa'],
  ['a referrer that is not http(s)', 'referrer=javascript%3Aalert(1)'],
  ['a UTM value over its limit', `utmSource=${'a'.repeat(ATTRIBUTION_LIMITS.utm + 1)}`],
  ['a line break', 'utmCampaign=a%0Ab'],
  ['a click id nobody knows', 'clickIds=gclid%2Cmyid'],
  ['a device class nobody knows', 'device=fridge'],
  ['an empty value', 'utmTerm='],
])('refuses %s whole', (_what, encoded) => {
  expect(parseAttribution(encoded)).toBeUndefined();
});

it('tells the device class from the screen and the pointer', () => {
  expect(deviceOf(390, true)).toBe('phone');
  expect(deviceOf(820, true)).toBe('tablet');
  expect(deviceOf(820, false)).toBe('desktop');
  expect(deviceOf(1440, true)).toBe('desktop');
});

it('a page view stays under 1 kB at its largest, and carries the visit source only', () => {
  const largest = attributionOfLanding(
    `https://a.example/${'p'.repeat(300)}?utm_source=${'s'.repeat(300)}&utm_campaign=${'c'.repeat(300)}`,
    `https://${'r'.repeat(150)}.example/`,
    'phone',
  );
  const body = encodePageView({ page: largest.landingPage!, landing: true, attribution: largest });
  expect(Buffer.byteLength(body)).toBeLessThanOrEqual(1024);
  const view = parsePageView(body);
  expect(view).toMatchObject({ page: largest.landingPage, landing: true });
  expect(Object.keys(view!.attribution).sort()).toEqual(['referrer', 'utmCampaign', 'utmSource']);
  expect(parsePageView('page=%2F&landing=1&device=phone')).toBeUndefined();
  expect(parsePageView('page=%2F&landing=2')).toBeUndefined();
});

describe('a campaign link always starts a new visit, in a tab that has seen the site too', () => {
  const at = (href: string, referrer = '') => attributionOfLanding(`https://www.agency.example${href}`, referrer, 'desktop');
  const direct = at('/');

  it("the tab's first page starts the visit; the next pages of the site keep it", () => {
    expect(visitOnArrival(undefined, direct)).toEqual({ visit: direct, landing: true });
    expect(visitOnArrival(direct, at('/Contact'))).toEqual({ visit: direct, landing: false });
    // Coming back through a search engine or another site without a campaign: still the tab's visit.
    expect(visitOnArrival(direct, at('/Services', 'https://search.example'))).toEqual({ visit: direct, landing: false });
  });

  it("the office's own campaign link opened in a tab that visited the site: the campaign's visit, its page the landing", () => {
    const campaign = at('/Services?utm_source=newsletter&utm_medium=email&utm_campaign=winter');
    expect(visitOnArrival(direct, campaign)).toEqual({ visit: campaign, landing: true });
    // Then through the site: the campaign's visit stays, and its landing page is counted once.
    expect(visitOnArrival(campaign, at('/Contact'))).toEqual({ visit: campaign, landing: false });
    // A reload of the same link is the same visit; another campaign (or an advert's click) a new one.
    expect(visitOnArrival(campaign, at('/Services?utm_source=newsletter&utm_medium=email&utm_campaign=winter'))).toEqual({ visit: campaign, landing: false });
    const advert = at('/Contact?gclid=abc');
    expect(visitOnArrival(campaign, advert)).toEqual({ visit: advert, landing: true });
  });
});
