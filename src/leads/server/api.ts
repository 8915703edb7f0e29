/**
 * The form and upload endpoints of the embedded backend. Every document is validated
 * again with the same buildSchema the browser used; invalid ones get 400 and that check's
 * message, and nothing is stored.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isUtf8 } from 'node:buffer';
import { rmSync } from 'node:fs';
import server from '../../../config/server';
import { api } from '../../platform/api';
import { parseAttribution, type Attribution } from '../../site/model/attribution';
import { validateDocument } from '../../site/forms/model/document';
import { sniffDocumentType } from '../../site/forms/model/uploadRules';
import { fileOnDisk, newDownloadToken, sameToken, sendStoredFile, splitStoragePath, writeFileDurably } from '../../platform/server/files';
import type { FormLookups } from '../../site/forms/model/registry';
import { backTo, failedQuery, handlePlainPost, isSpam, parseFormBody } from './plainPosts';
import type { RequestLimits } from '../../platform/server/rateLimit';
import { answerError, isRefusal, refusal } from '../../platform/server/refusals';
import type { Store } from '../../platform/server/store/store';
import type { ProofOfWork } from './proofOfWork';
import { publicRoutes } from '../../platform/publicRoutes';
import type { AnswerOf } from '../../platform/contract';
import { routeOf, type RouteTypes } from '../../platform/server/contracts';

const messages = server.messages;
const fail = (reply: FastifyReply, status: number, message: string, field?: string) =>
  reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(field === undefined ? { message } : { message, field });

function uploadFor(forms: FormLookups, storagePath: string) {
  const parts = splitStoragePath(storagePath);
  return parts ? forms.uploadForPrefix(parts.prefix) : undefined;
}

/** The posted document without the (empty) spam-trap field the page's form also sends. */
function withoutSpamTrap(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !(server.spamTrap.name in body)) return body;
  const { [server.spamTrap.name]: _trap, ...rest } = body as Record<string, unknown>;
  return rest;
}

/** Keys that mean nothing to a form but something to JavaScript objects: refused anywhere in a body. */
const forbiddenKeys = new Set(['__proto__', 'constructor', 'prototype']);

function hasForbiddenKey(value: unknown): boolean {
  // A loop, not recursion: a body nested 30,000 levels deep must not exhaust the stack.
  const pending = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== 'object' || next === null) continue;
    for (const [key, inner] of Object.entries(next)) {
      if (forbiddenKeys.has(key)) return true;
      pending.push(inner);
    }
  }
  return false;
}

/** A JSON body, or the refusal to answer it with. */
function parseJsonBody(body: Buffer): { value: unknown } | Error {
  if (body.length === 0) return refusal(400, messages.emptyBody);
  if (!isUtf8(body)) return refusal(400, messages.notUtf8);
  let value: unknown;
  try {
    // A byte order mark before the JSON is allowed (RFC 8259 lets parsers ignore it), as Fastify's own parser did.
    value = JSON.parse(body.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    return refusal(400, messages.notJson);
  }
  if (hasForbiddenKey(value)) return refusal(400, messages.forbiddenKey);
  return { value };
}

/** What an upload may be and weigh, of every form's file fields (follows the build served). */
const uploadTypes = (forms: FormLookups) => [...new Set(['application/octet-stream', ...forms.allUploads().flatMap((u) => u.mediaTypes)])];
const largestUpload = (forms: FormLookups) => Math.max(0, ...forms.allUploads().map((u) => u.maxBytes));

/** The browser's key for one submission (src/site/forms/submit/outbox.ts makes a UUID); retries repeat it. */
const SUBMISSION_KEY_HEADER = api.submissionKeyHeader.toLowerCase();
const submissionKeyPattern = /^[A-Za-z0-9_-]{8,64}$/;

const SOURCE_HEADER = api.sourceHeader.toLowerCase();
const PROOF_HEADER = api.proofHeader.toLowerCase();

/**
 * Where the lead came from: what the page's script sent beside the document (checked by the
 * same parseAttribution; anything unexpected and none of it is kept), else at least the page
 * the post came from (a plain post without JavaScript: its Referer, when it is a page of this site).
 */
function attributionOf(request: FastifyRequest): Attribution | undefined {
  const header = request.headers[SOURCE_HEADER];
  const sent = typeof header === 'string' ? parseAttribution(header) : undefined;
  if (sent) return sent;
  const referer = request.headers.referer;
  try {
    if (!referer || new URL(referer).host !== request.headers.host) return undefined;
  } catch {
    return undefined;
  }
  return { formPage: backTo(referer, request.headers.host, request.server.served) };
}

const contentType = (request: FastifyRequest) => (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
const isPlainPost = (request: FastifyRequest) => contentType(request) === 'application/x-www-form-urlencoded';

interface ApiOptions {
  store: Store;
  dataDir: string;
  limits: RequestLimits;
  /** The forms' proof of work (proofOfWork.ts) and how many puzzles one client may ask for. */
  proof: ProofOfWork;
  proofLimits: RequestLimits;
}

export async function registerApi(app: FastifyInstance, { store, dataDir, limits, proof, proofLimits }: ApiOptions) {
  // The forms of the build this server serves (app.served).
  const { forms } = app.served;
  /**
   * Runs before the body is read: a client over its limit (or everyone over the global
   * one) gets 429 and a Retry-After; a plain post goes back to its page with the form's
   * failure outcome, as a scripted visitor would see it.
   */
  const rateLimited = async (request: FastifyRequest, reply: FastifyReply) => {
    const wait = limits.check(request.ip);
    if (wait === 0) return;
    reply.header('Retry-After', String(wait));
    const params: unknown = request.params;
    const collection = typeof params === 'object' && params !== null && 'collection' in params ? params.collection : undefined;
    const form = typeof collection === 'string' ? forms.formForCollection(collection) : undefined;
    if (form && isPlainPost(request)) {
      return reply
        .code(303)
        .header('Location', `${backTo(request.headers.referer, request.headers.host, request.server.served)}${failedQuery(form)}`)
        .send();
    }
    return fail(reply, 429, messages.tooManyRequests);
  };

  // Uploads arrive as the raw file; the declared type is only a hint, the first bytes decide. The
  // types and the size are the forms' when the server starts: a form made later offers the site's
  // upload settings (a file field of a new form is checked against its own at the handler).
  app.addContentTypeParser(uploadTypes(forms), { parseAs: 'buffer', bodyLimit: largestUpload(forms) }, (_request, body, done) => done(null, body));
  // Documents: UTF-8 JSON (RFC 8259), whatever charset the header names.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    const result = parseJsonBody(body as Buffer);
    if (result instanceof Error) done(result, undefined);
    else done(null, result.value);
  });
  // Plain form posts (no JavaScript): name=value pairs; a repeated name keeps its last value.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer', bodyLimit: server.limits.documentBytes }, (_request, body, done) =>
    done(null, parseFormBody(body as Buffer)),
  );

  // A puzzle for the page's forms to solve (proofOfWork.ts); never cached, each one different.
  app.route<RouteTypes<typeof publicRoutes.proofChallenge>>({
    ...routeOf(publicRoutes.proofChallenge),
    onRequest: async (request, reply) => {
      const wait = proofLimits.check(request.ip);
      if (wait === 0) return;
      reply.header('Retry-After', String(wait));
      return fail(reply, 429, messages.tooManyRequests);
    },
    handler: async (_request, reply) =>
      reply.header('Cache-Control', 'no-store').send((await proof.challenge()) satisfies AnswerOf<typeof publicRoutes.proofChallenge>),
  });

  app.route<RouteTypes<typeof publicRoutes.documents>>({
    ...routeOf(publicRoutes.documents),
    bodyLimit: server.limits.documentBytes,
    onRequest: rateLimited,
    handler: async (request, reply) => {
      const stored = forms.formForCollection(request.params.collection);
      if (!stored) return fail(reply, 404, messages.unknownCollection);
      // The language of the page it was sent from: the form checked in its words (its keys, values and checks are the stored form's).
      const attribution = attributionOf(request);
      const language = request.server.served.languageOfAddress(attribution?.formPage);
      const form = request.server.served.servedFormIn(stored, language);
      if (isPlainPost(request)) {
        // A plain post (no JavaScript) carries no solved puzzle: kept, in the Spam folder (robots post so too).
        const query = await handlePlainPost(form, request.body, (document) =>
          store.insertDurably(form.collection, document, { spam: true, attribution, client: request.ip, language }),
        );
        return reply
          .code(303)
          .header('Location', `${backTo(request.headers.referer, request.headers.host, request.server.served)}${query}`)
          .send();
      }
      if (contentType(request) !== 'application/json') return fail(reply, 415, messages.notJson);
      const key = request.headers[SUBMISSION_KEY_HEADER];
      if (key !== undefined && (typeof key !== 'string' || !submissionKeyPattern.test(key))) return fail(reply, 400, messages.badSubmissionKey);
      const document = withoutSpamTrap(request.body);
      const failure = await validateDocument(form, document);
      if (failure) return fail(reply, 400, failure.message, failure.field);
      // The hidden field filled in (a robot, or a browser's autofill), or no puzzle solved for this
      // submission: stored all the same, marked as spam, never notified.
      const proofHeader = request.headers[PROOF_HEADER];
      const proven = await proof.accepts(typeof proofHeader === 'string' ? proofHeader : undefined, key);
      const saved = await store.insertDurably(form.collection, document as Record<string, unknown>, {
        clientKey: key,
        spam: isSpam(request.body) || !proven,
        attribution,
        client: request.ip,
        language,
      });
      return reply.code(saved.replayed ? 200 : 201).send({ id: saved.id } satisfies AnswerOf<typeof publicRoutes.documents>);
    },
  });

  app.route<RouteTypes<typeof publicRoutes.fileUpload>>({
    ...routeOf(publicRoutes.fileUpload),
    onRequest: rateLimited,
    // Refusals that happen before the handler runs still speak the upload's own language.
    errorHandler(error, request, reply) {
      const upload = uploadFor(forms, request.params['*']);
      const declared = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      // Too large for a file: 413. Too large as JSON or a form (limit 1 MiB): it was never a file.
      if (upload && error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        return uploadTypes(forms).includes(declared) ? fail(reply, 413, upload.tooLarge) : fail(reply, 415, upload.wrongType);
      // Anything but a file (no parser for its type, or JSON or form text that did not parse) is the wrong type.
      if (upload && (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || (isRefusal(error) && error.statusCode === 400)))
        return fail(reply, 415, upload.wrongType);
      return answerError(error, request, reply);
    },
    handler: async (request, reply) => {
      const parts = splitStoragePath(request.params['*']);
      const upload = parts && forms.uploadForPrefix(parts.prefix);
      if (!parts || !upload) return fail(reply, 404, messages.unknownUploadFolder);
      const body = request.body;
      if (!Buffer.isBuffer(body)) return fail(reply, 415, upload.wrongType);
      if (body.length > upload.maxBytes) return fail(reply, 413, upload.tooLarge);
      const sniffed = sniffDocumentType(body.subarray(0, 8));
      if (!sniffed || !upload.mediaTypes.includes(sniffed)) return fail(reply, 415, upload.wrongType);
      const storagePath = `${parts.prefix}${parts.id}`;
      const target = fileOnDisk(dataDir, parts.prefix, parts.id);
      if (store.getFile(storagePath)) return fail(reply, 409, messages.fileExists);
      // The file first (complete under its name, or not there at all), then its record; a file
      // without a record (the record failed, or a crash came between) is written over by a retry.
      writeFileDurably(target, body);
      const token = newDownloadToken();
      try {
        store.addFile({ path: storagePath, token, mediaType: sniffed, size: body.length });
      } catch (error) {
        rmSync(target, { force: true });
        throw error;
      }
      const url = `${api.files}${storagePath}?token=${token}`;
      return reply.code(201).send({ url } satisfies AnswerOf<typeof publicRoutes.fileUpload>);
    },
  });

  app.route<RouteTypes<typeof publicRoutes.file>>({
    ...routeOf(publicRoutes.file),
    handler: async (request, reply) => {
      const storagePath = request.params['*'];
      const parts = splitStoragePath(storagePath);
      const stored = parts ? store.getFile(storagePath) : undefined;
      const token = typeof request.query.token === 'string' ? request.query.token : '';
      if (!parts || !stored || !sameToken(token, stored.token)) return fail(reply, 404, messages.fileNotFound);
      return sendStoredFile(reply, dataDir, stored, `cv-${parts.id}`);
    },
  });
}
