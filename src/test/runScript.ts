/**
 * The project's scripts as tests run them, as real processes (their exit code, their output,
 * their standard input are what such a test checks): one Node process with tsx's loader, as
 * `tsx <script>` starts it, without the `tsx` command's own process in front of it (which only
 * relays signals and the exit code, and costs a second Node start).
 */
import { execFile } from 'node:child_process';
import { projectDir } from './realConfig';

export interface ScriptRun {
  /** The exit code; null when a signal ended it (the timeout, say). */
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface ScriptOptions {
  /** The folder it runs in (npm runs scripts from the project's folder). */
  cwd?: string;
  /** Added to (or, when undefined, removed from) this process's environment. */
  env?: Record<string, string | undefined>;
  /** Written to its standard input, which is then closed. */
  input?: string;
  /** Whether the script needs tsx's loader (TypeScript, or a .mjs importing it); by default for .ts files. */
  typescript?: boolean;
  timeout?: number;
}

/** Runs `script` (a path relative to `cwd`, or absolute) with `args`; resolves however it ends. */
export function runScript(
  script: string,
  args: readonly string[] = [],
  { cwd = projectDir, env = {}, input = '', typescript = script.endsWith('.ts'), timeout = 120_000 }: ScriptOptions = {},
): Promise<ScriptRun> {
  const environment = { ...process.env, ...env };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete environment[key];
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [...(typescript ? ['--import', 'tsx'] : []), script, ...args],
      { cwd, env: environment, timeout, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
    child.stdin!.end(input);
  });
}
