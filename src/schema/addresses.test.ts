/**
 * The one rule of what may be a page's address (addresses.ts), and the route table the router
 * and the build read (routing.ts pagePathsOf): the attacks on addresses (an alias taking over
 * the inbox's file, the error page, a redirect to another host) are refused with their
 * sentences, and never become a route or a file even when they reach config/routes.ts.
 */
import { addressProblem, isPageAddress, NOT_A_PATH, RESERVED_NAMES, reservedNames, siteLinkOf, siteLinkProblem } from './addresses';
import { htmlFileFor } from './pageFiles';
import { sitePathOf } from '../site/model/routeTable';
import { pagePathsOf } from '../site/model/routing';

describe('a page address', () => {
  it.each(['/', '/Contact', '/About-us', '/home', '/Blog/first-post', '/a_b/C-9', `/${'x'.repeat(100)}`])('%s may be one', (address) => {
    expect(addressProblem(address)).toBeUndefined();
    expect(isPageAddress(address)).toBe(true);
  });

  it.each([
    ['/admin', "is used by the site's own inbox, so no page can have it. Choose another address."],
    ['/Admin', "is used by the site's own inbox, so no page can have it. Choose another address."],
    ['/admin/content', "is used by the site's own inbox, so no page can have it. Choose another address."],
    ['/ADMIN.html', "is used by the site's own inbox, so no page can have it. Choose another address."],
    ['/api', "is used by the site's server (its forms and the inbox), so no page can have it. Choose another address."],
    ['/Api/collections', "is used by the site's server (its forms and the inbox), so no page can have it. Choose another address."],
    ['/healthz', "is used by the server's health check, so no page can have it. Choose another address."],
    ['/assets/index', "is used by the site's scripts and styles, so no page can have it. Choose another address."],
    ['/images', "is used by the site's pictures, so no page can have it. Choose another address."],
    ['/Images/uploads', "is used by the site's pictures, so no page can have it. Choose another address."],
    ['/outcomes', 'is used by the pages shown after a form is sent without JavaScript, so no page can have it. Choose another address.'],
    ['/index', "is used by the home page's file, so no page can have it. Choose another address."],
    ['/404', 'is used by the page shown for unknown addresses, so no page can have it. Choose another address.'],
    ['/500', 'is used by the error page, so no page can have it. Choose another address.'],
    ['/__error__', 'is used by the error page, so no page can have it. Choose another address.'],
    ['/__no_such_page__', 'is used by the page shown for unknown addresses, so no page can have it. Choose another address.'],
    ['/sitemap.xml', "is used by the list of the site's pages for search engines, so no page can have it. Choose another address."],
    ['/Robots.txt', 'is used by the rules for search engines, so no page can have it. Choose another address.'],
    ['//0x7f000001', 'starts with //, which browsers read as the address of another site. A page\'s address starts with a single /, like "/Contact".'],
    [
      '//evil.example/Contact',
      'starts with //, which browsers read as the address of another site. A page\'s address starts with a single /, like "/Contact".',
    ],
    ['/\\evil.example', 'starts with /\\, which browsers read as the address of another site. A page\'s address starts with a single /, like "/Contact".'],
    ['/a\\b', 'has a backslash (\\), which browsers read as /. Use only letters, digits, - and _ between the slashes.'],
    ['/Contact?x=1', 'has a query or an anchor (? or #). An address of a page is a path only, like "/Contact".'],
    ['/Contact#form', 'has a query or an anchor (? or #). An address of a page is a path only, like "/Contact".'],
    ['/a%2fb', 'has a %-escape. Write the letters themselves, and only letters, digits, - and _.'],
    ['/%2e%2e/admin', 'has a %-escape. Write the letters themselves, and only letters, digits, - and _.'],
    ['/Blog/', 'ends with /. Write it without: "/Blog" (the site answers both).'],
    ['/a//b', 'has an empty part between two slashes. Write each / once.'],
    ['/a/../admin', 'has a part "." or "..", which browsers turn into another address. Use only letters, digits, - and _ between the slashes.'],
    ['/./Contact', 'has a part "." or "..", which browsers turn into another address. Use only letters, digits, - and _ between the slashes.'],
    ['/Contact.html', NOT_A_PATH],
    ['/caf\u00e9', NOT_A_PATH],
    ['/a b', NOT_A_PATH],
    ['/tab\there', NOT_A_PATH],
    ['contact', NOT_A_PATH],
    ['', NOT_A_PATH],
    ['https://evil.example/', NOT_A_PATH],
    [`/${'x'.repeat(101)}`, 'has a part longer than 100 characters between two slashes, which the server refuses. Shorten it.'],
    [`/${'abcdefghij/'.repeat(20)}x`, 'is longer than 200 characters. Shorten it.'],
  ])('%j is refused: %s', (address, sentence) => {
    expect(addressProblem(address)).toBe(sentence);
    expect(isPageAddress(address)).toBe(false);
  });

  it("takes no name of public/'s files and folders, whatever their case", () => {
    expect(addressProblem('/Downloads/price-list', { publicNames: ['downloads', 'favicon.svg'] })).toBe(
      'is used by the file or folder public/downloads, so no page can have it. Choose another address.',
    );
    expect(addressProblem('/favicon.svg', { publicNames: ['downloads', 'favicon.svg'] })).toBe(
      'is used by the file or folder public/favicon.svg, so no page can have it. Choose another address.',
    );
    expect(addressProblem('/favicon', { publicNames: ['favicon.svg'] })).toBeUndefined();
    // The site's own name is said once, as the site's.
    expect(reservedNames(['images', 'favicon.svg']).filter((r) => r.name === 'images')).toHaveLength(1);
  });

  it('is one the build writes as a file of its own, never over a file the site has', () => {
    const ownFiles = ['admin.html', 'index.html', '404.html', '500.html', 'sitemap.xml', 'robots.txt'];
    for (const address of ['/Contact', '/About-us', '/Blog/first-post']) {
      const file = htmlFileFor(address).toLowerCase();
      expect(ownFiles.includes(file) || RESERVED_NAMES.some((r) => file.split('/')[0] === r.name || file.startsWith(`${r.name}.`))).toBe(false);
    }
  });
});

describe('a link to a page of this site', () => {
  it('is its path, and what follows it; a // or /\\ link is not one', () => {
    expect(siteLinkOf('/Contact#form')).toEqual({ path: '/Contact', rest: '#form' });
    expect(siteLinkOf('/Blog?page=2')).toEqual({ path: '/Blog', rest: '?page=2' });
    expect(siteLinkOf('//evil.example/Contact')).toBeUndefined();
    expect(siteLinkOf('/\\evil.example')).toBeUndefined();
    expect(siteLinkOf('https://example.com/')).toBeUndefined();
    expect(sitePathOf('//evil.example')).toBeUndefined();
    expect(sitePathOf('/Contact#form')).toBe('/Contact');
  });

  it('starting with // is said to be no link to this site', () => {
    expect(siteLinkProblem('//evil.example/Contact')).toBe(
      'starts with //, which browsers read as the address of another site, so it is not a link to a page of this one. For a page of this site write a single / ("/Contact"); for another site write its whole address, starting with https://.',
    );
    expect(siteLinkProblem('/Contact#form')).toBeUndefined();
    expect(siteLinkProblem('/a/../Contact')).toMatch(/^has a part "\." or "\.\."/);
  });
});

describe('the route table the router and the build read', () => {
  it('leaves out every address that cannot be a page, whatever reached the routes file', () => {
    const routes = {
      routes: [
        { path: '/', page: 'home', aliases: ['/home'] },
        { path: '/Privacy', page: 'privacy', aliases: ['/admin', '/500', '//0x7f000001', '/Admin', '/index', '/sitemap.xml', '/privacy'] },
        { path: '/admin', page: 'about', aliases: ['/About-us'] },
      ],
      fallback: 'home',
    };
    expect(pagePathsOf(routes).map((p) => p.path)).toEqual(['/', '/home', '/Privacy', '/privacy']);
  });
});
