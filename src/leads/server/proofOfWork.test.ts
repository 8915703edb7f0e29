/**
 * The forms' proof of work, against our real server over HTTP (a fresh data folder each): a form
 * sent with a solved puzzle is a lead; one sent without, with a puzzle solved for another
 * submission, run out, forged or of another server is kept, in the Spam folder, never lost; a
 * retry of one submission may send its puzzle again; a puzzle taken stays taken across a restart;
 * the puzzles' route is never cached and is limited per client.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import forms from '../../../config/forms';
import serverConfig from '../../../config/server';
import { api, puzzleExpiry, type Puzzle } from '../../platform/api';
import { buildDocument } from '../../site/forms/model/document';
import { startServer, type TestServer } from '../../test/adminServer';
import { validData } from '../../test/formFixtures';
import { solvedProof } from '../../test/proof';

const contact = forms.contact;

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await server.close();
});

/** Sends the contact form as a page's script does; answers the status and the stored lead's id. */
async function send(to: TestServer, headers: Record<string, string>, key = randomUUID()) {
  const response = await fetch(to.base + api.documents(contact.collection), {
    method: 'POST',
    headers: { 'content-type': 'application/json', [api.submissionKeyHeader]: key, ...headers },
    body: JSON.stringify(buildDocument(contact, validData.contact)),
  });
  return { status: response.status, id: ((await response.json()) as { id: string }).id };
}

const inSpam = (to: TestServer, id: string) =>
  (to.app.store.db.prepare('SELECT spam FROM leads WHERE doc_id = ?').get(id) as { spam: number } | undefined)?.spam === 1;
const stored = (to: TestServer, id: string) => to.app.store.list(contact.collection).length > 0 && inSpam(to, id) !== undefined;

/** A payload with one of its parts changed, as a forger would. */
function changed(proof: string, change: (payload: Record<string, unknown>) => void): string {
  const payload = JSON.parse(Buffer.from(proof, 'base64').toString('utf8')) as Record<string, unknown>;
  change(payload);
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

it('takes a form sent with a solved puzzle as a lead, and keeps one sent without in the Spam folder', async () => {
  const proven = await send(server, { [api.proofHeader]: await solvedProof(server.base) });
  expect(proven.status).toBe(201);
  expect(inSpam(server, proven.id)).toBe(false);

  const without = await send(server, {});
  expect(without.status).toBe(201);
  expect(stored(server, without.id)).toBe(true);
  expect(inSpam(server, without.id)).toBe(true);
});

it('counts a puzzle for one submission: its retries may send it again, another submission may not', async () => {
  const proof = await solvedProof(server.base);
  const key = randomUUID();
  const first = await send(server, { [api.proofHeader]: proof }, key);
  const retry = await send(server, { [api.proofHeader]: proof }, key);
  expect([first.status, retry.status]).toEqual([201, 200]);
  expect(retry.id).toBe(first.id);
  expect(inSpam(server, first.id)).toBe(false);

  const replayed = await send(server, { [api.proofHeader]: proof });
  expect(replayed.status).toBe(201);
  expect(inSpam(server, replayed.id)).toBe(true);
});

it('refuses a puzzle past its time, on the server clock', async () => {
  const proof = await solvedProof(server.base);
  server.clock.now += (serverConfig.proofOfWork.expiresMinutes + 1) * 60_000;
  const late = await send(server, { [api.proofHeader]: proof });
  expect(inSpam(server, late.id)).toBe(true);
});

it('says in its salt when a puzzle ends, read alike by our server and the browser', async () => {
  const puzzle = (await (await fetch(server.base + api.proofChallenge)).json()) as Puzzle;
  const end = server.clock.now + serverConfig.proofOfWork.expiresMinutes * 60_000;
  // ALTCHA writes whole seconds.
  expect(Math.abs(puzzleExpiry(puzzle.salt) - end)).toBeLessThan(1000);
  expect(puzzleExpiry('no-expiry-here')).toBeNaN();
});

it("sets puzzles of config's size unless a test asks for smaller ones", async () => {
  const puzzleOf = async (base: string) => (await (await fetch(base + api.proofChallenge)).json()) as Puzzle;
  expect((await puzzleOf(server.base)).maxnumber).toBe(serverConfig.proofOfWork.maxNumber);
  const small = await startServer({ proofMaxNumber: 100 });
  try {
    expect((await puzzleOf(small.base)).maxnumber).toBe(100);
  } finally {
    await small.close();
  }
});

it('refuses forged, broken and foreign puzzles', async () => {
  const other = await startServer();
  try {
    const forged = [
      changed(await solvedProof(server.base), (p) => void (p.number = Number(p.number) + 1)),
      changed(await solvedProof(server.base), (p) => void (p.signature = String(p.signature).replace(/^./, (c) => (c === '0' ? '1' : '0')))),
      // Its time put off: the signature covers the salt that holds it.
      changed(await solvedProof(server.base), (p) => void (p.salt = String(p.salt).replace(/expires=\d+/, 'expires=9999999999'))),
      changed(await solvedProof(server.base), (p) => void (p.algorithm = 'SHA-1')),
      await solvedProof(other.base),
      'not base64 at all!',
      Buffer.from('{"signature": 1}').toString('base64'),
      'A'.repeat(serverConfig.proofOfWork.longestProofChars + 1),
    ];
    for (const proof of forged) {
      const answer = await send(server, { [api.proofHeader]: proof });
      expect(answer.status).toBe(201);
      expect(inSpam(server, answer.id)).toBe(true);
    }
  } finally {
    await other.close();
  }
});

it('keeps a taken puzzle taken when the server starts again on the same data', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'proof-restart-'));
  try {
    const first = await startServer({ dataDir });
    const proof = await solvedProof(first.base);
    const sent = await send(first, { [api.proofHeader]: proof });
    expect(inSpam(first, sent.id)).toBe(false);
    await first.close();

    const again = await startServer({ dataDir });
    try {
      const replayed = await send(again, { [api.proofHeader]: proof });
      expect(inSpam(again, replayed.id)).toBe(true);
    } finally {
      await again.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

it('keeps a plain post (no JavaScript, so no puzzle) in the Spam folder', async () => {
  const body = new URLSearchParams(Object.entries(validData.contact).map(([k, v]) => [k, String(v)]));
  const response = await fetch(server.base + api.documents(contact.collection), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  const rows = server.app.store.db.prepare('SELECT spam FROM leads WHERE collection = ?').all(contact.collection) as { spam: number }[];
  expect(rows).toEqual([{ spam: 1 }]);
});

it('gives puzzles that are never cached, each different, and as many as config allows one client', async () => {
  const limited = await startServer({ rateLimitFactor: 1 });
  try {
    const answers = [];
    for (let i = 0; i < serverConfig.proofOfWork.perClient.requests; i++) answers.push(await fetch(limited.base + api.proofChallenge));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(answers[0]!.headers.get('cache-control')).toBe('no-store');
    const puzzles = await Promise.all(answers.map((a) => a.json() as Promise<{ challenge: string }>));
    expect(new Set(puzzles.map((p) => p.challenge)).size).toBe(puzzles.length);
    const over = await fetch(limited.base + api.proofChallenge);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  } finally {
    await limited.close();
  }
});
