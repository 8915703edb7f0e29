/** Every address of the specification (section 2) shows its page. */
import { matchRoutes } from 'react-router-dom';
import { createRoutes } from './routes';
import { siteRoutes, type PageId, type RouteHandle } from '../model/routing';
import type { SiteContent } from '../model/siteContent';
import { loadRealContent } from '../../test/realConfig';

let content: SiteContent;
beforeAll(async () => {
  content = await loadRealContent();
});
const routing = () => siteRoutes(content.routes);

/** Section 2 of the specification: address, page shown, the page's main address. */
const specAddresses: Array<[address: string, page: PageId, canonical: string]> = [
  ['/', 'home', '/'],
  ['', 'home', '/'],
  ['/home', 'home', '/'],
  ['/Home', 'home', '/'],
  ['/About-us', 'about', '/About-us'],
  ['/About-Us', 'about', '/About-us'],
  ['/Product', 'product', '/Product'],
  ['/Services', 'services', '/Services'],
  ['/Blog', 'blog', '/Blog'],
  ['/Career', 'career', '/Career'],
  ['/Contact', 'contact', '/Contact'],
  ['/contact', 'contact', '/Contact'],
];

describe('resolvePath', () => {
  const table = specAddresses;

  it.each(table)('%j shows the %s page, whose main address is %s', (address, page, canonical) => {
    expect(routing().resolvePath(address)).toEqual({ path: address === '' ? '/' : address, page, canonical, matched: true });
  });

  it.each(['/nowhere', '/about-us', '/services', '/Contact/extra', '/HOME'])('an unmatched address %j shows the home page and is not "matched"', (address) => {
    expect(routing().resolvePath(address)).toEqual({ path: address, page: 'home', canonical: '/', matched: false });
  });

  it('answers every address of the specification (and the pages the office adds beside them)', () => {
    expect(routing().pagePaths.map((p) => p.path)).toEqual(
      expect.arrayContaining(['/', '/home', '/Home', '/About-us', '/About-Us', '/Product', '/Services', '/Blog', '/Career', '/Contact', '/contact']),
    );
  });
});

describe("the router's route table", () => {
  /** The page the router shows at an address, and its main address. */
  const shown = (address: string) => {
    const leaf = matchRoutes(createRoutes(content), address)?.at(-1)?.route;
    return leaf?.handle as RouteHandle | undefined;
  };

  it.each([...specAddresses.filter(([address]) => address !== ''), ['/nowhere', 'home', '/'], ['/about-us', 'home', '/']])(
    'shows %j with the %s page (main address %s)',
    (address, page, canonical) => {
      expect(shown(address)).toEqual({ page, canonical });
    },
  );
});

describe('pages and their main addresses', () => {
  it('falls back to the home page', () => {
    expect(routing().fallbackPage).toBe('home');
  });

  it.each<[PageId, string]>([
    ['home', '/'],
    ['about', '/About-us'],
    ['product', '/Product'],
    ['services', '/Services'],
    ['blog', '/Blog'],
    ['career', '/Career'],
    ['contact', '/Contact'],
  ])('the %s page lives at %s', (page, path) => {
    expect(routing().mainPathOf(page)).toBe(path);
  });

  it('tells which page a link points at, ignoring #anchors and ?queries', () => {
    const { pageOfHref } = routing();
    expect(pageOfHref('/Services#seo')).toBe('services');
    expect(pageOfHref('/contact?from=footer')).toBe('contact');
    expect(pageOfHref('/About-Us')).toBe('about');
    expect(pageOfHref('https://example.com/Contact')).toBeUndefined();
    expect(pageOfHref('/missing')).toBeUndefined();
  });

  it.each<PageId>(['home', 'about', 'product', 'services', 'blog', 'career', 'contact'])('the %s page has its sections', (page) => {
    expect(content.pages[page]?.sections.length).toBeGreaterThan(0);
  });
});
