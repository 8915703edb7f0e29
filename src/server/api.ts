/**
 * The form and upload endpoints of the embedded backend. Every document is validated
 * again with the same buildSchema the browser used; invalid ones get 400 and that check's
 * message, and nothing is stored.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isUtf8 } from 'node:buffer';
import { createReadStream, existsSync } from 'node:fs';
import server from '../../config/server';
import { api } from '../data/http';
import { validateDocument } from '../forms/document';
import { sniffDocumentType } from '../forms/uploadRules';
import { fileOnDisk, newDownloadToken, sameToken, splitStoragePath, writeFileDurably } from './files';
import { allUploads, formForCollection, uploadForPrefix } from './forms';
import { backTo, handlePlainPost, parseFormBody, type PostedBody } from './plainPosts';
import { isRefusal, refusal } from './refusals';
import type { Store } from './store';

const messages = server.messages;
const fail = (reply: FastifyReply, status: number, message: string, field?: string) =>
  reply.code(status).type('application/json; charset=utf-8').send(field === undefined ? { message } : { message, field });

function uploadFor(storagePath: string) {
  const parts = splitStoragePath(storagePath);
  return parts ? uploadForPrefix(parts.prefix) : undefined;
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
export function parseJsonBody(body: Buffer): { value: unknown } | Error {
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

const uploadTypes = [...new Set(['application/octet-stream', ...allUploads.flatMap((u) => u.mediaTypes)])];
const largestUpload = Math.max(0, ...allUploads.map((u) => u.maxBytes));

export async function registerApi(app: FastifyInstance, { store, dataDir }: { store: Store; dataDir: string }) {
  // Uploads arrive as the raw file; the declared type is only a hint, the first bytes decide.
  app.addContentTypeParser(uploadTypes, { parseAs: 'buffer', bodyLimit: largestUpload }, (_request, body, done) => done(null, body));
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

  app.post<{ Params: { collection: string } }>(
    api.documentsRoute,
    { bodyLimit: server.limits.documentBytes },
    async (request, reply) => {
      const form = formForCollection(request.params.collection);
      if (!form) return fail(reply, 404, messages.unknownCollection);
      const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
      if (type === 'application/x-www-form-urlencoded') {
        const query = await handlePlainPost(form, request.body as PostedBody, (document) => store.insertDurably(form.collection, document));
        return reply.code(303).header('Location', `${backTo(request.headers.referer, request.headers.host)}${query}`).send();
      }
      if (type !== 'application/json') return fail(reply, 415, messages.notJson);
      const failure = await validateDocument(form, request.body);
      if (failure) return fail(reply, 400, failure.message, failure.field);
      const id = await store.insertDurably(form.collection, request.body as Record<string, unknown>);
      return reply.code(201).send({ id });
    },
  );

  app.put<{ Params: { '*': string } }>(`${api.files}*`, {
    // Refusals that happen before the handler runs still speak the upload's own language.
    errorHandler(error, request, reply) {
      const upload = uploadFor(request.params['*']);
      const declared = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      // Too large for a file: 413. Too large as JSON or a form (limit 1 MiB): it was never a file.
      if (upload && error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return uploadTypes.includes(declared) ? fail(reply, 413, upload.tooLarge) : fail(reply, 415, upload.wrongType);
      // Anything but a file (no parser for its type, or JSON or form text that did not parse) is the wrong type.
      if (upload && (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || (isRefusal(error) && error.statusCode === 400))) return fail(reply, 415, upload.wrongType);
      throw error;
    },
  }, async (request, reply) => {
    const parts = splitStoragePath(request.params['*']);
    const upload = parts && uploadForPrefix(parts.prefix);
    if (!parts || !upload) return fail(reply, 404, messages.unknownUploadFolder);
    const body = request.body;
    if (!Buffer.isBuffer(body)) return fail(reply, 415, upload.wrongType);
    if (body.length > upload.maxBytes) return fail(reply, 413, upload.tooLarge);
    const sniffed = sniffDocumentType(body.subarray(0, 8));
    if (!sniffed || !upload.mediaTypes.includes(sniffed)) return fail(reply, 415, upload.wrongType);
    const storagePath = `${parts.prefix}${parts.id}`;
    const target = fileOnDisk(dataDir, parts.prefix, parts.id);
    if (store.getFile(storagePath) || existsSync(target)) return fail(reply, 409, messages.fileExists);
    writeFileDurably(target, body);
    const token = newDownloadToken();
    store.addFile({ path: storagePath, token, mediaType: sniffed, size: body.length });
    const url = `${api.files}${storagePath}?token=${token}`;
    return reply.code(201).send({ url });
  });

  app.get<{ Params: { '*': string }; Querystring: { token?: string } }>(`${api.files}*`, async (request, reply) => {
    const storagePath = request.params['*'];
    const parts = splitStoragePath(storagePath);
    const stored = parts ? store.getFile(storagePath) : undefined;
    const token = typeof request.query.token === 'string' ? request.query.token : '';
    if (!parts || !stored || !sameToken(token, stored.token)) return fail(reply, 404, messages.fileNotFound);
    const extension = { 'application/pdf': 'pdf', 'application/msword': 'doc' }[stored.mediaType] ?? 'docx';
    return reply
      .header('Content-Type', stored.mediaType)
      .header('Content-Disposition', `attachment; filename="cv-${parts.id}.${extension}"`)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(createReadStream(fileOnDisk(dataDir, parts.prefix, parts.id)));
  });
}
