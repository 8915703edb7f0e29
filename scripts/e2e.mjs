// `npm run test:e2e`: the browser tests (Playwright, e2e/*.e2e.ts) with the system Chromium.
// Without Chromium: on CI that is an error; on a developer's machine the tests are skipped
// with a plain message saying how to install it. Extra arguments go to `playwright test`,
// e.g. `npm run test:e2e -- e2e/about.e2e.ts --headed`.
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

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

const child = spawn('npx', ['playwright', 'test', ...process.argv.slice(2)], {
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
