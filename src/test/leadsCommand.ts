/**
 * The agency's real command line (`npm run leads -- <args>`, scripts/leads.ts) as tests run it:
 * the inbox's server tests (adminServer.ts) and the browser tests' accounts (e2e/helpers/admin.ts).
 * It runs from a kept bundle of scripts/leads.ts (src/test/bundle.ts keptBundle: its code as tsx
 * runs it, without tsx compiling it module by module at every start).
 */
import path from 'node:path';
import { keptBundle } from './bundle';
import { projectDir } from './realConfig';
import { runScript } from './runScript';

/**
 * `npm run leads -- <args>` on a data folder, with `input` on its standard input (and `env`
 * added to its environment); `code` is not 0 for any failure (a signal too).
 */
export async function leads(
  args: string[],
  dataDir: string,
  input = '',
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const run = await runScript(await keptBundle(path.join(projectDir, 'scripts', 'leads.ts')), args, { env: { ...env, DATA_DIR: dataDir }, input });
  return { ...run, code: run.code ?? 1 };
}
