/**
 * The server's log, through real HTTP: one entry per request, JSON lines where the log is not a
 * terminal (journald), one short line per request in a terminal, nothing with the log off.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/app';
import { readableLine } from './requestLog';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'request-log-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** The lines the server writes while answering GET /healthz and GET /nothing-here. */
async function logOf(options: { logger: boolean; isTTY?: boolean }): Promise<string[]> {
  const written: string[] = [];
  const app = await buildApp({ dataDir, logger: options.logger, logTo: { isTTY: options.isTTY, write: (text: string) => written.push(text) } });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    // The entry is written as the answer finishes (by Fastify's listener of the answer's 'finish'):
    // once every answer's 'finish' has been emitted (all its listeners run), the entries are written.
    const finished: Promise<void>[] = [];
    app.server.on('request', (_request, response: NodeJS.EventEmitter) => finished.push(new Promise((resolve) => response.once('finish', () => resolve()))));
    for (const address of ['/healthz', '/nothing-here']) await (await fetch(`http://127.0.0.1:${port}${address}`)).arrayBuffer();
    expect(finished).toHaveLength(2);
    await Promise.all(finished);
  } finally {
    await app.close();
  }
  return written
    .join('')
    .split('\n')
    .filter((line) => line !== '');
}

it('not to a terminal: JSON lines, one per request, with its method, address, status and time', async () => {
  const lines = await logOf({ logger: true, isTTY: false });
  const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  const requests = entries.filter((entry) => entry.req !== undefined);
  expect(
    requests.map((entry) => [(entry.req as { method: string }).method, (entry.req as { url: string }).url, (entry.res as { statusCode: number }).statusCode]),
  ).toEqual([
    ['GET', '/healthz', 200],
    ['GET', '/nothing-here', 404],
  ]);
  for (const entry of requests)
    expect(entry).toEqual(expect.objectContaining({ level: 30, msg: 'request completed', responseTime: expect.any(Number), reqId: expect.any(String) }));
});

it('to a terminal: one short line per request, time, method, address, status and duration', async () => {
  const lines = await logOf({ logger: true, isTTY: true });
  const requests = lines.filter((line) => / (GET|POST) /.test(line));
  expect(requests).toHaveLength(2);
  expect(requests[0]).toMatch(/^\d\d:\d\d:\d\d GET \/healthz 200 \d+ ms$/);
  expect(requests[1]).toMatch(/^\d\d:\d\d:\d\d GET \/nothing-here 404 \d+ ms$/);
  for (const line of lines) expect(line).not.toMatch(/^\{/);
});

it('with the log off (LOG=off): nothing', async () => {
  expect(await logOf({ logger: false, isTTY: true })).toEqual([]);
});

describe('readableLine', () => {
  const time = new Date(2026, 10, 23, 14, 3, 7).getTime();
  it('shows a warning with its level, message and its own fields', () => {
    expect(readableLine(JSON.stringify({ level: 40, time, pid: 1, hostname: 'h', closed: 3, msg: 'Closed connections' }))).toBe(
      '14:03:07 WARN Closed connections {"closed":3}\n',
    );
  });
  it('shows an error with its message', () => {
    expect(
      readableLine(JSON.stringify({ level: 50, time, err: { type: 'Error', message: 'disk full', stack: '…' }, msg: 'The database cannot be opened' })),
    ).toBe('14:03:07 ERROR The database cannot be opened (disk full)\n');
  });
  it('passes a line that is not JSON as it is', () => {
    expect(readableLine('plain text')).toBe('plain text\n');
  });
});
