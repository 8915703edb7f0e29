/**
 * The content served is one per server (servedPlugin.ts, `app.served`): two servers in one process
 * (as the tests start them) each count the pages of their own build and name their own agency's
 * address; a build one of them serves changes nothing of the other's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/app';
import { api } from '../../platform/api';
import { encodePageView } from '../model/attribution';
import { realServedContent } from '../../test/realConfig';

type App = Awaited<ReturnType<typeof buildApp>>;

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 served-test';
const OTHER_AGENCY = 'office@other-agency.test';

const dirs: string[] = [];
let first: App;
let second: App;
beforeAll(async () => {
  const start = async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'served-'));
    dirs.push(dataDir);
    return buildApp({ dataDir, rateLimitFactor: 1000 });
  };
  first = await start();
  second = await start();
});
afterAll(async () => {
  await first?.close();
  await second?.close();
  first?.served.takeServedContent(realServedContent);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The visit beacon of a page, as a browser sends it; the pages the server counted. */
async function countedPages(app: App, page: string): Promise<string[]> {
  const answer = await app.inject({
    method: 'POST',
    url: api.visits,
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER },
    payload: encodePageView({ page, landing: true, attribution: {} }),
  });
  expect(answer.statusCode).toBe(204);
  return app.store.db.prepare('SELECT page FROM visits ORDER BY page').pluck().all() as string[];
}

test("a build one server serves is that server's alone: its pages and its agency's address", async () => {
  const article = `${realServedContent.site.articles.path}/an-article-of-one-build`;
  const site = {
    ...realServedContent.site,
    contact: { ...realServedContent.site.contact, email: { ...realServedContent.site.contact.email, href: `mailto:${OTHER_AGENCY}` } },
  };
  const agencyBefore = second.served.agencyAddress();
  expect(agencyBefore).not.toBe(OTHER_AGENCY);

  first.served.takeServedContent({ ...realServedContent, site }, [{ path: '/' }, { path: article }]);

  expect(first.served.agencyAddress()).toBe(OTHER_AGENCY);
  expect(second.served.agencyAddress()).toBe(agencyBefore);
  expect(await countedPages(first, article)).toEqual([article]);
  expect(await countedPages(second, article)).toEqual([]);
});
