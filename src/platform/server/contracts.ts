/**
 * A route's contract (src/platform/contract.ts) on our server: its schemas as Fastify's route
 * `schema`, checked by Fastify (with zod, through the route's `validatorCompiler`) before the
 * route's code reads the request, and as the types of what that code reads. A request that does
 * not fit is refused with 400 and a sentence of config (refusals.ts): the one the route names for
 * the key that does not fit, else its own, else the server's "bad request".
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import server from '../../../config/server';
import type { BodyOf, Contract, ContractSchema, ParamsOf, QueryOf } from '../contract';
import { refusal } from './refusals';

/** What Fastify's types say of a route's request, from its contract. */
export interface RouteTypes<C extends Contract> {
  Params: ParamsOf<C['path']>;
  Querystring: QueryOf<C>;
  Body: BodyOf<C>;
}
/** A request of the route of this contract: its parameters, query and body as the contract says. */
export type RequestOf<C extends Contract> = FastifyRequest<RouteTypes<C>>;

/**
 * The sentences (config's) a route refuses a request that does not fit its contract with: one for
 * anything (`sentence`), or one per key of its body or query (`byKey`), the first key that does
 * not fit deciding, `sentence` for the rest (a body that is no object, one left out).
 */
export type Refusals = string | { readonly sentence: string; readonly byKey: Readonly<Record<string, string>> };

/** The names of an address's parameters, in order (`*`: the rest of the address). */
const paramNames = (path: string): string[] => [...[...path.matchAll(/:(\w+)/g)].map((match) => match[1]!), ...(path.endsWith('*') ? ['*'] : [])];

/** The sentence of the first thing that does not fit. */
function sentenceOf(issues: readonly { path: readonly PropertyKey[] }[], refusals: Refusals | undefined): string {
  if (refusals === undefined) return server.messages.badRequest;
  if (typeof refusals === 'string') return refusals;
  const key = issues[0]?.path[0];
  return (typeof key === 'string' ? refusals.byKey[key] : undefined) ?? refusals.sentence;
}

/**
 * Checks a part of a request with its schema (Fastify hands a body left out as null: checked, and
 * handed on, as left out). The request is otherwise read as it was sent, never changed (no key
 * dropped, nothing turned into another kind).
 */
const checkWith =
  (refusals: Refusals | undefined) =>
  // Fastify hands each part's schema of the route: one of ours (checksOf).
  ({ schema }: { schema: unknown }) =>
  (data: unknown) => {
    const checked = (schema as ContractSchema).safeParse(data === null ? undefined : data, { error: () => server.messages.badRequest });
    if (!checked.success) return { error: refusal(400, sentenceOf(checked.error.issues, refusals)) };
    // A body left out (or sent as null) reaches the route's code as left out.
    return data === null ? { value: undefined } : true;
  };

/**
 * A contract as Fastify's route `schema` (its parameters, query and body) and the `validatorCompiler`
 * that checks them before the route's code runs, refusing in `refusals`' words.
 */
export function checksOf(contract: Contract, refusals?: Refusals) {
  const names = paramNames(contract.path);
  return {
    schema: {
      ...(names.length ? { params: z.object(Object.fromEntries(names.map((name) => [name, z.string()]))) } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
    },
    validatorCompiler: checkWith(refusals),
  };
}

/** A route of a contract as Fastify's route options take it: its method, its address and its checks. */
export const routeOf = <C extends Contract>(contract: C, refusals?: Refusals) => ({
  method: contract.method,
  url: contract.path,
  ...checksOf(contract, refusals),
});
