/**
 * Telling Caddy that a publish switched the live build, where Caddy sends the built files itself
 * (deploy/Caddyfile.files): its Caddyfile, read again and sent to Caddy's admin endpoint on a
 * local socket (`POST /load`), makes Caddy load dist/caddy/live.caddy again, so it serves the
 * new build's files under the new build's policy from the next request on (Caddy swaps its
 * config whole: every answer is the old build's or the new one's). Set up with CADDY_ADMIN (the
 * socket, as the Caddyfile's `admin` names it: unix//run/caddy/admin.sock) and CADDY_CONFIG (the
 * Caddyfile, /etc/caddy/Caddyfile): docs/deploy-own-server.md.
 */
import { request } from 'node:http';
import { readFileSync } from 'node:fs';

export interface CaddyAdmin {
  /** The admin endpoint's socket (`unix//path` or the path). */
  socket: string;
  /** The Caddyfile Caddy runs. */
  config: string;
}

/** The settings from the environment, or undefined when Caddy is not to be told (no CADDY_ADMIN). */
export function caddyAdminFromEnv(env: NodeJS.ProcessEnv): CaddyAdmin | undefined {
  if (!env.CADDY_ADMIN) return undefined;
  return { socket: env.CADDY_ADMIN, config: env.CADDY_CONFIG || '/etc/caddy/Caddyfile' };
}

/** Has Caddy load its Caddyfile again; rejects with Caddy's answer when it refuses. */
export function reloadCaddy({ socket, config }: CaddyAdmin, timeoutMs = 30_000): Promise<void> {
  const body = readFileSync(config);
  return new Promise((resolve, reject) => {
    // Caddy's admin endpoint on a socket takes only an empty Host.
    const sent = request({ socketPath: socket.replace(/^unix\/(?=\/)/, ''), path: '/load', method: 'POST', setHost: false, timeout: timeoutMs }, (answer) => {
      let text = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk: string) => (text += chunk));
      answer.on('end', () => (answer.statusCode === 200 ? resolve() : reject(new Error(`Caddy answered ${answer.statusCode}: ${text.trim()}`))));
    });
    sent.setHeader('Host', '');
    sent.setHeader('Content-Type', 'text/caddyfile');
    sent.on('timeout', () => sent.destroy(new Error(`Caddy did not answer within ${timeoutMs / 1000} s`)));
    sent.on('error', reject);
    sent.end(body);
  });
}
