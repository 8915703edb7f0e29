// npm run bench:pages: our built server and Caddy's file_server side by side, over the same
// built files (dist/client), with the same load: wrk, Accept-Encoding: br (what every browser
// sends). Caddy serves them as a plain static host would (precompressed br gzip,
// try_files {path}.html {path}). The runs alternate (ours, Caddy, ours, Caddy…) so both meet
// the same machine; it prints each run, then per address the median requests/s of each and
// the ratio ours / Caddy.
// Options (env): PATHS ("/ /Contact"), ROUNDS (3), DURATION seconds (6), CONNECTIONS (32),
// BENCH_PORT (3998; Caddy takes the next one), CADDY_PATH, WRK_PATH. Builds first if there is no build.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root, startBuiltSite } from './lib/builtSite.mjs';
import { readCommandLine } from './lib/commandLine.mjs';

// Its options are environment variables (above): anything on its command line is refused.
readCommandLine(process.argv.slice(2), { command: 'npm run bench:pages' });

const paths = (process.env.PATHS ?? '/ /Contact').split(/\s+/).filter(Boolean);
const rounds = Number(process.env.ROUNDS ?? 3);
const duration = Number(process.env.DURATION ?? 6);
const connections = Number(process.env.CONNECTIONS ?? 32);
const port = Number(process.env.BENCH_PORT ?? 3998);
const caddyPort = port + 1;
const caddy = process.env.CADDY_PATH ?? '/usr/bin/caddy';
const wrk = process.env.WRK_PATH ?? 'wrk';

const ours = await startBuiltSite({ port, name: 'bench-pages' });
const clientDir = path.resolve(root, process.env.SITE_DIST ?? 'dist', 'client');
const caddyHome = mkdtempSync(path.join(tmpdir(), 'bench-caddy-'));
const caddyfile = path.join(caddyHome, 'Caddyfile');
writeFileSync(
  caddyfile,
  `{
	admin off
	auto_https off
	skip_install_trust
}
http://127.0.0.1:${caddyPort} {
	root * ${clientDir}
	try_files {path}.html {path}
	file_server {
		precompressed br gzip
	}
}
`,
);
const caddyProcess = spawn(caddy, ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
  env: { ...process.env, HOME: caddyHome, XDG_DATA_HOME: caddyHome, XDG_CONFIG_HOME: caddyHome },
  stdio: ['ignore', 'ignore', 'ignore'],
});

async function until(url) {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Nothing answers at ${url}`);
}

function run(url) {
  const out = spawnSync(wrk, ['-t1', `-c${connections}`, `-d${duration}s`, '--latency', '-H', 'Accept-Encoding: br', url], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`wrk failed: ${out.stderr}`);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out.stdout)?.[1]);
  const p50 = /50%\s+([\d.]+\w+)/.exec(out.stdout)?.[1];
  const errors = /Non-2xx or 3xx responses: (\d+)|Socket errors: (.*)/.exec(out.stdout)?.[0];
  return { rps, p50, errors };
}

/** The middle run (a machine shared with other work makes single runs swing). */
const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

let failed = false;
try {
  await until(`http://127.0.0.1:${caddyPort}/`);
  const hosts = { ours: `http://127.0.0.1:${port}`, caddy: `http://127.0.0.1:${caddyPort}` };
  console.log(`wrk -t1 -c${connections} -d${duration}s -H 'Accept-Encoding: br', ${rounds} rounds, alternating; files: ${path.relative(root, clientDir)}`);
  const summary = [];
  for (const address of paths) {
    const totals = { ours: [], caddy: [] };
    for (let round = 1; round <= rounds; round++) {
      for (const [name, origin] of Object.entries(hosts)) {
        const result = run(`${origin}${address}`);
        totals[name].push(result.rps);
        console.log(
          `${address.padEnd(10)} round ${round} ${name.padEnd(5)} ${result.rps.toFixed(0).padStart(7)} requests/s  p50 ${result.p50}${result.errors ? `  ${result.errors}` : ''}`,
        );
        if (result.errors) failed = true;
      }
    }
    summary.push({ address, ours: median(totals.ours), caddy: median(totals.caddy) });
  }
  console.log('');
  for (const { address, ours: a, caddy: b } of summary) {
    console.log(
      `${address.padEnd(10)} median of ${rounds}: ours ${a.toFixed(0).padStart(7)}/s   caddy file_server ${b.toFixed(0).padStart(7)}/s   ratio ${(a / b).toFixed(2)}x`,
    );
  }
} finally {
  caddyProcess.kill('SIGTERM');
  await ours.stop();
  rmSync(caddyHome, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
