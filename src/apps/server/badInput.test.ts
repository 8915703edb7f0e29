/**
 * The bad-input matrix (issue 5, item 5). A real server (buildApp on a fresh data folder,
 * listening on 127.0.0.1) gets, over real HTTP, what no page of the site sends: oversized
 * fields, wrong types, missing and extra keys, odd unicode, NUL bytes, deep and huge JSON,
 * prototype keys, malformed JSON and multipart, wrong methods and content types, path tricks,
 * files that are not documents, endless bodies and broken HTTP framing.
 *
 * Every case is refused with a 4xx whose JSON body is `{ message }` (plus `field` for the
 * form's own checks), the message a sentence from config; plain (no-JavaScript) posts are
 * sent back with a 303 to `?invalid=` instead, by design. After every case nothing new is in
 * the SQLite file (documents and file records) or under the data folder, and the server still
 * stores a valid submission (201).
 */
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import forms from '../../../config/forms';
import server from '../../../config/server';
import { buildDocument } from '../../site/forms/model/document';
import { formIds, validData, type FormId } from '../../test/formFixtures';
import type { FieldConfig, FormConfig } from '../../site/forms/model/formSchema';
import { fill } from '../../schema/text';
import { buildApp } from './app';
import { pdfWith } from '../../test/pdf';

const configs: Record<FormId, FormConfig> = forms;
const messages = server.messages;
const cv = forms.freelancer.fields.find((f) => f.upload)!.upload!;
const documentLimit = server.limits.documentBytes;

/* ------------------------------------------------------------------ the server */

let dataDir: string;
let app: Awaited<ReturnType<typeof buildApp>>;
let port: number;
let db: Database.Database;
/** A CV stored before the cases run: downloads of it with tricks must all fail. */
let stored: { id: string; token: string };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'bad-input-'));
  app = await buildApp({ dataDir, rateLimitFactor: 1000 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  db = new Database(path.join(dataDir, 'site.db'), { readonly: true, fileMustExist: true });
  const id = randomUUID();
  const response = await send('PUT', filePath(id), { 'content-type': 'application/pdf' }, pdf);
  expect(response.status).toBe(201);
  const { url } = JSON.parse(response.text) as { url: string };
  stored = { id, token: new URL(url, 'http://x').searchParams.get('token')! };
});

afterAll(async () => {
  honest.destroy();
  db?.close();
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/* ------------------------------------------------------------------ requests */

interface Answer {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** Every status line received on the connection (a raw request may get two answers). */
  statuses: number[];
}

/** A request through fetch (bodies are bytes, so fetch adds no Content-Type of its own). */
async function send(method: string, target: string, headers: Record<string, string> = {}, body?: string | Buffer): Promise<Answer> {
  const response = await fetch(`http://127.0.0.1:${port}${target}`, {
    method,
    headers,
    body: body === undefined ? undefined : Buffer.from(body),
    redirect: 'manual',
  });
  const text = await response.text();
  return { status: response.status, headers: Object.fromEntries(response.headers), text, statuses: [response.status] };
}

function parseAnswer(bytes: Buffer): Answer {
  const all = bytes.toString('latin1');
  const statuses = [...all.matchAll(/(?:^|\r\n)HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));
  const headEnd = bytes.indexOf('\r\n\r\n');
  if (headEnd < 0) return { status: 0, headers: {}, text: all, statuses };
  const [statusLine = '', ...lines] = bytes.subarray(0, headEnd).toString('latin1').split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  const length = Number(headers['content-length'] ?? NaN);
  const rest = bytes.subarray(headEnd + 4);
  const text = (Number.isNaN(length) ? rest : rest.subarray(0, length)).toString('utf8');
  return { status: Number(statusLine.split(' ')[1]), headers, text, statuses };
}

/**
 * Bytes written as they are on a socket (no client normalising the address or the framing);
 * resolves when the server closes the connection (one that never does runs into the test's time limit).
 */
function raw(request: string | Buffer, { halfClose = false } = {}): Promise<Answer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('connect', () => (halfClose ? socket.end(request) : socket.write(request)));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => {}); // a reset after the answer: what was received still counts
    socket.on('close', () => resolve(parseAnswer(Buffer.concat(chunks))));
  });
}

/** One HTTP/1.1 request as text, with Connection: close and (unless given) a Content-Length. */
function rawHttp(method: string, target: string, headers: Record<string, string> = {}, body: string | Buffer = ''): Buffer {
  const all: Record<string, string> = { Host: `127.0.0.1:${port}`, Connection: 'close', ...headers };
  if (!Object.keys(all).some((h) => /^(content-length|transfer-encoding)$/i.test(h)) && (body.length > 0 || method !== 'GET')) {
    all['Content-Length'] = String(Buffer.byteLength(body));
  }
  const head = `${method} ${target} HTTP/1.1\r\n${Object.entries(all)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), Buffer.from(body)]);
}

/**
 * Sends `head`, then the first bytes of a PDF, then blocks of 64 KiB for as long as the server
 * reads them (up to 64 MiB). A server that buffers the whole body never answers before the
 * cap; one that counts while streaming answers shortly after the limit and hangs up.
 */
function endless(head: string, { chunked }: { chunked: boolean }): Promise<{ answer: Answer; sent: number; closedByServer: boolean }> {
  const cap = 64 * 1024 * 1024;
  const block = Buffer.alloc(64 * 1024, 0x20);
  const frame = (bytes: Buffer) => (chunked ? Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]) : bytes);
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let sent = 0;
    let answered = false;
    const finish = (closedByServer: boolean) => {
      socket.destroy();
      resolve({ answer: parseAnswer(Buffer.concat(chunks)), sent, closedByServer });
    };
    const pump = () => {
      while (!answered && sent < cap) {
        sent += block.length;
        if (!socket.write(frame(block))) return void socket.once('drain', pump);
      }
      if (!answered) finish(false);
    };
    socket.on('connect', () => {
      socket.write(head);
      socket.write(frame(Buffer.from('%PDF-1.4\n')));
      pump();
    });
    socket.on('data', (chunk) => {
      answered = true;
      chunks.push(chunk);
    });
    socket.on('error', () => {});
    socket.on('close', () => finish(true));
  });
}

/* ------------------------------------------------------------------ what must not change */

/** Every file under the data folder but the database's own three. */
function filesUnderDataDir(): string[] {
  return readdirSync(dataDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dataDir, path.join(e.parentPath, e.name)))
    .filter((f) => !/^site\.db(-wal|-shm)?$/.test(f))
    .sort();
}

function snapshot() {
  const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  return { storeCount: app.store.count(), documentRows: count('documents'), fileRows: count('files'), files: filesUnderDataDir() };
}

/**
 * The connections of the valid post after each case: Node's own client, its connections kept
 * alive between requests as fetch's are (the post costs a millisecond of CPU less than through
 * fetch, which the cases themselves still use: 760 times).
 */
const honest = new http.Agent({ keepAlive: true });

/** A valid post of a page's script: its status and its answer's text. */
function postValid(target: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: target,
        method: 'POST',
        agent: honest,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function expectStillServing() {
  const before = app.store.count('Inquriy');
  const document = buildDocument(forms.inquiry, validData.inquiry, new Date());
  const answer = await postValid(documentsPath('Inquriy'), JSON.stringify(document));
  expect([answer.status, answer.text]).toEqual([201, expect.stringMatching(/^\{"id":"[A-Za-z0-9]{20}"\}$/)]);
  expect(app.store.count('Inquriy')).toBe(before + 1);
}

/** Every sentence the server may answer with: config/server.ts and the forms' own messages. */
const configSentences = new Set<string>([
  ...Object.values(messages),
  ...Object.values(configs).flatMap((form) => [
    ...form.checks.map((c) => c.message),
    form.messages.unknownKey,
    form.messages.missingKey,
    ...form.fields.flatMap((field) => [
      fill(form.messages.tooLong, { label: field.label, max: field.maxLength }),
      fill(form.messages.notText, { label: field.label }),
      fill(form.messages.notAnOption, { label: field.label }),
      ...(field.upload ? [field.upload.tooLarge, field.upload.wrongType] : []),
    ]),
  ]),
]);

/* ------------------------------------------------------------------ the cases */

interface Case {
  name: string;
  send: () => Promise<Answer>;
  status: number;
  /** The exact answer: `{ message }`, plus `field` for a form's own checks. */
  body?: { message: string; field?: string };
  /**
   * A raw request that is two requests on one connection (a body longer than its Content-Length):
   * the first gets its own refusal, or the connection is refused as a whole before that answer
   * is written; either is fine as long as every answer is a 4xx.
   */
  or?: { status: number; body: { message: string } };
  /** For 405: the Allow header. */
  allow?: string;
  /** For plain posts: where the visitor is sent back to. */
  location?: string;
}

/** What every answer carries (docs/security.md, "Headers"), those written on the raw socket included. */
function expectSecurityHeaders(headers: Record<string, string>) {
  const names = ['x-content-type-options', 'referrer-policy', 'permissions-policy', 'x-frame-options'] as const;
  expect(Object.fromEntries(names.map((name) => [name, headers[name]]))).toEqual({
    'x-content-type-options': 'nosniff',
    'referrer-policy': server.headers.referrerPolicy,
    'permissions-policy': server.headers.permissionsPolicy,
    'x-frame-options': 'DENY',
  });
  expect(headers['content-security-policy']).toMatch(/^default-src 'none';.*frame-ancestors 'none'/);
}

async function run(c: Case) {
  const before = snapshot();
  const answer = await c.send();
  expect(answer.statuses.length).toBeGreaterThan(0);
  expectSecurityHeaders(answer.headers);
  const acceptable = (status: number) => (c.location !== undefined ? status === 303 : status >= 400 && status < 500);
  for (const status of answer.statuses) expect([status, acceptable(status)]).toEqual([status, true]);
  const expected = c.or && answer.status === c.or.status ? { ...c, ...c.or } : c;
  expect(answer.status).toBe(expected.status);
  if (c.location !== undefined) {
    expect(answer.headers.location).toBe(c.location);
  } else {
    expect(answer.status >= 400 && answer.status < 500).toBe(true);
    if (expected.body) {
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      const body = JSON.parse(answer.text) as { message: string };
      expect(body).toEqual(expected.body);
      expect(configSentences).toContain(body.message);
    } else {
      expect(answer.text).toBe(''); // HEAD
    }
    if (c.allow !== undefined) expect(answer.headers.allow).toBe(c.allow);
  }
  expect(snapshot()).toEqual(before);
  expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(prototypeKeys);
  await expectStillServing();
}

const prototypeKeys = Object.getOwnPropertyNames(Object.prototype);
const documentsPath = (collection: string) => `/api/collections/${encodeURIComponent(collection)}/documents`;
const filePath = (id: string, folder = 'Image/CvDeveloper/') => `/api/files/${folder}${id}`;
const JSON_TYPE = { 'content-type': 'application/json' };
const FORM_TYPE = { 'content-type': 'application/x-www-form-urlencoded' };

const pdf = pdfWith();
const multipart = (boundary: string, parts: { name: string; value: string | Buffer; filename?: string; type?: string }[]) =>
  Buffer.concat([
    ...parts.map((p) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`,
        ),
        Buffer.from(p.value),
        Buffer.from('\r\n'),
      ]),
    ),
    Buffer.from(`--${boundary}--\r\n`),
  ]);

const tooLong = (form: FormConfig, field: FieldConfig) => ({
  message: fill(form.messages.tooLong, { label: field.label, max: field.maxLength }),
  field: field.name,
});
const notText = (form: FormConfig, field: FieldConfig) => ({ message: fill(form.messages.notText, { label: field.label }), field: field.name });
const missing = (form: FormConfig, field: string) => ({ message: form.messages.missingKey, field });
const unknownKey = (form: FormConfig, field: string) => ({ message: form.messages.unknownKey, field });

/** A valid document of the form, as the site's own code would post it. */
const validDocument = (id: FormId) => buildDocument(configs[id], validData[id], new Date()) as Record<string, unknown>;

function jsonCases(id: FormId): Case[] {
  const form = configs[id];
  const collection = form.collection;
  const post =
    (body: string | Buffer, headers: Record<string, string> = JSON_TYPE) =>
    () =>
      send('POST', documentsPath(collection), headers, body);
  // Over the limit, the server answers before reading the body and hangs up: fetch may see only the hang-up.
  const postRaw = (body: string | Buffer) => () => raw(rawHttp('POST', documentsPath(collection), JSON_TYPE, body));
  const postWith = (change: (d: Record<string, unknown>) => void) => {
    const document = validDocument(id);
    change(document);
    return post(JSON.stringify(document));
  };
  const validText = JSON.stringify(validDocument(id));
  /** The valid document with the first field's value replaced by this JSON text. */
  const withFirst = (json: string) => JSON.stringify({ ...validDocument(id), [form.fields[0]!.name]: '@@' }).replace('"@@"', json);
  const first = form.fields[0]!;
  const cases: Case[] = [];

  for (const field of form.fields) {
    const f = field.name;
    cases.push(
      {
        name: `${f} one character over its maxLength (${field.maxLength})`,
        send: postWith((d) => (d[f] = 'x'.repeat(field.maxLength + 1))),
        status: 400,
        body: tooLong(form, field),
      },
      {
        name: `${f} of 30,000 accented characters (60,000 bytes)`,
        send: postWith((d) => (d[f] = 'é'.repeat(30_000))),
        status: 400,
        body: tooLong(form, field),
      },
      { name: `${f} a number`, send: postWith((d) => (d[f] = 42)), status: 400, body: notText(form, field) },
      { name: `${f} an array`, send: postWith((d) => (d[f] = ['a@b.co'])), status: 400, body: notText(form, field) },
      { name: `${f} an object`, send: postWith((d) => (d[f] = { text: 'x' })), status: 400, body: notText(form, field) },
      { name: `${f} null`, send: postWith((d) => (d[f] = null)), status: 400, body: notText(form, field) },
      { name: `${f} a boolean`, send: postWith((d) => (d[f] = true)), status: 400, body: notText(form, field) },
      { name: `${f} holding a NUL byte`, send: postWith((d) => (d[f] = 'a\u0000b')), status: 400, body: notText(form, field) },
      { name: `${f} holding half of a surrogate pair`, send: postWith((d) => (d[f] = 'Zo\ud83d')), status: 400, body: notText(form, field) },
      { name: `${f} missing`, send: postWith((d) => delete d[f]), status: 400, body: missing(form, f) },
    );
  }

  cases.push(
    // The stamps: id a positive whole number, Date some text of at most 100 characters.
    ...(
      [
        ['a string', '1700000000000'],
        ['a float', 1700000000000.5],
        ['negative', -1700000000000],
        ['zero', 0],
        ['huge (1e300)', 1e300],
        ['over 2^53', 2 ** 53 + 2],
        ['null', null],
        ['an object', { $gt: 0 }],
      ] as const
    ).map(([what, value]): Case => ({ name: `id ${what}`, send: postWith((d) => (d.id = value)), status: 400, body: missing(form, 'id') })),
    { name: 'id missing', send: postWith((d) => delete d.id), status: 400, body: missing(form, 'id') },
    ...(
      [
        ['empty', ''],
        ['blank', '   '],
        ['101 characters', 'x'.repeat(101)],
        ['50,000 characters', 'x'.repeat(50_000)],
        ['a number', 1700000000000],
        ['null', null],
      ] as const
    ).map(([what, value]): Case => ({ name: `Date ${what}`, send: postWith((d) => (d.Date = value)), status: 400, body: missing(form, 'Date') })),
    { name: 'Date missing', send: postWith((d) => delete d.Date), status: 400, body: missing(form, 'Date') },

    // Keys the form does not have.
    { name: 'an extra key', send: postWith((d) => (d.role = 'admin')), status: 400, body: unknownKey(form, 'role') },
    {
      name: 'an extra key holding a NUL byte',
      send: postWith((d) => (d[`${first.name}\u0000`] = 'x')),
      status: 400,
      body: unknownKey(form, `${first.name}\u0000`),
    },
    { name: 'an empty key', send: postWith((d) => (d[''] = 'x')), status: 400, body: unknownKey(form, '') },
    {
      name: 'a key in another case',
      send: postWith((d) => (d[first.name.toLowerCase()] = 'x')),
      status: 400,
      body: unknownKey(form, first.name.toLowerCase()),
    },
    { name: 'a key with an accent', send: postWith((d) => (d['Émail'] = 'x')), status: 400, body: unknownKey(form, 'Émail') },
    {
      name: 'a thousand extra keys',
      send: postWith((d) => Array.from({ length: 1000 }, (_x, i) => (d[`k${i}`] = i))),
      status: 400,
      body: unknownKey(form, 'k0'),
    },

    // Not a document at all.
    ...(['null', '[]', '"text"', '42', 'true', '{}'] as const).map((text): Case => ({
      name: `the JSON ${text}`,
      send: post(text),
      status: 400,
      body: text === '{}' ? missing(form, 'id') : missing(form, ''),
    })),

    // Prototype pollution, at the top, nested, escaped, deep.
    { name: 'a "__proto__" key', send: post(validText.replace('{', '{"__proto__":{"polluted":true},')), status: 400, body: { message: messages.forbiddenKey } },
    {
      name: 'a "__proto__" key written with escapes',
      send: post(validText.replace('{', '{"\\u005f_proto__":{"polluted":true},')),
      status: 400,
      body: { message: messages.forbiddenKey },
    },
    {
      name: 'a "constructor.prototype" key',
      send: post(validText.replace('{', '{"constructor":{"prototype":{"polluted":true}},')),
      status: 400,
      body: { message: messages.forbiddenKey },
    },
    {
      name: 'a "__proto__" key inside a field',
      send: post(withFirst('{"__proto__":{"polluted":true}}')),
      status: 400,
      body: { message: messages.forbiddenKey },
    },
    {
      name: 'a "__proto__" key 10,000 levels down',
      send: post(`${'{"a":'.repeat(10_000)}{"__proto__":{"polluted":true}}${'}'.repeat(10_000)}`),
      status: 400,
      body: { message: messages.forbiddenKey },
    },

    // Deep and huge JSON.
    {
      name: 'JSON nested 100,000 levels (over the size limit)',
      send: postRaw(`${'['.repeat(100_000)}${']'.repeat(100_000)}`),
      status: 413,
      body: { message: messages.tooLarge },
    },
    {
      name: 'JSON nested 32,000 levels (under the size limit)',
      send: post(`${'['.repeat(32_000)}${']'.repeat(32_000)}`),
      status: 400,
      body: missing(form, ''),
    },
    { name: 'a field nested 30,000 levels', send: post(withFirst(`${'['.repeat(30_000)}${']'.repeat(30_000)}`)), status: 400, body: notText(form, first) },
    { name: '60,000 unclosed brackets', send: post('['.repeat(60_000)), status: 400, body: { message: messages.notJson } },
    {
      name: `a document of ${documentLimit + 1} bytes (one over the limit)`,
      send: postRaw(validText.replace('{', `{${' '.repeat(documentLimit + 1 - validText.length)}`)),
      status: 413,
      body: { message: messages.tooLarge },
    },
    { name: 'a document of 1 MB', send: postRaw(withFirst(JSON.stringify('x'.repeat(1_000_000)))), status: 413, body: { message: messages.tooLarge } },
    {
      name: 'a huge array just under the limit',
      send: () => {
        const document = validDocument(id);
        const room = documentLimit - JSON.stringify({ ...document, [first.name]: [] }).length;
        document[first.name] = Array.from({ length: Math.floor(room / 2) }, () => 1);
        const text = JSON.stringify(document);
        expect(Buffer.byteLength(text)).toBeLessThanOrEqual(documentLimit);
        expect(Buffer.byteLength(text)).toBeGreaterThan(documentLimit - 4);
        return post(text)();
      },
      status: 400,
      body: notText(form, first),
    },

    // Not JSON, or not UTF-8.
    { name: 'an empty body', send: post(''), status: 400, body: { message: messages.emptyBody } },
    ...[
      '{',
      '{"Fname": }',
      "{'Fname': 'x'}",
      '{Fname: "x"}',
      '{"a":1,}',
      '{"a":1}{"b":2}',
      'undefined',
      'NaN',
      '   ',
      `\ufeff\ufeff${validText}`,
      validText.slice(0, -1),
    ].map((text): Case => ({
      name: `malformed JSON ${JSON.stringify(text.length > 40 ? `${text.slice(0, 20)}…${text.slice(-10)}` : text)}`,
      send: post(text),
      status: 400,
      body: { message: messages.notJson },
    })),
    {
      name: 'a byte that is not UTF-8 (0xff) in a value',
      send: post(Buffer.concat([Buffer.from(validText.slice(0, 10)), Buffer.from([0xff, 0xfe]), Buffer.from(validText.slice(10))])),
      status: 400,
      body: { message: messages.notUtf8 },
    },
    {
      name: 'an overlong UTF-8 encoding of "/"',
      send: post(Buffer.concat([Buffer.from(validText.slice(0, 10)), Buffer.from([0xc0, 0xaf]), Buffer.from(validText.slice(10))])),
      status: 400,
      body: { message: messages.notUtf8 },
    },
    {
      name: 'a surrogate encoded as UTF-8 bytes',
      send: post(Buffer.concat([Buffer.from(validText.slice(0, 10)), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from(validText.slice(10))])),
      status: 400,
      body: { message: messages.notUtf8 },
    },
    {
      name: 'the document in UTF-16 (with its byte order mark) and charset=utf-16',
      send: post(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(validText, 'utf16le')]), { 'content-type': 'application/json; charset=utf-16' }),
      status: 400,
      body: { message: messages.notUtf8 },
    },

    // Other content types, or none.
    ...(
      [
        ['text/plain', 'text/plain'],
        ['text/json', 'text/json'],
        ['application/json-patch+json', 'application/json-patch+json'],
        ['application/jsonx', 'application/jsonx'],
        ['application/xml', 'application/xml'],
        ['application/pdf', 'application/pdf'],
        ['application/octet-stream', 'application/octet-stream'],
        ['a malformed type', ';;;'],
        ['an empty type', ''],
      ] as const
    ).map(([what, type]): Case => ({
      name: `the document sent as ${what}`,
      send: post(validText, { 'content-type': type }),
      status: 415,
      body: { message: messages.notJson },
    })),
    { name: 'the document with no Content-Type', send: post(validText, {}), status: 415, body: { message: messages.notJson } },
    { name: 'no body and no Content-Type', send: () => send('POST', documentsPath(collection)), status: 415, body: { message: messages.notJson } },
    {
      name: 'well-formed multipart/form-data',
      send: post(
        multipart(
          'XyZ',
          Object.entries(validData[id]).map(([name, value]) => ({ name, value })),
        ),
        { 'content-type': 'multipart/form-data; boundary=XyZ' },
      ),
      status: 415,
      body: { message: messages.notJson },
    },
    {
      name: 'multipart/form-data with a file part',
      send: post(multipart('XyZ', [{ name: 'CvFile', value: pdf, filename: 'cv.pdf', type: 'application/pdf' }]), {
        'content-type': 'multipart/form-data; boundary=XyZ',
      }),
      status: 415,
      body: { message: messages.notJson },
    },
    {
      name: 'malformed multipart (no boundary, no closing line)',
      send: post('--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nb', { 'content-type': 'multipart/form-data' }),
      status: 415,
      body: { message: messages.notJson },
    },
    {
      name: 'malformed multipart (boundary that never comes)',
      send: post(multipart('Other', [{ name: first.name, value: 'x' }]), { 'content-type': 'multipart/form-data; boundary=XyZ' }),
      status: 415,
      body: { message: messages.notJson },
    },
  );
  return cases;
}

function plainPostCases(id: FormId): Case[] {
  const form = configs[id];
  const collection = form.collection;
  const first = form.fields[0]!;
  const post = (body: string | Buffer) => () => send('POST', documentsPath(collection), FORM_TYPE, body);
  const encode = (values: Record<string, string>) => new URLSearchParams(values).toString();
  const valid = encode(validData[id]);
  const withoutFirst = encode(Object.fromEntries(Object.entries(validData[id]).filter(([k]) => k !== first.name)));
  const invalid = (check: number) => `/?invalid=${collection}&check=${check}`;
  // A limit failure (too long, not text) is no check of the form's own: check=-1, shown as "something is missing".
  const cases: Case[] = form.fields.flatMap((field): Case[] => [
    {
      name: `${field.name} over its maxLength`,
      send: post(encode({ ...validData[id], [field.name]: 'x'.repeat(field.maxLength + 1) })),
      status: 303,
      location: invalid(-1),
    },
    { name: `${field.name} holding a NUL byte`, send: post(`${valid}&${field.name}=a%00b`), status: 303, location: invalid(-1) },
    { name: `${field.name} holding a byte that is not UTF-8 (%FF)`, send: post(`${valid}&${field.name}=a%FFb`), status: 303, location: invalid(-1) },
    { name: `${field.name} holding an encoded surrogate (%ED%A0%80)`, send: post(`${valid}&${field.name}=a%ED%A0%80`), status: 303, location: invalid(-1) },
    { name: `${field.name} holding a broken escape (%E9 alone)`, send: post(`${valid}&${field.name}=Zo%E9`), status: 303, location: invalid(-1) },
  ]);
  cases.push(
    {
      name: 'a raw byte that is not UTF-8 in the body',
      send: post(Buffer.concat([Buffer.from(`${valid}&${first.name}=Zo`), Buffer.from([0xeb])])),
      status: 303,
      location: invalid(-1),
    },
    { name: 'an empty body', send: post(''), status: 303, location: invalid(0) },
    { name: `${first.name} missing`, send: post(withoutFirst), status: 303, location: invalid(0) },
    { name: `${first.name} sent under a name with a NUL byte`, send: post(`${withoutFirst}&${first.name}%00=x`), status: 303, location: invalid(0) },
    { name: 'only keys the form does not have', send: post('role=admin&isAdmin=1'), status: 303, location: invalid(0) },
    {
      name: '__proto__ and constructor keys',
      send: post(`${withoutFirst}&__proto__=x&__proto__%5Bpolluted%5D=1&constructor%5Bprototype%5D%5Bpolluted%5D=1`),
      status: 303,
      location: invalid(0),
    },
    { name: 'the document as JSON', send: post(JSON.stringify(validDocument(id))), status: 303, location: invalid(0) },
    {
      name: `a body of ${documentLimit + 1} bytes`,
      send: () => raw(rawHttp('POST', documentsPath(collection), FORM_TYPE, `${valid}&pad=${'x'.repeat(documentLimit)}`)),
      status: 413,
      body: { message: messages.tooLarge },
    },
  );
  return cases;
}

const documentRouteCases: Case[] = [
  ...(['GET', 'DELETE', 'OPTIONS'] as const).map((method): Case => ({
    name: `${method}`,
    send: () => send(method, documentsPath('Inquriy')),
    status: 405,
    allow: 'POST',
    body: { message: messages.wrongMethod },
  })),
  { name: 'HEAD', send: () => send('HEAD', documentsPath('Inquriy')), status: 405, allow: 'POST' },
  {
    name: 'PUT with a valid document',
    send: () => send('PUT', documentsPath('Inquriy'), JSON_TYPE, JSON.stringify(validDocument('inquiry'))),
    status: 405,
    allow: 'POST',
    body: { message: messages.wrongMethod },
  },
  {
    name: 'PATCH with malformed JSON',
    send: () => send('PATCH', documentsPath('Inquriy'), JSON_TYPE, '{'),
    status: 405,
    allow: 'POST',
    body: { message: messages.wrongMethod },
  },
  {
    name: 'DELETE with a multipart body',
    send: () => send('DELETE', documentsPath('Inquriy'), { 'content-type': 'multipart/form-data; boundary=x' }, '--x--'),
    status: 405,
    allow: 'POST',
    body: { message: messages.wrongMethod },
  },
  {
    name: 'an unknown collection',
    send: () => send('POST', documentsPath('Inquiry'), JSON_TYPE, JSON.stringify(validDocument('inquiry'))),
    status: 404,
    body: { message: messages.unknownCollection },
  },
  {
    name: 'an unknown collection with a NUL byte',
    send: () => send('POST', '/api/collections/Inquriy%00/documents', JSON_TYPE, JSON.stringify(validDocument('inquiry'))),
    status: 404,
    body: { message: messages.unknownCollection },
  },
  {
    name: 'a collection named __proto__',
    send: () => send('POST', documentsPath('__proto__'), JSON_TYPE, JSON.stringify(validDocument('inquiry'))),
    status: 404,
    body: { message: messages.unknownCollection },
  },
  {
    name: 'a collection name of 200 characters',
    send: () => send('POST', documentsPath('x'.repeat(200)), JSON_TYPE, '{}'),
    status: 414,
    body: { message: messages.addressTooLong },
  },
  {
    name: 'a broken %-escape in the collection',
    send: () => send('POST', '/api/collections/%E0%A4%A/documents', JSON_TYPE, '{}'),
    status: 400,
    body: { message: messages.badAddress },
  },

  // HTTP itself broken (raw bytes on a socket).
  ...(
    [
      ['a Content-Length that is not a number', rawHttp('POST', documentsPath('Inquriy'), { ...JSON_TYPE, 'Content-Length': 'abc' }, '{}')],
      [
        'two different Content-Lengths',
        Buffer.from(
          `POST ${documentsPath('Inquriy')} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 5\r\n\r\n{}`,
        ),
      ],
      [
        'Content-Length and Transfer-Encoding together',
        rawHttp('POST', documentsPath('Inquriy'), { ...JSON_TYPE, 'Content-Length': '5', 'Transfer-Encoding': 'chunked' }, '0\r\n\r\n'),
      ],
      ['a broken chunk size', rawHttp('POST', documentsPath('Inquriy'), { ...JSON_TYPE, 'Transfer-Encoding': 'chunked' }, 'zz\r\n{}\r\n0\r\n\r\n')],
      ['a NUL byte in the address', rawHttp('POST', '/api/collections/Inq\u0000uriy/documents', JSON_TYPE, '{}')],
      ['a NUL byte in a header', rawHttp('POST', documentsPath('Inquriy'), { ...JSON_TYPE, 'X-Note': 'a\u0000b' }, '{}')],
      ['an unknown method', rawHttp('BREW', documentsPath('Inquriy'), JSON_TYPE, '{}')],
      ['text that is not HTTP', Buffer.from('HELLO THERE\r\n\r\n')],
      ['binary noise', Buffer.from(Array.from({ length: 512 }, (_x, i) => (i * 37) % 256))],
    ] as const
  ).map(([name, bytes]): Case => ({ name, send: () => raw(bytes), status: 400, body: { message: messages.badRequest } })),
  // Requests Node's server would answer itself, in its own words and without the security headers.
  {
    name: 'an HTTP/1.1 request without Host',
    send: () => raw(`POST ${documentsPath('Inquriy')} HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`),
    status: 400,
    body: { message: messages.badRequest },
  },
  {
    name: 'an Expect the server does not know',
    send: () => raw(rawHttp('POST', documentsPath('Inquriy'), { ...JSON_TYPE, Expect: 'the-unexpected' }, '{}')),
    status: 417,
    body: { message: messages.badRequest },
  },
  // Node reads a request line without a version as HTTP/0.9: no headers, so no body and no type.
  { name: 'a request line without a version', send: () => raw(`POST ${documentsPath('Inquriy')}\r\n\r\n`), status: 415, body: { message: messages.notJson } },
  {
    name: 'headers over 16 KB',
    send: () => raw(rawHttp('POST', documentsPath('Inquriy'), { ...JSON_TYPE, 'X-Pad': 'x'.repeat(20_000) }, '{}')),
    status: 431,
    body: { message: messages.headersTooLarge },
  },
  {
    name: 'a body longer than its Content-Length (the cut JSON is refused, the rest is not HTTP)',
    send: () => raw(rawHttp('POST', documentsPath('Inquriy'), { ...JSON_TYPE, 'Content-Length': '10' }, JSON.stringify(validDocument('inquiry')))),
    status: 400,
    body: { message: messages.notJson },
    or: { status: 400, body: { message: messages.badRequest } },
  },
  {
    name: 'a body shorter than its Content-Length, then the client stops sending',
    send: () =>
      raw(rawHttp('POST', documentsPath('Inquriy'), { ...JSON_TYPE, 'Content-Length': '500' }, JSON.stringify(validDocument('inquiry'))), { halfClose: true }),
    status: 400,
    body: { message: messages.incomplete },
  },
];

const pdfHeaders = { 'content-type': 'application/pdf' };
const put =
  (target: string, body: string | Buffer, headers: Record<string, string> = pdfHeaders) =>
  () =>
    send('PUT', target, headers, body);

const uploadCases = (): Case[] => {
  const id = () => randomUUID();
  const wrongType = { message: cv.wrongType };
  return [
    // First bytes that are no PDF, DOC or DOCX.
    ...(
      [
        ['an HTML page', Buffer.from('<!doctype html><html><script>alert(1)</script></html>'), 'application/pdf'],
        ['a PNG picture', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'application/pdf'],
        ['a JPEG picture', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]), 'application/msword'],
        [
          'a Windows program (MZ)',
          Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(120)]),
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        ],
        ['a Linux program (ELF)', Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01', 'latin1'), Buffer.alloc(120)]), 'application/octet-stream'],
        ['a shell script', Buffer.from('#!/bin/sh\nrm -rf /\n'), 'application/pdf'],
        ['plain text', Buffer.from('My CV: I am great.'), 'application/pdf'],
        ['a PDF header after a space', Buffer.from(` ${pdf.toString('latin1')}`, 'latin1'), 'application/pdf'],
        ['a PDF header after a byte order mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), pdf]), 'application/pdf'],
        ['almost a PDF header (%PDF)', Buffer.from('%PDF'), 'application/pdf'],
        ['almost a DOC header', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a]), 'application/msword'],
        ['an empty body', Buffer.alloc(0), 'application/pdf'],
        ['NUL bytes only', Buffer.alloc(1024), 'application/octet-stream'],
      ] as const
    ).map(([what, bytes, type]): Case => ({
      name: `${what} declared as ${type}`,
      send: put(filePath(id()), bytes, { 'content-type': type }),
      status: 415,
      body: wrongType,
    })),

    // A PDF, declared as something no form accepts, or sent another way.
    ...(
      [
        ['image/png', { 'content-type': 'image/png' }, pdf],
        ['text/html', { 'content-type': 'text/html' }, pdf],
        ['text/plain', { 'content-type': 'text/plain' }, pdf],
        ['no Content-Type', {}, pdf],
        ['a malformed Content-Type', { 'content-type': 'application/' }, pdf],
        [
          'well-formed multipart/form-data',
          { 'content-type': 'multipart/form-data; boundary=XyZ' },
          multipart('XyZ', [{ name: 'file', value: pdf, filename: 'cv.pdf', type: 'application/pdf' }]),
        ],
        ['malformed multipart/form-data', { 'content-type': 'multipart/form-data; boundary=XyZ' }, Buffer.concat([Buffer.from('--XyZ\r\n\r\n'), pdf])],
        ['JSON', JSON_TYPE, JSON.stringify({ file: pdf.toString('base64') })],
        ['malformed JSON', JSON_TYPE, '{"file": %PDF-1.4'],
        ['JSON with a __proto__ key', JSON_TYPE, '{"__proto__":{"polluted":true}}'],
        ['JSON that is not UTF-8', JSON_TYPE, Buffer.from([0x22, 0xff, 0x22])],
        ['an empty JSON body', JSON_TYPE, ''],
        ['JSON of 2 MB', JSON_TYPE, JSON.stringify({ file: 'x'.repeat(2_000_000) })],
        ['a urlencoded form', FORM_TYPE, `file=${encodeURIComponent(pdf.toString('latin1'))}`],
      ] as const
    ).map(([what, headers, body]): Case => ({
      name: `a PDF sent as ${what}`,
      send: () => raw(rawHttp('PUT', filePath(id()), headers, body)),
      status: 415,
      body: wrongType,
    })),

    // Too large.
    {
      name: `a PDF of ${cv.maxBytes + 1} bytes`,
      send: () => raw(rawHttp('PUT', filePath(id()), pdfHeaders, Buffer.concat([pdf, Buffer.alloc(cv.maxBytes + 1 - pdf.length, 0x20)]))),
      status: 413,
      body: { message: cv.tooLarge },
    },
    {
      name: 'a PDF of 12 MB',
      send: () => raw(rawHttp('PUT', filePath(id()), pdfHeaders, Buffer.concat([pdf, Buffer.alloc(12 * 1024 * 1024, 0x20)]))),
      status: 413,
      body: { message: cv.tooLarge },
    },
    {
      name: 'a Content-Length of 100 GB (refused before any byte is read)',
      send: () => raw(rawHttp('PUT', filePath(id()), { ...pdfHeaders, 'Content-Length': String(100 * 1024 ** 3) }, pdf)),
      status: 413,
      body: { message: cv.tooLarge },
    },
    {
      name: 'a body longer than its Content-Length (the declared part is no PDF, the rest is not HTTP)',
      send: () =>
        raw(
          rawHttp('PUT', filePath(id()), { ...pdfHeaders, 'Content-Length': '1000' }, Buffer.concat([Buffer.from('<html>'), Buffer.alloc(cv.maxBytes, 0x20)])),
        ),
      status: 415,
      body: wrongType,
      or: { status: 400, body: { message: messages.badRequest } },
    },

    // Methods the files address does not take.
    ...(['POST', 'DELETE', 'PATCH', 'OPTIONS'] as const).map((method): Case => ({
      name: `${method} with a PDF`,
      send: () => send(method, filePath(id()), pdfHeaders, pdf),
      status: 405,
      allow: 'GET, HEAD, PUT',
      body: { message: messages.wrongMethod },
    })),
  ];
};

/** Addresses that try to leave the upload folder, sent raw (no client normalises them). */
const pathTricks = (): [string, string][] => {
  const id = randomUUID();
  return [
    ['dot segments to the database', '/api/files/Image/CvDeveloper/../../../site.db'],
    ['dot segments before a good id', `/api/files/Image/CvDeveloper/../CvDeveloper/${id}`],
    ['dot segments out of the data folder', `/api/files/../../../../../../tmp/${id}`],
    ['encoded dot segments (%2e%2e)', `/api/files/Image/CvDeveloper/%2e%2e/%2e%2e/${id}`],
    ['encoded dot segments and slashes', '/api/files/Image/CvDeveloper/..%2F..%2F..%2Fsite.db'],
    ['backslashes', `/api/files/Image\\CvDeveloper\\${id}`],
    ['encoded backslashes', `/api/files/Image%5CCvDeveloper%5C${id}`],
    ['backslash dot segments', '/api/files/Image/CvDeveloper/..\\..\\site.db'],
    ['an absolute path', '/api/files//etc/passwd'],
    ['an encoded absolute path', '/api/files/%2Fetc%2Fpasswd'],
    ['a Windows path', '/api/files/C:%5CWindows%5Cwin.ini'],
    ['an absolute URL as the target', `http://evil.example/api/files/Image/CvDeveloper/../../${id}`],
    ['a file name, not an id', '/api/files/Image/CvDeveloper/cv.pdf'],
    ['an upper-case id', `/api/files/Image/CvDeveloper/${id.toUpperCase()}`],
    ['the nil UUID', '/api/files/Image/CvDeveloper/00000000-0000-0000-0000-000000000000'],
    ['a version 1 UUID', '/api/files/Image/CvDeveloper/f47ac10b-58cc-11cf-a567-0e02b2c3d479'],
    ['a UUID of another variant', '/api/files/Image/CvDeveloper/0f8c6a2e-3b1d-4c5e-cf7a-1b2c3d4e5f60'],
    ['an id with a suffix', `/api/files/Image/CvDeveloper/${id}.pdf`],
    ['an id with a NUL byte', `/api/files/Image/CvDeveloper/${id}%00`],
    ['no id', '/api/files/Image/CvDeveloper/'],
    ['nothing after /api/files/', '/api/files/'],
    ['an unknown folder', `/api/files/Image/Other/${id}`],
    ['the folder in another case', `/api/files/image/cvdeveloper/${id}`],
    ['a nested folder', `/api/files/Image/CvDeveloper/x/${id}`],
  ];
};

const fileAddressCases = (): Case[] => [
  ...pathTricks().map(([name, target]): Case => ({
    name: `PUT to ${name}`,
    send: () => raw(rawHttp('PUT', target, pdfHeaders, pdf)),
    status: 404,
    body: { message: messages.unknownUploadFolder },
  })),
  {
    name: 'PUT to an address with a broken %-escape',
    send: () => raw(rawHttp('PUT', '/api/files/Image/CvDeveloper/%zz', pdfHeaders, pdf)),
    status: 400,
    body: { message: messages.badAddress },
  },
  {
    name: 'PUT to an address of 20,000 characters',
    send: () => raw(rawHttp('PUT', `/api/files/${'x'.repeat(20_000)}`, pdfHeaders, pdf)),
    status: 431,
    body: { message: messages.headersTooLarge },
  },
];

const downloadCases = (): Case[] => {
  const good = () => filePath(stored.id);
  return [
    ...pathTricks().map(([name, target]): Case => ({
      name: `GET ${name}`,
      send: () => raw(rawHttp('GET', `${target}?token=${stored.token}`)),
      status: 404,
      body: { message: messages.fileNotFound },
    })),
    {
      name: 'GET an address with a broken %-escape',
      send: () => raw(rawHttp('GET', `/api/files/Image/CvDeveloper/%zz?token=${stored.token}`)),
      status: 400,
      body: { message: messages.badAddress },
    },
    {
      name: 'GET an address of 20,000 characters',
      send: () => raw(rawHttp('GET', `${good()}?token=${'x'.repeat(20_000)}`)),
      status: 431,
      body: { message: messages.headersTooLarge },
    },
    ...(
      [
        ['no token', ''],
        ['an empty token', '?token='],
        ['a wrong token', '?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
        ['the token and one more character', () => `?token=${stored.token}x`],
        ['the token twice', () => `?token=${stored.token}&token=${stored.token}`],
        ['the token as token[]', () => `?token[]=${stored.token}`],
        ['the token with a NUL byte', () => `?token=${stored.token}%00`],
        ['a token of 8,000 characters', `?token=${'A'.repeat(8000)}`],
        ['a token with emoji', '?token=%F0%9F%98%80'],
      ] as const
    ).map(([what, query]): Case => ({
      name: `GET the stored CV with ${what}`,
      send: () => send('GET', `${good()}${typeof query === 'function' ? query() : query}`),
      status: 404,
      body: { message: messages.fileNotFound },
    })),
    {
      name: 'GET its token on another id',
      send: () => send('GET', `${filePath(randomUUID())}?token=${stored.token}`),
      status: 404,
      body: { message: messages.fileNotFound },
    },
    {
      name: 'GET with a multipart body',
      send: () =>
        raw(rawHttp('GET', good(), { 'content-type': 'multipart/form-data; boundary=XyZ' }, multipart('XyZ', [{ name: 'token', value: stored.token }]))),
      status: 404,
      body: { message: messages.fileNotFound },
    },
    {
      name: 'GET with a JSON body naming the token',
      send: () => raw(rawHttp('GET', good(), JSON_TYPE, JSON.stringify({ token: stored.token }))),
      status: 404,
      body: { message: messages.fileNotFound },
    },
  ];
};

const unknownApiCases: Case[] = [
  ...(
    [
      ['GET', '/api'],
      ['GET', '/api/'],
      ['GET', '/api/nothing'],
      ['GET', '/api/collections'],
      ['GET', '/api/collections/Inquriy'],
      ['POST', '/api/collections/Inquriy'],
      ['POST', '/api/collections/Inquriy/documents/'],
      ['POST', '/api/collections/Inquriy/documents/extra'],
      ['POST', '/api/documents/Inquriy'],
      ['DELETE', '/api/collections'],
      ['OPTIONS', '/api/nothing'],
    ] as const
  ).map(([method, target]): Case => ({
    name: `${method} ${target}`,
    send: () => send(method, target),
    status: 404,
    body: { message: messages.unknownAddress },
  })),
  {
    name: 'POST a valid document to /api/nothing',
    send: () => send('POST', '/api/nothing', JSON_TYPE, JSON.stringify(validDocument('inquiry'))),
    status: 404,
    body: { message: messages.unknownAddress },
  },
  {
    name: 'POST malformed JSON to /api/nothing',
    send: () => send('POST', '/api/nothing', JSON_TYPE, '{'),
    status: 404,
    body: { message: messages.unknownAddress },
  },
  {
    name: 'POST multipart to /api/nothing',
    send: () => send('POST', '/api/nothing', { 'content-type': 'multipart/form-data; boundary=XyZ' }, multipart('XyZ', [{ name: 'a', value: 'b' }])),
    status: 404,
    body: { message: messages.unknownAddress },
  },
  { name: 'PUT a PDF to /api/nothing', send: () => send('PUT', '/api/nothing', pdfHeaders, pdf), status: 404, body: { message: messages.unknownAddress } },
  {
    name: 'a raw dot-segment escape from /api/',
    send: () => raw(rawHttp('GET', '/api/../../etc/passwd')),
    status: 404,
    body: { message: messages.unknownAddress },
  },
];

/* ------------------------------------------------------------------ the matrix */

describe.each(formIds)('POST a %s document as JSON', (id) => {
  it.each(jsonCases(id).map((c) => [c.name, c] as const))('%s', async (_name, c) => run(c));
});

describe.each(formIds)('POST a %s form as a plain (no-JavaScript) post', (id) => {
  it.each(plainPostCases(id).map((c) => [c.name, c] as const))('%s', async (_name, c) => run(c));
});

describe('the documents address', () => {
  it.each(documentRouteCases.map((c) => [c.name, c] as const))('%s', async (_name, c) => run(c));
});

describe('PUT /api/files/Image/CvDeveloper/{uuid}', () => {
  it.each([...uploadCases(), ...fileAddressCases()].map((c) => [c.name, c] as const))('%s', async (_name, c) => run(c));
});

describe('GET /api/files/…', () => {
  it.each(downloadCases().map((c) => [c.name, c] as const))('%s', async (_name, c) => run(c));
});

describe('unknown /api/ addresses', () => {
  it.each(unknownApiCases.map((c) => [c.name, c] as const))('%s', async (_name, c) => run(c));
});

/* ------------------------------------------------------------------ no open redirect */

describe('a plain post goes back only to a page of this site', () => {
  // Same-host Referers whose path, once parsed as a URL, starts with "//": as a Location the
  // browser would read it as another site's address (`//evil.example/x?sent=…`).
  it.each([
    ['//evil.example/x', '/'],
    ['/\\evil.example/x', '/'],
    ['/..//evil.example/x', '/'],
    ['/\t/evil.example/x', '/'],
    ['/%2F/evil.example/x', '/'],
    ['/nowhere', '/'],
    ['/Contact/', '/Contact'],
    ['/Career?x=1', '/Career'],
  ])('Referer path %j: back to %s', async (refererPath, expected) => {
    const answer = await raw(rawHttp('POST', documentsPath('subcribe'), { ...FORM_TYPE, Referer: `http://127.0.0.1:${port}${refererPath}` }, 'Email=a%40b.co'));
    expect([answer.status, answer.headers.location]).toEqual([303, `${expected}?sent=subcribe`]);
  });
});

/* ------------------------------------------------------------------ endless bodies */

describe('bodies larger than the limit are refused while they stream, and the connection is closed', () => {
  const head = (method: string, target: string, type: string, framing: string) =>
    `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\n${framing}\r\n`;

  it.each([
    [
      'an endless chunked upload',
      () => head('PUT', filePath(randomUUID()), 'application/pdf', 'Transfer-Encoding: chunked\r\n'),
      true,
      cv.tooLarge,
      cv.maxBytes,
    ],
    [
      'an endless upload declaring 5 MB + 1',
      () => head('PUT', filePath(randomUUID()), 'application/pdf', `Content-Length: ${cv.maxBytes + 1}\r\n`),
      false,
      cv.tooLarge,
      cv.maxBytes,
    ],
    [
      'an endless upload declaring 1 TB',
      () => head('PUT', filePath(randomUUID()), 'application/pdf', `Content-Length: ${1024 ** 4}\r\n`),
      false,
      cv.tooLarge,
      cv.maxBytes,
    ],
    [
      'an endless chunked document',
      () => head('POST', documentsPath('freelancers'), 'application/json', 'Transfer-Encoding: chunked\r\n'),
      true,
      messages.tooLarge,
      documentLimit,
    ],
    [
      'an endless chunked plain post',
      () => head('POST', documentsPath('freelancers'), 'application/x-www-form-urlencoded', 'Transfer-Encoding: chunked\r\n'),
      true,
      messages.tooLarge,
      documentLimit,
    ],
  ] as const)('%s', async (_name, makeHead, chunked, message, limit) => {
    const before = snapshot();
    const { answer, sent, closedByServer } = await endless(makeHead(), { chunked });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({ message });
    expect(answer.headers.connection).toBe('close');
    expect(closedByServer).toBe(true);
    // Answered long before the 64 MiB the client was ready to send (socket buffers hold a few MB).
    expect(sent).toBeLessThan(limit + 32 * 1024 * 1024);
    expect(snapshot()).toEqual(before);
    await expectStillServing();
  });

  it('a client that goes on sending after the refusal is not reset: what it sends is read and dropped until it closes its side, then the server closes', async () => {
    // Closing a connection with the client's bytes still unread makes the system answer them with
    // a reset, which can make the client drop the refusal it has not read yet (a browser then shows
    // a network failure, not the sentence). So the server closes its side and reads on.
    const outcome = await new Promise<{ answer: Answer; error?: string }>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      const block = Buffer.alloc(64 * 1024, 0x20);
      const frame = Buffer.concat([Buffer.from(`${block.length.toString(16)}\r\n`), block, Buffer.from('\r\n')]);
      let error: string | undefined;
      let answered = false;
      // Past the limit, then (once the refusal is here) a megabyte more, then the end of its side.
      const pump = (more: number): void => {
        for (; more > 0 || !answered; more -= answered ? block.length : 0) {
          if (socket.destroyed) return;
          if (!socket.write(frame)) return void socket.once('drain', () => pump(more));
        }
        socket.end();
      };
      socket.on('connect', () => {
        socket.write(head('PUT', filePath(randomUUID()), 'application/pdf', 'Transfer-Encoding: chunked\r\n'));
        pump(1024 * 1024);
      });
      socket.on('data', (chunk) => {
        answered = true;
        chunks.push(chunk);
      });
      socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
      socket.on('close', () => resolve({ answer: parseAnswer(Buffer.concat(chunks)), ...(error !== undefined && { error }) }));
    });
    expect(outcome).toEqual({ answer: expect.objectContaining({ status: 413, text: JSON.stringify({ message: cv.tooLarge }) }) });
    await expectStillServing();
  });

  it('a request still arriving after limits.requestSeconds is cut off (Node checks the limit every 30 s)', () => {
    expect(app.server.requestTimeout).toBe(server.limits.requestSeconds * 1000);
    expect(app.server.requestTimeout).toBeGreaterThan(0);
  });

  it("a part of the server may take limits.startSeconds to start, not Fastify's 10 s", () => {
    expect(app.initialConfig.pluginTimeout).toBe(server.limits.startSeconds * 1000);
  });

  it("and answered 408 with the security headers, on the raw socket (Node's timeout error, handed to the same handler)", async () => {
    // Node reports the timeout to the server's clientError listener: the one the app installed.
    const [listener] = app.server.listeners('clientError') as ((error: Error, socket: net.Socket) => void)[];
    const answer = await new Promise<Answer>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('error', () => {});
      socket.on('close', () => resolve(parseAnswer(Buffer.concat(chunks))));
      socket.write(`POST ${documentsPath('Inquriy')} HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{`);
      app.server.once('request', (request: { socket: net.Socket }) =>
        listener!(Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }), request.socket),
      );
    });
    expect([answer.status, JSON.parse(answer.text)]).toEqual([408, { message: messages.timeout }]);
    expectSecurityHeaders(answer.headers);
  });
});

/* ------------------------------------------------------------------ what must still work */

describe('what honest clients send is still accepted', () => {
  const unicodeName = 'Zoë Ünal-Ødegård 😀👩‍💻 李小龙 Ёлка e\u0301 مرحبا';
  const unicodeValues = (id: FormId) => {
    const form = configs[id];
    const values = { ...validData[id] };
    for (const field of form.fields) {
      if (field.kind === 'text' || field.kind === 'textarea') values[field.name] = unicodeName;
      if (field.kind === 'email') values[field.name] = 'zoë@exämple.com';
      if (field.kind === 'url') values[field.name] = 'https://zoë.example/😀';
    }
    return values;
  };

  it.each(formIds)('%s: accents, emoji, CJK, Cyrillic, Arabic and combining marks, as JSON, are stored exactly', async (id) => {
    const form = configs[id];
    const document = buildDocument(form, unicodeValues(id), new Date());
    const answer = await send('POST', documentsPath(form.collection), JSON_TYPE, JSON.stringify(document));
    expect(answer.status).toBe(201);
    expect(app.store.list(form.collection).at(-1)).toEqual(document);
    const row = db.prepare('SELECT data FROM documents ORDER BY seq DESC LIMIT 1').get() as { data: string };
    expect(JSON.parse(row.data)).toEqual(document);
  });

  it.each(formIds)('%s: the same as a plain post, stored exactly', async (id) => {
    const form = configs[id];
    const values = unicodeValues(id);
    const answer = await send(
      'POST',
      documentsPath(form.collection),
      { ...FORM_TYPE, referer: `http://127.0.0.1:${port}/Contact` },
      new URLSearchParams(values).toString(),
    );
    expect([answer.status, answer.headers.location]).toEqual([303, `/Contact?sent=${form.collection}`]);
    expect(app.store.list(form.collection).at(-1)).toEqual({ ...values, id: expect.any(Number), Date: expect.any(String) });
  });

  it.each(['application/json; charset=utf-8', 'application/json;charset=UTF-8', 'Application/JSON', 'application/json; charset="utf-8"'])(
    'the Content-Type "%s"',
    async (type) => {
      const document = buildDocument(forms.inquiry, validData.inquiry, new Date());
      const answer = await send('POST', documentsPath('Inquriy'), { 'content-type': type }, JSON.stringify(document));
      expect(answer.status).toBe(201);
      expect(app.store.list('Inquriy').at(-1)).toEqual(document);
    },
  );

  it('a document after a UTF-8 byte order mark', async () => {
    const document = buildDocument(forms.inquiry, validData.inquiry, new Date());
    const answer = await send('POST', documentsPath('Inquriy'), JSON_TYPE, `\ufeff${JSON.stringify(document)}`);
    expect(answer.status).toBe(201);
    expect(app.store.list('Inquriy').at(-1)).toEqual(document);
  });

  it(`a document of exactly ${documentLimit} bytes`, async () => {
    const text = JSON.stringify(buildDocument(forms.inquiry, validData.inquiry, new Date()));
    const padded = text.replace('{', `{${' '.repeat(documentLimit - text.length)}`);
    expect(Buffer.byteLength(padded)).toBe(documentLimit);
    const answer = await send('POST', documentsPath('Inquriy'), JSON_TYPE, padded);
    expect(answer.status).toBe(201);
    expect(app.store.list('Inquriy').at(-1)).toEqual(JSON.parse(text));
  });

  it('nothing reached Object.prototype', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(prototypeKeys);
  });
});
