// What a test run's machine-readable report says, in one shape for jest (`--json --outputFile`)
// and Playwright (its `json` reporter): how many tests passed, failed and were skipped, and the
// first failure (the earliest to fail) with its name and where it is. `npm test`
// (scripts/test.mjs) and the content-edits step (scripts/routine-edits.ts) print it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** @typedef {{ title: string, file: string, line?: number, message?: string }} Failure */
/** @typedef {{ passed: number, failed: number, skipped: number, firstFailure?: Failure }} Counts */

const firstLine = (text) =>
  String(text ?? '')
    // eslint-disable-next-line no-control-regex -- colour codes in the runners' messages
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line !== '');

/** @returns {Counts | undefined} undefined when the runner wrote no report (it did not start). */
export function readJestReport(file, root) {
  if (!existsSync(file)) return undefined;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  /** @type {Counts} */
  const counts = {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
  const files = [...(report.testResults ?? [])].sort((a, b) => (a.endTime ?? 0) - (b.endTime ?? 0));
  for (const result of files) {
    const relative = path.relative(root, result.name);
    const failed = (result.assertionResults ?? []).find((test) => test.status === 'failed');
    if (failed) {
      counts.firstFailure = {
        title: failed.fullName ?? failed.title,
        file: relative,
        line: failed.location?.line,
        message: firstLine(failed.failureMessages?.[0]),
      };
      break;
    }
    // A file that could not run at all (a syntax error, a hook that threw) has no failed test.
    if (result.status === 'failed') {
      counts.failed += 1;
      counts.firstFailure = { title: '(the file did not run)', file: relative, message: firstLine(result.message) };
      break;
    }
  }
  return counts;
}

/** @returns {Counts | undefined} */
export function readPlaywrightReport(file) {
  if (!existsSync(file)) return undefined;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const stats = report.stats ?? {};
  /** @type {Counts} */
  const counts = { passed: (stats.expected ?? 0) + (stats.flaky ?? 0), failed: stats.unexpected ?? 0, skipped: stats.skipped ?? 0 };
  let first;
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const result = (test.results ?? []).find((r) => r.status !== 'passed' && r.status !== 'skipped') ?? test.results?.[0];
        const started = Date.parse(result?.startTime ?? '') || Number.MAX_SAFE_INTEGER;
        if (!first || started < first.started) {
          first = {
            started,
            failure: {
              title: [...titles, spec.title].join(' › '),
              file: spec.file,
              line: spec.line,
              message: firstLine(result?.error?.message ?? result?.errors?.[0]?.message),
            },
          };
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child, child.title && child.title !== child.file ? [...titles, child.title] : titles);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  // Errors outside any test (the web server did not start, a file did not load).
  if (!first && report.errors?.length) {
    counts.failed = Math.max(counts.failed, 1);
    first = { failure: { title: '(outside any test)', file: report.errors[0].location?.file ?? '', message: firstLine(report.errors[0].message) } };
  }
  if (first) {
    counts.firstFailure = first.failure;
    if (counts.firstFailure.file && !counts.firstFailure.file.startsWith('e2e/')) counts.firstFailure.file = path.join('e2e', counts.firstFailure.file);
  }
  return counts;
}

/** "the test's name (file:line): its message's first line" */
export function describeFailure(failure) {
  const where = failure.line ? `${failure.file}:${failure.line}` : failure.file;
  return `"${failure.title}"${where ? ` (${where})` : ''}${failure.message ? `: ${failure.message.slice(0, 300)}` : ''}`;
}
