/**
 * The whole check of `npm run check`, run before every build, start and dev server too: the
 * config folder (src/content/server/configFolder.ts), then whether the Firebase rules can be made from
 * its forms (src/deploy/deployFiles.ts). Whether the generated deploy files are current is not
 * checked here: the build rewrites them, and a Firebase deploy refuses stale ones.
 */
import { checkConfigFolder, defaultFolders, loadConfigFolder, type Folders } from '../content/server/configFolder';
import { placeholderWarnings } from '../content/model/placeholders';
import { madeFromConfig } from '../deploy/deployFiles';

/**
 * The check `npm start` runs before it serves anything: the config folder, then what is made from
 * it (madeFromConfig). A publish of the content editor runs the same two (checkLoadedFolder with
 * madeFromConfig, src/content/server/checkChanges.ts startProblems) on the files it is about to write.
 */
export function checkProject(folders: Folders = defaultFolders): Promise<string[]> {
  return checkConfigFolder(folders, madeFromConfig);
}

export { report } from '../content/server/configFolder';

/** The settings of this config folder (its config/site.ts) and of the environment still at their example values. */
export async function placeholdersOf(folders: Folders = defaultFolders, env: Readonly<Record<string, string | undefined>> = {}): Promise<string[]> {
  const { options } = await loadConfigFolder(folders);
  return options.site === undefined ? [] : placeholderWarnings(options.site, env);
}
