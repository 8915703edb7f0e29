/**
 * The copy guard (src/test/pinnedCopy.test.ts): no test pins the agency's copy, and no office
 * edit makes a test look as if it did.
 *
 * A test is held to what it wrote. Its texts are compared with the copy of config/ as it stood
 * when the test file itself last changed (its last commit, read from the project's git history),
 * so words the office writes later, which a test happened to use for its own purposes (an example
 * option of its own, say), never turn the suite red. A test file that is new, or changed since its
 * last commit, or a project without a history, is compared with config/ as it is now.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import ts from 'typescript';

/**
 * A text of the copy: words a person reads (two or more, 12 characters at least), not a
 * path, an address or a key.
 */
export function isCopy(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length >= 12 && /\s/.test(trimmed) && !/^(\/|https?:|mailto:|tel:|npm )/.test(trimmed);
}

/** Every text of the copy in a piece of config (its values, as the site reads them). */
export function copyOf(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    if (isCopy(value)) found.add(value.trim());
  } else if (Array.isArray(value)) value.forEach((v) => copyOf(v, found));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => copyOf(v, found));
  return found;
}

/**
 * Every text of the copy written in a config file's source: its string literals (config/ is data,
 * written out as it is read). Reads a version of config/ that cannot be run today.
 */
export function copyInSource(source: string, found = new Set<string>()): Set<string> {
  const add = (text: string) => {
    if (isCopy(text)) found.add(text.trim());
  };
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) add(node.text);
    else if (ts.isTemplateExpression(node)) [node.head, ...node.templateSpans.map((span) => span.literal)].forEach((part) => add(part.text));
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile('config.ts', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS));
  return found;
}

/** The texts of `copy` that `source` writes out itself. */
export const pinnedIn = (source: string, copy: Iterable<string>) => [...copy].filter((text) => source.includes(text));

/** A project's git history: its work tree and the repository it reads (which may be another copy's). */
export interface History {
  workTree: string;
  gitDir: string;
}

function git(history: History, args: string[], input?: string): string | undefined {
  const result = spawnSync('git', ['--git-dir', history.gitDir, '--work-tree', history.workTree, ...args], {
    cwd: history.workTree,
    encoding: 'latin1',
    input,
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' },
  });
  return result.status === 0 ? result.stdout : undefined;
}

/**
 * The history of the project at `workTree`: its own repository, or `gitDir` when given (the
 * content-edits step runs the guard in a copy of the project that has no .git of its own). None
 * when git or the repository is missing, or when the repository found is another folder's.
 */
export function historyOf(workTree: string, gitDir?: string): History | undefined {
  if (gitDir) return { workTree, gitDir };
  const found = spawnSync('git', ['rev-parse', '--show-toplevel', '--absolute-git-dir'], { cwd: workTree, encoding: 'utf8' });
  if (found.status !== 0) return undefined;
  const [top, dir] = found.stdout.trim().split('\n');
  if (!top || !dir || realpathSync(top) !== realpathSync(workTree)) return undefined;
  return { workTree, gitDir: dir };
}

/** Git's name for a file's contents (its blob id). */
const blobId = (contents: Buffer) => createHash('sha1').update(`blob ${contents.length}\0`).update(contents).digest('hex');

/**
 * The commit a file last changed in, if the file is as that commit left it; none for a file that
 * is new or changed since (it is held to config/ as it is now).
 */
function lastCommitOf(history: History, file: string, contents: Buffer): string | undefined {
  const commit = git(history, ['log', '-1', '--format=%H', '--', file])?.trim();
  if (!commit) return undefined;
  return git(history, ['rev-parse', `${commit}:${file}`])?.trim() === blobId(contents) ? commit : undefined;
}

/** Every text of the copy in config/ as it stood at a commit. */
function copyAt(history: History, commit: string): Set<string> {
  const read = (args: string[], input?: string) => {
    const out = git(history, args, input);
    if (out === undefined) throw new Error(`git ${args.join(' ')} failed: config/ at ${commit} could not be read`);
    return out;
  };
  const names = read(['ls-tree', '-r', '-z', '--name-only', commit, '--', 'config/'])
    .split('\0')
    .filter((name) => name.endsWith('.ts'));
  const batch = Buffer.from(read(['cat-file', '--batch'], names.map((name) => `${commit}:${name}\n`).join('')), 'latin1');
  const found = new Set<string>();
  // Each answer: "<id> blob <size>\n", the contents, "\n".
  for (let at = 0; at < batch.length;) {
    const headerEnd = batch.indexOf(10, at);
    const size = Number(batch.subarray(at, headerEnd).toString('latin1').split(' ')[2]);
    copyInSource(batch.subarray(headerEnd + 1, headerEnd + 1 + size).toString('utf8'), found);
    at = headerEnd + 1 + size + 1;
  }
  return found;
}

/** A test file: its path in the project and its contents. */
export interface TestFile {
  file: string;
  contents: Buffer;
}

/**
 * Every text of the copy a test file pins, as `file: "text"`: a text of config/ as it is now that
 * the file writes out, and that config/ already held when the file last changed.
 */
export function pinnedTexts(files: TestFile[], copyNow: Set<string>, history: History | undefined): string[] {
  const copyThen = new Map<string, Set<string>>();
  return files.flatMap(({ file, contents }) => {
    const now = pinnedIn(contents.toString('utf8'), copyNow);
    if (!now.length) return [];
    const commit = history && lastCommitOf(history, file, contents);
    if (commit && !copyThen.has(commit)) copyThen.set(commit, copyAt(history, commit));
    const then = commit ? copyThen.get(commit) : undefined;
    return now.filter((text) => !then || then.has(text)).map((text) => `${file}: "${text}"`);
  });
}
