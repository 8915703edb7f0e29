/**
 * The site folder as a git work tree (when it is one): its HEAD names the content's revision,
 * each publish is a commit authored by the editor's account, and the history of config/ is the
 * list of revisions.
 */
import { readFileSync, realpathSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { run } from './site';

const git = (siteDir: string, args: string[], input?: string) => run('git', args, siteDir, { timeoutMs: 30_000, ...(input !== undefined ? { input } : {}) });

/**
 * Folders git has said are the top of a work tree, each with the identity of its `.git` then
 * (device, inode and birth): a pure memo, left at module level on purpose. Whether a folder is the top
 * of the work tree whose `.git` is that very entry does not change; a `.git` gone or made again
 * is another key, asked again.
 */
const workTrees = new Set<string>();

/**
 * Whether the site folder is the top of a git work tree (not merely inside one). Asked at every
 * read and step of a publish: a folder without .git is not one, and git is asked once about a
 * folder with one.
 */
export async function isWorkTree(siteDir: string): Promise<boolean> {
  let dotGit: Stats;
  try {
    dotGit = statSync(path.join(siteDir, '.git'));
  } catch {
    return false;
  }
  const key = `${dotGit.dev}:${dotGit.ino}:${dotGit.birthtimeMs}:${siteDir}`;
  if (workTrees.has(key)) return true;
  try {
    const top = realpathSync((await git(siteDir, ['rev-parse', '--show-toplevel'])).trim()) === realpathSync(siteDir);
    if (top) workTrees.add(key);
    return top;
  } catch {
    return false;
  }
}

/**
 * A fingerprint of what git reads besides the work tree to say HEAD and what is uncommitted:
 * the HEAD file, the branch's ref (loose or packed) and the index, each by inode, size and
 * times. A commit, a reset, a checkout or an add changes it. Undefined where .git is not a
 * folder (a linked work tree or a submodule: git is asked each time there).
 */
export function gitStamp(siteDir: string): string | undefined {
  const gitDir = path.join(siteDir, '.git');
  try {
    if (!statSync(gitDir).isDirectory()) return undefined;
    const headText = readFileSync(path.join(gitDir, 'HEAD'), 'utf8').trim();
    const ref = /^ref: (refs\/\S+)$/.exec(headText)?.[1];
    const stamps = ['HEAD', 'index', 'packed-refs', ...(ref ? [ref] : [])].map((file) => {
      const stat = statSync(path.join(gitDir, file), { bigint: true, throwIfNoEntry: false });
      return stat ? `${file}:${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}` : `${file}:none`;
    });
    return [headText, ...stamps].join('|');
  } catch {
    return undefined;
  }
}

export async function head(siteDir: string): Promise<string> {
  return (await git(siteDir, ['rev-parse', 'HEAD'])).trim();
}

/** Whether these paths have changes not committed yet. */
export async function uncommitted(siteDir: string, paths: string[]): Promise<boolean> {
  return (await git(siteDir, ['status', '--porcelain', '--', ...paths])).trim() !== '';
}

/**
 * Commits exactly these files, authored by the account (`Name <email>`) at `date` (the time the
 * publish gives its revision, so that the history says the same); returns the new HEAD.
 * The message goes through standard input: however long a change's words, no command line limit.
 */
export async function commit(siteDir: string, files: string[], author: string, message: string, date?: string): Promise<string> {
  // Added and committed as they are in the work tree, by their names: nothing else that is staged goes with them.
  await git(siteDir, ['add', '--', ...files]);
  // The committer is the server (its own git identity if it has one, else the site's), the author the editor.
  await git(
    siteDir,
    [
      '-c',
      'user.name=Site editor',
      '-c',
      'user.email=editor@localhost',
      'commit',
      '--quiet',
      '--no-verify',
      `--author=${author}`,
      ...(date ? [`--date=${date}`] : []),
      '--file=-',
      '--',
      ...files,
    ],
    message,
  );
  return head(siteDir);
}

/** Takes the last commit back (a publish the server in front refused after it was recorded): HEAD is `base` again, the index as there. */
export async function uncommit(siteDir: string, base: string, files: string[]): Promise<void> {
  await git(siteDir, ['reset', '--quiet', '--soft', base]);
  await unstage(siteDir, files);
}

/** The index of these files as HEAD has them (what a publish that did not commit had added). */
export async function unstage(siteDir: string, files: string[]): Promise<void> {
  if (files.length > 0) await git(siteDir, ['reset', '--quiet', 'HEAD', '--', ...files]);
}

/** The commit message's last lines ("Publish-Id: …" and the like) of a commit. */
export async function trailersOf(siteDir: string, commitId: string): Promise<string> {
  return git(siteDir, ['log', '-1', '--format=%(trailers)', commitId]);
}

export interface Commit {
  id: string;
  author: string;
  at: string;
  subject: string;
  body: string;
  /** The config files it changed. */
  files: string[];
}

/** The commits that changed config/ (or only `file`), newest first; `since`: only those after that commit. */
export async function configHistory(siteDir: string, max = 100, { file, since }: { file?: string; since?: string } = {}): Promise<Commit[]> {
  const range = since ? [`${since}..HEAD`] : [];
  const out = await git(siteDir, [
    'log',
    `--max-count=${max}`,
    '--name-only',
    '--format=%x1e%H%x1f%ae%x1f%aI%x1f%s%x1f%b%x1f',
    ...range,
    '--',
    file ?? 'config',
  ]);
  return out
    .split('\x1e')
    .filter((entry) => entry.trim())
    .map((entry) => {
      const [id = '', author = '', at = '', subject = '', body = '', names = ''] = entry.split('\x1f');
      return { id: id.trim(), author, at, subject, body: body.trim(), files: names.split('\n').filter((name) => name.startsWith('config/')) };
    });
}

/** The commit before this one (its first parent), or undefined for the first. */
export async function parentOf(siteDir: string, commitId: string): Promise<string | undefined> {
  try {
    return (await git(siteDir, ['rev-parse', '--verify', '--quiet', `${commitId}^`])).trim() || undefined;
  } catch {
    return undefined;
  }
}
