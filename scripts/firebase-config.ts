/**
 * npm run firebase:config (alias: firebase:json) — writes the Firebase deploy files at the
 * project root: the security rules firestore.rules and storage.rules from config/forms
 * (src/deploy/firebaseRules.ts; run it after changing a form and commit them), and
 * firebase.json from the built site's manifest (dist/client, src/deploy/firebaseJson.ts: its
 * page policy names the build's hashes, so it belongs to that build and is not committed; a
 * Firebase build writes it too).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import forms from '../config/forms';
import { FIREBASE_JSON, firebaseJsonText } from '../src/deploy/firebaseJson';
import { SITE_MANIFEST_FILE, type SiteManifest } from '../src/shared/siteManifest';
import { FIRESTORE_RULES_FILE, STORAGE_RULES_FILE, firestoreRules, storageRules } from '../src/deploy/firebaseRules';

const projectDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const manifestFile = path.join(projectDir, 'dist', 'client', SITE_MANIFEST_FILE);
const built = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as SiteManifest) : undefined;
if (!built) console.log(`No build in dist/: ${FIREBASE_JSON} is written by the next build (npm run build with the Firebase settings).`);
const files: [string, string][] = [
  ...(built ? [[FIREBASE_JSON, firebaseJsonText(built)] as [string, string]] : []),
  [FIRESTORE_RULES_FILE, firestoreRules(forms)],
  [STORAGE_RULES_FILE, storageRules(forms)],
];
for (const [file, text] of files) {
  writeFileSync(path.join(projectDir, file), text);
  console.log(`Wrote ${file}`);
}
