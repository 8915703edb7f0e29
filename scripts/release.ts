/**
 * `npm run release` on the server, in the site's folder (a git work tree, where the office's
 * publishes are commits): brings in the developer's release without losing an edit either side.
 *
 *   npm run release -- [--remote origin] [--branch main] [--no-build] [--no-push]
 *
 * 1. Refuses while a publish from the browser is under way (they take turns: the lock of
 *    src/content/server/siteLock.ts, held by the release until it is done, so no publish starts
 *    meanwhile), and while files are changed and not committed: try again in a minute.
 * 2. Fetches the developer's branch and merges it with the office's commits. Where both changed
 *    the same text, nothing is deployed: the merge is undone, and a sentence names the file and
 *    both texts (exit 1). A developer merges the two (`git pull` in a checkout, fix, push), then
 *    runs the release again.
 * 3. Builds the merged site (`npm ci` first when package-lock.json changed), and pushes the
 *    merged history back to the remote, so the developer's next release starts from the
 *    office's edits. Then restart the site (`systemctl restart business-growth`).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { lockFile, takeLock } from '../src/content/server/siteLock';
import { readCommandLine } from './lib/commandLine.mjs';

// Anything else on its command line is refused with one sentence before it does anything.
const parsed = readCommandLine(process.argv.slice(2), {
  command: 'npm run release',
  options: {
    remote: { type: 'string', value: 'name' },
    branch: { type: 'string', value: 'name' },
    'no-build': { type: 'boolean' },
    'no-push': { type: 'boolean' },
  },
});
const values = { remote: 'origin', branch: 'main', 'no-build': false, 'no-push': false, ...parsed.values } as {
  remote: string;
  branch: string;
  'no-build': boolean;
  'no-push': boolean;
};
const siteDir = process.cwd();
const git = (...args: string[]) => execFileSync('git', args, { cwd: siteDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
// Until it is done, a publish from the browser is refused (and it waits for one under way).
const lock = takeLock(lockFile(siteDir), 'release');
if (!lock.taken) {
  process.stderr.write(
    `${lock.heldBy?.what === 'release' ? 'Another release' : 'A publish from the browser'} is under way in this folder. Nothing was deployed: try again in a minute.\n`,
  );
  process.exit(1);
}
process.on('exit', () => lock.release());
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(1));
function stop(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

if (git('status', '--porcelain', '--untracked-files=no').trim() !== '') {
  stop('The site folder has changes not committed yet (a publish may be under way). Nothing was deployed: try again in a minute.');
}
const before = git('rev-parse', 'HEAD').trim();
git('fetch', '--quiet', values.remote, values.branch);
const merged = spawnSync('git', ['-c', 'user.name=Release', '-c', 'user.email=release@localhost', 'merge', '--no-edit', '--no-ff', 'FETCH_HEAD'], {
  cwd: siteDir,
  encoding: 'utf8',
});
if (merged.status !== 0) {
  const conflicted = git('diff', '--name-only', '--diff-filter=U').split('\n').filter(Boolean);
  const sentences = conflicted.map((file) => {
    const text = readFileSync(path.join(siteDir, file), 'utf8');
    const hunk = /^<<<<<<< [^\n]*\n([\s\S]*?)^=======\n([\s\S]*?)^>>>>>>> [^\n]*$/m.exec(text);
    const line = (part: string | undefined) =>
      (part ?? '')
        .trim()
        .split('\n')
        .map((l) => l.trim())
        .join(' ') || '(nothing)';
    return hunk
      ? `${file}: the office's edit and the release both changed the same text. The office's: ${line(hunk[1])} The release's: ${line(hunk[2])}`
      : `${file}: the office's edits and the release both changed this file in the same place.`;
  });
  spawnSync('git', ['merge', '--abort'], { cwd: siteDir });
  stop(
    [
      ...(sentences.length > 0 ? sentences : [merged.stderr.trim()]),
      `Nothing was deployed, and the office's edits are kept. A developer merges ${values.remote}/${values.branch} with this folder's commits (git pull, keep the text wanted, commit, push), then runs the release again.`,
    ].join('\n'),
  );
}
const changed = git('diff', '--name-only', before, 'HEAD').split('\n').filter(Boolean);
process.stdout.write(`Merged ${values.remote}/${values.branch}: ${changed.length} file(s) changed by the release, the office's edits kept.\n`);
if (!values['no-build']) {
  const npm = (...args: string[]) => {
    const result = spawnSync('npm', args, { cwd: siteDir, stdio: 'inherit' });
    if (result.status !== 0)
      stop(`npm ${args.join(' ')} failed: the release is merged but not built. Fix it and run "npm run build", or go back with: git reset --hard ${before}`);
  };
  if (changed.includes('package-lock.json')) npm('ci');
  // The new build holds the office's edits too: after the restart it is served, not the last published one.
  npm('run', 'build');
}
if (!values['no-push']) git('push', '--quiet', values.remote, `HEAD:${values.branch}`);
const merge = git('rev-parse', 'HEAD').trim();
process.stdout.write(
  `Released (${merge === before ? 'nothing new to merge' : `merge ${merge}; "git revert -m 1 ${merge}" undoes it`}). Restart the site to serve it: systemctl restart business-growth\n`,
);
