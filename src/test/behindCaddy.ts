/**
 * The content editor's tests that need the own-server setup whole: a copy of this checkout's
 * config/, public/ and build in a git work tree (not the sources: nothing builds there, a publish
 * draws its pages with our server's code), our server editing it (the editor signed in), and a
 * real Caddy in front serving the built files itself (deploy/Caddyfile.files), told of each
 * publish over its admin socket, as docs/deploy-own-server.md runs it. One set-up for every such
 * test file (publishes through Caddy, landing pages, expired articles).
 *
 * Needs Caddy (Debian package `caddy`; CADDY_PATH overrides it): `withCaddy` skips the tests
 * where it is not installed, never in CI (there they fail).
 */
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AppOptions } from '../apps/server/app';
import { startEditing, type Client, type TestServer } from './adminServer';
import { caddyHome, hasCaddy, noCaddy, runCaddy, type RunningCaddyProcess } from './caddy';
import { makeBuiltSite } from './contentSite';
import { freePort } from './freePort';
import { projectDir } from './realConfig';

if (!hasCaddy && !process.env.CI) console.warn(`Skipped: ${noCaddy}`);
/** `describe` where Caddy can run (always in CI), `describe.skip` elsewhere. */
export const withCaddy = hasCaddy || process.env.CI ? describe : describe.skip;

/**
 * A GET on a connection of its own, redirects not followed. Caddy told of a new release reloads
 * its config and closes its idle connections: a request sent on one of them just then fails
 * ("other side closed"; a browser sends it again). fetch keeps its connections for the next
 * request, so the tests ask Caddy (and our server beside it) this way instead.
 */
export function getFresh(url: string): Promise<Response> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('error', reject);
        answer.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(answer.headers)) for (const one of [value ?? []].flat()) headers.append(name, one);
          const status = answer.statusCode ?? 0;
          resolve(new Response([204, 304].includes(status) ? null : Buffer.concat(chunks), { status, headers }));
        });
      })
      .on('error', reject);
  });
}

export interface EditedBehindCaddy {
  /** The site's folder: config/, dist/ (the build Caddy serves), a git work tree. */
  siteDir: string;
  /** Our server, editing `siteDir`. */
  server: TestServer;
  /** The editor's account, signed in to our server. */
  editor: Client;
  /** Caddy's address (plain HTTP on 127.0.0.1). */
  origin: string;
  /** The same address asked of our server and of Caddy (getFresh): their two answers, in that order. */
  both(address: string): Promise<[Response, Response]>;
  /** Stops Caddy (its home goes with it); our server keeps running. */
  stopCaddy(): Promise<void>;
  /** Starts Caddy again with the same settings, once it serves. */
  startCaddy(): Promise<void>;
  /** Stops Caddy and our server, and removes the site's folder. */
  close(): Promise<void>;
}

/** The set-up above, started; `options` go to our server (e.g. a held clock for its schedules). */
export async function editBehindCaddy(options: Partial<AppOptions> = {}): Promise<EditedBehindCaddy> {
  const siteDir = await makeBuiltSite({ git: true, buildable: false });
  const home = caddyHome();
  const socket = `unix/${path.join(home, 'admin.sock')}`;
  const config = path.join(projectDir, 'deploy', 'Caddyfile.files');
  const { server, editor } = await startEditing(siteDir, { clientDir: path.join(siteDir, 'dist', 'client'), caddyAdmin: { socket, config }, ...options });
  const [port, httpPort] = [await freePort(), await freePort()];
  const origin = `http://127.0.0.1:${port}`;
  const env = {
    SITE_ADDRESS: origin,
    BIND: 'bind 127.0.0.1',
    HTTP_PORT: String(httpPort),
    UPSTREAM: new URL(server.base).host,
    SITE_DIST: path.join(siteDir, 'dist'),
    CADDY_ADMIN: socket,
  };
  let proxy: RunningCaddyProcess | undefined;
  const startCaddy = async () => {
    mkdirSync(home, { recursive: true });
    proxy = runCaddy(config, env, home);
    // Its log says when it serves (its listeners open); a Caddy that stops first fails here with its log.
    await proxy.started();
  };
  const stopCaddy = async () => {
    await proxy?.stop();
    proxy = undefined;
  };
  try {
    await startCaddy();
  } catch (error) {
    await server.close();
    throw error;
  }
  return {
    siteDir,
    server,
    editor,
    origin,
    both: async (address) => Promise.all([getFresh(server.base + address), getFresh(origin + address)]),
    stopCaddy,
    startCaddy,
    async close() {
      await stopCaddy();
      await server.close();
    },
  };
}
