/**
 * Files written whole or not at all, as databases write theirs: the new text goes to a temporary
 * file beside the old one, is flushed to the disk (fsync), and takes the old one's name in one
 * step (rename); the folder is flushed too, so the new name survives a power loss. A full disk
 * or any other failure leaves the old file as it was (the temporary one removed), never a file
 * cut in the middle.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

function syncFolder(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Some file systems cannot flush a folder; the rename itself is still one step.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Writes `text` (or bytes) as `file`, whole or not at all. */
export function writeFileAtomically(file: string, text: string | Buffer): void {
  const dir = path.dirname(file);
  mkdirSync(dir, { recursive: true });
  const temporary = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const fd = openSync(temporary, 'wx');
    try {
      const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
      let written = 0;
      while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  syncFolder(dir);
}

/** The file's text, or undefined when there is none. */
export function readTextOrNothing(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Writes a JSON value whole (writeFileAtomically). */
export function writeJsonAtomically(file: string, value: unknown): void {
  writeFileAtomically(file, `${JSON.stringify(value, null, 2)}\n`);
}
