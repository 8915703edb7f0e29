/**
 * Pages the office made carry their own address (config/pages/<id>.ts `address`): the checker
 * takes them as pages of the site (links to them are good, no route is asked for), refuses an
 * address another page has or the site keeps for itself, and refuses an own address on a page
 * config/routes.ts already shows; withOfficePages puts them after the routes, and menuLinks adds
 * those in the menu after config/site.ts's links.
 */
import { checkContent, type CheckOptions } from './checkContent';
import { menuLinks, withOfficePages } from '../../site/model/routing';
import { loadRealConfig, type RealConfig } from '../../test/realConfig';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
let realConfig: RealConfig;
let contact: Json;
beforeAll(async () => {
  realConfig = await loadRealConfig();
  contact = realConfig.pages.contact as Json;
});

const options = (extra: Record<string, unknown>, routes: unknown = realConfig.routes): CheckOptions => ({
  site: realConfig.site,
  routes,
  pages: { ...realConfig.pages, ...extra },
  forms: realConfig.forms,
});
const problemsOf = (o: CheckOptions) => checkContent(o, () => true).map((p) => `${p.file}: ${p.path.join('.')} ${p.message}`);
const offer = (address: string, more: Json = {}) => ({ ...copy(contact), title: 'Spring offer', address, inMenu: true, ...more });

describe('a page the office made', () => {
  it('is a page of the site at its own address: no route needed, and links to it are good', () => {
    const home = copy(realConfig.pages.home as Json);
    home.sections[0].actions[0].href = '/offer';
    expect(problemsOf(options({ offer: offer('/offer'), home }))).toEqual([]);
  });

  it("may not take another page's address or alias, nor one the site keeps", () => {
    const contactPath = (realConfig.routes as Json).routes.find((r: Json) => r.page === 'contact').path as string;
    const problems = problemsOf(options({ copy: offer(contactPath), again: offer('/offer'), offer: offer('/offer'), inbox: offer('/admin') }));
    expect(problems).toEqual(
      expect.arrayContaining([
        `config/pages/copy.ts: address "${contactPath}" is already the address of the page "${contact.title as string}". Choose another address.`,
        expect.stringMatching(
          /^config\/pages\/(again|offer)\.ts: address "\/offer" is already the address of the page "Spring offer"\. Choose another address\.$/,
        ),
        expect.stringMatching(/^config\/pages\/inbox\.ts: address "\/admin" is used by the site's own inbox/),
      ]),
    );
    expect(problems).toHaveLength(3);
  });

  it("is not one of the site's own pages: those have their address in config/routes.ts only", () => {
    const problems = problemsOf(options({ contact: { ...copy(contact), address: '/elsewhere' } }));
    expect(problems).toEqual([
      expect.stringMatching(/^config\/pages\/contact\.ts: address is set, but this page already has its address in config\/routes\.ts/),
    ]);
  });

  it('without an address and no route is still a page nobody can reach', () => {
    const { address: _none, ...lost } = offer('/offer');
    expect(problemsOf(options({ lost })).join('\n')).toContain('config/pages/lost.ts:  is a page no route');
  });

  it('comes after the routes of config/routes.ts, and in the menu after its links when it asks to be', () => {
    const pages = { ...realConfig.pages, offer: offer('/offer'), quiet: offer('/quiet', { inMenu: false }), named: offer('/named', { menuLabel: 'Offers' }) };
    const routes = withOfficePages(realConfig.routes as never, pages);
    expect(routes.routes.slice(-3)).toEqual([
      { path: '/offer', page: 'offer' },
      { path: '/quiet', page: 'quiet' },
      { path: '/named', page: 'named' },
    ]);
    const site = realConfig.site as Json;
    expect(menuLinks({ site: site as never, routes, pages })).toEqual([
      ...site.navigation.links,
      { label: 'Spring offer', href: '/offer' },
      { label: 'Offers', href: '/named' },
    ]);
  });
});
