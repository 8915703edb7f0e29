/**
 * npx tsx scripts/german-site.ts
 *
 * A copy of the site in two languages to measure, its German written as the office would
 * (src/test/realGerman.ts: every text of Home, the site's words, Home's forms, Contact at its own
 * German address): copied with this checkout's build (src/test/contentSite.ts makeBuiltSite),
 * German declared in the copy only, checked, drawn by the real render, and laid out as a built
 * site, so that the measuring scripts serve it as they serve dist/. Prints each German page's
 * HTML size with brotli, and the command that runs Lighthouse on the German Home and Contact:
 *
 *   SITE_DIR=off SITE_DIST=<the printed folder> npm run lighthouse -- /de /de/Kontakt
 *
 * The copy stays in the system's temporary folder (its path is printed) until removed by hand.
 */
import { readFileSync, statSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { checkConfigFolder, readSiteContent } from '../src/content/server/configFolder';
import { renderSite } from '../src/render/render';
import { htmlFileFor } from '../src/schema/pageFiles';
import { SITE_MANIFEST_FILE, type SiteManifest } from '../src/site/model/siteManifest';
import { makeBuiltSite } from '../src/test/contentSite';
import { KONTAKT, writeRealGerman } from '../src/test/realGerman';
import { addGerman, GERMAN } from '../src/test/secondLanguage';

const siteDir = await makeBuiltSite();
addGerman(siteDir);
const counts = await writeRealGerman(siteDir);
const stretched = Object.entries(counts).filter(([, c]) => c.stretched > 0);
for (const [file, c] of stretched) console.log(`${file}: ${c.stretched} texts have no German in src/test/realGerman.ts yet (English stretched by a third)`);
const problems = await checkConfigFolder({ configDir: path.join(siteDir, 'config'), publicDir: path.join(siteDir, 'public') });
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
// A built site's folder: the drawn pages (client/) beside the build's server and renderer.
const dist = path.join(siteDir, 'dist-languages');
await renderSite({ content: await readSiteContent(siteDir), codeDir: path.join(siteDir, 'dist'), outDir: dist });
for (const part of ['server', 'ssr', 'code.json']) symlinkSync(path.join(siteDir, 'dist', part), path.join(dist, part));

const client = path.join(dist, 'client');
const manifest = JSON.parse(readFileSync(path.join(client, SITE_MANIFEST_FILE), 'utf8')) as SiteManifest;
const german = manifest.pages.filter((p) => p.path === GERMAN.prefix || p.path.startsWith(`${GERMAN.prefix}/`));
for (const { path: address } of german) console.log(`${address}: HTML ${statSync(path.join(client, `${htmlFileFor(address)}.br`)).size} bytes brotli`);
console.log(`\nThe site in two languages: ${siteDir}\nLighthouse on the German Home and Contact:\n`);
console.log(`  SITE_DIR=off SITE_DIST=${dist} npm run lighthouse -- ${GERMAN.prefix} ${GERMAN.prefix}${KONTAKT}\n`);
