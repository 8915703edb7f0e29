/**
 * Articles among the things with an address (contentAddresses): a renamed article's old address
 * leads to its new one, a removed article's is gone (config/moved.ts, written by the publish).
 */
import { loadRealConfig } from '../test/realConfig';
import { articlePath } from '../config/articleSchema';
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
