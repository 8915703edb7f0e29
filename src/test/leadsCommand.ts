/**
 * The agency's real command line (`npm run leads -- <args>`, scripts/leads.ts) as tests run it:
 * the inbox's server tests (adminServer.ts) and the browser tests' accounts (e2e/helpers/admin.ts).
 */
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
  const run = await runScript('scripts/leads.ts', args, { env: { ...env, DATA_DIR: dataDir }, input });
  return { ...run, code: run.code ?? 1 };
}
