/**
 * `npm start`: checks config/ (stopping with its sentences when something is wrong), builds
 * the site if anything it is made from changed since the last build, then serves it.
 */
import path from 'node:path';
import { readCommandLine } from './lib/commandLine.mjs';

// It takes no options: anything on its command line is refused before it does anything (before
// the checker and the build are even loaded: a mistyped command is answered at once).
readCommandLine(process.argv.slice(2), { command: 'npm start' });

// A slip in a config file (a missing comma, quote or bracket) is said in one sentence each, before
// any code that imports config/ is loaded (it would stop with esbuild's error and a stack trace).
const { report: slipReport, slipsIn } = await import('../src/content/server/slips');
const slips = await slipsIn(path.join(process.cwd(), 'config'));
if (slips.length > 0) {
  console.error(slipReport(slips));
  console.error('\nThe site was not started: fix the config first (npm run check checks it again).');
  process.exit(1);
}

const { markBuilt, needsBuild } = await import('../src/render/buildStamp');
const { checkProject, report } = await import('../src/render/checkProject');

// npm runs scripts from the project's folder.
const root = process.cwd();
const serverBundle = path.join(root, 'dist', 'server', 'index.js');

const problems = await checkProject();
if (problems.length > 0) {
  console.error(report(problems));
  console.error('\nThe site was not started: fix the config first (npm run check checks it again).');
  process.exit(1);
}

if (needsBuild(root)) {
  console.log('Building the site (sources changed since the last build)…');
  // The build's code (vite and its plugins: about a second to load) only when it builds.
  const { buildSite } = await import('../src/render/build');
  const { forgetPublishedBuild } = await import('../src/content/server/liveBuild');
  await buildSite({ root });
  // As after `npm run build`: this build is served, not the content editor's last publish.
  forgetPublishedBuild(root);
  markBuilt(root);
}

await import(serverBundle);
