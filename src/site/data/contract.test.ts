/**
 * One contract for the data port, run against both adapters:
 *   (a) local: createLocalPort(baseUrl) talking over real HTTP to our real server
 *       (buildApp on a fresh data folder, listening on 127.0.0.1, a free port);
 *   (b) firebase: createFirebasePort over an in-memory fake of the three SDK modules.
 *
 * How the local adapter runs here: this file runs in Node (Fastify, better-sqlite3 and
 * fetch need Node's own globals, which jest's jsdom environment hides). saveDocument uses
 * Node's fetch. uploadFile uses XMLHttpRequest, which Node lacks: the harness takes it, and
 * Blob, from a jsdom window whose address is the server's own origin, so the upload is a
 * same-origin request (no CORS) sent by jsdom's real XHR implementation over the network.
 */
import Database from 'better-sqlite3';
import { JSDOM } from 'jsdom';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import forms from '../../../config/forms';
import { buildDocument } from '../forms/model/document';
import { formIds, validData } from '../../test/formFixtures';
import type { FormConfig } from '../forms/model/formSchema';
import { buildApp } from '../../apps/server/app';
import { createFirebasePort } from './firebase';
import { fakeFirebase } from '../../test/firebaseFake';
import { createLocalPort } from './local';
import { serverRefusalOf, type DataPort } from './port';

// Each save through the local adapter first solves the forms' proof-of-work puzzle, in this
// process (no Worker in Node) with the browser's own search, about 30 times slower here than
// Node's one-shot hash: about a second of one core a puzzle of config's size, and many times that
// when the machine is busy. The server sets smaller puzzles (PUZZLE_SIZE): the same search, the
// same proof checked; proofOfWork.test.ts pins config's size. A limit only stops a test that hangs.
jest.setTimeout(240_000);
const PUZZLE_SIZE = 1000;

jest.mock('firebase/app', () => jest.requireActual('../../test/firebaseFake').fakeFirebase.app);
jest.mock('firebase/firestore/lite', () => jest.requireActual('../../test/firebaseFake').fakeFirebase.firestore);
jest.mock('firebase/storage', () => jest.requireActual('../../test/firebaseFake').fakeFirebase.storage);


/** What the contract needs from each backend besides the port itself. */
interface Harness {
  port: DataPort;
  /** The document the backend holds under this id, or undefined. */
  read(collection: string, id: string): Promise<Record<string, unknown> | undefined>;
  count(collection: string): Promise<number>;
  /** A save this backend refuses, and the message of the rejection. */
  refusedSave(): { collection: string; document: Record<string, unknown>; message: string };
  /** A file in this environment's Blob type. */
  blob(bytes: Uint8Array<ArrayBuffer>, type: string): Blob;
  /** An upload this backend refuses, and the message of the rejection. */
  refusedUpload(): { path: string; file: Blob; message: string };
  /** The bytes behind a URL uploadFile resolved to. */
  fetchBytes(url: string): Promise<Uint8Array>;
  /** Whether this backend's refusals are sentences for the visitor (our server's config words), which the form shows as they are. */
  refusalsForVisitor: boolean;
  close(): Promise<void>;
}

const configs: FormConfig[] = Object.values(forms);
const cvPath = () => `Image/CvDeveloper/${randomUUID()}`;
const pdf = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode('%PDF-1.4\n'));
  for (let i = 9; i < size; i++) bytes[i] = i % 251;
  return bytes;
};

function describePortContract(name: string, makeHarness: () => Promise<Harness>) {
  describe(`the data port contract: ${name}`, () => {
    let h: Harness;
    beforeAll(async () => {
      h = await makeHarness();
    });
    afterAll(async () => {
      await h.close();
    });

    it.each(formIds)('saveDocument resolves to an id, and the %s document reads back unchanged', async (id) => {
      const form = forms[id] as FormConfig;
      const document = buildDocument(form, validData[id], new Date(1_700_000_000_000));
      const sent = structuredClone(document);
      const saved = await h.port.saveDocument(form.collection, document, randomUUID());
      expect(Object.keys(saved)).toEqual(['id']);
      expect(typeof saved.id).toBe('string');
      expect(saved.id.length).toBeGreaterThan(0);
      const stored = await h.read(form.collection, saved.id);
      expect(stored).toStrictEqual(sent);
      expect(Object.keys(stored!)).toEqual(Object.keys(sent));
      expect(document).toStrictEqual(sent); // the caller's object is left as it was
    });

    it('saveDocument with a submission key: the document reads back under the id it resolves to', async () => {
      const form = forms.contact;
      const document = buildDocument(form, validData.contact, new Date(1_700_000_000_000));
      const sent = structuredClone(document);
      const saved = await h.port.saveDocument(form.collection, document, randomUUID());
      expect(typeof saved.id).toBe('string');
      expect(await h.read(form.collection, saved.id)).toStrictEqual(sent);
    });

    it('two saves get two ids', async () => {
      const form = configs[1]!;
      const document = buildDocument(form, validData.inquiry, new Date());
      const [a, b] = await Promise.all([h.port.saveDocument(form.collection, document, randomUUID()), h.port.saveDocument(form.collection, document, randomUUID())]);
      expect(a.id).not.toBe(b.id);
    });

    it('a refused save rejects, and nothing is stored', async () => {
      const { collection, document, message } = h.refusedSave();
      const before = await h.count(collection);
      await expect(h.port.saveDocument(collection, document, randomUUID())).rejects.toThrow(new Error(message)); // exactly this message
      expect(await h.count(collection)).toBe(before);
    });

    it('uploadFile resolves to a URL serving the same bytes, and reports progress ending at 1', async () => {
      const bytes = pdf(300_000);
      const progress: number[] = [];
      const url = await h.port.uploadFile(cvPath(), h.blob(bytes, 'application/pdf'), (fraction) => progress.push(fraction));
      expect(typeof url).toBe('string');
      const fetched = await h.fetchBytes(url);
      expect(fetched.length).toBe(bytes.length);
      expect(Buffer.from(fetched).equals(Buffer.from(bytes))).toBe(true);
      expect(progress.length).toBeGreaterThan(0);
      expect(progress.at(-1)).toBe(1);
      for (const [i, fraction] of progress.entries()) {
        expect(fraction).toBeGreaterThanOrEqual(i === 0 ? 0 : progress[i - 1]!);
        expect(fraction).toBeLessThanOrEqual(1);
      }
    });

    it('two uploads of the same bytes get two URLs, each serving the file', async () => {
      const bytes = pdf(1000);
      const [a, b] = await Promise.all([h.port.uploadFile(cvPath(), h.blob(bytes, 'application/pdf')), h.port.uploadFile(cvPath(), h.blob(bytes, 'application/pdf'))]);
      expect(a).not.toBe(b);
      for (const url of [a, b]) expect(Buffer.from(await h.fetchBytes(url)).equals(Buffer.from(bytes))).toBe(true);
    });

    it('a refused upload rejects', async () => {
      const { path: target, file, message } = h.refusedUpload();
      await expect(h.port.uploadFile(target, file)).rejects.toThrow(new Error(message));
    });

    it('a refusal carries the server\'s words for the visitor only when they are meant for one', async () => {
      const upload = h.refusedUpload();
      const uploadError = await h.port.uploadFile(upload.path, upload.file).catch((error: unknown) => error);
      const save = h.refusedSave();
      const saveError = await h.port.saveDocument(save.collection, save.document, randomUUID()).catch((error: unknown) => error);
      expect(serverRefusalOf(uploadError)).toBe(h.refusalsForVisitor ? upload.message : undefined);
      expect(serverRefusalOf(saveError)).toBe(h.refusalsForVisitor ? save.message : undefined);
    });
  });
}

/* ------------------------------------------------------------- (a) local */

describePortContract('local adapter against the real server', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'contract-local-'));
  const app = await buildApp({ dataDir, rateLimitFactor: 1000, proofMaxNumber: PUZZLE_SIZE });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const dom = new JSDOM('<!doctype html><title>site</title>', { url: `${origin}/` });
  const globals = globalThis as unknown as { XMLHttpRequest?: unknown };
  const previousXhr = globals.XMLHttpRequest;
  globals.XMLHttpRequest = dom.window.XMLHttpRequest;
  const db = new Database(app.store.file, { readonly: true, fileMustExist: true });
  const text = (s: string) => new TextEncoder().encode(s);

  return {
    port: createLocalPort(origin),
    async read(collection, id) {
      const row = db.prepare('SELECT data FROM documents WHERE collection = ? AND doc_id = ?').get(collection, id) as { data: string } | undefined;
      return row && (JSON.parse(row.data) as Record<string, unknown>);
    },
    async count(collection) {
      return app.store.count(collection);
    },
    refusedSave: () => ({
      collection: 'Inquriy',
      document: buildDocument(forms.inquiry, { ...validData.inquiry, Fname: '' }),
      message: forms.inquiry.checks.find((c) => c.field === 'Fname')!.message,
    }),
    blob: (bytes, type) => new dom.window.Blob([bytes], { type }),
    refusedUpload: () => ({
      path: cvPath(),
      // A text file renamed .pdf: the server reads its first bytes.
      file: new dom.window.Blob([text('Just some text, not a PDF.')], { type: 'application/pdf' }),
      message: forms.freelancer.fields.find((f) => f.kind === 'file')!.upload!.wrongType,
    }),
    refusalsForVisitor: true,
    async fetchBytes(url) {
      const response = await fetch(new URL(url, origin));
      expect(response.status).toBe(200);
      return new Uint8Array(await response.arrayBuffer());
    },
    async close() {
      globals.XMLHttpRequest = previousXhr;
      dom.window.close();
      db.close();
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
});

/* ------------------------------------------------------- (b) firebase fake */

describePortContract('firebase adapter over an in-memory SDK', async () => {
  const { state, download } = fakeFirebase;
  state.reset();
  return {
    port: createFirebasePort({ apiKey: 'key', projectId: 'agency', storageBucket: 'agency.appspot.com', appId: 'app' }),
    async read(collection, id) {
      return state.documents.get(collection)?.get(id);
    },
    async count(collection) {
      return state.documents.get(collection)?.size ?? 0;
    },
    refusedSave() {
      state.failNextSave = Object.assign(new Error('Missing or insufficient permissions.'), { code: 'permission-denied' });
      return { collection: 'Inquriy', document: buildDocument(forms.inquiry, validData.inquiry), message: 'Missing or insufficient permissions.' };
    },
    blob: (bytes, type) => new Blob([bytes], { type }),
    refusedUpload() {
      state.failNextUpload = Object.assign(new Error('User does not have permission to access this object.'), { code: 'storage/unauthorized' });
      return { path: cvPath(), file: new Blob([pdf(100)], { type: 'application/pdf' }), message: 'User does not have permission to access this object.' };
    },
    async fetchBytes(url) {
      const bytes = download(url);
      if (!bytes) throw new Error(`Nothing at ${url}`);
      return bytes;
    },
    refusalsForVisitor: false,
    async close() {
      state.reset();
    },
  };
});

describe('local adapter when the server cannot be reached', () => {
  it('rejects a save and an upload with no words for the visitor (the form shows its own message)', async () => {
    // A port where our server listened a moment ago: nothing answers there now.
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'contract-gone-'));
    const app = await buildApp({ dataDir });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    const port = createLocalPort(origin);
    const dom = new JSDOM('<!doctype html><title>site</title>', { url: `${origin}/` });
    const globals = globalThis as unknown as { XMLHttpRequest?: unknown };
    const previousXhr = globals.XMLHttpRequest;
    globals.XMLHttpRequest = dom.window.XMLHttpRequest;
    try {
      const saveError = await port.saveDocument('Inquriy', buildDocument(forms.inquiry, validData.inquiry), randomUUID()).catch((error: unknown) => error);
      const uploadError = await port.uploadFile(cvPath(), new dom.window.Blob([pdf(100)], { type: 'application/pdf' })).catch((error: unknown) => error);
      expect(saveError).toMatchObject({ status: 0 });
      expect(uploadError).toMatchObject({ status: 0 });
      expect(serverRefusalOf(saveError)).toBeUndefined();
      expect(serverRefusalOf(uploadError)).toBeUndefined();
    } finally {
      globals.XMLHttpRequest = previousXhr;
      dom.window.close();
    }
  });
});

describe('firebase adapter over an in-memory SDK: the submission key', () => {
  const { state } = fakeFirebase;
  beforeEach(() => state.reset());
  afterAll(() => state.reset());

  // The SDK's setDoc replaces; with firestore.rules deployed the second write is refused
  // instead (an update). Either way one document.
  it('is the document id, so saving the same submission twice leaves one document', async () => {
    const port = createFirebasePort({ apiKey: 'key', projectId: 'agency', storageBucket: 'agency.appspot.com', appId: 'app' });
    const document = buildDocument(forms.inquiry, validData.inquiry, new Date(1_700_000_000_000));
    const key = randomUUID();
    await expect(port.saveDocument('Inquriy', document, key)).resolves.toEqual({ id: key });
    await expect(port.saveDocument('Inquriy', document, key)).resolves.toEqual({ id: key });
    expect([...state.documents.get('Inquriy')!.keys()]).toEqual([key]);
    expect(state.documents.get('Inquriy')!.get(key)).toStrictEqual(document);
  });
});
