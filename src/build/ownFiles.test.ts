/**
 * A render's files replace their names, never write through them (ownFiles.ts): a release holds
 * hard links to the code build's files, and a page written under one of their names (the inbox's
 * admin.html) leaves the code build's file as it was, in real files on the disk.
 */
import { linkSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inside, shareOwn, writeOwn } from './ownFiles';

let dir: string;
let code: string;
let release: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'own-files-'));
  code = path.join(dir, 'code');
  release = path.join(dir, 'release');
  mkdirSync(path.join(code, 'assets'), { recursive: true });
  mkdirSync(path.join(release, 'assets'), { recursive: true });
  for (const file of ['admin.html', 'admin.html.br', 'assets/app.js']) {
    writeFileSync(path.join(code, file), `the code build's ${file}`);
    linkSync(path.join(code, file), path.join(release, file));
  }
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const codeBytes = () => ['admin.html', 'admin.html.br', 'assets/app.js'].map((file) => readFileSync(path.join(code, file), 'utf8'));

it("writes a file over a link to the code build's: the release has the new bytes, the code build its own", () => {
  writeOwn(release, 'admin.html', 'an article at /admin');
  writeOwn(release, 'admin.html.br', Buffer.from('its brotli'));
  writeOwn(release, 'assets/app.js', 'not the code');
  expect(readFileSync(path.join(release, 'admin.html'), 'utf8')).toBe('an article at /admin');
  expect(codeBytes()).toEqual(["the code build's admin.html", "the code build's admin.html.br", "the code build's assets/app.js"]);
  expect(statSync(path.join(code, 'admin.html')).nlink).toBe(1);
  // Nothing left beside them.
  expect(readdirSync(release).sort()).toEqual(['admin.html', 'admin.html.br', 'assets']);
});

it("shares a file under a link's name (an alias's page, a compressed copy taken) without writing through it", () => {
  writeFileSync(path.join(release, 'Contact.html'), 'the contact page');
  shareOwn(path.join(release, 'Contact.html'), release, 'admin.html');
  expect(readFileSync(path.join(release, 'admin.html'), 'utf8')).toBe('the contact page');
  expect(codeBytes()[0]).toBe("the code build's admin.html");
});

it('refuses a name outside its folder, writing nothing', () => {
  for (const file of ['../code/admin.html', 'a/../../code/assets/app.js', '..', '']) {
    expect(() => writeOwn(release, file, 'x')).toThrow(/is not a file inside/);
  }
  expect(() => inside(release, '/etc/passwd')).not.toThrow();
  expect(inside(release, '/etc/passwd')).toBe(path.join(release, 'etc', 'passwd'));
  expect(codeBytes()).toEqual(["the code build's admin.html", "the code build's admin.html.br", "the code build's assets/app.js"]);
});
