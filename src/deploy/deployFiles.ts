/**
 * The Firebase deploy files at the project root, all made from config/: firebase.json (from the
 * site manifest), firestore.rules and storage.rules (from the forms). The build rewrites the
 * ones that changed (src/build/build.ts), so they follow every edit of config/ without a step
 * of their own; a site that does not use Firebase never has to think of them. A Firebase deploy
 * refuses files that are not current (firebase.json's predeploy runs `npm run firebase:config --
 * --check`, scripts/firebase-config.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SiteManifest } from '../shared/siteManifest';
import { firebaseJsonText } from './firebaseJson';
import { FIRESTORE_RULES_FILE, STORAGE_RULES_FILE, firestoreRules, storageRules, type Forms } from './firebaseRules';

/** Each deploy file's name (at the project root) and the text config/ makes for it now. */
export function deployFiles(forms: Forms, site: SiteManifest): [file: string, text: string][] {
  return [
    ['firebase.json', firebaseJsonText(site)],
    [FIRESTORE_RULES_FILE, firestoreRules(forms)],
    [STORAGE_RULES_FILE, storageRules(forms)],
  ];
}

const readOrNothing = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

/** Writes the files whose text changed (or that are missing); returns their names. */
export function writeDeployFiles(rootDir: string, files: readonly [string, string][]): string[] {
  return files.flatMap(([file, text]) => {
    const target = path.join(rootDir, file);
    if (readOrNothing(target) === text) return [];
    writeFileSync(target, text);
    return [file];
  });
}

/** A sentence for each file that is missing or no longer what config/ makes (before a Firebase deploy). */
export function staleDeployFiles(rootDir: string, files: readonly [string, string][]): string[] {
  return files.flatMap(([file, text]) => {
    const current = readOrNothing(path.join(rootDir, file));
    if (current === text) return [];
    const state = current === undefined ? 'is missing' : 'is out of date: config/ changed since it was written';
    return [`${file} ${state}. Run \`npm run build\` (or \`npm run firebase:config\`), commit ${file}, and deploy again.`];
  });
}

/**
 * The one thing about the rules `npm run check` says: forms the rules cannot be made from (a
 * text the rules language cannot hold). Whether the files are current is the build's business.
 */
export function rulesProblems(forms: Forms): string[] {
  try {
    firestoreRules(forms);
    storageRules(forms);
    return [];
  } catch (error) {
    return [`config/forms: the Firebase security rules cannot be made from the forms: ${error instanceof Error ? error.message : String(error)}`];
  }
}
