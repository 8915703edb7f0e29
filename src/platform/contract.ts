/**
 * A route's contract, declared once in its table (the inbox's: src/leads/model/adminApi.ts, with the
 * content editor's and the newsletter's) and read by both sides: its method and address (the
 * parameters are the address's `:names`), its query and its body as schemas (zod's small build),
 * and what it answers when it succeeds, as a type. Our server hands the schemas to Fastify, which
 * checks a request before the route's code reads it (a request that does not fit answers 400 with
 * a sentence: src/platform/server/refusals.ts) and types what the code reads and sends; the inbox's
 * `call` (src/platform/inbox/api.ts) takes the types of what it sends and receives from it.
 */
import type { z } from 'zod/mini';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a route answers when it succeeds: a type only, carried by the table (`answers<LeadDetail>()`). */
export interface Answer<T> {
  readonly answers?: () => T;
}

/** The answer of a route as its table writes it: `answer: answers<LeadDetail>()`. */
export const answers = <T>(): Answer<T> => ({});

/** A schema of a contract (a query's, a body's). */
export type ContractSchema = z.ZodMiniType;

export interface Contract {
  readonly method: Method;
  /** Its address; `:name` marks a parameter, a `*` at its end the rest of the address (the parameter `*`). */
  readonly path: string;
  /** Its query's keys (each a text: a query is text). Left out: read by the route as it comes. */
  readonly query?: ContractSchema;
  /** Its JSON body. Left out: none, or bytes (a picture). */
  readonly body?: ContractSchema;
  /** What it answers (200) when it succeeds. Left out: nothing to read (204), or a file. */
  readonly answer?: Answer<unknown>;
}

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : P extends `${string}*`
      ? '*'
      : never;
/** The parameters of an address: '/api/admin/leads/:docId' → { docId: string }; '/api/files/*' → { '*': string } (the rest of the address). */
export type ParamsOf<P extends string> = { [K in ParamNames<P>]: string };

/** What a route's query holds: its schema's, or any keys. */
export type QueryOf<C> = C extends { readonly query: infer S extends ContractSchema } ? z.infer<S> : Record<string, unknown>;
/** What a route's body holds: its schema's, or nothing known. */
export type BodyOf<C> = C extends { readonly body: infer S extends ContractSchema } ? z.infer<S> : unknown;
/** What a route answers when it succeeds. */
export type AnswerOf<C> = C extends { readonly answer?: Answer<infer T> } ? T : unknown;
