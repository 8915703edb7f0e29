// `npm test`: every stage of the suite, in order, each run even when one before it failed (a red
// first stage must not hide the rest). It ends with one line per stage (passed or FAILED, its
// time, its tests), the first failure's test name and file, and one closing line counting the
// tests, so that a red run says in one screen what broke.
//
//   native         only when better-sqlite3's addon is not built yet (`npm ci --ignore-scripts`, as
//                  .ci/run does): scripts/lib/nativeAddon.mjs, which waits for the compile .ci/run
//                  started alongside npm ci, or runs `npm rebuild better-sqlite3` (a minute of one core)
//   build          the site built once for the unit and browser tests (e2e/helpers/buildCheckout.ts:
//                  the kept build of these sources, src/test/contentSite.ts builtSite, copied into dist/)
//   check          the content checker (npm run check)
//   typecheck      tsc on the browser's and Node's code (npm run typecheck)
//   lint           eslint (npm run lint:code)
//   format         Prettier's check (npm run format:check); `npm run lint` runs both, one after the other
//   knip           unused files, exports, types and dependencies, at zero (npm run knip: knip.jsonc)
//   content edits  the office's routine edits on a copy (npm run test:content-edits)
//                  These run at once, their output shown when they end; all but the addon's
//                  compile (the longest, on one core) at a lower priority, on the other core.
//   unit           jest (npm run test:unit)
//   browser        Playwright with the system Chromium (npm run test:e2e)
//                  These two run side by side, Playwright's list shown as it comes and jest's
//                  output when it ends: each leaves idle gaps (a browser test waits on its page, a
//                  jest file on the processes it started) that the other fills; together they end
//                  about a fifth sooner than one after the other (docs/performance.md).
//
// `node scripts/test.mjs unit browser` runs only the stages named. Exit code 0 when every stage
// passed, 1 otherwise.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sqliteBuilt } from './lib/nativeAddon.mjs';
import { describeFailure, readJestReport, readPlaywrightReport } from './lib/testReport.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reports = mkdtempSync(path.join(os.tmpdir(), 'npm-test-'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const reportOf = (name) => path.join(reports, `${name}.json`);

/**
 * `until`: a stage that runs alongside the next ones, until the stage named (which needs it) starts.
 * `needed`: a stage that runs when this says so (and only then), whichever stages were named.
 * `beside`: a stage that starts with the stage named (when that one runs too) and runs alongside it to the end.
 * `nice`: a stage run at a lower priority (`nice -n 10`), leaving the cores to the others first.
 * @type {{ name: string, label: string, command: string, args: string[], env?: Record<string, string>, until?: string, beside?: string, needed?: () => boolean, nice?: boolean, counts?: () => import('./lib/testReport.mjs').Counts | undefined }[]}
 */
const STAGES = [
  {
    name: 'native',
    label: 'native addon (better-sqlite3)',
    command: process.execPath,
    args: ['scripts/lib/nativeAddon.mjs'],
    until: 'unit',
    needed: () => !sqliteBuilt(),
  },
  { name: 'build', label: 'build', command: npx, args: ['tsx', 'e2e/helpers/buildCheckout.ts'], until: 'unit', nice: true },
  { name: 'check', label: 'check', command: npm, args: ['run', '--silent', 'check'], until: 'unit', nice: true },
  { name: 'typecheck', label: 'typecheck', command: npm, args: ['run', '--silent', 'typecheck'], until: 'unit', nice: true },
  { name: 'lint', label: 'lint (ESLint)', command: npm, args: ['run', '--silent', 'lint:code'], until: 'unit', nice: true },
  { name: 'format', label: 'format (Prettier)', command: npm, args: ['run', '--silent', 'format:check'], until: 'unit', nice: true },
  { name: 'knip', label: 'unused code (knip)', command: npm, args: ['run', '--silent', 'knip'], until: 'unit', nice: true },
  {
    name: 'content-edits',
    label: 'content edits',
    command: npm,
    args: ['run', '--silent', 'test:content-edits'],
    env: { TEST_REPORT: reportOf('content-edits') },
    until: 'unit',
    nice: true,
    counts: () => readContentEditsReport(reportOf('content-edits')),
  },
  {
    name: 'unit',
    label: 'unit (jest)',
    beside: 'browser',
    command: npm,
    args: ['run', '--silent', 'test:unit', '--', '--ci', '--json', '--testLocationInResults', '--outputFile', reportOf('unit')],
    counts: () => readJestReport(reportOf('unit'), root),
  },
  {
    name: 'browser',
    label: 'browser (Playwright)',
    command: npm,
    args: ['run', '--silent', 'test:e2e', '--', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: reportOf('browser') },
    counts: () => readPlaywrightReport(reportOf('browser')),
  },
];

/** The content-edits step writes its counts in the same shape (scripts/routine-edits.ts). */
function readContentEditsReport(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

// eslint-disable-next-line no-control-regex -- colour codes in a tool's output
const plain = (text) => text.replace(/\u001b\[[0-9;]*m/g, '');

/** Runs a stage with its output shown as it comes (or, `held`, kept until it ends); keeps the last lines to find an error in. */
function run(stage, held = false) {
  return new Promise((resolve) => {
    const started = Date.now();
    const [command, args] = stage.nice && process.platform !== 'win32' ? ['nice', ['-n', '10', stage.command, ...stage.args]] : [stage.command, stage.args];
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...stage.env } });
    const lines = [];
    const output = [];
    const keep = (chunk) => {
      for (const line of plain(String(chunk)).split('\n')) if (line.trim()) lines.push(line);
      if (lines.length > 400) lines.splice(0, lines.length - 400);
    };
    child.stdout.on('data', (chunk) => (held ? output.push(chunk) : process.stdout.write(chunk), keep(chunk)));
    child.stderr.on('data', (chunk) => (held ? output.push(chunk) : process.stderr.write(chunk), keep(chunk)));
    const stop = (signal) => child.kill(signal);
    process.once('SIGINT', stop).once('SIGTERM', stop);
    child.on('error', (error) => lines.push(error.message));
    child.on('close', (code, signal) => {
      process.off('SIGINT', stop).off('SIGTERM', stop);
      resolve({ ok: code === 0, seconds: (Date.now() - started) / 1000, lines, signal, output: Buffer.concat(output.map((chunk) => Buffer.from(chunk))) });
    });
  });
}

/** For a stage without a test report: the first line that names an error, or its last line. */
function errorLine(lines) {
  return lines.find((line) => /\berror\b|✖|not all good|problem/i.test(line))?.trim() ?? lines.at(-1)?.trim() ?? '(no output)';
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !STAGES.some((stage) => stage.name === name));
if (unknown.length) {
  console.error(`Unknown stage ${unknown.join(', ')}. The stages: ${STAGES.map((s) => s.name).join(', ')}.`);
  process.exit(2);
}

const results = [];
const startedAt = Date.now();
/** Stages running alongside: each with the stage it must end before, or (`beside`) none, its output shown as soon as it ends. */
const alongside = [];
/** Waits for the stages running alongside that must end before `name` (all of them without a name); shows their output. */
async function finishAlongside(name) {
  for (const side of alongside.filter((a) => !name || (a.until && a.until === name))) {
    alongside.splice(alongside.indexOf(side), 1);
    const outcome = await side.running;
    if (side.until) {
      console.log(`\n==> npm test: ${side.stage.label} (ran alongside others, before ${side.until})`);
      process.stdout.write(outcome.output);
    }
    results.push({ stage: side.stage, ...outcome, counts: side.stage.counts?.() });
  }
}
/** Starts a stage that runs beside the one streamed, and shows its output the moment it ends (a block of its own within the other's). */
function startBeside(stage, other) {
  console.log(`\n==> npm test: ${stage.label} started alongside ${other.label} (its output when it ends)`);
  const running = run(stage, true).then((outcome) => {
    console.log(`\n==> npm test: ${stage.label} (ran alongside ${other.label})`);
    process.stdout.write(outcome.output);
    console.log(`==> npm test: ${stage.label} ${outcome.ok ? 'passed' : 'FAILED'}; ${other.label} goes on\n`);
    return outcome;
  });
  alongside.push({ stage, running });
}
// A stage with `needed` runs whenever it is needed, named or not.
const selected = STAGES.filter((s) => (s.needed ? s.needed() : !wanted.length || wanted.includes(s.name)));
for (const stage of selected) {
  if (stage.until && selected.some((s) => s.name === stage.until)) {
    console.log(`\n==> npm test: ${stage.label} started (its output when it ends, before ${stage.until})`);
    alongside.push({ stage, until: stage.until, running: run(stage, true) });
    continue;
  }
  // Started with the stage it runs beside, when that one runs too.
  if (stage.beside && selected.some((s) => s.name === stage.beside)) continue;
  const besides = selected.filter((s) => s.beside === stage.name);
  for (const name of [stage.name, ...besides.map((s) => s.name)]) await finishAlongside(name);
  for (const side of besides) startBeside(side, stage);
  console.log(`\n==> npm test: ${stage.label}`);
  const outcome = await run(stage);
  const counts = stage.counts?.();
  results.push({ stage, ...outcome, counts });
  if (outcome.signal === 'SIGINT' || outcome.signal === 'SIGTERM') break;
}
await finishAlongside();
rmSync(reports, { recursive: true, force: true });
results.sort((a, b) => STAGES.indexOf(a.stage) - STAGES.indexOf(b.stage));

const width = Math.max(...results.map((r) => r.stage.label.length));
const number = new Intl.NumberFormat('en');
console.log('\n==> npm test: summary');
let passed = 0;
let failed = 0;
let skipped = 0;
let first;
for (const r of results) {
  const tests = r.counts
    ? `${number.format(r.counts.passed)} passed, ${number.format(r.counts.failed)} failed${r.counts.skipped ? `, ${r.counts.skipped} skipped` : ''}`
    : '';
  console.log(`  ${r.stage.label.padEnd(width)}  ${r.ok ? 'passed' : 'FAILED'}  ${r.seconds.toFixed(1).padStart(6)} s  ${tests}`);
  // The content-edits step runs tests of the suite again on a copy: counted once, in their own stages.
  if (r.stage.name !== 'content-edits' && r.counts) {
    passed += r.counts.passed;
    failed += r.counts.failed;
    skipped += r.counts.skipped;
  }
  if (!r.ok && !(r.counts && r.stage.name !== 'content-edits' && r.counts.failed)) failed += 1;
  if (!r.ok && !first) first = { stage: r.stage.label, text: r.counts?.firstFailure ? describeFailure(r.counts.firstFailure) : errorLine(r.lines) };
}
// From the first stage's start to the last one's end (stages alongside others counted once).
const total = (Date.now() - startedAt) / 1000;
console.log(`  ${'all'.padEnd(width)}  ${first ? 'FAILED' : 'passed'}  ${total.toFixed(1).padStart(6)} s`);
if (first) console.log(`\nFirst failure, in ${first.stage}: ${first.text}`);
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exitCode = first ? 1 : 0;
