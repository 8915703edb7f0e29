/**
 * The content editor's helper, run by the server in a process of its own (config files are
 * TypeScript, read fresh each time; the server itself never imports them at run time):
 *
 *   tsx scripts/content.ts read <site folder>    prints { options, problems } as JSON: every file
 *                                                of <site>/config loaded as `npm run check` loads it
 *   tsx scripts/content.ts build <site folder> <out folder> [<earlier client folder>]
 *                                                builds the site into <out folder> (client/, ssr/, server/),
 *                                                taking the compressed copies of unchanged files from the
 *                                                earlier build (the one served) when given
 */
import path from 'node:path';
import { loadConfigFolder } from '../src/config/checkFiles';
import type { Forms } from '../src/deploy/firebaseRules';

const [command, site = '.', out, earlier] = process.argv.slice(2);
const siteDir = path.resolve(site);
if (command === 'read') {
  const loaded = await loadConfigFolder({ configDir: path.join(siteDir, 'config'), publicDir: path.join(siteDir, 'public') });
  process.stdout.write(JSON.stringify(loaded));
} else if (command === 'build' && out) {
  const { buildSite } = await import('../src/build/build');
  // The site's own forms for its Firebase rules (this script may run from another checkout than the site's).
  const { options } = await loadConfigFolder({ configDir: path.join(siteDir, 'config'), publicDir: path.join(siteDir, 'public') });
  await buildSite({ root: siteDir, outDir: path.resolve(out), forms: options.forms as Forms, ...(earlier ? { earlierClientDir: path.resolve(earlier) } : {}), log: (line) => process.stderr.write(`${line}\n`) });
} else {
  process.stderr.write('Usage: tsx scripts/content.ts read <site folder> | build <site folder> <out folder> [<earlier client folder>]\n');
  process.exit(2);
}
