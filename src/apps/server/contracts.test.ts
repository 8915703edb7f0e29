/**
 * One contract per route (src/platform/contract.ts): every route the server registers has its
 * contract in a table (the inbox's, the sign-in's, the site's, the newsletter's links'), every
 * contract has its route, and a route whose contract describes a body or parameters hands them to
 * Fastify as its `schema`, which checks them before the route's code reads them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
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

test("the inbox's routes hand their contract's parameters and body to Fastify's checks", () => {
  for (const [name, contract] of Object.entries(adminRoutes) as [string, Contract][]) {
    const schema = registered.get(keyOf(contract.method, contract.path))?.schema as { params?: object; body?: object } | undefined;
    expect({ name, params: schema?.params !== undefined, body: schema?.body !== undefined }).toEqual({
      name,
      params: contract.path.includes(':'),
      body: contract.body !== undefined,
    });
  }
});
