/**
 * Which data adapter a build uses, decided once from the build's settings: a .env's VITE_
 * values with the environment's over them. vite.config.ts compiles that adapter in; the build
 * leaves the inbox out of a Firebase build (it needs our server).
 */
import { loadEnv } from 'vite';
import { isFirebaseBuild } from '../deploy/firebaseSettings.ts';

export type DataAdapter = 'local' | 'firebase';

export function dataAdapter(mode: string, root: string): DataAdapter {
  return isFirebaseBuild({ ...loadEnv(mode, root, 'VITE_'), ...process.env }) ? 'firebase' : 'local';
}
