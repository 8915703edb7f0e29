/**
 * Whether the committed Firebase security rules (firestore.rules, storage.rules) are the ones
 * the forms of config/ make now: `npm run check` says so (src/build/checkProject.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FIREBASE_CONFIG_COMMAND, FIRESTORE_RULES_FILE, STORAGE_RULES_FILE, firestoreRules, storageRules, type Forms } from './firebaseRules';

/** Sentences for security rules files that are missing or no longer what config/forms makes. */
export function staleRules(rootDir: string, forms: Forms): string[] {
  let files: [string, string][];
  try {
    files = [
      [FIRESTORE_RULES_FILE, firestoreRules(forms)],
      [STORAGE_RULES_FILE, storageRules(forms)],
    ];
  } catch (error) {
    return [`config/forms: the Firebase security rules cannot be made from the forms: ${error instanceof Error ? error.message : String(error)}`];
  }
  return files.flatMap(([file, text]) => {
    let committed: string | undefined;
    try {
      committed = readFileSync(path.join(rootDir, file), 'utf8');
    } catch {
      committed = undefined;
    }
    if (committed === text) return [];
    const state = committed === undefined ? 'is missing' : 'is out of date: a form\'s fields, limits or checks changed since it was made';
    return [`${file} ${state}. Run \`${FIREBASE_CONFIG_COMMAND}\` and commit ${file}, so that Firebase checks submissions the same way.`];
  });
}

