/**
 * Whether the site folder is the top of a git work tree, asked of a real git: a folder becomes
 * one with its `.git`, stops being one when the `.git` goes and is one again when it is made
 * again; a folder inside a work tree is not one.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isWorkTree } from './git';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'work-tree-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const init = (folder: string) => execFileSync('git', ['init', '--quiet'], { cwd: folder });

test('a folder is a work tree while its .git is there, again once it is made again, and a folder inside one is not', async () => {
  expect(await isWorkTree(dir)).toBe(false);
  init(dir);
  expect(await isWorkTree(dir)).toBe(true);
  expect(await isWorkTree(dir)).toBe(true);
  const inside = path.join(dir, 'config');
  mkdirSync(inside);
  expect(await isWorkTree(inside)).toBe(false);
  rmSync(path.join(dir, '.git'), { recursive: true, force: true });
  expect(await isWorkTree(dir)).toBe(false);
  init(dir);
  expect(await isWorkTree(dir)).toBe(true);
});
