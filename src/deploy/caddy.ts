/**
 * The Caddy snippets for serving the built files with Caddy's own file_server
 * (deploy/Caddyfile.files; docs/deploy-own-server.md), made from the built site's manifest
 * like firebase.json: the same page policy as our server's and Hosting's
 * (src/platform/headers.ts pagePolicy), the security headers every answer gets, the caching of
 * src/site/model/caching.ts, each address's page file, the variants with a plain post's outcome,
 * the addresses that were pages' (a redirect, or 410 with the page of the removed page's
 * words), and the fallback page (status 404) for anything else. The build writes them to
 * dist/caddy/pages.caddy; the Caddyfile imports that file.
 */
import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import server from '../../config/server';
import { CACHE_CONTROL } from '../site/model/caching';
import { UPLOADS_PATH } from '../platform/uploads';
import { commonHeaders, pagePolicy } from '../platform/headers';
import { goneAddress } from '../site/model/moved';
import { GONE_FOLDER, OUTCOMES_FOLDER } from '../schema/pageFiles';
import type { SiteManifest } from '../site/model/siteManifest';

/** Where the build writes the snippets, inside its output folder (dist/). */
export const CADDY_SNIPPETS_FILE = 'caddy/pages.caddy';

/**
 * Which build Caddy serves, in the build folder `npm run build` made (dist/): the snippet
 * `live_root` (the live build's client folder) and the import of that build's snippets. The
 * build writes it naming itself; a publish from the content editor rewrites it naming its own
 * build (src/content/server/liveBuild.ts) and has Caddy load its config again (src/content/server/caddyAdmin.ts),
 * so the files and their policy change together.
 */
export const LIVE_CADDY_FILE = 'caddy/live.caddy';

/** Points dist/caddy/live.caddy at the build in buildDir (dist itself, or dist/releases/<id>), in one step. */
export function writeLiveCaddy(distDir: string, buildDir: string): void {
  const file = path.join(distDir, LIVE_CADDY_FILE);
  const text = [
    '# Written by the build and by each publish (src/deploy/caddy.ts): the build Caddy serves. Do not edit.',
    '(live_root) {',
    `\troot * ${quoted(path.join(path.resolve(buildDir), 'client'))}`,
    '}',
    `import ${quoted(path.join(path.resolve(buildDir), CADDY_SNIPPETS_FILE))}`,
    '',
  ].join('\n');
  writeFileSync(`${file}.new`, text);
  renameSync(`${file}.new`, file);
}

/** A value in double quotes, as the Caddyfile reads it. */
const quoted = (value: string) => {
  if (/["\\\n{}]/.test(value)) throw new Error(`Cannot write ${value} into a Caddyfile`);
  return `"${value}"`;
};

/** A string in a CEL expression (Caddy's expression matcher). */
const celString = (value: string) => {
  if (!/^[\w/.~-]*$/.test(value)) throw new Error(`Cannot write ${value} into a Caddy expression`);
  return `'${value}'`;
};

/** A page's address as one Caddyfile token, unquoted (a placeholder may follow it): only what an address may hold (src/schema/addresses.ts). */
const plainPath = (value: string) => {
  if (!/^\/[\w/-]*$/.test(value)) throw new Error(`Cannot write ${value} into a Caddyfile as an address`);
  return value;
};

/** A file of the build, as one Caddyfile token: only what the build names its files with. */
const plainFile = (value: string) => {
  if (!/^[\w/.-]+$/.test(value) || value.includes('..')) throw new Error(`Cannot write ${value} into a Caddyfile as a file`);
  return value;
};

/** The header lines every answer served from the files gets (security headers and the page policy). */
function securityHeaderLines(site: SiteManifest): string[] {
  const headers: [string, string][] = [...commonHeaders(server.headers, { https: true }), ['Content-Security-Policy', pagePolicy(site, { https: true })]];
  return ['header {', ...headers.map(([name, value]) => `\t${name} ${quoted(value)}`), '}'];
}

/** The snippets `built_pages` (the site's files) and `built_errors` (for handle_errors). */
export function caddySnippets(site: SiteManifest): string {
  const security = securityHeaderLines(site);
  const pageAddresses = [...new Set([...site.pages.map((p) => p.path), '*.html'])];
  // One condition per parameter, all of them (Caddy's query matcher takes any one of several pairs).
  const outcomes = site.outcomes.flatMap((o, i) => [
    `@outcome${i} expression ${[`{path} == ${celString(o.path)}`, ...o.query.map(([k, v]) => `{query.${k}} == ${celString(v)}`)].join(' && ')}`,
    `header @outcome${i} Cache-Control ${quoted(CACHE_CONTROL.pageWithOutcome)}`,
    `rewrite @outcome${i} /${o.file}`,
  ]);
  // Addresses that were pages' (config/moved.ts): compared as our server does, case as written (Caddy's path matcher ignores case), one trailing slash or none.
  const { moved = [], gone = [] } = site.content.moved ?? {};
  const exactly = (address: string) => `{path} == ${celString(address)} || {path} == ${celString(`${address}/`)}`;
  const addresses = [
    // The query goes with the redirect (a campaign's UTM tags reach the page): Caddy 2.6 has no {?query}, so with a query and without.
    ...moved.flatMap(({ from, to }, i) => [
      `@movedWithQuery${i} expression (${exactly(from)}) && {query} != ''`,
      `redir @movedWithQuery${i} ${plainPath(to)}?{query} 301`,
      `@moved${i} expression ${exactly(from)}`,
      `redir @moved${i} ${plainPath(to)} 301`,
    ]),
    ...gone.map(goneAddress).flatMap((address, i) => [`@gone${i} expression ${exactly(address)}`, `error @gone${i} 410`]),
  ];
  const body = [
    ...security,
    `header Cache-Control ${quoted(CACHE_CONTROL.other)}`,
    '@hashed path /assets/*',
    `header @hashed Cache-Control ${quoted(CACHE_CONTROL.hashed)}`,
    '@images path /images/*',
    `header @images Cache-Control ${quoted(CACHE_CONTROL.images)}`,
    `@uploads path ${UPLOADS_PATH}*`,
    `header @uploads Cache-Control ${quoted(CACHE_CONTROL.uploads)}`,
    `@pages path ${pageAddresses.join(' ')}`,
    `header @pages Cache-Control ${quoted(CACHE_CONTROL.page)}`,
    '# Dot files (the site manifest), the outcome variants and the removed pages\' pages by their own names are not served.',
    `@hidden path */.* /${OUTCOMES_FOLDER}/* /${GONE_FOLDER}/*`,
    'error @hidden 404',
    '# A plain (no-JavaScript) post sends the visitor back to <page>?<outcome>: its prebuilt variant.',
    ...outcomes,
    ...(addresses.length > 0 ? ["# Addresses that were pages': a permanent redirect to the page's address, or 410 Gone.", ...addresses] : []),
    'try_files {path}.html {path}',
    'file_server {',
    '\tprecompressed br gzip',
    '}',
  ];
  // An unknown address (404) gets the fallback page (noindex) of its language; an address gone (410) the page of its
  // words (src/site/model/gonePages.ts), or its language's fallback page where the build made none.
  const pageWith = (name: string, condition: string, file: string, status: number) => [
    `@${name} expression ${condition}`,
    `handle @${name} {`,
    '\troute {',
    ...[...security, `header Cache-Control ${quoted(CACHE_CONTROL.page)}`, `rewrite * /${file}`, 'file_server {', '\tprecompressed br gzip', `\tstatus ${status}`, '}'].map((line) => `\t\t${line}`),
    '\t}',
    '}',
  ];
  const goneFiles = [...new Set((site.gone ?? []).map((g) => g.file))];
  // Under another language's prefix, that language's page for unknown addresses (the first that matches wins).
  const languages = (site.languageErrorPages ?? []).map((l, i) => ({
    name: `language${i}`,
    under: `({path} == ${celString(l.prefix)} || {path}.startsWith(${celString(`${l.prefix}/`)}))`,
    file: plainFile(l.fallbackFile),
  }));
  const errors = [
    ...languages.flatMap((l) => pageWith(`${l.name}Status404`, `{err.status_code} == 404 && ${l.under}`, l.file, 404)),
    ...pageWith('status404', '{err.status_code} == 404', site.fallbackFile, 404),
    ...goneFiles.flatMap((file, i) => {
      const addresses = site.gone!.filter((g) => g.file === file).map((g) => `(${exactly(g.path)})`);
      return pageWith(`goneFile${i}`, `{err.status_code} == 410 && (${addresses.join(' || ')})`, plainFile(file), 410);
    }),
    ...languages.flatMap((l) => pageWith(`${l.name}Status410`, `{err.status_code} == 410 && ${l.under}`, l.file, 410)),
    ...pageWith('status410', '{err.status_code} == 410', site.fallbackFile, 410),
    'handle {',
    ...[...security, 'respond "{err.status_code} {err.status_text}"'].map((line) => `\t${line}`),
    '}',
  ];
  const block = (name: string, lines: string[]) => [`(${name}) {`, '\troute {', ...lines.map((line) => `\t\t${line}`), '\t}', '}'];
  return [
    '# Written by `npm run build` from the built site (src/deploy/caddy.ts): do not edit.',
    ...block('built_pages', body),
    `(built_errors) {`,
    ...errors.map((line) => `\t${line}`),
    '}',
    '',
  ].join('\n');
}
