/**
 * The content served is one per server (servedPlugin.ts, `app.served`): two servers in one process
 * (as the tests start them) each count the pages of their own build, name their own agency's
 * address and take posts for their own build's forms; a build one of them serves changes nothing
 * of the other's.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/app';
import { api } from '../../platform/api';
import { encodePageView } from '../model/attribution';
import { realServedContent } from '../../test/realConfig';
import { AUDIT_FORM_NAME, auditForm, auditValid } from '../../test/auditForm';
import { solvePuzzle } from '../../test/proof';
import { buildDocument } from '../forms/model/document';
import type { FormConfig } from '../forms/model/formSchema';

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

/** A post of the office's form as a page's script sends it (its puzzle solved): the status the server answers. */
async function postAudit(app: App): Promise<number> {
  const proof = solvePuzzle((await app.inject({ method: 'GET', url: api.proofChallenge })).json());
  const answer = await app.inject({
    method: 'POST',
    url: api.documents(auditForm.collection),
    headers: { 'content-type': 'application/json', [api.submissionKeyHeader]: randomUUID(), [api.proofHeader]: proof },
    payload: JSON.stringify(buildDocument(auditForm as FormConfig, auditValid)),
  });
  return answer.statusCode;
}

test("a build's forms are its server's alone: one server takes an office's form, the other does not know it", async () => {
  const forms = { ...realServedContent.forms, [AUDIT_FORM_NAME]: auditForm } as typeof realServedContent.forms;
  first.served.takeServedContent({ ...realServedContent, forms });

  expect(await postAudit(first)).toBe(201);
  expect(await postAudit(second)).toBe(404);
  expect(first.store.count(auditForm.collection)).toBe(1);
  expect(second.store.count(auditForm.collection)).toBe(0);
});
