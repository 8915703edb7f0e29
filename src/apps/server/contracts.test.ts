/**
 * One contract per route (src/platform/contract.ts): every route the server registers has its
 * contract in a table (the inbox's, the sign-in's, the site's, the newsletter's links'), every
 * contract has its route, a route whose contract describes a body, a query or parameters hands them
 * to Fastify as its `schema`, which checks them before the route's code reads them, and no code
 * chooses the type of a request or of an answer by hand.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type * as Fastify from 'fastify';
import type { RouteOptions } from 'fastify';
import { signInRoutes } from '../../platform/signIn';
import { adminRoutes } from '../../platform/inboxRoutes';
import { newsletterLinkRoutes } from '../../newsletter/model/newsletterApi';
import { publicRoutes } from '../../platform/publicRoutes';
import type { Contract } from '../../platform/contract';
import { buildApp } from './app';

// Every route as Fastify registers it, seen through its onRoute hook on the app buildApp makes (nothing else changes).
const mockRegistered: RouteOptions[] = [];
jest.mock('fastify', () => {
  const actual = jest.requireActual<typeof Fastify>('fastify');
  const make = ((options?: Fastify.FastifyServerOptions) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route) => void mockRegistered.push(route));
    return app;
  }) as unknown as typeof actual.default;
  return Object.assign(make, actual, { default: make, fastify: make });
});

/** What is served without a contract: the site's own files and pages (@fastify/static), not the API. */
const WITHOUT_CONTRACT = ['GET *'];

const contracts: Contract[] = [adminRoutes, signInRoutes, publicRoutes, newsletterLinkRoutes].flatMap((table) => Object.values(table));
const keyOf = (method: string, url: string) => `${method} ${url}`;

let registered: Map<string, RouteOptions>;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'contracts-'));
  const app = await buildApp({ dataDir });
  await app.ready();
  await app.close();
  registered = new Map(
    mockRegistered.flatMap((route) =>
      ([] as string[])
        .concat(route.method)
        // HEAD is Fastify's own answer to a GET, without its body.
        .filter((method) => method !== 'HEAD')
        .map((method) => [keyOf(method, route.url), route] as const),
    ),
  );
});

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test('every registered route has a contract, and every contract a route', () => {
  const declared = new Set(contracts.map((contract) => keyOf(contract.method, contract.path)));
  expect(declared.size).toBe(contracts.length);
  expect([...registered.keys()].filter((key) => !declared.has(key) && !WITHOUT_CONTRACT.includes(key)).sort()).toEqual([]);
  expect([...declared].filter((key) => !registered.has(key)).sort()).toEqual([]);
});

test("every route hands its contract's parameters, query and body to Fastify's checks", () => {
  for (const contract of contracts) {
    const route = registered.get(keyOf(contract.method, contract.path));
    const schema = route?.schema as { params?: object; querystring?: object; body?: object } | undefined;
    expect({
      route: keyOf(contract.method, contract.path),
      params: schema?.params !== undefined,
      query: schema?.querystring !== undefined,
      body: schema?.body !== undefined,
      // What is there to check, checked by the contract's own checks (contracts.ts), in the route's words.
      checked: schema?.params === undefined && schema?.querystring === undefined && schema?.body === undefined ? true : route?.validatorCompiler !== undefined,
    }).toEqual({
      route: keyOf(contract.method, contract.path),
      params: /:|\*$/.test(contract.path),
      query: contract.query !== undefined,
      body: contract.body !== undefined,
      checked: true,
    });
  }
});

/** The server's and the browser's code (tests aside). */
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });

test('no code casts a request by hand or chooses the type of a call or a route', () => {
  const root = path.resolve(__dirname, '../..');
  const handMade = [
    // request.body as …, (request.body ?? {}) as …, request.query as …, request.params as …
    /\(?request\.(body|query|params)\b[^;,\n]*?\)?\s+as\s/,
    // A call whose answer's type its caller chooses (call<LeadDetail>(…)); call<R extends AdminRoute> is the contract's.
    /\bcall<(?!R extends)/,
    // A route whose request's type its code writes (app.get<{ Params: … }>), not its contract's (RouteTypes).
    /\.(get|post|put|patch|delete|route)<\{/,
  ];
  const found = sourceFiles(root).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, at) => (handMade.some((pattern) => pattern.test(line)) ? [`${path.relative(root, file)}:${at + 1}: ${line.trim()}`] : [])),
  );
  expect(found).toEqual([]);
});
