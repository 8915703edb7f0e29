/**
 * npm run firebase:config (alias: firebase:json) — writes the Firebase deploy files at the
 * project root: firebase.json from the site manifest the build makes (src/build/siteManifest.ts,
 * src/deploy/firebaseJson.ts), and the
 * security rules firestore.rules and storage.rules from config/forms
 * (src/deploy/firebaseRules.ts). Run it after changing a route or a form; commit the result.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import forms from '../config/forms';
import { siteManifest } from '../src/build/siteManifest';
import { firebaseJsonText } from '../src/deploy/firebaseJson';
import { FIRESTORE_RULES_FILE, STORAGE_RULES_FILE, firestoreRules, storageRules } from '../src/deploy/firebaseRules';
import { readCommandLine } from './lib/commandLine.mjs';

// It takes no options: anything on its command line is refused before it does anything.
readCommandLine(process.argv.slice(2), { command: 'npm run firebase:config' });

const projectDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const files: [string, string][] = [
  ['firebase.json', firebaseJsonText(await siteManifest())],
  [FIRESTORE_RULES_FILE, firestoreRules(forms)],
  [STORAGE_RULES_FILE, storageRules(forms)],
];
for (const [file, text] of files) {
  writeFileSync(path.join(projectDir, file), text);
  console.log(`Wrote ${file}`);
}
