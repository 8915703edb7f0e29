import type { ChildProcess } from 'node:child_process';

export interface StartServerOptions {
  /** The build to serve (its server/ and client/ folders). Default: dist. */
  dist?: string;
  port: number;
  dataDir: string;
  /** More settings (RATE_LIMIT_FACTOR, …); they win over the defaults. */
  env?: Record<string, string>;
  cwd?: string;
}

export function startServer(options: StartServerOptions): Promise<ChildProcess>;
export function exited(server: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
export function stopServer(server: ChildProcess, signal?: NodeJS.Signals): Promise<void>;
export function freePort(): Promise<number>;
