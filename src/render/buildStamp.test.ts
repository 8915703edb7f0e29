/**
 * `npm start` builds only when the build in dist/ is older than a source, and a build made by
 * `npm run build` counts (both mark it): a real folder with real files and their times.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { markBuilt, needsBuild } from './buildStamp';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'build-stamp-'));
  mkdirSync(path.join(root, 'config', 'pages'), { recursive: true });
  writeFileSync(path.join(root, 'config', 'pages', 'home.ts'), 'export default {};\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const writeServerBundle = () => {
  mkdirSync(path.join(root, 'dist', 'server'), { recursive: true });
  writeFileSync(path.join(root, 'dist', 'server', 'index.js'), '');
};

test('no build yet, or a build never marked: build', () => {
  expect(needsBuild(root)).toBe(true);
  writeServerBundle();
  expect(needsBuild(root)).toBe(true);
});

test('a marked build is served as it is until a source changes, deep in a folder too', () => {
  writeServerBundle();
  markBuilt(root);
  expect(needsBuild(root)).toBe(false);
  const later = new Date(Date.now() + 5000);
  utimesSync(path.join(root, 'config', 'pages', 'home.ts'), later, later);
  expect(needsBuild(root)).toBe(true);
  markBuilt(root);
  utimesSync(path.join(root, 'dist', '.build-stamp'), new Date(Date.now() + 10_000), new Date(Date.now() + 10_000));
  expect(needsBuild(root)).toBe(false);
});

test('a marked build whose server bundle is gone: build', () => {
  writeServerBundle();
  markBuilt(root);
  rmSync(path.join(root, 'dist', 'server'), { recursive: true });
  expect(needsBuild(root)).toBe(true);
});
