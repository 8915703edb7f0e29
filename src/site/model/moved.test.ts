/**
 * Addresses never break (moved.ts): the difference of the addresses before and after a publish
 * becomes config/moved.ts, chains collapse, an address a page takes again is neither moved nor
 * gone, an address that cannot be a page's is never in it, and going back brings back the
 * redirects of the state gone back to; and contentAddresses lists each page (the office's at their
 * own address) by its key.
 */
import { movedAfter } from './moved';
import { contentAddresses, type ContentAddress } from './routing';

const nothing = { moved: [], gone: [] };
const at = (entries: Record<string, string>): ContentAddress[] => Object.entries(entries).map(([key, address]) => ({ key, address }));

describe('the addresses of the content', () => {
  it('are each page at its main address, the office pages at their own address, keyed page:<id>', () => {
    const routes = {
      routes: [
        { path: '/', page: 'home', aliases: ['/home'] },
        { path: '/Contact', page: 'contact' },
      ],
      fallback: 'home',
    };
    const pages = { home: { title: 'x' }, contact: { title: 'x' }, offer: { title: 'x', address: '/offer' }, loose: { title: 'no address' } };
    expect(contentAddresses({ routes, pages })).toEqual(at({ 'page:home': '/', 'page:contact': '/Contact', 'page:offer': '/offer' }));
  });

  it('leave out an office page whose address a route already shows, or that a route names', () => {
    const routes = { routes: [{ path: '/Contact', page: 'contact' }], fallback: 'contact' };
    const pages = { contact: { address: '/elsewhere' }, copy: { address: '/Contact' } };
    expect(contentAddresses({ routes, pages })).toEqual(at({ 'page:contact': '/Contact' }));
  });
});

describe('what a publish leaves in config/moved.ts', () => {
  it('is nothing when no address changed', () => {
    const both = at({ 'page:home': '/', 'page:offer': '/offer' });
    expect(movedAfter(nothing, both, both)).toEqual(nothing);
  });

  it('is a redirect from the old address to the new when a page is renamed', () => {
    expect(movedAfter(nothing, at({ 'page:offer': '/offer' }), at({ 'page:offer': '/spring-offer' }))).toEqual({
      moved: [{ from: '/offer', to: '/spring-offer' }],
      gone: [],
    });
  });

  it('is the address gone when a page is removed', () => {
    expect(movedAfter(nothing, at({ 'page:home': '/', 'page:offer': '/offer' }), at({ 'page:home': '/' }))).toEqual({ moved: [], gone: ['/offer'] });
  });

  it('collapses a chain: a → b then b → c gives a → c and b → c', () => {
    const first = movedAfter(nothing, at({ 'page:offer': '/a' }), at({ 'page:offer': '/b' }));
    expect(movedAfter(first, at({ 'page:offer': '/b' }), at({ 'page:offer': '/c' }))).toEqual({
      moved: [
        { from: '/a', to: '/c' },
        { from: '/b', to: '/c' },
      ],
      gone: [],
    });
  });

  it('makes every address of a chain gone when its page is removed', () => {
    const first = movedAfter(nothing, at({ 'page:offer': '/a' }), at({ 'page:offer': '/b' }));
    expect(movedAfter(first, at({ 'page:offer': '/b' }), at({}))).toEqual({ moved: [], gone: ['/a', '/b'] });
  });

  it('drops a redirect back to where it started: a → b, then b → a leaves b → a only', () => {
    const first = movedAfter(nothing, at({ 'page:offer': '/a' }), at({ 'page:offer': '/b' }));
    expect(movedAfter(first, at({ 'page:offer': '/b' }), at({ 'page:offer': '/a' }))).toEqual({ moved: [{ from: '/b', to: '/a' }], gone: [] });
  });

  it('forgets a gone or moved address that a new page takes again', () => {
    const removed = movedAfter(nothing, at({ 'page:offer': '/offer', 'page:sale': '/sale' }), at({ 'page:sale': '/summer' }));
    expect(removed).toEqual({ moved: [{ from: '/sale', to: '/summer' }], gone: ['/offer'] });
    const reused = movedAfter(removed, at({ 'page:sale': '/summer' }), at({ 'page:sale': '/summer', 'page:new': '/offer', 'page:other': '/sale' }));
    expect(reused).toEqual(nothing);
  });

  it('keeps earlier entries that this publish does not touch', () => {
    const earlier = { moved: [{ from: '/old', to: '/offer' }], gone: ['/gone'] };
    const both = at({ 'page:offer': '/offer' });
    expect(movedAfter(earlier, both, both)).toEqual(earlier);
  });

  it('turns a redirect to an address no longer answered into a gone address', () => {
    expect(movedAfter({ moved: [{ from: '/old', to: '/was' }], gone: [] }, [], [])).toEqual({ moved: [], gone: ['/old'] });
  });

  it("never holds an address that cannot be a page's (the start's check would refuse the file), whatever the content had", () => {
    // An article that reached "/admin" through a hole in the check, then removed: its address was never a page.
    const before = at({ 'page:offer': '/offer', 'article:evil': '/admin', 'article:home': '/Index' });
    const earlier = {
      moved: [
        { from: '/Assets', to: '/offer' },
        { from: '/old', to: '/api' },
      ],
      gone: ['/500', '/was'],
    };
    expect(movedAfter(earlier, before, at({}))).toEqual({ moved: [], gone: ['/offer', '/old', '/was'] });
    expect(movedAfter(nothing, at({ 'page:offer': '/offer' }), at({ 'page:offer': '/Downloads' }), undefined, { publicNames: ['downloads'] })).toEqual({
      moved: [],
      gone: ['/offer'],
    });
  });

  it('going back to a state brings back its redirects to a page that answers again: a → b, b removed, b back: a → b', () => {
    const renamed = movedAfter(nothing, at({ 'page:offer': '/a' }), at({ 'page:offer': '/b' }));
    const removed = movedAfter(renamed, at({ 'page:offer': '/b' }), at({}));
    expect(removed).toEqual({ moved: [], gone: ['/a', '/b'] });
    // Without what the state before held, nothing says where /a led.
    expect(movedAfter(removed, at({}), at({ 'page:offer': '/b' }))).toEqual({ moved: [], gone: ['/a'] });
    expect(movedAfter(removed, at({}), at({ 'page:offer': '/b' }), undefined, { remembered: renamed.moved })).toEqual(renamed);
    // Back at another address (b since moved to c): a leads to where b leads now.
    const atC = movedAfter(removed, at({}), at({ 'page:offer': '/c' }), undefined, { remembered: [...renamed.moved, { from: '/b', to: '/c' }] });
    expect(atC).toEqual({
      moved: [
        { from: '/a', to: '/c' },
        { from: '/b', to: '/c' },
      ],
      gone: [],
    });
    // A redirect remembered to a page that does not answer stays gone; one to an address now a page's own is not made.
    expect(movedAfter(removed, at({}), at({}), undefined, { remembered: renamed.moved })).toEqual(removed);
    expect(movedAfter(removed, at({}), at({ 'page:offer': '/b', 'page:new': '/a' }), undefined, { remembered: renamed.moved })).toEqual(nothing);
  });

  it('tells keys of other kinds apart: an article and a page may share an id', () => {
    const before = at({ 'page:news': '/news', 'article:news': '/Blog/news' });
    const after = at({ 'page:news': '/news', 'article:news': '/Blog/latest' });
    expect(movedAfter(nothing, before, after)).toEqual({ moved: [{ from: '/Blog/news', to: '/Blog/latest' }], gone: [] });
  });
});

describe("what a removed page leaves its visitors (the office's farewell)", () => {
  const home = { 'page:home': '/', 'page:contact': '/Contact' };
  const words = { message: 'This offer has ended', links: [{ label: 'Contact', href: '/Contact' }] };

  it('keeps its words with its address, and with every address that led to it; an address gone before stays as it was written', () => {
    const renamed = movedAfter({ moved: [], gone: ['/older'] }, at({ ...home, 'page:offer': '/a' }), at({ ...home, 'page:offer': '/b' }));
    const removed = movedAfter(renamed, at({ ...home, 'page:offer': '/b' }), at(home), undefined, { farewells: { '/b': words } });
    expect(removed).toEqual({ moved: [], gone: [{ address: '/a', ...words }, { address: '/b', ...words }, '/older'] });
    // A later publish keeps them as they are.
    expect(movedAfter(removed, at(home), at(home))).toEqual(removed);
  });

  it('sends its visitors to the page the office chose (a redirect), and those of the addresses that led to it', () => {
    const renamed = movedAfter(nothing, at({ ...home, 'page:offer': '/a' }), at({ ...home, 'page:offer': '/b' }));
    expect(movedAfter(renamed, at({ ...home, 'page:offer': '/b' }), at(home), undefined, { farewells: { '/b': { to: '/Contact' } } })).toEqual({
      moved: [
        { from: '/a', to: '/Contact' },
        { from: '/b', to: '/Contact' },
      ],
      gone: [],
    });
    // A page that does not answer (or the page itself) is no place to send them: the address is gone, with the site's words.
    for (const to of ['/nowhere', '/b'])
      expect(movedAfter(nothing, at({ ...home, 'page:offer': '/b' }), at(home), undefined, { farewells: { '/b': { to } } })).toEqual({
        moved: [],
        gone: ['/b'],
      });
  });

  it("leads its links where their pages are now: a page moved to its new address, a page removed nowhere (the site's links when none is left)", () => {
    const removed = movedAfter(nothing, at({ ...home, 'page:offer': '/offer', 'page:sale': '/sale' }), at({ ...home, 'page:sale': '/sale' }), undefined, {
      farewells: {
        '/offer': {
          message: 'Over',
          links: [
            { label: 'Sale', href: '/sale#now' },
            { label: 'Contact', href: '/Contact' },
          ],
        },
      },
    });
    const saleMoved = movedAfter(removed, at({ ...home, 'page:sale': '/sale' }), at({ ...home, 'page:sale': '/summer-sale' }));
    expect(saleMoved.gone).toEqual([
      {
        address: '/offer',
        message: 'Over',
        links: [
          { label: 'Sale', href: '/summer-sale#now' },
          { label: 'Contact', href: '/Contact' },
        ],
      },
    ]);
    const contactGone = movedAfter(saleMoved, at({ ...home, 'page:sale': '/summer-sale' }), at({ 'page:home': '/' }));
    expect(contactGone.gone).toEqual(['/Contact', { address: '/offer', message: 'Over' }, '/sale', '/summer-sale']);
  });

  it('is forgotten when a new page takes the address, as any gone address is', () => {
    const removed = movedAfter(nothing, at({ ...home, 'page:offer': '/offer' }), at(home), undefined, { farewells: { '/offer': words } });
    expect(movedAfter(removed, at(home), at({ ...home, 'page:again': '/offer' }))).toEqual(nothing);
  });
});
