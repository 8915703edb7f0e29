/**
 * The site's real content as the content editor receives it (src/content/model/contentApi.ts
 * ContentSnapshot): every file of config/ it edits, by the name a person knows it by, and the
 * files in public/ (read from the disk).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import admin from '../../config/admin';
import server from '../../config/server';
import type { ContentSnapshot } from '../content/model/contentApi';
import { loadRealConfig, projectDir } from './realConfig';

/** A deep copy (jsdom has no structuredClone): the content is plain data. */
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function filesIn(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesIn(path.join(dir, entry.name), `${prefix}/${entry.name}`) : [`${prefix}/${entry.name}`],
  );
}

export async function realSnapshot(): Promise<ContentSnapshot> {
  const config = copy(await loadRealConfig());
  return {
    revision: 'test',
    drafts: [],
    files: [
      { file: 'config/site.ts', value: config.site },
      { file: 'config/routes.ts', value: config.routes },
      ...Object.entries(config.pages).map(([id, value]) => ({ file: `config/pages/${id}.ts`, value })),
      ...Object.entries(config.forms).map(([id, value]) => ({ file: `config/forms/${id}.ts`, value })),
      ...Object.entries(config.articles).map(([id, value]) => ({ file: `config/articles/${id}.ts`, value })),
      { file: 'config/admin.ts', value: copy(admin) },
      { file: 'config/server.ts', value: copy(server) },
    ],
    publicFiles: filesIn(path.join(projectDir, 'public')),
  };
}
