/**
 * The content's history read as data, for the revisions screen: what a revision changed (each
 * change with its text before and after), and the plans of the two ways back, each published
 * as a revision of its own through the one transaction (publish.ts):
 *
 * - undo: that revision's changes (or one of them: a box, an item of a list; or one item's) taken
 *   back alone from the content as it is now (history.ts undoFile); refused with a sentence naming
 *   the later change when one touched the same text;
 * - restore: the content as it was at that revision, as data (history.ts restoreFile): keys added
 *   since keep their values, values now worked out in the file's code are left to the code, and
 *   the plan says so in words.
 *
 * A revision is a git commit where the site folder is a work tree, else a snapshot in the data
 * folder; the content at a revision is read once and kept (a revision never changes).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import server from '../../../config/server';
import type { ChangeView, ContentChange, HistoryPlan, Revision, RevisionDetail } from '../model/contentApi';
import type { MovedConfig } from '../../site/model/movedSchema';
import { translatedFileOf } from '../../site/model/translation';
import { READ_ONLY_FILES } from '../model/contentContract';
import { diffValues, sameValue, type Edit, type KeyPath } from '../model/contentDiff';
import { changesOfFile, changeView, describe, whereInWords, type FileChange } from './changeWords';
import { formatDate } from '../../platform/received';
import { fill } from '../../schema/text';
import { checkChanges, type ChangedBy, type FileEdits } from './checkChanges';
import { configHistory, isWorkTree, parentOf } from './git';
import { placeIn, restoreFile, undoFile, valueAt, type RestoreNote } from './history';
import { loadAt, readSnapshot, releaseInWords, snapshotIds, summaryOf, withTranslationsRemoved, type Publisher } from './publish';
import { contentFiles, loadContent } from './site';
import { editSource, isNewFileAllowed, loadSourceParser, UnwritableEdit } from './write';

const messages = server.admin.messages;
type Values = ReadonlyMap<string, unknown>;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const clone = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

/** A plan and the changes it would publish. */
export interface Planned {
  plan: HistoryPlan;
  changes: ContentChange[];
  /** The redirects of config/moved.ts in the state gone back to (publish.ts PublishKind): a page back leads its earlier addresses to it again. */
  redirects: MovedConfig['moved'];
}

/** Which of a revision's changes an undo takes back: all (neither), one (its place in the revision's changes), or one item's. */
export interface UndoScope {
  change?: number;
  file?: string;
}

/** One change of a revision: its file's values before and at the revision, its edits (undefined: the whole file), its view. */
interface RevisionChange {
  file: string;
  before: unknown;
  after: unknown;
  edits?: Edit[];
  view: ChangeView;
}

/** How many revisions' contents are kept read (each is the whole content: a few hundred KB). */
const KEPT = 16;

/** What a revision's content is read as: its files' values, and its config/moved.ts (none before the first publish that moved a page). */
interface ReadRevision {
  values: Values;
  moved: MovedConfig | undefined;
}

export class RevisionHistory {
  private readonly kept = new Map<string, Promise<ReadRevision>>();

  constructor(
    private readonly publisher: Publisher,
    private readonly dataDir: string,
  ) {}

  private get siteDir(): string {
    return this.publisher.site.siteDir;
  }

  /** The revision with this id, or undefined when there is none (the last 1000 are looked at). */
  async find(id: string): Promise<Revision | undefined> {
    if (!/^[\w+-]{1,80}$/.test(id)) return undefined;
    return (await this.publisher.revisions(undefined, 1000)).find((revision) => revision.id === id);
  }

  /** The content files' values at a revision, and its config/moved.ts. */
  private readAt(id: string): Promise<ReadRevision> {
    let read = this.kept.get(id);
    if (!read) {
      read = (async () => {
        if (await isWorkTree(this.siteDir)) {
          const loaded = await loadAt(this.publisher.site, id);
          return { values: new Map(contentFiles(loaded).map((f) => [f.file, f.value])), moved: loaded.options.moved as MovedConfig | undefined };
        }
        const snapshot = readSnapshot(this.dataDir, id);
        return { values: new Map(snapshot.files.map((f) => [f.file, f.value])), moved: snapshot.moved };
      })();
      this.kept.set(id, read);
      read.catch(() => this.kept.delete(id));
      if (this.kept.size > KEPT) this.kept.delete(this.kept.keys().next().value!);
    }
    return read;
  }

  /** The content files' values at a revision. */
  private async valuesAt(id: string): Promise<Values> {
    return (await this.readAt(id)).values;
  }

  /** The redirects of config/moved.ts just before a revision (an undo of it goes back to them). */
  private async redirectsBefore(id: string): Promise<MovedConfig['moved']> {
    if (!(await isWorkTree(this.siteDir))) {
      const movedBefore = readSnapshot(this.dataDir, id).movedBefore;
      if (movedBefore) return movedBefore.moved;
    }
    const parent = await this.before(id);
    return parent ? ((await this.readAt(parent)).moved?.moved ?? []) : [];
  }

  /** The revision before this one (git: its parent; snapshots: the one recorded before it). */
  private async before(id: string): Promise<string | undefined> {
    if (await isWorkTree(this.siteDir)) return parentOf(this.siteDir, id);
    const ids = snapshotIds(this.dataDir);
    return ids[ids.indexOf(id) + 1];
  }

  /** The revisions after this one that changed a file, oldest first. */
  private async after(id: string, file: string): Promise<Revision[]> {
    const { siteDir } = this;
    if (await isWorkTree(siteDir)) {
      const ids = new Set((await configHistory(siteDir, 200, { file, since: id })).map((c) => c.id));
      return (await this.publisher.revisions(undefined, 1000)).filter((r) => ids.has(r.id)).reverse();
    }
    const all = await this.publisher.revisions(undefined, 1000);
    const at = all.findIndex((r) => r.id === id);
    return all.slice(0, Math.max(at, 0)).reverse();
  }

  /** The content files' values just before a revision, or undefined when they are not known (the first commit). */
  private async valuesBefore(id: string): Promise<Values | undefined> {
    if (!(await isWorkTree(this.siteDir))) {
      // A snapshot keeps the files it changed as they were before it.
      const snapshot = readSnapshot(this.dataDir, id);
      if (snapshot.before) {
        const values = new Map(snapshot.files.map((f) => [f.file, f.value]));
        for (const file of snapshot.changed ?? []) values.delete(file);
        for (const f of snapshot.before) values.set(f.file, f.value);
        return values;
      }
    }
    const parent = await this.before(id);
    return parent ? this.valuesAt(parent) : undefined;
  }

  /** What the revision changed, file by file: the values before it and at it. */
  private async changedBy(id: string): Promise<{ file: string; before: unknown; after: unknown }[]> {
    const [before, at] = await Promise.all([this.valuesBefore(id).then((values) => values ?? (new Map() as Values)), this.valuesAt(id)]);
    return [...new Set([...before.keys(), ...at.keys()])]
      .filter((file) => !sameValue(before.get(file), at.get(file)))
      .map((file) => ({ file, before: before.get(file), after: at.get(file) }));
  }

  /**
   * A revision's changes, in the order its before/after view lists them (their places there are
   * how one is named: UndoScope.change): each with its file, its values before and after the
   * revision, its edits (undefined: the whole file, made or removed) and its view.
   */
  private async changesOf(revision: Revision): Promise<RevisionChange[]> {
    // In the order of its items, as its summary says them (the files it changed outside them after).
    const order = (file: string) => revision.items?.findIndex((item) => item.file === file) ?? -1;
    const files = (await this.changedBy(revision.id))
      .map((f, place) => ({ ...f, place }))
      .sort((a, b) => (order(a.file) < 0 ? Infinity : order(a.file)) - (order(b.file) < 0 ? Infinity : order(b.file)) || a.place - b.place);
    return files.flatMap(({ file, before, after }): RevisionChange[] => {
      if (before === undefined || after === undefined) {
        const [view] = viewsOf([fileEdits(file, before, after)]);
        return [{ file, before, after, view: view! }];
      }
      return changesOfFile(file, before, after, diffValues(before, after)).map((change) => ({
        file,
        before,
        after,
        edits: change.edits,
        view: viewOf(file, before, after, change),
      }));
    });
  }

  /** A revision and its changes, each with the whole text before and after. */
  async detail(id: string): Promise<RevisionDetail | undefined> {
    const revision = await this.find(id);
    if (!revision) return undefined;
    return { revision, changes: (await this.changesOf(revision)).map((change) => change.view) };
  }

  /**
   * Undoing this revision's changes alone (`scope`: one of them, or one item's), as it would be
   * published now; undefined when there is no such revision, or no such change in it.
   */
  async planUndo(id: string, by: ChangedBy, scope: UndoScope = {}): Promise<Planned | undefined> {
    const revision = await this.find(id);
    if (!revision) return undefined;
    const baseRevision = await this.publisher.revision();
    const refused = (refusals: string[]): Planned => ({
      plan: { baseRevision, summary: [], changes: [], refusals, notes: [], files: [] },
      changes: [],
      redirects: [],
    });
    if (revision.kind === 'release') return refused([messages.releaseNotUndone]);
    if (!(await this.valuesBefore(id))) return refused([messages.firstRevision]);
    const all = await this.changesOf(revision);
    const picked =
      scope.change !== undefined ? all.slice(scope.change, scope.change + 1) : scope.file !== undefined ? all.filter((c) => c.file === scope.file) : all;
    if (picked.length === 0) return undefined;
    // A page, article or form removed (or made) in the revision went (or came) with its translation files in it
    // (publish.ts withTranslationsRemoved): one change, undone whole.
    const whole = new Set(picked.filter((c) => c.edits === undefined && !translatedFileOf(c.file)).map((c) => c.file));
    const chosen = [...picked, ...all.filter((c) => !picked.includes(c) && c.edits === undefined && whole.has(translatedFileOf(c.file)?.file ?? ''))];
    const loaded = await loadContent(this.publisher.site);
    const now = new Map(contentFiles(loaded).map((f) => [f.file, f.value]));
    const changes: ContentChange[] = [];
    const refusals: string[] = [];
    for (const file of new Set(chosen.map((c) => c.file))) {
      if (READ_ONLY_FILES[file]) continue;
      const ofFile = chosen.filter((c) => c.file === file);
      const { before, after } = ofFile[0]!;
      const current = now.get(file);
      // Some of the file's edits, or the whole of its change (all of them, or the file made or removed).
      const whole = ofFile.some((c) => c.edits === undefined) || ofFile.length === all.filter((c) => c.file === file).length;
      const undone = undoFile(before, after, current, whole ? undefined : ofFile.flatMap((c) => c.edits!));
      for (const conflict of undone.conflicts) refusals.push(await this.conflictSentence(id, file, after ?? before, conflict.path));
      if (undone.conflicts.length === 0 && !sameValue(undone.value, current)) changes.push({ file, value: undone.value === undefined ? null : undone.value });
    }
    return this.planOf(baseRevision, loaded, changes, refusals, [], by, await this.redirectsBefore(id));
  }

  /** The sentence for a place a later revision changed again: where, who, when and what. */
  private async conflictSentence(id: string, file: string, then: unknown, at: KeyPath): Promise<string> {
    const where = whereInWords(file, then, at);
    const was = valueAt(then, at);
    for (const later of await this.after(id, file)) {
      const value = (await this.valuesAt(later.id)).get(file);
      const place = placeIn(then, value, at);
      if (!place || !sameValue(valueAt(value, place), was)) {
        // The later revision's own line about that place, else its first.
        const change = later.summary.find((line) => line.startsWith(`${where}:`) || where.startsWith(line.split(':')[0]!)) ?? later.summary[0] ?? '';
        return fill(messages.undoConflict, { where, author: later.author, at: formatDate(later.at), change });
      }
    }
    return fill(messages.undoConflictSince, { where });
  }

  /** Restoring the content of this revision, as data, as it would be published now. */
  async planRestore(id: string, by: ChangedBy): Promise<Planned | undefined> {
    const revision = await this.find(id);
    if (!revision) return undefined;
    const baseRevision = await this.publisher.revision();
    const [then, loaded] = await Promise.all([this.valuesAt(id), loadContent(this.publisher.site), loadSourceParser()]);
    const now = new Map(contentFiles(loaded).map((f) => [f.file, f.value]));
    const changes: ContentChange[] = [];
    const notes: string[] = [];
    const refusals: string[] = [];
    for (const file of new Set([...then.keys(), ...now.keys()])) {
      if (READ_ONLY_FILES[file]) continue;
      const old = then.get(file);
      const current = now.get(file);
      if (current === undefined) {
        // A page made by the office and removed since comes back; any other file is the developers'.
        if (isNewFileAllowed(file)) changes.push({ file, value: clone(old) });
        continue;
      }
      if (old === undefined) {
        if (isNewFileAllowed(file)) changes.push({ file, value: null });
        continue;
      }
      const restored = restoreFile(old, current);
      const left = leaveToCode(this.siteDir, file, restored.value, current);
      if (left.refusal) {
        refusals.push(left.refusal);
        continue;
      }
      if (sameValue(restored.value, current)) continue;
      changes.push({ file, value: restored.value });
      for (const note of [...restored.notes, ...left.notes]) notes.push(noteSentence(file, restored.value, note));
    }
    return this.planOf(baseRevision, loaded, changes, refusals, notes, by, (await this.readAt(id)).moved?.moved ?? []);
  }

  private planOf(
    baseRevision: string,
    loaded: Awaited<ReturnType<typeof loadContent>>,
    changes: ContentChange[],
    refusals: string[],
    notes: string[],
    by: ChangedBy,
    redirects: MovedConfig['moved'],
  ): Planned {
    if (refusals.length > 0 || changes.length === 0)
      return { plan: { baseRevision, summary: [], changes: [], refusals, notes, files: [] }, changes: [], redirects: [] };
    // A page, article or form removed by the undo (its creation undone) takes its translation files with it, as a publish that removes it does.
    const all = [...withTranslationsRemoved(changes, loaded)];
    const checked = checkChanges(this.publisher.site, loaded, all, by);
    if (checked.problems.length > 0)
      return {
        plan: { baseRevision, summary: [], changes: [], refusals: checked.problems.map((p) => p.message), notes, files: [] },
        changes: [],
        redirects: [],
      };
    return { plan: { baseRevision, summary: summaryOf(checked.files), changes: viewsOf(checked.files), refusals, notes, files: all }, changes: all, redirects };
  }
}

/** A file's change as the checker's FileEdits (made, removed, or its edits). */
function fileEdits(file: string, before: unknown, after: unknown): FileEdits {
  return { file, before, after: after === undefined ? null : after, edits: before === undefined || after === undefined ? [] : diffValues(before, after) };
}

/** The before/after view of the files' changes. */
function viewsOf(files: readonly FileEdits[]): ChangeView[] {
  return files.flatMap(({ file, before, after, edits }): ChangeView[] => {
    if (before === undefined) return [{ file, where: whereInWords(file, after), after: describe(after) }];
    if (after === null) return [{ file, where: whereInWords(file, before), before: describe(before) }];
    return changesOfFile(file, before, after, edits).map((change) => viewOf(file, before, after, change));
  });
}

/** One change of a file for the before/after view, with its item and its place in the file (a moved item's: where it goes, which the preview shows). */
function viewOf(file: string, before: unknown, after: unknown, change: FileChange): ChangeView {
  const edit = change.edits[0]!;
  const path = change.box ?? (edit.op === 'move' ? [...edit.path, edit.to] : edit.path);
  return { file, path: [...path], ...changeView(file, before, after, change) };
}

/**
 * The values of a restored file that the file now works out in its code, put back to what the
 * code gives (the writer refuses to write over them: write.ts), each noted. A file whose whole
 * value is code is refused.
 */
function leaveToCode(siteDir: string, file: string, value: unknown, current: unknown): { notes: RestoreNote[]; refusal?: string } {
  const notes: RestoreNote[] = [];
  let source: string;
  try {
    source = readFileSync(path.join(siteDir, file), 'utf8');
  } catch {
    return { notes };
  }
  for (let tries = 0; tries < 200; tries++) {
    const edits = diffValues(current, value);
    if (edits.length === 0) return { notes };
    try {
      editSource(file, source, edits);
      return { notes };
    } catch (error) {
      if (!(error instanceof UnwritableEdit)) throw error;
      if (error.path.length === 0) return { notes, refusal: error.message };
      const parent = valueAt(value, error.path.slice(0, -1));
      const key = error.path[error.path.length - 1]!;
      const code = valueAt(current, error.path);
      if (Array.isArray(parent) && typeof key === 'number') parent[key] = clone(code);
      else if (isRecord(parent) && code === undefined) delete parent[key];
      else if (isRecord(parent)) parent[key] = clone(code);
      else return { notes, refusal: error.message };
      notes.push({ path: error.path, reason: 'workedOutInCode' });
    }
  }
  return { notes };
}

function noteSentence(file: string, value: unknown, note: RestoreNote): string {
  const where = whereInWords(file, value, note.path);
  return fill(note.reason === 'addedSince' ? messages.restoreAddedSince : messages.restoreLeftToCode, { where });
}

/**
 * The revisions as the list shows them: newest first by their time (git lists a developer's
 * commits in the order of their history, whatever their dates), and each run of developers'
 * releases one after another folded into one line: how many, from when to when, and the pages,
 * forms and parts they changed (its id the newest's: Restore goes back to the end of the run).
 */
export function listed(revisions: readonly Revision[]): Revision[] {
  const sorted = revisions
    .map((revision, place) => ({ revision, place, time: Date.parse(revision.at) }))
    .sort((a, b) => b.time - a.time || a.place - b.place)
    .map(({ revision }) => revision);
  const out: Revision[] = [];
  for (let i = 0; i < sorted.length;) {
    let end = i + 1;
    if (sorted[i]!.kind === 'release') while (end < sorted.length && sorted[end]!.kind === 'release') end++;
    const run = sorted.slice(i, end);
    if (run.length === 1) out.push(run[0]!);
    else {
      const changed = [...new Set(run.flatMap((r) => r.changed ?? []))];
      out.push({ ...run[0]!, changed, summary: [releaseInWords(changed)], folded: { count: run.length, from: run[run.length - 1]!.at } });
    }
    i = end;
  }
  return out;
}
