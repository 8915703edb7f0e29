/**
 * Uploaded files on disk, under <dataDir>/files/<storage path>. Paths are rebuilt from a
 * known folder and a validated random id: nothing a client sends becomes a path as is.
 */
import type { FastifyReply } from 'fastify';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { closeSync, createReadStream, fsyncSync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs';
import path from 'node:path';
import { storageIdPattern } from '../forms/model/storageId';
import type { StoredFile } from './store';

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

/** Writes a whole file durably: temp file, fsync, rename. */
export function writeFileDurably(target: string, bytes: Buffer): void {
  mkdirSync(path.dirname(target), { recursive: true });
  const temp = `${target}.${randomBytes(6).toString('hex')}.part`;
  const fd = openSync(temp, 'wx');
  try {
    writeSync(fd, bytes);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, target);
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
export function sendStoredFile(reply: FastifyReply, dataDir: string, stored: StoredFile, name: string) {
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
