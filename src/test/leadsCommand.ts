/**
 * The agency's real command line (`npm run leads -- <args>`, scripts/leads.ts) as tests run it:
 * the inbox's server tests (adminServer.ts) and the browser tests' accounts (e2e/helpers/admin.ts).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { projectDir } from './realConfig';

/** `npm run leads -- <args>` on a data folder, with `input` on its standard input; `code` is not 0 for any failure (a signal too). */
export function leads(args: string[], dataDir: string, input = ''): Promise<{ code: number; stdout: string; stderr: string }> {
  const tsx = path.join(projectDir, 'node_modules', '.bin', 'tsx');
  return new Promise((resolve) => {
    const child = execFile(tsx, ['scripts/leads.ts', ...args], { cwd: projectDir, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' }, (error, stdout, stderr) =>
      resolve({ code: !error ? 0 : typeof error.code === 'number' ? error.code : 1, stdout, stderr }),
    );
    child.stdin!.end(input);
  });
}
