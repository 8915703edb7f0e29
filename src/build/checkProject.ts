/**
 * The whole check of `npm run check`, run before every build, start and dev server too: the
 * config folder (src/config/checkFiles.ts), then whether the Firebase rules made from its
 * forms are the committed ones (src/deploy/staleRules.ts).
 */
import { checkConfigFolder, defaultFolders, type Folders } from '../config/checkFiles';
import type { Forms } from '../deploy/firebaseRules';
import { staleRules } from '../deploy/staleRules';

export function checkProject(folders: Folders = defaultFolders): Promise<string[]> {
  return checkConfigFolder(folders, ({ rootDir, forms }) => staleRules(rootDir, forms as Forms));
}

export { report } from '../config/checkFiles';
