/**
 * Publishing, one at a time: the changes are checked, written into config/ (write.ts), read back
 * and checked again as the files now are, the site is built into a folder of its own, the live
 * site switches to it (liveBuild.ts), and the publish becomes a revision (a commit authored by
 * the editor's account where the site folder is a git work tree, else a snapshot in the data
 * folder). Anything failing before the switch puts the files back (config/ and the Firebase rules
 * the build rewrites from it) and changes nothing live.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ContentChange, ContentProblem, Revision } from '../../shared/contentApi';
import { editInWords, placeOf, sameValue } from '../../shared/contentDiff';
import { FrontRefused, releasesDir, type LiveSite } from '../liveBuild';
import { checkChanges, type FileEdits } from './check';
import { commit, configHistory, head, isWorkTree, uncommitted } from './git';
import { uploadsNamedIn } from './images';
import { buildInto, contentFiles, contentHash, loadContent, run, type ContentSite, type LoadedContent } from './site';
import { lockFile, takeLock } from './siteLock';
import { putBack, UnwritableEdit, writeEdits } from './write';

export type PublishResult =
  | { status: 200; revision: Revision }
  | { status: 400; problems: ContentProblem[] }
  | { status: 409; reason: 'busy' | 'changed' | 'releasing' }
  | { status: 500; error: string }
  /** The server in front (Caddy) did not take the new build: nothing was published. */
  | { status: 503; error: string };

export interface PublisherOptions {
  site: ContentSite;
  /** The served build; left out (no built site), the publish writes and records but builds nothing. */
  live?: LiveSite;
  dataDir: string;
  clock: () => number;
  /** Builds the site into outDir (default: scripts/content.ts build, in a process of its own). */
  build?: (site: ContentSite, outDir: string, earlierClientDir?: string) => Promise<void>;
}

const SNAPSHOTS = 'content-revisions';
const FIREBASE_RULES = ['firestore.rules', 'storage.rules'];


/** The revision's words: one line per edit. */
export function summaryOf(files: readonly FileEdits[]): string[] {
  return files.flatMap(({ file, before, edits }) => edits.map((edit) => editInWords(placeOf(file), before, edit)));
}

export class Publisher {
  private busy = false;

  constructor(private readonly options: PublisherOptions) {}

  get site(): ContentSite {
    return this.options.site;
  }

  /** Names the content as it is now: git's HEAD (with a hash of config/ when it has uncommitted changes), else a hash of config/. */
  async revision(): Promise<string> {
    const { siteDir } = this.options.site;
    if (!(await isWorkTree(siteDir))) return contentHash(this.options.site);
    const commitId = await head(siteDir);
    return (await uncommitted(siteDir, ['config'])) ? `${commitId}+${contentHash(this.options.site)}` : commitId;
  }

  async publish(changes: readonly ContentChange[], baseRevision: string | undefined, author: string): Promise<PublishResult> {
    if (this.busy) return { status: 409, reason: 'busy' };
    this.busy = true;
    // A release (`npm run release`, siteLock.ts) and a publish never change the folder at the same time.
    const lock = (await isWorkTree(this.options.site.siteDir)) ? takeLock(lockFile(this.options.site.siteDir), 'publish') : undefined;
    try {
      if (lock && !lock.taken) return { status: 409, reason: 'releasing' };
      if (baseRevision !== undefined && baseRevision !== (await this.revision())) return { status: 409, reason: 'changed' };
      return await this.publishNow(changes, author);
    } finally {
      if (lock?.taken) lock.release();
      this.busy = false;
    }
  }

  private async publishNow(changes: readonly ContentChange[], author: string): Promise<PublishResult> {
    const { site, live, clock, build = buildInto } = this.options;
    const loaded = await loadContent(site);
    const checked = checkChanges(site, loaded, changes);
    if (checked.problems.length > 0) return { status: 400, problems: checked.problems };
    const files = checked.files.map((f) => f.file);
    const summary = summaryOf(checked.files);
    const at = new Date(clock()).toISOString();
    if (files.length === 0) return { status: 200, revision: { id: await this.revision(), author, at, summary: [] } };

    // The Firebase rules as they are: the build rewrites them from config/forms (src/deploy/deployFiles.ts), before it may still fail.
    const rules = new Map(FIREBASE_RULES.map((file) => [file, textOrNothing(path.join(site.siteDir, file))]));
    let before: Map<string, string>;
    try {
      before = await writeEdits(site.siteDir, checked.files);
    } catch (error) {
      if (error instanceof UnwritableEdit) return { status: 400, problems: [{ file: error.file, path: error.path, message: error.message }] };
      throw error;
    }
    for (const [file, text] of rules) if (text !== undefined) before.set(file, text);
    const id = `${at.replace(/[-:.]/g, '').replace('T', '-').slice(0, 15)}-${randomBytes(3).toString('hex')}`;
    const outDir = path.join(releasesDir(site.siteDir), id);
    let written: ContentChange[];
    try {
      // The files as written give exactly the values sent (else the writer got something wrong).
      const reread = await loadContent(site);
      written = contentFiles(reread);
      const writtenValues = new Map(written.map((f) => [f.file, f.value]));
      const recheck = checkChanges(site, reread, []);
      const wrong = checked.files.find((f) => !sameValue(writtenValues.get(f.file), f.after));
      if (wrong) throw new Error(`${wrong.file} did not read back as it was sent`);
      if (recheck.problems.length > 0) return await this.undo(before, { status: 400, problems: recheck.problems });
      if (live) {
        await build(site, outDir, live.clientDir());
        await live.switchTo(path.join(outDir, 'client'));
      }
    } catch (error) {
      rmSync(outDir, { recursive: true, force: true });
      // Rules the build wrote where there were none go too.
      for (const [file, text] of rules) if (text === undefined) rmSync(path.join(site.siteDir, file), { force: true });
      const message = error instanceof Error ? error.message : String(error);
      return this.undo(before, error instanceof FrontRefused ? { status: 503, error: message } : { status: 500, error: message });
    }
    return { status: 200, revision: await this.record(files, author, at, summary, written, id) };
  }

  private async undo(before: Map<string, string>, result: PublishResult): Promise<PublishResult> {
    await putBack(this.options.site.siteDir, before);
    return result;
  }

  /** The publish as a revision: a commit by the editor (git), else a snapshot of every content file. */
  private async record(files: string[], author: string, at: string, summary: string[], values: ReturnType<typeof contentFiles>, id: string): Promise<Revision> {
    const { site, dataDir } = this.options;
    if (await isWorkTree(site.siteDir)) {
      const message = `Content: ${summary[0] ?? 'published'}${summary.length > 1 ? ` (and ${summary.length - 1} more)` : ''}\n\n${summary.join('\n')}\n`;
      // The uploaded pictures the content names go with it (re-encoded, named by their hash); those uploaded and not used stay out.
      const uploads = uploadsNamedIn(site.siteDir, values);
      // The Firebase rules the build rewrote from config/forms (src/deploy/deployFiles.ts) follow the edit that changed them.
      const rules: string[] = [];
      for (const file of FIREBASE_RULES) if (existsSync(path.join(site.siteDir, file)) && (await uncommitted(site.siteDir, [file]))) rules.push(file);
      const commitId = await commit(site.siteDir, [...files, ...uploads, ...rules], `${author} <${author}>`, message);
      return { id: commitId, author, at, summary };
    }
    const dir = path.join(dataDir, SNAPSHOTS);
    mkdirSync(dir, { recursive: true });
    const revision: Revision = { id, author, at, summary };
    writeFileSync(path.join(dir, `${id}.json`), JSON.stringify({ ...revision, files: values }));
    return revision;
  }

  /** Every revision, newest first. */
  async revisions(): Promise<Revision[]> {
    const { site, dataDir } = this.options;
    if (await isWorkTree(site.siteDir)) {
      return (await configHistory(site.siteDir)).map((c) => ({ id: c.id, author: c.author, at: c.at, summary: c.body ? c.body.split('\n').filter(Boolean) : [c.subject] }));
    }
    return snapshotIds(dataDir).map((id) => {
      const { files: _files, ...revision } = readSnapshot(dataDir, id);
      return revision;
    });
  }

  /** The content files as they were at a revision, or undefined when there is no such revision. */
  async filesAt(revisionId: string): Promise<ContentChange[] | undefined> {
    const { site, dataDir } = this.options;
    if (!/^[\w+-]{1,80}$/.test(revisionId)) return undefined;
    if (await isWorkTree(site.siteDir)) {
      if (!(await configHistory(site.siteDir, 1000)).some((c) => c.id === revisionId)) return undefined;
      const loaded = await loadAt(site, revisionId);
      return contentFiles(loaded);
    }
    return snapshotIds(dataDir).includes(revisionId) ? readSnapshot(dataDir, revisionId).files : undefined;
  }
}

function textOrNothing(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function snapshotIds(dataDir: string): string[] {
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

function readSnapshot(dataDir: string, id: string): Revision & { files: ContentChange[] } {
  return JSON.parse(readFileSync(path.join(dataDir, SNAPSHOTS, `${id}.json`), 'utf8')) as Revision & { files: ContentChange[] };
}

/** The content as it was at a commit: its config/ written into a folder of its own and read there. */
async function loadAt(site: ContentSite, commitId: string): Promise<LoadedContent> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'revision-'));
  try {
    const archive = path.join(dir, 'config.tar');
    await run('git', ['archive', '--format=tar', `--output=${archive}`, commitId, 'config'], site.siteDir);
    await run('tar', ['-xf', archive], dir);
    // The config files name types in src/ (types only: nothing to run) and pictures in public/.
    symlinkSync(path.join(site.siteDir, 'public'), path.join(dir, 'public'));
    symlinkSync(path.join(site.siteDir, 'src'), path.join(dir, 'src'));
    const loaded = await loadContent({ siteDir: dir, toolsDir: site.toolsDir ?? site.siteDir });
    return loaded;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
