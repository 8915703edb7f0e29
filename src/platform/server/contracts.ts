/**
 * A route's contract (src/platform/contract.ts) on our server: as Fastify's route `schema`, which
 * checks a request before the route's code reads it (what does not fit answers 400 with a sentence:
 * refusals.ts), and as the types of what that code reads.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import type { BodyOf, Contract, ContractSchema, ParamsOf, QueryOf } from '../contract';

/** What Fastify's types say of a route's request, from its contract. */
export interface RouteTypes<C extends Contract> {
  Params: ParamsOf<C['path']>;
  Querystring: QueryOf<C>;
  Body: BodyOf<C>;
}
/** A request of the route of this contract: its parameters, query and body as the contract says. */
export type RequestOf<C extends Contract> = FastifyRequest<RouteTypes<C>>;

/** The names of an address's parameters, in order. */
const paramNames = (path: string): string[] => [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);

/** A schema as JSON Schema (draft 7, Fastify's), as what it accepts. */
const jsonSchema = (schema: ContractSchema) => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', target: 'draft-7', unrepresentable: 'any' });
  return rest;
};

type RouteSchema = { params?: object; querystring?: object; body?: object };
/**
 * Each contract's schema, made once in a process: the same object for every server built in it,
 * whose checks Fastify's shared compiler compiles once (app.ts `requestChecks`; Fastify marks a
 * schema it has read and leaves it as it is). The tests build hundreds of servers.
 */
const made = new WeakMap<Contract, RouteSchema>();

/** A contract as Fastify's route `schema` (JSON Schema): what it checks before the route's code runs. */
export function routeSchema(contract: Contract): RouteSchema {
  let schema = made.get(contract);
  if (!schema) made.set(contract, (schema = makeRouteSchema(contract)));
  return schema;
}

function makeRouteSchema(contract: Contract): RouteSchema {
  const names = paramNames(contract.path);
  return {
    ...(names.length ? { params: { type: 'object', properties: Object.fromEntries(names.map((name) => [name, { type: 'string' }])), required: names } } : {}),
    ...(contract.query ? { querystring: jsonSchema(contract.query) } : {}),
    ...(contract.body ? { body: bodySchema(contract.body) } : {}),
  };
}

/**
 * A body's JSON Schema. A body the contract lets be left out (`z.optional`) is checked when it is
 * sent as JSON, and a request without one goes on as it is.
 */
function bodySchema(schema: ContractSchema): object {
  const def = schema._zod.def;
  if (def.type !== 'optional') return jsonSchema(schema);
  return { content: { 'application/json': { schema: jsonSchema((def as unknown as { innerType: ContractSchema }).innerType) } } };
}
