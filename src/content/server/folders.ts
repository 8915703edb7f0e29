/**
 * The folders a check reads: the config folder and the folder pictures are served from. Nothing
 * here imports config/, so a script can name them before anything that does is loaded
 * (src/content/server/slips.ts).
 */
import path from 'node:path';

/** The project being checked: npm runs every script from the project's folder. */
export const projectDir = process.cwd();

export interface Folders {
  /** The config folder to check (default: this project's config/). */
  configDir: string;
  /** The folder pictures are served from (default: this project's public/). */
  publicDir: string;
}

export const defaultFolders: Folders = { configDir: path.join(projectDir, 'config'), publicDir: path.join(projectDir, 'public') };
