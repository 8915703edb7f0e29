/**
 * Which drafts were started before a later publish of their file, as the editor's opening says
 * (publishing such a draft would replace that change): git is asked about every revision the
 * drafts start from in two processes whatever their number (`git cat-file`: which of them this
 * history has; `git diff-tree --stdin`: the config files each differs in from HEAD), never one
 * per draft, and the answers are remembered until the content's revision (HEAD) moves. Both
 * run in their turn of the content side's pool (site.ts run).
 */
import type { Draft } from './drafts';
import { isWorkTree } from './git';
import { run } from './site';

/** A revision's commit as a draft names it (`<commit>` or `<commit>+<hash of config/>`), written as git writes one. */
const COMMIT = /^[0-9a-f]{7,64}$/;

/**
 * Per site folder: the HEAD the answers are for, and the config files changed from each commit to
 * it (undefined: git could not say). A pure memo, left at module level on purpose: the files two
 * commits differ in are a function of the two commits, named by their hashes, and never change
 * (another HEAD starts the folder's answers again); it is the same whoever asks.
 */
const known = new Map<string, { head: string; changed: Map<string, Promise<Set<string> | undefined>> }>();
/** Commits remembered per site folder at most (each a few file names); past this the memory starts again. */
const MAX_KNOWN = 10_000;

/** The config files that differ between each of `commits` and `head`, in one process; undefined when git cannot say. */
async function changedFiles(siteDir: string, commits: readonly string[], head: string): Promise<Map<string, Set<string>> | undefined> {
  try {
    // Plumbing (no renames, colours or pager, whatever the site's git settings), one line per commit read from standard input:
    // "<commit> <head>" compares the two (head as if the commit's parent); each answer starts with the commit's id (--always:
    // even when nothing differs), then the names, each ended by NUL. The names are under config/, so never an id.
    const input = commits.map((commit) => `${commit} ${head}\n`).join('');
    const out = await run('git', ['diff-tree', '--stdin', '--always', '-r', '--no-renames', '--name-only', '-z', '--', 'config'], siteDir, {
      timeoutMs: 30_000,
      input,
    });
    const changed = new Map<string, Set<string>>();
    let current: Set<string> | undefined;
    for (const part of out.split('\0')) {
      if (part.startsWith('config/')) current?.add(part);
      else if (part) changed.set(part, (current = new Set()));
    }
    return commits.every((commit) => changed.has(commit)) ? changed : undefined;
  } catch {
    return undefined;
  }
}

/** The commits of these revision names that this history has (by their full names), in one process. */
async function commitsOf(siteDir: string, names: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (names.length === 0) return found;
  let out: string;
  try {
    out = await run('git', ['cat-file', '--batch-check=%(objectname) %(objecttype)'], siteDir, {
      timeoutMs: 30_000,
      input: names.map((name) => `${name}^{commit}\n`).join(''),
    });
  } catch {
    return found;
  }
  // One line per name, in order: "<full name> commit", or "<name>^{commit} missing" (or ambiguous).
  out.split('\n').forEach((line, i) => {
    const [id, type] = line.split(' ');
    if (type === 'commit' && id && names[i] !== undefined) found.set(names[i], id);
  });
  return found;
}

/**
 * The drafts (of `drafts`, by identity) whose file a revision recorded after the draft's start
 * changed, the content being at `revision` now (Publisher.revision). Outside a git work tree,
 * none. A draft naming a revision this history does not have is outdated.
 */
export async function outdatedDrafts(siteDir: string, drafts: readonly Draft[], revision: string): Promise<Set<Draft>> {
  const outdated = new Set<Draft>();
  const older = drafts.filter((d) => d.base !== revision);
  if (older.length === 0 || !(await isWorkTree(siteDir))) return outdated;
  const head = revision.split('+')[0]!;
  let mine = known.get(siteDir);
  if (!mine || mine.head !== head || mine.changed.size > MAX_KNOWN) known.set(siteDir, (mine = { head, changed: new Map() }));
  const names = [...new Set(older.map((d) => d.base.split('+')[0]!).filter((name) => COMMIT.test(name)))];
  const commits = await commitsOf(siteDir, names);
  // The commits not asked about yet, asked together; those under way for another opening are waited for.
  const asked = [...new Set(commits.values())].filter((commit) => !mine.changed.has(commit));
  if (asked.length > 0) {
    const answer = changedFiles(siteDir, asked, head);
    for (const commit of asked) {
      const files = answer.then((changed) => changed?.get(commit));
      mine.changed.set(commit, files);
      // Git could not say (a fault, a timeout): asked again at the next opening.
      void files.then((found) => found ?? mine.changed.delete(commit));
    }
  }
  const changedOf = (name: string) => {
    const commit = commits.get(name);
    return commit ? mine.changed.get(commit) : undefined;
  };
  await Promise.all(
    older.map(async (draft) => {
      const name = draft.base.split('+')[0]!;
      const changed = COMMIT.test(name) ? await changedOf(name) : undefined;
      if (!changed || changed.has(draft.file)) outdated.add(draft);
    }),
  );
  return outdated;
}
