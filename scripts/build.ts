/**
 * `npm run build`: checks config/ first (stopping with its sentences when something is wrong),
 * then builds the site into dist/ (src/render/build.ts).
 */
import path from 'node:path';
import { readCommandLine } from './lib/commandLine.mjs';

// It takes no options: anything on its command line is refused before it does anything (before
// the checker and the build are even loaded: a mistyped command is answered at once).
readCommandLine(process.argv.slice(2), { command: 'npm run build' });

// A slip in a config file (a missing comma, quote or bracket) is said in one sentence each, before
// any code that imports config/ is loaded (it would stop with esbuild's error and a stack trace).
const { report: slipReport, slipsIn } = await import('../src/content/server/slips');
const slips = await slipsIn(path.join(process.cwd(), 'config'));
if (slips.length > 0) {
  console.error(slipReport(slips));
  console.error('\nThe site was not built: fix the config first (npm run check checks it again).');
  process.exit(1);
}

const { checkProject, report } = await import('../src/render/checkProject');
const problems = await checkProject();
if (problems.length > 0) {
  console.error(report(problems));
  console.error('\nThe site was not built: fix the config first (npm run check checks it again).');
  process.exit(1);
}

// The build's code (vite and its plugins: about a second to load) only once the config is right.
const { buildSite } = await import('../src/render/build');
const { markBuilt } = await import('../src/render/buildStamp');
const { forgetPublishedBuild } = await import('../src/content/server/liveBuild');
// npm runs scripts from the project's folder.
await buildSite({ root: process.cwd() });
// This build is what the server serves from now on, not the content editor's last publish
// (dist/releases/LIVE, src/content/server/liveBuild.ts): it holds the committed edits too.
forgetPublishedBuild(process.cwd());
// `npm start` serves this build as it is until a source changes.
markBuilt(process.cwd());
