/**
 * An uploaded picture through two real renders (src/render/render.ts, with the code build this
 * checkout's tests share), as a publish draws a release: drawn first while it has no sizes (an
 * upload from before pictures had them), its page names its one file; once its sizes are beside
 * it in public/, the next render (taking unchanged pages from the first) draws that page again,
 * offering them, and links them into its release with the picture (not the sizes of a picture
 * the content does not name).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { articlePages } from '../site/model/articles';
import { UPLOADS_PATH } from '../platform/uploads';
import { htmlFileFor } from '../schema/pageFiles';
import { sizeNamesOf } from '../site/model/pictureSizes';
import type { SiteContent } from '../site/model/siteContent';
import { makeBuiltSite } from '../test/contentSite';
import { loadRealContent } from '../test/realConfig';
import { PUBLISH_BROTLI } from './compress';
import { renderSite } from './render';

jest.setTimeout(300_000);

let dir: string;
let siteDir: string;
beforeAll(() => (dir = mkdtempSync(path.join(os.tmpdir(), 'render-pictures-'))));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  if (siteDir) rmSync(siteDir, { recursive: true, force: true });
});

it('a picture drawn from its one file until its sizes are there, then with them: its page drawn again, the sizes in the release', async () => {
  // The code build in a site folder of its own (where its server renderer finds the packages); no sources: nothing builds.
  siteDir = await makeBuiltSite({ buildable: false });
  const codeDir = path.join(siteDir, 'dist');
  const real = await loadRealContent();
  const upload = `${'7'.repeat(20)}.webp`;
  const other = `${'8'.repeat(20)}.webp`;
  const publicDir = path.join(dir, 'public');
  const uploads = path.join(publicDir, ...UPLOADS_PATH.split('/').filter(Boolean));
  mkdirSync(uploads, { recursive: true });
  await sharp({ create: { width: 700, height: 394, channels: 3, background: '#446688' } })
    .webp()
    .toFile(path.join(uploads, upload));
  const first = articlePages(real)[0]!;
  const content: SiteContent = {
    ...real,
    articles: real.articles.map((a) =>
      a.id === first.article.id ? { ...a, cover: { ...a.cover, src: `${UPLOADS_PATH}${upload}`, width: 700, height: 394 } } : a,
    ),
  };
  const page = (release: string) => readFileSync(path.join(dir, release, 'client', htmlFileFor(first.path)), 'utf8');
  const inRelease = (release: string, name: string) => existsSync(path.join(dir, release, 'client', ...UPLOADS_PATH.split('/').filter(Boolean), name));

  // Drawn as a publish draws a release (its brotli quality): the test reads the pages, not their compressed copies.
  await renderSite({ content, codeDir, outDir: path.join(dir, 'before'), publicDir, brotli: PUBLISH_BROTLI });
  expect(page('before')).toContain(`src="${UPLOADS_PATH}${upload}"`);
  expect(page('before')).not.toMatch(/srcset/i);

  // Its sizes made (their bytes do not matter to the render), and one of a picture the content does not name.
  const sizes = sizeNamesOf(upload, 700).map((s) => s.name);
  for (const name of sizes) writeFileSync(path.join(uploads, name), '');
  writeFileSync(path.join(uploads, sizeNamesOf(other, 700)[0]!.name), '');
  await renderSite({
    content,
    codeDir,
    outDir: path.join(dir, 'after'),
    publicDir,
    earlierClientDir: path.join(dir, 'before', 'client'),
    brotli: PUBLISH_BROTLI,
  });
  const html = page('after');
  expect(html).toContain(`<source type="image/avif" srcSet="${UPLOADS_PATH}${upload.replace('.webp', '-320.avif')} 320w`);
  expect(html).toContain(`${UPLOADS_PATH}${upload.replace('.webp', '-640.webp')} 640w, ${UPLOADS_PATH}${upload} 700w"`);
  expect(sizes.filter((name) => !inRelease('after', name))).toEqual([]);
  expect(inRelease('after', sizeNamesOf(other, 700)[0]!.name)).toBe(false);
});
