/**
 * npm run firebase:config (alias: firebase:json) — the Firebase deploy files at the project
 * root, made from config/ (src/deploy/deployFiles.ts): firebase.json from the site manifest,
 * the security rules firestore.rules and storage.rules from config/forms. The build writes them
 * too, so this is needed only to remake them without building.
 *
 *   --check   writes nothing: says which files are missing or out of date and exits 1 (firebase.json's
 *             predeploy runs it, so a Firebase deploy never sends rules older than config/).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import forms from '../config/forms';
import { siteManifest } from '../src/build/siteManifest';
import { deployFiles, staleDeployFiles, writeDeployFiles } from '../src/deploy/deployFiles';

const projectDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
if (args.some((arg) => arg !== '--check')) {
  console.error(`Unknown option ${args.find((arg) => arg !== '--check')}. Use --check, or nothing.`);
  process.exit(2);
}

const files = deployFiles(forms, await siteManifest());
if (args.includes('--check')) {
  const stale = staleDeployFiles(projectDir, files);
  for (const sentence of stale) console.error(sentence);
  if (stale.length > 0) process.exit(1);
  console.log(`The Firebase deploy files are current: ${files.map(([file]) => file).join(', ')}.`);
} else {
  const written = writeDeployFiles(projectDir, files);
  console.log(written.length > 0 ? `Wrote ${written.join(', ')}` : `Nothing to write: ${files.map(([file]) => file).join(', ')} are current.`);
}
