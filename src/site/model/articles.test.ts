/**
 * Articles among the things with an address (contentAddresses): a renamed article's old address
 * leads to its new one, a removed article's is gone (config/moved.ts, written by the publish); an
 * article whose address cannot be a page's is no page at all, whatever reached its file.
 */
import { loadRealConfig, loadRealContent } from '../../test/realConfig';
import { articlePath } from './articleSchema';
import { articlePages, liveContent } from './articles';
import { movedAfter } from './moved';
import { contentAddresses } from './routing';

test("each article is `article:<id>` at its page's address; renamed it moves, removed it is gone", async () => {
  const real = await loadRealConfig();
  const base = (real.site.articles as { path: string }).path;
  const [first, second] = Object.keys(real.articles);
  const before = contentAddresses(real);
  const at = (id: string) => articlePath(base, real.articles[id] as { address: string });
  expect(before).toEqual(expect.arrayContaining(Object.keys(real.articles).map((id) => ({ key: `article:${id}`, address: at(id) }))));

  const { [second!]: _removed, ...others } = real.articles;
  const after = contentAddresses({ ...real, articles: { ...others, [first!]: { ...real.articles[first!], address: 'a-new-address' } } });
  expect(movedAfter({ moved: [], gone: [] }, before, after)).toEqual({ moved: [{ from: at(first!), to: `${base}/a-new-address` }], gone: [at(second!)] });
});

test('an article whose page\'s address cannot be a page\'s (a reserved name under "/", a path out of the site) is no page, listed nowhere and never moved', async () => {
  const content = await loadRealContent();
  const [kept, ...others] = content.articles;
  const evil = ['admin', 'Index', 'api', 'assets', '404', '../../client/index', 'a/../../admin'].map((address, i) => ({
    ...others[i % others.length]!,
    id: `evil-${i}`,
    address,
  }));
  const atTop = { ...content, site: { ...content.site, articles: { ...content.site.articles, path: '/' } }, articles: [kept!, ...evil] };
  expect(articlePages(atTop).map((a) => a.path)).toEqual([`/${kept!.address}`]);
  expect(liveContent(atTop, new Date()).articles.map((a) => a.id)).toEqual([kept!.id]);
  const byId = Object.fromEntries(atTop.articles.map(({ id, ...article }) => [id, article]));
  expect(contentAddresses({ routes: { routes: [], fallback: 'home' }, site: atTop.site, articles: byId })).toEqual([
    { key: `article:${kept!.id}`, address: `/${kept!.address}` },
  ]);
});
