/**
 * The browser tests' build of this checkout (playwright.config.ts's webServer runs it before the
 * shared server starts): what `npm run build` leaves in dist/, taken from the build of these very
 * sources that the unit tests keep (src/test/contentSite.ts builtSite: the real `npm run build`
 * script, made once per set of sources, or made now if there is none). So `npm test` builds the
 * site once for both stages. Like `npm run build`, it replaces the build's own parts of dist/
 * (a publish's dist/releases/ stays), serves this build rather than a last publish, and marks
 * the checkout built for `npm start`.
 */
import { cpSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { markBuilt } from '../../src/render/buildStamp';
import { writeLiveCaddy } from '../../src/deploy/caddy';
import { forgetPublishedBuild } from '../../src/content/server/liveBuild';
import { builtSite } from '../../src/test/contentSite';
import { projectDir } from '../../src/test/realConfig';

const kept = await builtSite();
const dist = path.join(projectDir, 'dist');
for (const part of readdirSync(kept)) {
  rmSync(path.join(dist, part), { recursive: true, force: true });
  cpSync(path.join(kept, part), path.join(dist, part), { recursive: true });
}
// The one file of a build that names its own folder.
writeLiveCaddy(dist, dist);
forgetPublishedBuild(projectDir);
markBuilt(projectDir);
console.log(`dist/: the build of these sources (${path.basename(kept)} in ${path.dirname(kept)})`);
