/**
 * Failpoints (failpoints.ts): FAILPOINTS read as fail-rs's is (names, `=n`, separated by ';'), a
 * failpoint firing exactly at its n-th time and never when not named, a real process killed
 * with SIGKILL there and not before, and docs/failpoints.md naming every failpoint the code has.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Failpoints, parseFailpoints } from './failpoints';

const root = path.resolve(__dirname, '../../..');

test('FAILPOINTS names failpoints, each at its first time or at the n-th', () => {
  expect([...parseFailpoints('')]).toEqual([]);
  expect([...parseFailpoints('publish.written')]).toEqual([['publish.written', 1]]);
  expect([...parseFailpoints(' newsletter.claimed=250 ; publish.afterWrite ;')]).toEqual([
    ['newsletter.claimed', 250],
    ['publish.afterWrite', 1],
  ]);
});

test.each(['publish', 'publish.', 'publish.written=0', 'publish.written=two', 'publish written', 'Publish.written'])(
  '"%s" stops the start with a sentence',
  (value) => {
    expect(() => parseFailpoints(value)).toThrow(/^FAILPOINTS: ".+" is not a failpoint's name/);
  },
);

test('a failpoint fires exactly at its n-th time; one not named never does', () => {
  const points = new Failpoints(parseFailpoints('a.third=3;a.first'));
  expect([1, 2, 3, 4, 5].map(() => points.fires('a.third'))).toEqual([false, false, true, false, false]);
  expect([1, 2].map(() => points.fires('a.first'))).toEqual([true, false]);
  expect(points.fires('a.other')).toBe(false);
});

test('the process that reaches a failpoint FAILPOINTS names dies by SIGKILL there, not before', async () => {
  const tsx = pathToFileURL(require.resolve('tsx')).href;
  const script = `import { failpoint } from ${JSON.stringify(path.join(__dirname, 'failpoints.ts'))};
for (let i = 1; i <= 5; i++) { failpoint('test.loop'); process.stdout.write(i + ' '); }`;
  const run = (failpoints: string) =>
    new Promise<{ out: string; signal: NodeJS.Signals | null }>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', tsx, '--input-type=module', '-e', script], {
        env: { ...process.env, FAILPOINTS: failpoints },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      child.on('error', reject);
      child.on('close', (_code, signal) => resolve({ out, signal }));
    });
  expect(await run('test.loop=3')).toEqual({ out: '1 2 ', signal: 'SIGKILL' });
  expect(await run('')).toEqual({ out: '1 2 3 4 5 ', signal: null });
});

test("docs/failpoints.md's table names every failpoint of the code, and no other", () => {
  const called = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const file = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
        for (const m of readFileSync(path.join(root, file), 'utf8').matchAll(/\bfailpoint\('([^']+)'\)/g)) called.add(m[1]!);
    }
  };
  walk('src');
  const documented = [...readFileSync(path.join(root, 'docs/failpoints.md'), 'utf8').matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]!);
  expect(documented.sort()).toEqual([...called].sort());
  expect(called.size).toBeGreaterThan(0);
});
