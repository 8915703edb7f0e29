/**
 * No test pins the agency's copy. Every text a visitor, the owner or an editor reads is in
 * config/, which the office edits; a test that writes such a text itself (instead of reading it
 * from config/) turns red at the office's next edit. This reads every text of config/ and every
 * file of the tests (unit and browser tests and their helpers) and names each test file that
 * holds one. With src/test/contentSeam.test.ts (the content reaches the tests through one seam),
 * the content-edits step (scripts/routine-edits.ts) runs these two on an edited copy, not the
 * whole suite again.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import admin from '../../config/admin';
import server from '../../config/server';
import { filesUnder } from '../../scripts/lib/filesUnder.mjs';
import { loadRealConfig, projectDir } from './realConfig';

/**
 * A text of the copy: words a person reads (two or more, 12 characters at least), not a
 * path, an address or a key.
 */
export function isCopy(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length >= 12 && /\s/.test(trimmed) && !/^(\/|https?:|mailto:|tel:|npm )/.test(trimmed);
}

/** Every text of the copy in a piece of config. */
export function copyOf(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    if (isCopy(value)) found.add(value.trim());
  } else if (Array.isArray(value)) value.forEach((v) => copyOf(v, found));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => copyOf(v, found));
  return found;
}

/** The texts of `copy` that `source` writes out itself. */
export const pinnedIn = (source: string, copy: Iterable<string>) => [...copy].filter((text) => source.includes(text));

const testFiles = () =>
  [
    ...filesUnder(projectDir, 'src', /\.test\.tsx?$/),
    ...filesUnder(projectDir, 'scripts', /\.test\.ts$/),
    ...filesUnder(projectDir, 'src/test', /\.tsx?$/),
    ...filesUnder(projectDir, 'e2e', /\.ts$/),
  ].filter((file, i, all) => all.indexOf(file) === i && file !== 'src/test/pinnedCopy.test.ts');

it('finds a text of the copy written in a test, and not one read from config/', () => {
  const copy = new Set(['Thank you, we will call you back.']);
  expect(pinnedIn(`expect(toast).toBe('Thank you, we will call you back.');`, copy)).toEqual(['Thank you, we will call you back.']);
  expect(pinnedIn(`expect(toast).toBe(forms.contact.success.toast);`, copy)).toEqual([]);
  expect(isCopy('/images/team/anna.webp')).toBe(false);
  expect(isCopy('Email')).toBe(false);
});

it('no test file writes out a text of the copy in config/: each reads it from there', async () => {
  const copy = copyOf([await loadRealConfig(), admin, server]);
  expect(copy.size).toBeGreaterThan(100);
  const pinned = testFiles().flatMap((file) => pinnedIn(readFileSync(path.join(projectDir, file), 'utf8'), copy).map((text) => `${file}: "${text}"`));
  expect(pinned).toEqual([]);
});
