/**
 * npm run firebase:config (alias: firebase:json) — the Firebase deploy files at the project
 * root (src/deploy/deployFiles.ts): the security rules firestore.rules and storage.rules from
 * config/forms (committed), and firebase.json from the Firebase build in dist/ (its page policy
 * names that build's hashes, so it belongs to that build and is not committed). The build
 * writes them too (the rules when config/ changed them, firebase.json in a Firebase build), so
 * this is needed only to remake them without building.
 *
 *   --check   writes nothing: says what a Firebase deploy would send wrong and exits 1: no
 *             Firebase build in dist/, a firebase.json missing or another build's, rules missing
 *             or older than config/ (firebase.json's predeploy runs it before every deploy).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import forms from '../config/forms';
import { builtManifest, deployFiles, firebaseSite, staleDeployFiles, writeDeployFiles } from '../src/deploy/deployFiles';
import { FIREBASE_JSON } from '../src/deploy/firebaseJson';
import { readCommandLine } from './lib/commandLine.mjs';

const projectDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// --check only: anything else on its command line is refused before it does anything.
const { values } = readCommandLine(process.argv.slice(2), { command: 'npm run firebase:config', options: { check: { type: 'boolean' } } });

const built = builtManifest(path.join(projectDir, 'dist', 'client'));
if (values.check) {
  const stale = staleDeployFiles(projectDir, forms, built);
  for (const sentence of stale) console.error(sentence);
  if (stale.length > 0) process.exit(1);
  console.log(
    `The Firebase deploy files are current: ${deployFiles(forms, built)
      .map(([file]) => file)
      .join(', ')}.`,
  );
} else {
  const firebaseBuilt = firebaseSite(built);
  if (!firebaseBuilt) {
    console.log(
      `${built ? 'dist/ holds a build for our own server' : 'No build in dist/'}: ${FIREBASE_JSON} is written by the next build with the Firebase settings (npm run build).`,
    );
  }
  const files = deployFiles(forms, firebaseBuilt);
  const written = writeDeployFiles(projectDir, files);
  console.log(written.length > 0 ? `Wrote ${written.join(', ')}` : `Nothing to write: ${files.map(([file]) => file).join(', ')} are current.`);
}
