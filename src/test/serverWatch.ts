/**
 * Watching our server while an export streams, for src/leads/server/volume.test.ts and
 * `npm run bench:inbox`: the server's memory (its resident size, read from /proc), each answer
 * to one address timed inside the server (from Node's request to the answer's last byte: the
 * wall time, and the CPU time the process had meanwhile), its event loop's delay, its garbage
 * collections, and every moment it ran nothing for over 100 ms with the CPU time it had
 * meanwhile (working, or waiting for a core); an export read as fast as it comes, counted line
 * by line; and a prober of pages. The requirement's limits are here too.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

/** During a large export: the server's memory stays within this of its rest, and page answers this fast (p99). */
export const EXPORT_LIMITS = { memoryOverRestMb: 100, pageP99Ms: 100 } as const;

/** A process's resident memory, MB (this process unless told). */
export function rssMb(pid: number = process.pid): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
export const ms = (n: number): string => `${n.toFixed(1)} ms`;

/** A process's memory sampled every `everyMs` until stopped; stop() takes one more sample (a short export may end before the first). */
export function sampleMemory(pid: number = process.pid, everyMs = 100): { stop(): number[] } {
  const samples = [rssMb(pid)];
  const timer = setInterval(() => samples.push(rssMb(pid)), everyMs);
  return {
    stop() {
      clearInterval(timer);
      samples.push(rssMb(pid));
      return samples;
    },
  };
}

export interface Inside {
  /** Each answer to the watched address: wall time inside the server, ms. */
  answers: number[];
  /** …and the CPU time the server's process had during each of them, ms (its work, not its waiting for a core). */
  answersCpu: number[];
  loopMaxMs: number;
  loopP99Ms: number;
  gcMaxMs: number;
  gcTotalMs: number;
  gcCount: number;
  /** Full (mark-compact) collections. */
  gcMajor: number;
  /** Moments the server ran nothing for over 100 ms: how long, and how much CPU time the process had meanwhile (all its threads). */
  stalls: { wallMs: number; cpuMs: number }[];
}

const cpuMsSince = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

/**
 * Watches the server running in this process: the answers to `path` (any query), its event
 * loop, its collections and its stalls, from now (or the last reset) until report().
 */
export function watchServer(httpServer: http.Server, path: string): { reset(): void; report(): Inside; stop(): void } {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let gc: { ms: number; major: boolean }[] = [];
  const observer = new PerformanceObserver((entries) =>
    gc.push(
      ...entries
        .getEntries()
        .map((e) => ({ ms: e.duration, major: (e as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR })),
    ),
  );
  observer.observe({ entryTypes: ['gc'] });
  // Every 10 ms: a gap of over 100 ms is a stall; the process's CPU time meanwhile says whether it was working or waiting for a core.
  let stalls: Inside['stalls'] = [];
  let wallAt = performance.now();
  let cpuAt = process.cpuUsage();
  const ticker = setInterval(() => {
    const wall = performance.now();
    if (wall - wallAt > 100) stalls.push({ wallMs: wall - wallAt, cpuMs: cpuMsSince(cpuAt) });
    wallAt = wall;
    cpuAt = process.cpuUsage();
  }, 10).unref();
  let answers: number[] = [];
  let answersCpu: number[] = [];
  const onRequest = (request: http.IncomingMessage, response: http.ServerResponse) => {
    if (request.url?.split('?')[0] !== path) return;
    const started = performance.now();
    const cpu = process.cpuUsage();
    response.once('finish', () => {
      answers.push(performance.now() - started);
      answersCpu.push(cpuMsSince(cpu));
    });
  };
  httpServer.on('request', onRequest);
  return {
    reset() {
      loop.reset();
      gc = [];
      stalls = [];
      answers = [];
      answersCpu = [];
    },
    report: () => ({
      answers,
      answersCpu,
      loopMaxMs: loop.max / 1e6,
      loopP99Ms: loop.percentile(99) / 1e6,
      gcMaxMs: Math.max(0, ...gc.map((g) => g.ms)),
      gcTotalMs: gc.reduce((a, g) => a + g.ms, 0),
      gcCount: gc.length,
      gcMajor: gc.filter((g) => g.major).length,
      stalls,
    }),
    stop() {
      loop.disable();
      observer.disconnect();
      clearInterval(ticker);
      httpServer.off('request', onRequest);
    },
  };
}

/** What happened inside the server, in one line each. */
export function describeInside(inside: Inside): string[] {
  const stalls = [...inside.stalls].sort((a, b) => b.wallMs - a.wallMs);
  const { answers, answersCpu } = inside;
  return [
    `inside the server: list answers p50 ${ms(percentile(answers, 50))}, p99 ${ms(percentile(answers, 99))}, max ${ms(Math.max(...answers))} ` +
      `(CPU time meanwhile p99 ${ms(percentile(answersCpu, 99))}, max ${ms(Math.max(...answersCpu))}); ` +
      `event loop delay p99 ${ms(inside.loopP99Ms)}, max ${ms(inside.loopMaxMs)}; ${inside.gcCount} garbage collections (${inside.gcMajor} full), longest ${ms(inside.gcMaxMs)}, ${ms(inside.gcTotalMs)} in all`,
    `stalls over 100 ms: ${stalls.length}, ${stalls.filter((t) => t.cpuMs < t.wallMs / 2).length} of them with the process mostly off the CPU (waiting for a core); longest: ` +
      (stalls
        .slice(0, 3)
        .map((t) => `${ms(t.wallMs)} (CPU ${ms(t.cpuMs)})`)
        .join(', ') || 'none'),
  ];
}

export interface ExportRead {
  status: number;
  bytes: number;
  /** Lines (each ended by \n: CSV rows, JSON lines). */
  lines: number;
  /** Lines that are exactly `countLine`, when given (a JSON export's documents: `    {`). */
  counted: number;
  /** Whether the answer ended properly (its last chunk came). */
  complete: boolean;
  seconds: number;
}

/** Reads an export as fast as it comes, keeping none of it: counts bytes and lines. */
export function readExport(url: string, cookie: string, countLine?: string): Promise<ExportRead> {
  const started = performance.now();
  return new Promise((resolve) => {
    http
      .get(url, { agent: false, headers: { cookie } }, (response) => {
        let bytes = 0;
        let lines = 0;
        let counted = 0;
        // Lines counted in the bytes as they come; a line sought is found across two chunks too.
        const sought = countLine === undefined ? undefined : Buffer.from(`\n${countLine}\n`);
        let tail = Buffer.alloc(0);
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
          if (!sought) return;
          const text = Buffer.concat([tail, chunk]);
          for (let i = text.indexOf(sought); i >= 0; i = text.indexOf(sought, i + 1)) counted++;
          tail = text.subarray(Math.max(0, text.length - sought.length + 1));
        });
        const done = () =>
          resolve({ status: response.statusCode ?? 0, bytes, lines, counted, complete: response.complete, seconds: (performance.now() - started) / 1000 });
        response.on('end', done);
        response.on('aborted', done);
        response.on('error', done);
      })
      .on('error', () => resolve({ status: 0, bytes: 0, lines: 0, counted: 0, complete: false, seconds: (performance.now() - started) / 1000 }));
  });
}

/** Asks each address in turn, then rests `restMs`, while `going()`; each one's times (ms, from the request to the whole body). */
export async function probe(addresses: Record<string, string>, cookie: string, going: () => boolean, restMs = 50): Promise<Record<string, number[]>> {
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(addresses).map((name) => [name, []]));
  while (going()) {
    for (const [name, url] of Object.entries(addresses)) {
      const started = performance.now();
      await (await fetch(url, { headers: { cookie } })).arrayBuffer();
      times[name]!.push(performance.now() - started);
    }
    await new Promise((r) => setTimeout(r, restMs));
  }
  return times;
}
