/** Every address of the specification (section 2) shows its page. */
import { matchRoutes } from 'react-router-dom';
import { createRoutes } from './routes';
import { loadPageModule } from './pageModules';
import { fallbackPage, mainPathOf, pageOfHref, pagePaths, resolvePath, type PageId, type RouteHandle } from '../shared/routing';

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
    expect(resolvePath(address)).toEqual({ path: address === '' ? '/' : address, page, canonical, matched: true });
  });

  it.each(['/nowhere', '/about-us', '/services', '/Contact/extra', '/HOME'])(
    'an unmatched address %j shows the home page and is not "matched"',
    (address) => {
      expect(resolvePath(address)).toEqual({ path: address, page: 'home', canonical: '/', matched: false });
    },
  );

  it('answers exactly the addresses of the specification, and the privacy page\'s, no more', () => {
    expect(pagePaths.map((p) => p.path).sort()).toEqual(
      ['/', '/home', '/Home', '/About-us', '/About-Us', '/Product', '/Services', '/Blog', '/Career', '/Contact', '/contact', '/Privacy', '/privacy'].sort(),
    );
  });
});

describe("the router's route table", () => {
  const routes = createRoutes();
  /** The page the router shows at an address, and its main address. */
  const shown = (address: string) => {
    const leaf = matchRoutes(routes, address)?.at(-1)?.route;
    return leaf?.handle as RouteHandle | undefined;
  };

  it.each([
    ...specAddresses.filter(([address]) => address !== ''),
    ['/nowhere', 'home', '/'],
    ['/about-us', 'home', '/'],
  ])('shows %j with the %s page (main address %s)', (address, page, canonical) => {
    expect(shown(address)).toEqual({ page, canonical });
  });
});

describe('pages and their main addresses', () => {
  it('falls back to the home page', () => {
    expect(fallbackPage).toBe('home');
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
    expect(mainPathOf(page)).toBe(path);
  });

  it('tells which page a link points at, ignoring #anchors and ?queries', () => {
    expect(pageOfHref('/Services#seo')).toBe('services');
    expect(pageOfHref('/contact?from=footer')).toBe('contact');
    expect(pageOfHref('/About-Us')).toBe('about');
    expect(pageOfHref('https://example.com/Contact')).toBeUndefined();
    expect(pageOfHref('/missing')).toBeUndefined();
  });

  it.each<PageId>(['home', 'about', 'product', 'services', 'blog', 'career', 'contact'])('the %s page loads its sections', async (page) => {
    const module = await loadPageModule(page);
    expect(module.default.sections.length).toBeGreaterThan(0);
  });
});
