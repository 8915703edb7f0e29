/**
 * Publishing, as one transaction, in the order databases keep theirs: a publish (and a restore)
 * happens whole or not at all, and a crash at any point leaves, after the next start, the live
 * site equal to the last recorded revision, the site folder clean, and the unfinished edit kept
 * as its author's draft.
 *
 *   1. check      the changes against the content as it is (checkChanges.ts, the config checker), and
 *                 the files as they would be written, read back in a folder of their own;
 *   2. render     the pages from the new content, with the code already built, into a release
 *                 folder of their own (dist/releases/<id>: src/render/render.ts, in a thread);
 *   3. journal    what is about to change (each file before and after), written whole to the data
 *                 folder: from here a crash is finished or undone at the next start (recover);
 *   4. write      the config files, each whole or not at all (atomicFiles.ts);
 *   5. record     the revision: a commit authored by the editor (git, message on standard input),
 *                 else a snapshot of every content file in the data folder;
 *   6. switch     the live site to the release (liveBuild.ts: our server, dist/releases/LIVE, Caddy);
 *   7. tidy       the journal and the author's drafts of these files go, old releases are pruned.
 *
 * Anything failing before 6 puts the files back and changes nothing live; a switch the server in
 * front refuses takes the record back too. Nothing is live before it is recorded.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deployFiles } from '../../deploy/deployFiles';
import type { Forms } from '../../deploy/firebaseRules';
import server from '../../../config/server';
import type { ContentChange, ContentProblem, Revision, RevisionItem, RevisionKind } from '../model/contentApi';
import type { AdminRole } from '../../platform/roles';
import { UPLOADS_PATH, uploadNamesIn } from '../../platform/uploads';
import { sameValue } from '../model/contentDiff';
import { editsInWords, fileInWords, whereInWords } from './changeWords';
import { fill } from '../../schema/text';
import type { MovedConfig } from '../../site/model/movedSchema';
import { movedAfter, sameMoved, type Farewell } from '../../site/model/moved';
import { publicNamesOf } from './checkConfig';
import { contentAddresses, siteRoutes } from '../../site/model/routing';
import { translatedFileOf } from '../../site/model/translation';
import { contentFingerprint, NOTHING_MOVED, RELEASE_FILE, siteContentOf, type SiteContent } from '../../site/model/siteContent';
import { articlePages } from '../../site/model/articles';
import { FrontRefused, releasesDir, setLiveRelease, type LiveSite } from './liveBuild';
import { readTextOrNothing, writeFileAtomically, writeJsonAtomically } from './atomicFiles';
import { checkChanges, startProblems, type ChangedBy, type FileEdits } from './checkChanges';
import { officeWordsOf } from '../model/officeSentences';
import type { Drafts } from './drafts';
import { commit, configHistory, gitStamp, head, isWorkTree, trailersOf, uncommit, uncommitted, unstage, type Commit } from './git';
import { pictureSizes, uploadsNamedIn } from './images';
import { workerRenderer, type SiteRenderer } from './renderer';
import { contentFiles, contentHash, loadContent, run, type ContentSite, type LoadedContent } from './site';
import { lockFile, takeLock } from './siteLock';
import { MOVED_FILE } from '../model/contentSchemas';
import { editSource, FORMS_INDEX, formsIndexSource, loadSourceParser, movedSource, newFileSource, UnwritableEdit } from './write';
import { failpoint } from '../../platform/server/failpoints';

export type PublishResult =
  | { status: 200; revision: Revision }
  | { status: 400; problems: ContentProblem[] }
  | { status: 409; reason: 'busy' | 'changed' | 'releasing' }
  /** The pages could not be drawn: nothing changed. */
  | { status: 500; error: string; failed: 'render' | 'write' | 'record' }
  /** The server in front (Caddy) did not take the new release: nothing was published. */
  | { status: 503; error: string };

/** The steps of a publish, after each of which a crash is survived: the failpoints `publish.<step>` (docs/failpoints.md), for the crash tests. */
export const PUBLISH_STEPS = ['checked', 'rendered', 'journaled', 'written', 'recorded', 'switched'] as const;
export type PublishStep = (typeof PUBLISH_STEPS)[number];

export interface PublisherOptions {
  site: ContentSite;
  dataDir: string;
  clock: () => number;
  /** The code build the pages are drawn with (default: the site folder's dist/). */
  codeDir?: string;
  /** Draws a release's pages (default: in a thread of its own: renderer.ts). */
  renderer?: SiteRenderer;
  /** Where an unfinished edit is kept (a crash, a failure after the check). */
  drafts?: Drafts;
  /** Told after each publish that went through, with the content files as they are now (the scheduler reads their moments). */
  onPublished?: (files: ContentChange[]) => void;
  /**
   * The role of an author's account now (undefined: no such account); only an owner changes the
   * settings the schemas mark ownerOnly. Without it (no accounts: a checkout's own editor) every author may.
   */
  roleOf?: (author: string) => AdminRole | undefined;
}

/** How a publish came about. */
export interface PublishHow {
  /** The server published its author's scheduled draft by itself: the revision says so. */
  scheduled?: boolean;
}

/** What is about to change, kept in the data folder until the publish is done (the write-ahead record). */
interface Journal {
  id: string;
  state: 'prepared' | 'recorded';
  author: string;
  at: string;
  /** The revision before (git's HEAD, or the last snapshot's id). */
  base: string;
  /** Each file's text before (absent: it did not exist) and after (null: removed). */
  files: { file: string; before?: string; after: string | null }[];
  /** The editor's changes, for its draft if the publish does not go through. */
  changes: ContentChange[];
  summary: string[];
  /** The summary's lines, item by item (absent in journals written before items were). */
  items?: RevisionItem[];
  /** Published by the server at its author's scheduled time. */
  scheduled?: boolean;
  /** The release folder's name (dist/releases/<release>), when pages were drawn. */
  release?: string;
  commit?: string;
  /** An undo or a restore (absent: a publish), and the revision it took back or went back to. */
  kind?: RevisionKind;
  of?: string;
}

/** What a publish is, when it is not the editor's own edit: an undo or a restore of that revision. */
export interface PublishKind {
  kind: 'undo' | 'restore';
  of: string;
  /** The redirects of config/moved.ts in the state gone back to: an address gone since leads to its page again once it is back (src/site/model/moved.ts). */
  redirects?: MovedConfig['moved'];
}

const JOURNAL_FILE = 'publish-journal.json';
const SNAPSHOTS = 'content-revisions';
/** The trailer of a commit the server made at its author's scheduled time. */
const SCHEDULED_BY = 'Publish-Scheduled-By';

/** The revision's words, item by item (each content file changed): one line per change. */
function itemsOf(files: readonly FileEdits[]): RevisionItem[] {
  return files.map(({ file, before, after, edits }) => ({
    file,
    summary:
      before === undefined ? [fileInWords(file, after, true)] : after === null ? [fileInWords(file, before, false)] : editsInWords(file, before, after, edits),
  }));
}

/** The revision's words: one line per change. */
export function summaryOf(files: readonly FileEdits[]): string[] {
  return itemsOf(files).flatMap((item) => item.summary);
}

/** The trailer that says which item the next lines of a commit's summary belong to: "Publish-Item: config/pages/home.ts (2)". */
const ITEM_TRAILER = 'Publish-Item';
const itemTrailer = (item: RevisionItem) => `${ITEM_TRAILER}: ${item.file} (${item.summary.length})`;

/** The items of a commit's summary, by its Publish-Item trailers (undefined when they do not add up to its lines). */
function itemsOfTrailers(lines: readonly string[], summary: readonly string[]): RevisionItem[] | undefined {
  const items: RevisionItem[] = [];
  let from = 0;
  for (const line of lines) {
    const found = new RegExp(`^${ITEM_TRAILER}: (config/\\S+) \\((\\d+)\\)$`).exec(line);
    if (!found) continue;
    const count = Number(found[2]);
    items.push({ file: found[1]!, summary: summary.slice(from, from + count) });
    from += count;
  }
  return items.length > 0 && from === summary.length ? items : undefined;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What the office chose for the visitors of each page these changes remove (checked: checkChanges.ts), by the page's address before. */
function farewellsOf(changes: readonly ContentChange[], files: readonly FileEdits[]): Record<string, Farewell> {
  const farewells: Record<string, Farewell> = {};
  for (const { file, farewell } of changes) {
    const before = files.find((f) => f.file === file && f.after === null)?.before as { address?: unknown } | undefined;
    if (farewell !== undefined && typeof before?.address === 'string') farewells[before.address] = farewell;
  }
  return farewells;
}

export class Publisher {
  private busy = false;
  /** The last revision() git was asked for, and the state it was asked in. */
  private lastRevision: { stamp: string; content: string; id: string } | undefined;
  /** The served site (serve()); without one (no pages served), a publish writes and records but renders nothing. */
  private live: LiveSite | undefined;
  private readonly renderer: SiteRenderer;
  private readonly codeDir: string;

  constructor(private readonly options: PublisherOptions) {
    this.renderer = options.renderer ?? workerRenderer();
    this.codeDir = options.codeDir ?? path.join(options.site.siteDir, 'dist');
  }

  get site(): ContentSite {
    return this.options.site;
  }

  /** The data folder (the journal, and the revisions' snapshots outside git). */
  get dataDir(): string {
    return this.options.dataDir;
  }

  /** The site served from now on, which publishes switch. */
  serve(live: LiveSite): void {
    this.live = live;
  }

  private get journalFile(): string {
    return path.join(this.options.dataDir, JOURNAL_FILE);
  }

  /**
   * Names the content as it is now: git's HEAD (with a hash of config/ when it has uncommitted
   * changes), else a hash of config/. Asked at every read of the editor's content: git is asked
   * again only when config/ or git's own state (gitStamp) changed since the last answer.
   */
  async revision(): Promise<string> {
    const { siteDir } = this.options.site;
    const content = contentHash(this.options.site);
    if (!(await isWorkTree(siteDir))) return content;
    const stamp = gitStamp(siteDir);
    const known = this.lastRevision;
    if (stamp !== undefined && known?.stamp === stamp && known.content === content) return known.id;
    const commitId = await head(siteDir);
    const id = (await uncommitted(siteDir, ['config'])) ? `${commitId}+${content}` : commitId;
    // Kept only if nothing changed while git was asked.
    if (stamp !== undefined && gitStamp(siteDir) === stamp && contentHash(this.options.site) === content) this.lastRevision = { stamp, content, id };
    return id;
  }

  /** Who an author is to the checks (checkChanges.ts ChangedBy): an owner, read now (a role changed or an account removed applies at once). */
  changedBy(author: string): ChangedBy {
    return { owner: this.options.roleOf ? this.options.roleOf(author) === 'owner' : true };
  }

  /** Gets the render ready (the editor was opened: a publish may follow). */
  warm(): void {
    if (this.live && existsSync(path.join(this.codeDir, 'code.json'))) this.renderer.warm(this.codeDir);
  }

  async close(): Promise<void> {
    await this.renderer.close();
  }

  async publish(
    changes: readonly ContentChange[],
    baseRevision: string | undefined,
    author: string,
    kind?: PublishKind,
    how: PublishHow = {},
  ): Promise<PublishResult> {
    if (this.busy) return { status: 409, reason: 'busy' };
    this.busy = true;
    // A release (`npm run release`, siteLock.ts) and a publish never change the folder at the same time.
    const lock = (await isWorkTree(this.options.site.siteDir)) ? takeLock(lockFile(this.options.site.siteDir), 'publish') : undefined;
    try {
      // First the edit is its author's draft, as far as the drafts' limits allow (drafts.ts keep: what a draft save would keep, no more):
      // whatever happens next (a refusal, a crash), it is not lost; a publish that goes through clears it. A change the limits
      // refuse is not kept here (the editor's browser keeps each edit until the server has it as a draft: draftSaver.ts).
      const revision = await this.revision();
      this.options.drafts?.keep(author, changes, baseRevision ?? revision);
      if (lock && !lock.taken) return { status: 409, reason: 'releasing' };
      if (baseRevision !== undefined && baseRevision !== revision) return { status: 409, reason: 'changed' };
      return await this.publishNow(changes, author, kind, how);
    } finally {
      if (lock?.taken) lock.release();
      this.busy = false;
    }
  }

  private async publishNow(changes: readonly ContentChange[], author: string, kind?: PublishKind, how: PublishHow = {}): Promise<PublishResult> {
    const { site, clock } = this.options;
    const { live } = this;
    const { siteDir } = site;
    const loaded = await loadContent(site);
    const checked = checkChanges(site, loaded, withTranslationsRemoved(changes, loaded), this.changedBy(author));
    if (checked.problems.length > 0) return { status: 400, problems: checked.problems };
    if (checked.files.length === 0) {
      for (const change of changes) this.options.drafts?.discard(author, change.file);
      return { status: 200, revision: { id: await this.revision(), author, at: new Date(clock()).toISOString(), summary: [] } };
    }
    const items = itemsOf(checked.files);
    const summary = items.flatMap((item) => item.summary);
    const at = new Date(clock()).toISOString();
    // Outside git the snapshots are in the order of their names (whatever the clock says): a number in turn leads.
    const stamp = `${at.replace(/[-:.]/g, '').replace('T', '-').slice(0, 18)}-${randomBytes(3).toString('hex')}`;
    const id = (await isWorkTree(siteDir)) ? stamp : `s${String(snapshotIds(this.options.dataDir).length + 1).padStart(6, '0')}-${stamp}`;

    // 1. The files as they will be, in memory, then read back in a folder of their own: exactly the values sent, and the whole content still good.
    const texts = new Map<string, { before?: string; after: string | null }>();
    await loadSourceParser();
    for (const { file, edits, after } of checked.files) {
      const before = readTextOrNothing(path.join(siteDir, file));
      try {
        // A file edited in place, made (a new page), or removed.
        texts.set(file, {
          ...(before === undefined ? {} : { before }),
          after: after === null ? null : before === undefined ? newFileSource(file, after) : editSource(file, before, edits),
        });
      } catch (error) {
        if (error instanceof UnwritableEdit) {
          const said = officeWordsOf({ file: error.file, path: error.path, words: { kind: 'notWritable' } }, after);
          return { status: 400, problems: [{ file: error.file, path: error.path, message: said.sentence, field: said.field, developer: error.message }] };
        }
        throw error;
      }
    }
    // A form made or removed here is added to the list of forms (config/forms/index.ts) or taken from it.
    for (const { file, before, after } of checked.files) {
      const made = before === undefined && after !== null;
      if (!/^config\/forms\/[^_/][^/]*\.ts$/.test(file) || file === FORMS_INDEX || (!made && after !== null)) continue;
      const index = texts.get(FORMS_INDEX);
      const source = index?.after ?? readTextOrNothing(path.join(siteDir, FORMS_INDEX));
      if (source === undefined || source === null) continue;
      const id = path.basename(file, '.ts');
      texts.set(FORMS_INDEX, { ...(index ? index : { before: source }), after: formsIndexSource(source, id, made) });
    }
    const reread = await this.readBack(texts);
    const written = new Map(contentFiles(reread).map((f) => [f.file, f.value]));
    const wrong = checked.files.find((f) => (f.after === null ? written.has(f.file) : !sameValue(written.get(f.file), f.after)));
    if (wrong) return { status: 500, failed: 'render', error: `${wrong.file} did not read back as it was sent` };
    const recheck = checkChanges(site, reread, [], this.changedBy(author));
    if (recheck.problems.length > 0) return { status: 400, problems: recheck.problems };
    let content = siteContentOf(reread.options);
    // Addresses never break: an address a page had and no longer has leads to its new one, or is gone (config/moved.ts, src/site/model/moved.ts);
    // going back (an undo, a restore) brings back the redirects of the state it goes back to.
    const answered = [...siteRoutes(content.routes).pagePaths.map((p) => p.path), ...articlePages(content).map((a) => a.path)];
    const moved = movedAfter(
      (loaded.options.moved as MovedConfig | undefined) ?? NOTHING_MOVED,
      contentAddresses(loaded.options),
      contentAddresses(reread.options),
      answered,
      {
        publicNames: publicNamesOf(path.join(siteDir, 'public')),
        remembered: kind?.redirects ?? [],
        farewells: farewellsOf(changes, checked.files),
      },
    );
    if (!sameMoved(moved, content.moved)) {
      texts.set(MOVED_FILE, {
        ...(existsSync(path.join(siteDir, MOVED_FILE)) ? { before: readTextOrNothing(path.join(siteDir, MOVED_FILE))! } : {}),
        after: movedSource(moved),
      });
      content = { ...content, moved };
    }
    // What `npm start` checks (src/render/checkProject.ts), on the config as it is about to be written, config/moved.ts
    // included: nothing is written that the site would not start with.
    const refusals = startProblems(site, texts.has(MOVED_FILE) ? await this.readBack(texts) : reread);
    if (refusals.length > 0) return { status: 400, problems: refusals };
    // The Firebase rules the site has follow the forms (src/deploy/deployFiles.ts): rewritten with the edit that changes them, and recorded with it.
    for (const [file, text] of deployFiles(content.forms as Forms)) {
      const before = readTextOrNothing(path.join(siteDir, file));
      if (before !== undefined && before !== text) texts.set(file, { before, after: text });
    }
    failpoint('publish.checked');

    // 2. The pages, into a release folder of their own: nothing live changes.
    const release = live ? id : undefined;
    if (release) {
      try {
        await this.render(content, release, live!.clientDir());
      } catch (error) {
        rmSync(path.join(releasesDir(siteDir), release), { recursive: true, force: true });
        return { status: 500, failed: 'render', error: messageOf(error) };
      }
      failpoint('publish.rendered');
    }

    // 3. The journal: from here a crash is finished or undone at the next start.
    const base = (await isWorkTree(siteDir)) ? await head(siteDir) : (snapshotIds(this.options.dataDir)[0] ?? '');
    const journal: Journal = {
      id,
      state: 'prepared',
      author,
      at,
      base,
      files: [...texts].map(([file, { before, after }]) => ({ file, ...(before === undefined ? {} : { before }), after })),
      changes: [...changes],
      summary,
      items,
      ...(how.scheduled ? { scheduled: true } : {}),
      ...(release ? { release } : {}),
      ...(kind ? { kind: kind.kind, of: kind.of } : {}),
    };
    try {
      writeJsonAtomically(this.journalFile, journal);
    } catch (error) {
      this.dropRelease(release);
      return { status: 500, failed: 'write', error: messageOf(error) };
    }
    failpoint('publish.journaled');

    // 4. The files, each whole or not at all.
    try {
      for (const { file, after } of journal.files) writeOrRemove(path.join(siteDir, file), after);
    } catch (error) {
      await this.undo(journal);
      return { status: 500, failed: 'write', error: messageOf(error) };
    }
    failpoint('publish.written');

    // 5. The record: from here this is the content's revision.
    let revision: Revision;
    try {
      revision = await this.record(journal, contentFiles(reread), contentFiles(loaded), {
        before: (loaded.options.moved as MovedConfig | undefined) ?? NOTHING_MOVED,
        after: content.moved,
      });
    } catch (error) {
      await this.undo(journal);
      return { status: 500, failed: 'record', error: messageOf(error) };
    }
    journal.state = 'recorded';
    journal.commit = revision.id;
    try {
      writeJsonAtomically(this.journalFile, journal);
    } catch {
      // The record is made: recover() finds it by the id it carries, whatever the journal says.
    }
    failpoint('publish.recorded');

    // 6. The switch.
    if (release && live) {
      try {
        await live.switchTo(path.join(releasesDir(siteDir), release, 'client'));
      } catch (error) {
        await this.unrecord(journal);
        await this.undo(journal);
        const message = messageOf(error);
        return error instanceof FrontRefused ? { status: 503, error: message } : { status: 500, failed: 'write', error: message };
      }
      failpoint('publish.switched');
    }

    // 7. Done: the journal and the author's drafts of these files go.
    rmSync(this.journalFile, { force: true });
    for (const change of changes) this.options.drafts?.discard(author, change.file);
    this.options.onPublished?.(contentFiles(reread));
    return { status: 200, revision };
  }

  /**
   * Draws the pages again from the content as it is, and serves them: a moment the content
   * names (an article's expiry) has come. Nothing is written or recorded (the content did not
   * change; what it shows at this time did). 'busy' while a publish or a release is under way.
   */
  async refresh(): Promise<'done' | 'busy' | 'nothing'> {
    const { live } = this;
    if (!live || !existsSync(path.join(this.codeDir, 'code.json'))) return 'nothing';
    if (this.busy) return 'busy';
    this.busy = true;
    const { siteDir } = this.options.site;
    const lock = (await isWorkTree(siteDir)) ? takeLock(lockFile(siteDir), 'publish') : undefined;
    try {
      if (lock && !lock.taken) return 'busy';
      const loaded = await loadContent(this.options.site);
      if (loaded.problems.length > 0) return 'nothing';
      const release = `${new Date(this.options.clock()).toISOString().replace(/[-:.]/g, '').replace('T', '-').slice(0, 15)}-${randomBytes(3).toString('hex')}`;
      try {
        await this.render(siteContentOf(loaded.options), release, live.clientDir());
        await live.switchTo(path.join(releasesDir(siteDir), release, 'client'));
      } catch (error) {
        this.dropRelease(release);
        throw error;
      }
      return 'done';
    } finally {
      if (lock?.taken) lock.release();
      this.busy = false;
    }
  }

  /**
   * Whether any of these files was changed by a revision recorded after `base` (a draft's
   * starting revision): a scheduled draft is not published over someone else's later change.
   * Known where the site is a git work tree; elsewhere, answers false.
   */
  async changedSince(base: string, files: readonly string[]): Promise<boolean> {
    const { siteDir } = this.options.site;
    if (!(await isWorkTree(siteDir))) return false;
    const commitId = base.split('+')[0]!;
    if (!/^[0-9a-f]{7,64}$/.test(commitId)) return true;
    try {
      await run('git', ['diff', '--quiet', commitId, 'HEAD', '--', ...files], siteDir);
      return false;
    } catch {
      // Differences (exit code 1), or a base this history does not have.
      return true;
    }
  }

  /** The content as the files would be: the config folder copied with these texts in it, and read there. */
  private async readBack(texts: ReadonlyMap<string, { after: string | null }>): Promise<LoadedContent> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'publish-'));
    try {
      cpSync(path.join(this.options.site.siteDir, 'config'), path.join(dir, 'config'), { recursive: true });
      for (const [file, { after }] of texts) if (file.startsWith('config/')) writeOrRemove(path.join(dir, file), after);
      return await loadContent(this.options.site, path.join(dir, 'config'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  /**
   * Draws the content's pages into dist/releases/<release> (marked whole by its RELEASE_FILE, written last),
   * once the pictures it names have their sizes (made first if they have not; at start, `sizes: 'asThereAre'`,
   * the pages are drawn with those there are, and the others are made in the background).
   */
  private async render(
    content: SiteContent,
    release: string,
    earlierClientDir: string,
    { sizes = 'made' }: { sizes?: 'made' | 'asThereAre' } = {},
  ): Promise<void> {
    const { siteDir } = this.options.site;
    if (sizes === 'made') await pictureSizes.ready(path.join(siteDir, 'public', UPLOADS_PATH), uploadNamesIn(content));
    // Drawn for the server's own moment (an article past its `expires` by then is left out).
    await this.renderer.render({
      content,
      codeDir: this.codeDir,
      outDir: path.join(releasesDir(siteDir), release),
      earlierClientDir,
      publicDir: path.join(siteDir, 'public'),
      now: new Date(this.options.clock()),
    });
  }

  private dropRelease(release: string | undefined): void {
    if (release) rmSync(path.join(releasesDir(this.options.site.siteDir), release), { recursive: true, force: true });
  }

  /** Puts the files back as the journal had them before, drops the release and the journal, and keeps the edit as its author's draft. */
  private async undo(journal: Journal): Promise<void> {
    const { siteDir } = this.options.site;
    for (const { file, before } of journal.files) {
      const full = path.join(siteDir, file);
      if (before === undefined) rmSync(full, { force: true });
      else if (readTextOrNothing(full) !== before) writeFileAtomically(full, before);
    }
    if (await isWorkTree(siteDir))
      await unstage(
        siteDir,
        journal.files.map((f) => f.file),
      ).catch(() => undefined);
    this.dropRelease(journal.release);
    this.keepAsDraft(journal);
    rmSync(this.journalFile, { force: true });
  }

  private keepAsDraft(journal: Journal): void {
    this.options.drafts?.keep(journal.author, journal.changes, journal.base);
  }

  /** Takes the record back: the commit (HEAD is the base again) or the snapshot. */
  private async unrecord(journal: Journal): Promise<void> {
    const { siteDir } = this.options.site;
    if (await isWorkTree(siteDir))
      await uncommit(
        siteDir,
        journal.base,
        journal.files.map((f) => f.file),
      );
    else rmSync(path.join(this.options.dataDir, SNAPSHOTS, `${journal.id}.json`), { force: true });
  }

  /**
   * The publish as a revision: a commit by the editor (git), else a snapshot of every content
   * file, with the values before of the files it changed (so even the first one can be undone).
   */
  private async record(
    journal: Journal,
    values: ReturnType<typeof contentFiles>,
    previous: ReturnType<typeof contentFiles>,
    moved: { before: MovedConfig; after: MovedConfig },
  ): Promise<Revision> {
    const { site, dataDir } = this.options;
    const { author, at, summary, id } = journal;
    const kind = journal.kind ? { kind: journal.kind, of: journal.of } : { kind: 'publish' as const };
    const scheduledBy = journal.scheduled ? { scheduledBy: author } : {};
    const items = journal.items ? { items: journal.items } : {};
    if (await isWorkTree(site.siteDir)) {
      const trailers = [
        `Publish-Id: ${id}`,
        ...(journal.kind ? [`Publish-Kind: ${journal.kind}`, `Publish-Of: ${journal.of}`] : []),
        ...(journal.scheduled ? [`${SCHEDULED_BY}: ${author}`] : []),
        ...(journal.items ?? []).map(itemTrailer),
      ];
      const message = `Content: ${summary[0] ?? 'published'}${summary.length > 1 ? ` (and ${summary.length - 1} more)` : ''}\n\n${summary.join('\n')}\n\n${trailers.join('\n')}\n`;
      // The uploaded pictures the content names go with it; those uploaded and not used stay out.
      const uploads = uploadsNamedIn(site.siteDir, values).filter((file) => existsSync(path.join(site.siteDir, file)));
      const commitId = await commit(site.siteDir, [...journal.files.map((f) => f.file), ...uploads], `${author} <${author}>`, message, at);
      return { id: commitId, author, at, summary, ...kind, ...scheduledBy, changed: journal.files.map((f) => f.file), ...items };
    }
    const revision: Revision = { id, author, at, summary, ...kind, ...scheduledBy, changed: journal.files.map((f) => f.file), ...items };
    const changed = new Set(revision.changed);
    // config/moved.ts before and after it too: going back to either brings back its redirects.
    writeJsonAtomically(path.join(dataDir, SNAPSHOTS, `${id}.json`), {
      ...revision,
      files: values,
      before: previous.filter((f) => changed.has(f.file)),
      moved: moved.after,
      movedBefore: moved.before,
    });
    return revision;
  }

  /**
   * At start, before the site is served: finishes or undoes a publish a crash left (by its
   * journal), then makes sure the release served is the content recorded (drawing it again
   * when it is not). Answers the client folder to serve.
   */
  async recover(servedClientDir: string): Promise<string> {
    const { siteDir } = this.options.site;
    const journal = readJournal(this.journalFile);
    if (journal) {
      if (await this.wasRecorded(journal)) {
        // The record is made: the files are as recorded (they were written before it), the release is served.
        for (const { file, after } of journal.files)
          if (readTextOrNothing(path.join(siteDir, file)) !== (after ?? undefined)) writeOrRemove(path.join(siteDir, file), after);
        if (journal.release && existsSync(path.join(releasesDir(siteDir), journal.release, RELEASE_FILE))) {
          setLiveRelease(siteDir, journal.release);
          servedClientDir = path.join(releasesDir(siteDir), journal.release, 'client');
        }
        rmSync(this.journalFile, { force: true });
        for (const change of journal.changes) this.options.drafts?.discard(journal.author, change.file);
      } else {
        await this.undo(journal);
      }
    }
    // Releases a crash left half drawn (no release.json) are removed.
    const releases = releasesDir(siteDir);
    if (existsSync(releases)) {
      for (const name of readdirSync(releases)) {
        const dir = path.join(releases, name);
        if (name !== 'LIVE' && !name.endsWith('.new') && !existsSync(path.join(dir, RELEASE_FILE)) && path.dirname(servedClientDir) !== dir)
          rmSync(dir, { recursive: true, force: true });
      }
    }
    // The pages served are the content recorded: else they are drawn again from it.
    if (!(await isWorkTree(siteDir)) || !(await uncommitted(siteDir, ['config']))) {
      const loaded = await loadContent(this.options.site);
      if (loaded.problems.length === 0 && existsSync(path.join(this.codeDir, 'code.json'))) {
        const content = siteContentOf(loaded.options);
        if (servedFingerprint(servedClientDir) !== contentFingerprint(content)) {
          const release = `${new Date(this.options.clock()).toISOString().replace(/[-:.]/g, '').replace('T', '-').slice(0, 15)}-${randomBytes(3).toString('hex')}`;
          await this.render(content, release, servedClientDir, { sizes: 'asThereAre' });
          setLiveRelease(siteDir, release);
          servedClientDir = path.join(releases, release, 'client');
        }
      }
    }
    return servedClientDir;
  }

  /** Whether the journal's publish reached its record (the commit carrying its id, or its snapshot). */
  private async wasRecorded(journal: Journal): Promise<boolean> {
    if (journal.state === 'recorded') return true;
    const { siteDir } = this.options.site;
    if (await isWorkTree(siteDir)) {
      const now = await head(siteDir);
      return now !== journal.base && (await trailersOf(siteDir, now)).includes(`Publish-Id: ${journal.id}`);
    }
    return existsSync(path.join(this.options.dataDir, SNAPSHOTS, `${journal.id}.json`));
  }

  /** Every revision, newest first (`file`: only those that changed it, each with that item's lines of its summary only). */
  async revisions(file?: string, max = 100): Promise<Revision[]> {
    const { site, dataDir } = this.options;
    let all: Revision[];
    if (await isWorkTree(site.siteDir)) all = (await configHistory(site.siteDir, max, file ? { file } : {})).map(revisionOfCommit);
    else {
      all = snapshotIds(dataDir).map((id) => {
        const { files: _files, before: _before, moved: _moved, movedBefore: _movedBefore, ...revision } = readSnapshot(dataDir, id);
        return revision;
      });
      if (file) all = all.filter((revision) => revision.changed?.includes(file));
      all = all.slice(0, max);
    }
    return file ? all.map((revision) => ofItem(revision, file)) : all;
  }
}

/** A revision as one item's list shows it: that item's lines of its summary (all of them when its items are not known). */
function ofItem(revision: Revision, file: string): Revision {
  const own = revision.items?.find((item) => item.file === file);
  return own ? { ...revision, summary: own.summary } : revision;
}

/** A commit as a revision: the editor's publishes with their words, kind and items, a developer's release as one line naming the content it changed. */
export function revisionOfCommit(commit: Commit): Revision {
  const lines = commit.body.split('\n');
  const trailer = (key: string) =>
    lines
      .find((line) => line.startsWith(`${key}: `))
      ?.slice(key.length + 2)
      .trim();
  const base = { id: commit.id, author: commit.author, at: commit.at, changed: commit.files };
  // (Publishes recorded before the Publish-Id trailer have the editor's "Content: …" subject.)
  if (trailer('Publish-Id') === undefined && !commit.subject.startsWith('Content: '))
    return { ...base, kind: 'release', summary: [releaseInWords(commit.files)] };
  const kind = trailer('Publish-Kind');
  const of = trailer('Publish-Of');
  const scheduledBy = trailer(SCHEDULED_BY);
  const summary = lines.filter((line) => line && !/^Publish-[\w-]+: /.test(line));
  // Recorded item by item; a publish recorded before items were, of one item, is that item's.
  const office = commit.files.filter(isOfficeContent);
  const items = itemsOfTrailers(lines, summary) ?? (office.length === 1 && commit.files.length === 1 ? [{ file: office[0]!, summary }] : undefined);
  return {
    ...base,
    kind: kind === 'undo' || kind === 'restore' ? kind : 'publish',
    ...(of ? { of } : {}),
    ...(scheduledBy ? { scheduledBy } : {}),
    summary,
    ...(items ? { items } : {}),
  };
}

/** A developer's release in one line, named by the content the office edits in it (pages, forms, the site's parts), not the developers' files. */
export function releaseInWords(files: readonly string[]): string {
  const places = [...new Set(files.filter(isOfficeContent).map((file) => whereInWords(file, undefined)))];
  return places.length > 0 ? fill(server.admin.messages.releaseInWords, { places: places.join(', ') }) : server.admin.messages.releaseOfCode;
}

/** A file of the content the office edits: the site's parts, a page, a form (not a folder's index, not a developer's file beginning with _). */
const isOfficeContent = (file: string) => file === 'config/site.ts' || /^config\/(pages|forms|articles)\/(?!index\.ts$)(?!_)[^/]+\.ts$/.test(file);

/** Writes a file whole, or removes it (null). */
function writeOrRemove(file: string, text: string | null): void {
  if (text === null) rmSync(file, { force: true });
  else writeFileAtomically(file, text);
}

/** The content fingerprint of the release a client folder belongs to (its RELEASE_FILE beside client/). */
function servedFingerprint(clientDir: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(path.join(path.dirname(clientDir), RELEASE_FILE), 'utf8')) as { content?: string }).content;
  } catch {
    return undefined;
  }
}

function readJournal(file: string): Journal | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Journal;
  } catch {
    // None, or one cut short (a crash while writing it, before anything it names was touched).
    rmSync(file, { force: true });
    return undefined;
  }
}

export function snapshotIds(dataDir: string): string[] {
  try {
    return readdirSync(path.join(dataDir, SNAPSHOTS))
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.slice(0, -5))
      .sort()
      .reverse();
  } catch {
    return [];
  }
}

/** A snapshot: the revision, every content file after it, and (recorded since undo came) the files it changed as they were before it; (since redirects come back) config/moved.ts after it and before it. */
export type Snapshot = Revision & { files: ContentChange[]; before?: ContentChange[]; moved?: MovedConfig; movedBefore?: MovedConfig };

export function readSnapshot(dataDir: string, id: string): Snapshot {
  return JSON.parse(readFileSync(path.join(dataDir, SNAPSHOTS, `${id}.json`), 'utf8')) as Snapshot;
}

/** The content as it was at a commit: its config/ written into a folder of its own and read there. */
export async function loadAt(site: ContentSite, commitId: string): Promise<LoadedContent> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'revision-'));
  try {
    const archive = path.join(dir, 'config.tar');
    await run('git', ['archive', '--format=tar', `--output=${archive}`, commitId, 'config'], site.siteDir);
    await run('tar', ['-xf', archive], dir);
    // The config files name types in src/ (types only) and pictures in public/.
    mkdirSync(path.join(dir, 'public'), { recursive: true });
    symlinkSync(path.join(site.siteDir, 'src'), path.join(dir, 'src'));
    return await loadContent(site, path.join(dir, 'config'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The changes with, for each page, article or form removed, the removal of its translation files (config/translations/<code>/…): a translation never outlives its file. */
export function withTranslationsRemoved(changes: readonly ContentChange[], loaded: LoadedContent): readonly ContentChange[] {
  const removed = new Set(changes.filter((c) => c.value === null && !translatedFileOf(c.file)).map((c) => c.file));
  if (removed.size === 0) return changes;
  const named = new Set(changes.map((c) => c.file));
  const translations = contentFiles(loaded)
    .map((f) => f.file)
    .filter((file) => !named.has(file) && removed.has(translatedFileOf(file)?.file ?? ''));
  return [...changes, ...translations.map((file) => ({ file, value: null }))];
}
