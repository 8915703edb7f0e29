// Which Chromium the browser tests and the scripts that drive a browser start: the system's,
// never one downloaded by Playwright (`npx playwright install` cannot work on these machines).
//
// Headless, the browser is Debian's `chromium-headless-shell` where it is installed: the same
// engine (one source package, one version) without the desktop browser around it, which is what
// Playwright itself runs headless. It draws, lays out and runs pages as `chromium` does, and
// leaves more of a small machine's cores to the site under test (docs/performance.md).
// A headed run (`--headed`, `--debug`, `--ui`) needs the desktop `chromium`.
// CHROMIUM_PATH overrides both.
import { accessSync, constants } from 'node:fs';

export const DESKTOP = '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The executable to start: CHROMIUM_PATH, else the headless shell for a headless run where installed, else the desktop browser. */
export function chromiumPath({ headed = false } = {}) {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return !headed && isExecutable(HEADLESS_SHELL) ? HEADLESS_SHELL : DESKTOP;
}

/** The switches every browser we start gets: no sandbox (root in CI), no GPU, nothing fetched from the network of its own accord. */
export const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
