/**
 * Uploaded files on disk, under <dataDir>/files/<storage path>. Paths are rebuilt from a
 * known folder and a validated random id: nothing a client sends becomes a path as is.
 */
import type { FastifyReply } from 'fastify';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { closeSync, createReadStream, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { storageIdPattern } from '../storageId';

/** The end of a file's temporary name while it is being written. */
const UNFINISHED = '.part';

export function splitStoragePath(storagePath: string): { prefix: string; id: string } | null {
  const cut = storagePath.lastIndexOf('/');
  if (cut < 0) return null;
  const prefix = storagePath.slice(0, cut + 1);
  const id = storagePath.slice(cut + 1);
  if (!storageIdPattern.test(id)) return null;
  return { prefix, id };
}

export function fileOnDisk(dataDir: string, prefix: string, id: string): string {
  const safePrefix = prefix.split('/').filter((part) => /^[A-Za-z0-9_-]+$/.test(part));
  return path.join(dataDir, 'files', ...safePrefix, id);
}

function fsyncFolder(folder: string): void {
  const fd = openSync(folder, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes a whole file durably: every byte to a temporary name beside it (a write may take only
 * part of them: it goes on until all are on disk), fsync, rename to its name, fsync of the
 * folder. The file appears under its name complete or not at all; on any failure (a full disk)
 * nothing is left behind, and the error is thrown.
 */
export function writeFileDurably(target: string, bytes: Buffer): void {
  const folder = path.dirname(target);
  mkdirSync(folder, { recursive: true });
  const temp = `${target}.${randomBytes(6).toString('hex')}${UNFINISHED}`;
  let renamed = false;
  try {
    const fd = openSync(temp, 'wx');
    try {
      for (let written = 0; written < bytes.length;) written += writeSync(fd, bytes, written, bytes.length - written);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, target);
    renamed = true;
    fsyncFolder(folder);
  } catch (error) {
    rmSync(renamed ? target : temp, { force: true });
    throw error;
  }
}

/**
 * Removes the temporary files of uploads a crash cut off (`*.part` under <dataDir>/files), at
 * start, before the server takes requests; returns how many there were.
 */
export function removeUnfinishedUploads(dataDir: string): number {
  let entries;
  try {
    entries = readdirSync(path.join(dataDir, 'files'), { recursive: true, withFileTypes: true });
  } catch {
    return 0; // no files folder yet
  }
  const unfinished = entries.filter((entry) => entry.isFile() && entry.name.endsWith(UNFINISHED));
  for (const entry of unfinished) rmSync(path.join(entry.parentPath, entry.name), { force: true });
  return unfinished.length;
}

export function newDownloadToken(): string {
  return randomBytes(24).toString('base64url');
}

export function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Sends a stored file as a download named `<name>.<pdf|doc|docx>` (its type from its first bytes, at upload). */
export function sendStoredFile(reply: FastifyReply, dataDir: string, stored: { path: string; mediaType: string }, name: string) {
  const parts = splitStoragePath(stored.path);
  if (!parts) throw new Error(`Not a storage path: ${stored.path}`);
  const extension = { 'application/pdf': 'pdf', 'application/msword': 'doc' }[stored.mediaType] ?? 'docx';
  return reply
    .header('Content-Type', stored.mediaType)
    .header('Content-Disposition', `attachment; filename="${name}.${extension}"`)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .send(createReadStream(fileOnDisk(dataDir, parts.prefix, parts.id)));
}
