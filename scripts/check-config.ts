/**
 * `npm run check`: reads every file of config/ and lists every problem at once, one plain
 * sentence each, or prints "Config is all good." (src/render/checkProject.ts does the work).
 * `npm run build`, `npm start` and `npm run dev` run the same check first.
 *
 * Options (for tests and tools):
 *   --config-dir <dir>   the config folder to check (default: this project's config/)
 *   --public-dir <dir>   the folder images are served from (default: this project's public/)
 *
 * Exit code: 0 when there is nothing to fix, 1 when there are problems, 2 on wrong usage.
 */
import path from 'node:path';
import { defaultFolders, type Folders } from '../src/content/server/folders';
import { report, slipsIn } from '../src/content/server/slips';
import { parseCommandLine } from './lib/commandLine.mjs';
import type * as CheckProject from '../src/render/checkProject';
import type Admin from '../config/admin';

function parseArgs(argv: readonly string[]): Folders | string {
  const parsed = parseCommandLine(argv, {
    command: 'npm run check',
    options: { 'config-dir': { type: 'string', value: 'folder' }, 'public-dir': { type: 'string', value: 'folder' } },
  });
  if (parsed.problem !== undefined) return parsed.problem;
  const { 'config-dir': configDir, 'public-dir': publicDir } = parsed.values as Record<string, string | undefined>;
  return {
    ...defaultFolders,
    ...(configDir === undefined ? {} : { configDir: path.resolve(configDir) }),
    ...(publicDir === undefined ? {} : { publicDir: path.resolve(publicDir) }),
  };
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (typeof args === 'string') {
    console.error(args);
    return 2;
  }
  // The checker's own code reads this project's config/ (its forms, the inbox's words): a slip in
  // one of those files is said as a sentence, not as the error of loading that code.
  const slips = await slipsIn(defaultFolders.configDir);
  let checker: typeof CheckProject;
  let admin: typeof Admin;
  try {
    checker = await import('../src/render/checkProject');
    admin = (await import('../config/admin')).default;
  } catch (error) {
    if (slips.length === 0) throw error;
    console.log(report(slips));
    return 1;
  }
  const problems = await checker.checkProject(args);
  console.log(report(problems));
  // Not mistakes (a site being set up has them), but each says what it affects until it is fixed.
  const warnings = await checker.placeholdersOf(args, process.env);
  if (warnings.length > 0) console.log([`\n${admin.placeholders}`, ...warnings].join('\n'));
  return problems.length === 0 ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // A fault of the checker itself, not of the config: still one plain line.
    console.error(`The config checker itself failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    process.exitCode = 2;
  },
);
