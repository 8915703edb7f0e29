/**
 * The check a Firebase deploy runs first (firebase.json's predeploy: `npm run firebase:config --
 * --check`), on real files in a folder laid out as the project: it passes only with a Firebase
 * build in dist/, the firebase.json made from that build, and the rules config/ makes now.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import forms from '../../config/forms';
import { siteManifestOf } from '../render/render';
import { loadRealContent } from '../test/realConfig';
import { FIREBASE_CONNECT_ORIGINS } from './firebaseSettings';
import { SITE_MANIFEST_FILE, type SiteManifest } from '../site/model/siteManifest';
import { builtManifest, deployFiles, staleDeployFiles, writeDeployFiles } from './deployFiles';
import { FIREBASE_JSON } from './firebaseJson';
import { FIRESTORE_RULES_FILE } from './firebaseRules';

let root: string;
beforeEach(() => (root = mkdtempSync(path.join(os.tmpdir(), 'deploy-check-'))));
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A build in root/dist/client, as the build leaves it (its hashes made up: they come from the pages). */
async function build(connectOrigins: string[], script = "'sha256-c2NyaXB0'"): Promise<SiteManifest> {
  const clientDir = path.join(root, 'dist', 'client');
  mkdirSync(clientDir, { recursive: true });
  const manifest = siteManifestOf(await loadRealContent(), { inlineHashes: { scripts: [script], styles: [] }, outcomes: [], connectOrigins });
  writeFileSync(path.join(clientDir, SITE_MANIFEST_FILE), JSON.stringify(manifest));
  return builtManifest(clientDir)!;
}
const check = () => staleDeployFiles(root, forms, builtManifest(path.join(root, 'dist', 'client')));

it('refuses without a build in dist/, and names the rules that are missing', () => {
  expect(check()).toEqual([
    expect.stringMatching(/^There is no build in dist\/ to deploy\. Run `npm run build` with the Firebase settings/),
    expect.stringMatching(/^firestore\.rules is missing\./),
    expect.stringMatching(/^storage\.rules is missing\./),
  ]);
});

it('refuses a build for our own server, even with current rules: its forms send to a server Hosting does not have', async () => {
  const built = await build([]);
  writeDeployFiles(root, deployFiles(forms, built));
  expect(check()).toEqual([expect.stringMatching(/^dist\/ holds a build for our own server/)]);
});

it('passes with the firebase.json of the Firebase build in dist/ and current rules, and refuses another build\'s firebase.json or older rules', async () => {
  const built = await build(FIREBASE_CONNECT_ORIGINS);
  writeDeployFiles(root, deployFiles(forms, undefined));
  expect(check()).toEqual([expect.stringMatching(/^firebase\.json is missing\./)]);

  expect(writeDeployFiles(root, deployFiles(forms, built))).toEqual([FIREBASE_JSON]);
  expect(check()).toEqual([]);

  // The next build: other hashes, so the policy in the firebase.json at hand is not its own.
  await build(FIREBASE_CONNECT_ORIGINS, "'sha256-b3RoZXI='");
  expect(check()).toEqual([expect.stringMatching(/^firebase\.json is not the one of the build in dist\/\./)]);
  writeDeployFiles(root, deployFiles(forms, builtManifest(path.join(root, 'dist', 'client'))));
  expect(check()).toEqual([]);

  // Rules written from other forms than config/'s.
  writeFileSync(path.join(root, FIRESTORE_RULES_FILE), 'rules_version = \'2\';\n');
  expect(check()).toEqual([expect.stringMatching(/^firestore\.rules is out of date: .+ Run `npm run build`/)]);
});
