/**
 * The built server killed in the middle of a burst of submissions. Each test runs a server
 * of its own (dist/server/index.js, on its own port and data folder) and talks to it over
 * real HTTP; no browser.
 *
 * - SIGKILL (a crash, a power cut): every submission the server acknowledged is in the
 *   database after a restart, intact; sending the unacknowledged ones again with their keys
 *   stores each exactly once.
 * - SIGTERM (a deploy, a restart): the requests already received are answered and stored;
 *   the process then exits cleanly.
 */
import { expect, test } from './fixtures';
import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { exited, freePort, startServer as startOwnServer } from './helpers/server';

const COLLECTION = 'Inquriy';

test.describe.configure({ mode: 'serial' });
// These tests start servers and send thousands of requests: give them room on a 2-core machine
// whose cores are busy with other work (a limit only stops a test that hangs).
test.setTimeout(240_000);

/** Thousands of submissions from one address: the rate limits are raised out of the way. */
const startServer = (port: number, dataDir: string) => startOwnServer(port, dataDir, { RATE_LIMIT_FACTOR: '1000000' });

interface Sent {
  key: string;
  document: Record<string, unknown>;
  status?: number;
  id?: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** Posts one document with its key; resolves with the status and id, or a status of 0 if the connection broke. */
function post(port: number, sent: Sent): Promise<Sent> {
  const body = JSON.stringify(sent.document);
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        agent,
        method: 'POST',
        path: `/api/collections/${COLLECTION}/documents`,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'idempotency-key': sent.key },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          let id: string | undefined;
          try {
            id = (JSON.parse(text) as { id?: string }).id;
          } catch {
            // not JSON: a refusal
          }
          resolve({ ...sent, status: response.statusCode ?? 0, id });
        });
        response.on('error', () => resolve({ ...sent, status: 0 }));
      },
    );
    request.on('error', () => resolve({ ...sent, status: 0 }));
    request.end(body);
  });
}

function newSubmission(n: number): Sent {
  const now = new Date(1_800_000_000_000 + n);
  return {
    key: randomUUID(),
    document: {
      Fname: `Crash visitor ${n} – ünïcode ✓`,
      Email: `crash.${n}@example.com`,
      Number: String(n % 1e10),
      Pname: `Project ${n}\nline two`,
      id: now.getTime(),
      Date: now.toString(),
    },
  };
}

function storedDocuments(dataDir: string) {
  const db = new Database(path.join(dataDir, 'site.db'), { readonly: true });
  try {
    return db.prepare('SELECT doc_id AS id, client_key AS key, data FROM documents WHERE collection = ?').all(COLLECTION) as {
      id: string;
      key: string;
      data: string;
    }[];
  } finally {
    db.close();
  }
}

const acknowledged = (s: Sent) => s.status === 201 || s.status === 200;

test('SIGKILL during a burst: every acknowledged submission survives intact, and retries store the rest exactly once', async () => {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crash-'));
  try {
    let server = await startServer(port, dataDir);
    const results: Sent[] = [];
    let n = 0;
    let killed = false;
    // Kill it once a few hundred submissions are in: the clients say when.
    let enoughIn = () => {};
    const fewHundredIn = new Promise<void>((resolve) => (enoughIn = resolve));
    // 32 clients keep posting until the server dies under them.
    const clients = Array.from({ length: 32 }, async () => {
      while (!killed) {
        const sent = await post(port, newSubmission(n++));
        results.push(sent);
        if (results.filter(acknowledged).length >= 300) enoughIn();
        if (sent.status === 0) return;
      }
    });
    await fewHundredIn;
    server.kill('SIGKILL');
    killed = true;
    await exited(server);
    await Promise.all(clients);

    const acked = results.filter(acknowledged);
    const unacked = results.filter((s) => !acknowledged(s));
    expect(acked.length).toBeGreaterThanOrEqual(300);

    // After a restart, everything acknowledged is there, exactly as sent, under the id it was given.
    server = await startServer(port, dataDir);
    const byKey = new Map(storedDocuments(dataDir).map((row) => [row.key, row]));
    for (const sent of acked) {
      const row = byKey.get(sent.key);
      expect(row, `acknowledged submission ${sent.key} is stored`).toBeDefined();
      expect(row!.id).toBe(sent.id);
      expect(JSON.parse(row!.data)).toEqual(sent.document);
    }

    // The visitors' browsers send the rest again with the same keys: each ends up stored once.
    const retried = await Promise.all(unacked.map((sent) => post(port, sent)));
    expect(retried.every(acknowledged)).toBe(true);
    const rows = storedDocuments(dataDir);
    expect(rows).toHaveLength(results.length);
    expect(new Set(rows.map((r) => r.key)).size).toBe(results.length);
    for (const sent of retried) expect(JSON.parse(byKeyOf(rows, sent.key).data)).toEqual(sent.document);

    server.kill('SIGTERM');
    expect(await exited(server)).toEqual({ code: 0, signal: null });
    console.log(`SIGKILL test: ${acked.length} acknowledged before the kill, ${unacked.length} cut off and retried; ${rows.length} stored, none twice`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

const byKeyOf = (rows: { key: string; id: string; data: string }[], key: string) => rows.find((r) => r.key === key)!;

test('SIGTERM with requests in flight: they are answered and stored, then the server exits cleanly', async () => {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'drain-'));
  try {
    const server = await startServer(port, dataDir);
    // One visitor on a slow connection: half of the submission is in when the stop is asked for,
    // the rest sent once the server is stopping (it refuses the burst's newer requests).
    const slow = newSubmission(9_999);
    const slowBody = Buffer.from(JSON.stringify(slow.document));
    const slowRequest = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/collections/${COLLECTION}/documents`,
      headers: { 'content-type': 'application/json', 'content-length': slowBody.length, 'idempotency-key': slow.key },
    });
    const slowAnswer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      slowRequest.on('response', (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      slowRequest.on('error', reject);
    });
    // Its first bytes handed to the system (the connection made, the headers and 40 bytes sent).
    await new Promise<void>((resolve, reject) => slowRequest.write(slowBody.subarray(0, 40), (error) => (error ? reject(error) : resolve())));

    // A burst from 32 visitors, each posting again as soon as answered, until the server refuses them.
    const results: Sent[] = [];
    let n = 0;
    let answered = () => {};
    const someAnswered = new Promise<void>((resolve) => (answered = resolve));
    let refusing = () => {};
    const stopping = new Promise<void>((resolve) => (refusing = resolve));
    const burst = Array.from({ length: 32 }, async () => {
      for (;;) {
        const sent = await post(port, newSubmission(10_000 + n++));
        results.push(sent);
        if (acknowledged(sent)) {
          if (results.filter(acknowledged).length >= 50) answered();
        } else {
          refusing();
          return;
        }
      }
    });
    // Stopped while the burst is on its way in and the slow one is half sent.
    await someAnswered;
    server.kill('SIGTERM');
    await stopping;
    slowRequest.end(slowBody.subarray(40));
    await Promise.all(burst);
    const slowResult = await slowAnswer;
    expect(await exited(server)).toEqual({ code: 0, signal: null });
    expect(slowResult.status).toBe(201);
    results.push({ ...slow, status: slowResult.status, id: (JSON.parse(slowResult.text) as { id: string }).id });

    const acked = results.filter(acknowledged);
    // Requests that came in after the stop was asked for are refused (503) or find nobody listening: never half-done.
    for (const sent of results) expect([200, 201, 503, 0]).toContain(sent.status);
    expect(acked.length).toBeGreaterThan(0);
    const rows = storedDocuments(dataDir);
    expect(rows.map((r) => r.key).sort()).toEqual(acked.map((s) => s.key).sort());
    console.log(`SIGTERM test: ${acked.length} of ${results.length} answered and stored before the exit; the rest refused, none stored`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
