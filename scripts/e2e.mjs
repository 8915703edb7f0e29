// `npm run test:e2e`: the browser tests (Playwright, e2e/*.e2e.ts) with the system Chromium
// (scripts/lib/chromium.mjs: the headless shell where installed, the desktop browser for a
// headed run). Without Chromium: on CI that is an error; on a developer's machine the tests are
// skipped with a plain message saying how to install it. Extra arguments go to `playwright test`,
// e.g. `npm run test:e2e -- e2e/about.e2e.ts --headed`.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { chromiumPath, isExecutable } from './lib/chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const chromium = chromiumPath({ headed: args.some((arg) => ['--headed', '--debug', '--ui'].includes(arg)) });

if (!isExecutable(chromium)) {
  if (process.env.CI) {
    console.error(
      `Error: the browser tests need Chromium, and it was not found at ${chromium}.\n` +
        'Install it with: apt-get install -y chromium (or set CHROMIUM_PATH to its executable).',
    );
    process.exit(1);
  }
  console.log(`Skipped the browser tests: Chromium was not found at ${chromium}. Install it with: apt-get install -y chromium`);
  process.exit(0);
}

const child = spawn('npx', ['playwright', 'test', ...args], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('error', (error) => {
  console.error(`Could not start Playwright: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
