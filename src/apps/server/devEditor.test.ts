/**
 * `npm run dev`'s content editor: the same API over a checkout's own files, without an account,
 * but never for another site open in the same browser (a change needs the token header).
 */
import { readFileSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { CSRF_HEADER } from '../../platform/signIn';
import { adminRoutes } from '../../platform/inboxRoutes';
import { contentRoutes, type ContentSnapshot } from '../../content/model/contentApi';
import { makeSite } from '../../test/contentSite';
import { projectDir } from '../../test/realConfig';
import { devContentApp, DEVELOPER } from './devEditor';

jest.setTimeout(120_000);

it('answers the editor over the local files; a change without the token, or from another site, is refused', async () => {
  const siteDir = makeSite({ git: true });
  // The checkout's own code (scripts/, src/) and tools (node_modules), found in the site folder.
  symlinkSync(path.join(projectDir, 'node_modules'), path.join(siteDir, 'node_modules'));
  symlinkSync(path.join(projectDir, 'scripts'), path.join(siteDir, 'scripts'));
  symlinkSync(path.join(projectDir, 'src'), path.join(siteDir, 'src'));
  const app = await devContentApp(siteDir);
  try {
    expect((await app.inject({ method: 'GET', url: adminRoutes.me.path })).json()).toMatchObject({ role: 'editor' });
    const snap = (await app.inject({ method: 'GET', url: contentRoutes.content.path })).json() as ContentSnapshot;
    const home = JSON.parse(JSON.stringify(snap.files.find((f) => f.file === 'config/pages/home.ts')!.value));
    home.sections[0].heading = 'Edited in a checkout';
    const payload = { baseRevision: snap.revision, changes: [{ file: 'config/pages/home.ts', value: home }] };
    expect((await app.inject({ method: 'POST', url: contentRoutes.contentPublish.path, payload })).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'POST', url: contentRoutes.contentPublish.path, payload, headers: { [CSRF_HEADER]: 'dev', 'sec-fetch-site': 'cross-site' } }))
        .statusCode,
    ).toBe(403);
    const published = await app.inject({
      method: 'POST',
      url: contentRoutes.contentPublish.path,
      payload,
      headers: { [CSRF_HEADER]: 'dev', 'sec-fetch-site': 'same-origin' },
    });
    expect(published.statusCode).toBe(200);
    expect(readFileSync(path.join(siteDir, 'config/pages/home.ts'), 'utf8')).toContain("heading: 'Edited in a checkout'");
    // Drafts are kept in the checkout's database, as the server keeps them.
    home.sections[0].heading = 'A draft in a checkout';
    const draft = { file: 'config/pages/home.ts', value: home, base: snap.revision };
    expect(
      (
        await app.inject({
          method: 'POST',
          url: contentRoutes.contentDraftSave.path,
          payload: draft,
          headers: { [CSRF_HEADER]: 'dev', 'sec-fetch-site': 'same-origin' },
        })
      ).statusCode,
    ).toBe(200);
    const again = (await app.inject({ method: 'GET', url: contentRoutes.content.path })).json() as ContentSnapshot;
    expect(again.drafts).toMatchObject([{ author: DEVELOPER, file: 'config/pages/home.ts', value: home }]);
  } finally {
    await app.close();
    rmSync(siteDir, { recursive: true, force: true });
  }
});
