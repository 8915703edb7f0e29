/**
 * The embedded backend's endpoints, through Fastify's inject on a fresh data folder:
 * documents (stored exactly as sent, or refused with the form's own message and nothing
 * stored) and CV uploads (stored and served back byte for byte, or refused).
 */
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import forms from '../../../config/forms';
import serverConfig from '../../../config/server';
import { buildDocument } from '../../site/forms/model/document';
import { formIds, invalidData, validData, validVariants, type FormId } from '../../test/formFixtures';
import type { FormConfig } from '../../site/forms/model/formSchema';
import { buildApp } from '../../apps/server/app';
import { pdfWith } from '../../test/pdf';

const configs: Record<FormId, FormConfig> = forms;
/** The server's answers (config/server.ts) and the CV field's (config/forms/freelancer.ts): read, never written out. */
const server = serverConfig.messages;
const cv = configs.freelancer.fields.find((f) => f.kind === 'file')!.upload!;
const wrongType = cv.wrongType;
const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (all, key: string) => String(values[key] ?? all));
const PDF = 'application/pdf';
const DOC = 'application/msword';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

let dataDir: string;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'api-test-'));
  app = await buildApp({ dataDir, rateLimitFactor: 1000 });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const documentsUrl = (collection: string) => `/api/collections/${encodeURIComponent(collection)}/documents`;
const post = (collection: string, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  app.inject({ method: 'POST', url: documentsUrl(collection), headers, payload: typeof body === 'string' ? body : JSON.stringify(body) });

describe.each(formIds)('POST a %s document', (id) => {
  const form = configs[id];
  const collection = form.collection;

  it('stores a valid document exactly as sent and answers 201 with a 20-character id', async () => {
    const before = app.store.list(collection);
    const sent = [validData[id], ...validVariants[id]].map((values, i) => buildDocument(form, values, new Date(1_700_000_000_000 + i)));
    const ids: string[] = [];
    for (const document of sent) {
      const response = await post(collection, document);
      expect(response.statusCode).toBe(201);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const body = response.json() as { id: string };
      expect(Object.keys(body)).toEqual(['id']);
      expect(body.id).toMatch(/^[A-Za-z0-9]{20}$/);
      ids.push(body.id);
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(app.store.list(collection)).toEqual([...before, ...sent]);
    // Stored key for key, not just deeply equal: no key added or renamed.
    const stored = app.store.list(collection).slice(before.length);
    stored.forEach((document, i) => expect(Object.keys(document)).toEqual(Object.keys(sent[i]!)));
  });

  it.each(invalidData[id].map((c) => [c.name, c] as const))('refuses %s with 400, the message and the field, storing nothing', async (_name, c) => {
    const before = app.store.count();
    const response = await post(collection, buildDocument(form, c.values, new Date()));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: c.message, field: c.field });
    expect(app.store.count()).toBe(before);
  });

  it.each([
    [
      'a field too long',
      (d: Record<string, unknown>) => (d[form.fields[0]!.name] = 'x'.repeat(form.fields[0]!.maxLength + 1)),
      form.fields[0]!.name,
      fill(form.messages.tooLong, { label: form.fields[0]!.label, max: form.fields[0]!.maxLength }),
    ],
    [
      'a number where text belongs',
      (d: Record<string, unknown>) => (d[form.fields[0]!.name] = 12),
      form.fields[0]!.name,
      fill(form.messages.notText, { label: form.fields[0]!.label }),
    ],
    [
      'null where text belongs',
      (d: Record<string, unknown>) => (d[form.fields[0]!.name] = null),
      form.fields[0]!.name,
      fill(form.messages.notText, { label: form.fields[0]!.label }),
    ],
    ['an extra key', (d: Record<string, unknown>) => (d.role = 'admin'), 'role', form.messages.unknownKey],
    ['a missing key', (d: Record<string, unknown>) => delete d[form.fields[0]!.name], form.fields[0]!.name, form.messages.missingKey],
    ['no id', (d: Record<string, unknown>) => delete d.id, 'id', form.messages.missingKey],
    ['a Date that is not text', (d: Record<string, unknown>) => (d.Date = 1), 'Date', form.messages.missingKey],
  ])('refuses %s with 400 and stores nothing', async (_name, spoil, field, message) => {
    const before = app.store.count();
    const document = buildDocument(form, validData[id], new Date()) as Record<string, unknown>;
    spoil(document);
    const response = await post(collection, document);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, field });
    expect(app.store.count()).toBe(before);
  });
});

describe('POST requests no page of the site sends', () => {
  const document = () => buildDocument(forms.inquiry, validData.inquiry, new Date());

  it.each(['Inquiry', 'inquriy', 'documents', 'users', '__proto__', 'constructor'])('an unknown collection (%s) is 404', async (collection) => {
    const before = app.store.count();
    const response = await post(collection, document());
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: server.unknownCollection });
    expect(app.store.count()).toBe(before);
  });

  it('a JSON body sent as a form post is a plain post with no valid fields: nothing stored, sent back with the first check', async () => {
    const before = app.store.count();
    const response = await post('Inquriy', JSON.stringify(document()), { 'content-type': 'application/x-www-form-urlencoded' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/?invalid=Inquriy&check=0');
    expect(app.store.count()).toBe(before);
  });

  it.each([
    ['text/plain', 'text/plain'],
    ['multipart', 'multipart/form-data; boundary=x'],
    ['a PDF', 'application/pdf'],
  ])('a body sent as %s is 415', async (_name, type) => {
    const before = app.store.count();
    const response = await post('Inquriy', JSON.stringify(document()), { 'content-type': type });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: server.notJson });
    expect(app.store.count()).toBe(before);
  });

  it('no content type is 415', async () => {
    const response = await app.inject({ method: 'POST', url: documentsUrl('Inquriy'), payload: Buffer.from(JSON.stringify(document())) });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: server.notJson });
  });

  it.each(['{"Fname": ', '{Fname: "x"}', "{'a': 1}", 'not json'])('malformed JSON (%s) is 400 with the config message', async (body) => {
    const before = app.store.count();
    const response = await post('Inquriy', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: server.notJson });
    expect(app.store.count()).toBe(before);
  });

  it('a JSON null body is 400 and stores nothing', async () => {
    const before = app.store.count();
    const response = await post('Inquriy', 'null');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(configs.inquiry.messages.missingKey);
    expect(app.store.count()).toBe(before);
  });

  it('a body over 64 KiB is 413 and stores nothing', async () => {
    const before = app.store.count();
    const big = { ...document(), Pname: 'x'.repeat(70_000) };
    const response = await post('Inquriy', big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: server.tooLarge });
    expect(app.store.count()).toBe(before);
  });

  it('a prototype-polluting body is refused and stores nothing', async () => {
    const before = app.store.count();
    const body = JSON.stringify(document()).replace(/^\{/, '{"__proto__":{"admin":true},');
    const response = await post('Inquriy', body);
    expect(response.statusCode).toBe(400);
    expect(app.store.count()).toBe(before);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('GET on the documents address is refused: 405, only POST allowed', async () => {
    const response = await app.inject({ method: 'GET', url: documentsUrl('Inquriy') });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST');
    expect(response.body).not.toContain('Fname');
  });
});

describe('the database file', () => {
  it('is in WAL mode and holds what was stored', async () => {
    const document = buildDocument(forms.contact, validData.contact, new Date(1_700_000_123_456));
    const response = await post('Contact_cli', document);
    expect(response.statusCode).toBe(201);
    const { id } = response.json() as { id: string };
    const db = new Database(path.join(dataDir, 'site.db'), { readonly: true, fileMustExist: true });
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      const row = db.prepare('SELECT collection, data FROM documents WHERE doc_id = ?').get(id) as { collection: string; data: string };
      expect(row.collection).toBe('Contact_cli');
      expect(JSON.parse(row.data)).toEqual(document);
    } finally {
      db.close();
    }
  });
});

/* ------------------------------------------------------------------ uploads */

const uuid = () => randomUUID();
const filesUrl = (id: string, folder = 'Image/CvDeveloper/') => `/api/files/${folder}${id}`;
const put = (url: string, bytes: Buffer, type: string) => app.inject({ method: 'PUT', url, headers: { 'content-type': type }, payload: bytes });

const pdfBytes = pdfWith();
const docxBytes = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]), Buffer.from('[Content_Types].xml word/document.xml')]);
const docBytes = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504, 0)]);

/** Every file under the data folder's files/, relative. */
function filesOnDisk(): string[] {
  const root = path.join(dataDir, 'files');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

describe('PUT a CV', () => {
  it.each([
    ['a PDF', pdfBytes, PDF, 'pdf'],
    ['a DOCX', docxBytes, DOCX, 'docx'],
    ['a DOC', docBytes, DOC, 'doc'],
    ['a PDF sent as octet-stream', pdfBytes, 'application/octet-stream', 'pdf'],
  ])('%s is stored and served back byte for byte, as a download', async (_name, bytes, type, extension) => {
    const id = uuid();
    const response = await put(filesUrl(id), bytes, type);
    expect(response.statusCode).toBe(201);
    const { url } = response.json() as { url: string };
    expect(url).toMatch(new RegExp(`^/api/files/Image/CvDeveloper/${id}\\?token=[A-Za-z0-9_-]{20,}$`));
    expect(filesOnDisk()).toContain(path.join('Image', 'CvDeveloper', id));

    const download = await app.inject({ method: 'GET', url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="cv-${id}.${extension}"`);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    // The type comes from the file's first bytes, not from what the client claimed.
    expect(download.headers['content-type']).toBe(type === 'application/octet-stream' ? PDF : type);
  });

  it('without its token, or with a wrong one, the file is not found', async () => {
    const id = uuid();
    const { url } = (await put(filesUrl(id), pdfBytes, PDF)).json() as { url: string };
    const token = new URL(url, 'http://x').searchParams.get('token')!;
    const wrong = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const address of [
      filesUrl(id),
      `${filesUrl(id)}?token=`,
      `${filesUrl(id)}?token=${wrong}`,
      `${filesUrl(id)}?token=${token}x`,
      `${filesUrl(uuid())}?token=${token}`,
    ]) {
      const response = await app.inject({ method: 'GET', url: address });
      expect([address, response.statusCode]).toEqual([address, 404]);
      expect(response.json()).toEqual({ message: server.fileNotFound });
      expect(response.rawPayload.includes(pdfBytes)).toBe(false);
    }
  });

  it.each([
    ['a text file renamed .pdf', Buffer.from('Hello, I am a CV in plain text.\n'), PDF],
    ['an HTML page', Buffer.from('<!doctype html><script>alert(1)</script>'), PDF],
    ['an empty file', Buffer.alloc(0), PDF],
    ['a PNG picture', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]), 'application/octet-stream'],
    ['almost a PDF', Buffer.from('%PDF'), DOC],
  ])("%s is refused with 415 and the form's wrongType message, nothing written", async (_name, bytes, type) => {
    const before = filesOnDisk();
    const id = uuid();
    const response = await put(filesUrl(id), bytes, type);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: wrongType });
    expect(filesOnDisk()).toEqual(before);
    expect((await app.inject({ method: 'GET', url: filesUrl(id) })).statusCode).toBe(404);
  });

  it.each([
    ['not a uuid', '/api/files/Image/CvDeveloper/cv.pdf'],
    ['an upper-case uuid', `/api/files/Image/CvDeveloper/${uuid().toUpperCase()}`],
    ['a uuid with a suffix', `/api/files/Image/CvDeveloper/${uuid()}.pdf`],
    ['../x', '/api/files/Image/CvDeveloper/../x'],
    ['an encoded traversal', '/api/files/Image/CvDeveloper/..%2F..%2Fsite.db'],
    ['an encoded traversal in the folder', `/api/files/Image/CvDeveloper/..%2F..%2F..%2Ftmp/${uuid()}`],
    ['no folder', `/api/files/${uuid()}`],
    ['a folder not in config', `/api/files/Image/Other/${uuid()}`],
    ['a folder in another case', `/api/files/image/cvdeveloper/${uuid()}`],
    ['a nested folder', `/api/files/Image/CvDeveloper/x/${uuid()}`],
  ])('%s is 404 and nothing is written', async (_name, url) => {
    const before = filesOnDisk();
    const response = await put(url, pdfBytes, PDF);
    expect(response.statusCode).toBe(404);
    expect(filesOnDisk()).toEqual(before);
    expect(readdirSync(dataDir).sort()).toEqual(
      ['files', 'session-secret', 'site.db', 'site.db-shm', 'site.db-wal'].filter((f) => existsSync(path.join(dataDir, f))).sort(),
    );
  });

  it('dot segments sent as is over a real socket (no client normalising them) are 404', async () => {
    // inject() and every browser resolve "/../" before sending; a script need not.
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const raw = (method: string, target: string, body = '') =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write(
            `${method} ${target} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/pdf\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
          );
        });
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
        socket.on('end', () => resolve(answer.split('\r\n')[0] ?? ''));
        socket.on('error', reject);
      });
    const before = filesOnDisk();
    for (const target of [
      `/api/files/Image/../Image/CvDeveloper/${uuid()}`,
      `/api/files/Image/CvDeveloper/../../../${uuid()}`,
      `/api/files/./Image/CvDeveloper/${uuid()}`,
    ]) {
      expect([target, await raw('PUT', target, '%PDF-1.4')]).toEqual([target, 'HTTP/1.1 404 Not Found']);
    }
    expect(await raw('GET', '/api/files/Image/CvDeveloper/../../site.db')).toBe('HTTP/1.1 404 Not Found');
    expect(filesOnDisk()).toEqual(before);
  });

  it('a folder not in config answers the config message', async () => {
    const response = await put(`/api/files/Image/Other/${uuid()}`, pdfBytes, PDF);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: server.unknownUploadFolder });
  });

  it('GET of a path that was never uploaded, or a traversal, is 404', async () => {
    for (const url of ['/api/files/Image/CvDeveloper/../../site.db', '/api/files/..%2Fsite.db', `/api/files/Image/CvDeveloper/${uuid()}?token=x`]) {
      const response = await app.inject({ method: 'GET', url });
      expect([url, response.statusCode]).toEqual([url, 404]);
    }
  });

  it('a second PUT to the same path is 409 and leaves the first file as it was', async () => {
    const id = uuid();
    const first = await put(filesUrl(id), pdfBytes, PDF);
    expect(first.statusCode).toBe(201);
    const second = await put(filesUrl(id), docxBytes, DOCX);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: server.fileExists });
    const download = await app.inject({ method: 'GET', url: (first.json() as { url: string }).url });
    expect(download.rawPayload.equals(pdfBytes)).toBe(true);
  });

  it('a file of exactly 5 MB is accepted', async () => {
    const bytes = Buffer.concat([pdfBytes, Buffer.alloc(5 * 1024 * 1024 - pdfBytes.length, 0x20)]);
    const response = await put(filesUrl(uuid()), bytes, PDF);
    expect(response.statusCode).toBe(201);
  });

  it("a type no form accepts (image/png) is 415 with the upload's own message", async () => {
    const response = await put(filesUrl(uuid()), pdfBytes, 'image/png');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: wrongType });
  });

  it('a file over 5 MB is 413 and nothing is written on disk', async () => {
    const before = filesOnDisk();
    const id = uuid();
    const bytes = Buffer.concat([pdfBytes, Buffer.alloc(5 * 1024 * 1024 + 1 - pdfBytes.length, 0x20)]);
    const response = await put(filesUrl(id), bytes, PDF);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: cv.tooLarge });
    expect(filesOnDisk()).toEqual(before);
    expect((await app.inject({ method: 'GET', url: filesUrl(id) })).statusCode).toBe(404);
  });

  it('the stored files table keeps no stray rows after refusals', () => {
    const db = new Database(path.join(dataDir, 'site.db'), { readonly: true, fileMustExist: true });
    try {
      const rows = db.prepare('SELECT path FROM files').all() as { path: string }[];
      const onDisk = filesOnDisk().map((f) => f.split(path.sep).join('/'));
      expect(rows.map((r) => r.path).sort()).toEqual(onDisk.sort());
    } finally {
      db.close();
    }
  });
});
