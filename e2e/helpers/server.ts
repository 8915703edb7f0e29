/**
 * A built server of a test's own (dist/server/index.js) on a free port and data folder, for
 * tests that must stop it, kill it, or start it with other settings than the shared one. The
 * measurement scripts start theirs the same way (scripts/lib/builtServer.mjs).
 */
import type { ChildProcess } from 'node:child_process';
import { exited, freePort, startServer as startBuilt } from '../../scripts/lib/builtServer.mjs';

export { exited, freePort };

/** Starts the built server and resolves once it listens. `env` adds settings (RATE_LIMIT_FACTOR, …). */
export function startServer(port: number, dataDir: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  return startBuilt({ port, dataDir, env });
}
