/**
 * For the content editor's tests: a site folder of its own in a temporary folder (a copy of
 * config/ and public/, optionally everything the build needs, optionally a git work tree with
 * one commit), so that a test publishes into it and never into this checkout.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectDir } from './realConfig';

/** What the build reads besides config/ and public/ (node_modules is linked, not copied), and the npm scripts (build, release). */
const BUILD_PARTS = ['src', 'scripts', 'index.html', 'admin.html', 'vite.config.ts', 'vite.admin.config.ts', 'package.json', 'tsconfig.json', 'tsconfig.node.json', 'firestore.rules', 'storage.rules'];

/** Who a developer's commits are by, for git and the commands that run it. */
export const DEVELOPER = { GIT_AUTHOR_NAME: 'Dev', GIT_AUTHOR_EMAIL: 'dev@agency.test', GIT_COMMITTER_NAME: 'Dev', GIT_COMMITTER_EMAIL: 'dev@agency.test' };

export function gitIn(dir: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: dir, encoding: 'utf8', env: { ...process.env, ...DEVELOPER } });
}

export function makeSite({ git = false, buildable = false }: { git?: boolean; buildable?: boolean } = {}): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'site-'));
  for (const part of ['config', 'public', ...(buildable ? BUILD_PARTS : [])]) {
    cpSync(path.join(projectDir, part), path.join(dir, part), { recursive: true, filter: (source) => !source.endsWith('.test.ts') && !source.endsWith('.test.tsx') });
  }
  if (buildable) symlinkSync(path.join(projectDir, 'node_modules'), path.join(dir, 'node_modules'));
  if (git) {
    gitIn(dir, 'init', '--quiet', '--initial-branch=main');
    cpSync(path.join(projectDir, '.gitignore'), path.join(dir, '.gitignore'));
    // The linked node_modules is not a folder to git: keep it out by name.
    writeFileSync(path.join(dir, '.git', 'info', 'exclude'), 'node_modules\n');
    gitIn(dir, 'add', '.');
    gitIn(dir, 'commit', '--quiet', '-m', 'The site');
  }
  return dir;
}
