/**
 * The Firebase deploy files at the project root. The security rules, firestore.rules and
 * storage.rules, are made from config/forms and committed: the build rewrites the ones that
 * changed (src/render/build.ts), so they follow every edit of config/ without a step of their
 * own, and a site that does not use Firebase never has to think of them. firebase.json is made
 * from a built site's manifest (its page policy names that build's hashes), so it belongs to one
 * build and is not committed: a Firebase build writes it, and `npm run firebase:config` writes
 * it again from dist/. Its predeploy hooks run `npm run firebase:config -- --check`
 * (scripts/firebase-config.ts): a Firebase deploy refuses rules older than config/, and a
 * firebase.json that is not the one of the Firebase build in dist/, which is what it uploads.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FIREBASE_CONNECT_ORIGINS } from './firebaseSettings';
import { SITE_MANIFEST_FILE, type SiteManifest } from '../site/model/siteManifest';
import { FIREBASE_JSON, firebaseJsonText } from './firebaseJson';
import { FIRESTORE_RULES_FILE, STORAGE_RULES_FILE, firestoreRules, storageRules, type Forms } from './firebaseRules';

/** Each deploy file's name (at the project root) and its text now: the rules from config/, firebase.json from a build's manifest when there is one. */
export function deployFiles(forms: Forms, built?: SiteManifest): [file: string, text: string][] {
  return [
    ...(built ? [[FIREBASE_JSON, firebaseJsonText(built)] as [string, string]] : []),
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

/** The manifest of the site the build wrote into clientDir, if there is one. */
export function builtManifest(clientDir: string): SiteManifest | undefined {
  const text = readOrNothing(path.join(clientDir, SITE_MANIFEST_FILE));
  return text === undefined ? undefined : (JSON.parse(text) as SiteManifest);
}

/** The build's manifest if it is a build for Firebase Hosting (its pages send to the Firebase SDK's origins), not for our server. */
export const firebaseSite = (built: SiteManifest | undefined) =>
  built && FIREBASE_CONNECT_ORIGINS.every((origin) => built.connectOrigins.includes(origin)) ? built : undefined;

/** Writes the files whose text changed (or that are missing); returns their names. */
export function writeDeployFiles(rootDir: string, files: readonly [string, string][]): string[] {
  return files.flatMap(([file, text]) => {
    const target = path.join(rootDir, file);
    if (readOrNothing(target) === text) return [];
    writeFileSync(target, text);
    return [file];
  });
}

const FIREBASE_BUILD = 'Run `npm run build` with the Firebase settings (docs/deploy-firebase.md)';

/**
 * A sentence for each reason a Firebase deploy from rootDir would send something else than
 * config/ and the build in dist/ (`built`, its manifest) make: no Firebase build there, a
 * firebase.json that is missing or another build's, rules missing or older than config/.
 */
export function staleDeployFiles(rootDir: string, forms: Forms, built: SiteManifest | undefined): string[] {
  const firebaseBuilt = firebaseSite(built);
  const build = firebaseBuilt
    ? []
    : [`${built ? 'dist/ holds a build for our own server, whose forms send to it: Firebase Hosting has none' : 'There is no build in dist/ to deploy'}. ${FIREBASE_BUILD}, and deploy again.`];
  const files = deployFiles(forms, firebaseBuilt).flatMap(([file, text]) => {
    const current = readOrNothing(path.join(rootDir, file));
    if (current === text) return [];
    if (file === FIREBASE_JSON) {
      const state = current === undefined ? 'is missing' : 'is not the one of the build in dist/';
      return [`${file} ${state}. ${FIREBASE_BUILD} (or \`npm run firebase:config\` to write it from dist/), and deploy again.`];
    }
    const state = current === undefined ? 'is missing' : 'is out of date: config/ changed since it was written';
    return [`${file} ${state}. Run \`npm run build\` (or \`npm run firebase:config\`), commit ${file}, and deploy again.`];
  });
  return [...build, ...files];
}

/**
 * The one thing about the rules `npm run check` says: forms the rules cannot be made from (a
 * text the rules language cannot hold). Whether the files are current is the build's business.
 */
function rulesProblems(forms: Forms): string[] {
  try {
    firestoreRules(forms);
    storageRules(forms);
    return [];
  } catch (error) {
    return [`config/forms: the Firebase security rules cannot be made from the forms: ${error instanceof Error ? error.message : String(error)}`];
  }
}

/**
 * What `npm run check` and `npm start` check of a valid config after the checker itself
 * (src/render/checkProject.ts), and a publish of the content editor on what it is about to write
 * (src/content/server/checkChanges.ts startProblems): that the Firebase rules can be made from its forms.
 */
export const madeFromConfig = ({ forms }: { forms: unknown }): string[] => rulesProblems(forms as Forms);
