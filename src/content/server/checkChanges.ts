/**
 * The editor's changes checked before anything is written: each change is to a file the
 * editor edits, touches no key of the data contract (src/content/model/contentContract.ts), an editor's
 * (not an owner's) touches no setting only an owner changes (ownerOnly in the schemas,
 * src/content/model/ownerOnly.ts), and the whole config with the changed values in place passes the
 * config checker (src/content/server/checkConfig.ts), each problem on its file and key.
 */
import path from 'node:path';
import { checkConfig, type CheckOptions } from './checkConfig';
import { checkLoadedFolder } from './configFolder';
import { madeFromConfig } from '../../deploy/deployFiles';
import { problemSentence } from '../model/checkContent';
import { ownerOnlyChanges, ownerOnlySentence } from '../model/ownerOnly';
import { officeWordsOf, toFillOf } from '../model/officeSentences';
import { schemaOfFile } from '../model/contentSchemas';
import type { Path, Refusal } from '../../schema/schema';
import { contractReason, contractSentence, newFormContract, READ_ONLY_FILES, readOnlySentence } from '../model/contentContract';
import { isLocked } from '../../site/forms/model/registry';
import { startsAs } from '../model/newForm';
import type { ContentChange, ContentProblem } from '../model/contentApi';
import { diffValues, type Edit } from '../model/contentDiff';
import { contentFiles, type ContentSite, type LoadedContent } from './site';
import { isNewFileAllowed } from './write';
import { translatedFileOf } from '../../site/model/translation';
import server from '../../../config/server';
import { routeTable } from '../../site/model/routeTable';
import { siteLinkOf } from '../../schema/addresses';
import { fill } from '../../schema/text';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export interface FileEdits {
  file: string;
  /** undefined: the file is made by this change. */
  before: unknown;
  /** null: the file is removed. */
  after: unknown;
  edits: Edit[];
}

export interface CheckedChanges {
  problems: ContentProblem[];
  /** The files that change, with their edits (none when nothing changes). */
  files: FileEdits[];
}

const idOf = (files: Readonly<Record<string, string>> | undefined, file: string, folder: string) =>
  Object.entries(files ?? {}).find(([, name]) => name === file)?.[0] ?? (file.startsWith(`config/${folder}/`) ? path.basename(file, '.ts') : undefined);

/** The file a checker sentence is about ("config/pages/home.ts: …", "config/forms/<form>.ts could not be read: …"). */
const fileOfSentence = (sentence: string) => /^(config\/[\w./-]+\.ts)/.exec(sentence)?.[1] ?? 'config';

/** Who makes the changes: an owner may change the settings only an owner changes; anyone else (an editor, an account removed since) may not. */
export interface ChangedBy {
  owner: boolean;
}

export function checkChanges(site: ContentSite, loaded: LoadedContent, changes: readonly ContentChange[], by: ChangedBy): CheckedChanges {
  const problems: ContentProblem[] = [];
  const current = new Map(contentFiles(loaded).map((f) => [f.file, f.value]));
  const options: CheckOptions = {
    ...loaded.options,
    publicDir: path.join(site.siteDir, 'public'),
    pages: { ...loaded.options.pages },
    forms: { ...loaded.options.forms },
    articles: { ...loaded.options.articles },
  };
  const files: FileEdits[] = [];
  const seen = new Set<string>();
  // The forms' files, as the loader found them (config/forms/index.ts names them): each is held to the data contract.
  const formFiles = new Set(Object.keys(loaded.options.forms ?? {}).map((id) => loaded.options.formFiles?.[id] ?? `config/forms/${id}.ts`));
  // The value each file would have: the office's sentences name its places as the screens do.
  const after = new Map(current);
  for (const change of changes) if (isRecord(change.value)) after.set(change.file, change.value);
  /** A problem in the office's words (message, field) with the checker's own sentence beside it (developer). */
  const refuse = (file: string, at: Path, words: Refusal, developer: string) => {
    const said = officeWordsOf({ file, path: at, words }, after.get(file));
    problems.push({ file, path: [...at], message: said.sentence, field: said.field, developer, ...toFillOf(words) });
  };

  for (const change of changes) {
    // A new page (or another file the editor may make), or a file removed (null).
    const made = !current.has(change.file) && isNewFileAllowed(change.file) && isRecord(change.value);
    const removed = change.value === null && current.has(change.file) && isNewFileAllowed(change.file);
    if ((!current.has(change.file) && !made) || (change.value === null && !removed)) {
      refuse(change.file, [], { kind: 'notEditable' }, `${change.file} is not edited here: the editor changes ${[...current.keys()].join(', ')}.`);
      continue;
    }
    if (seen.has(change.file)) {
      refuse(change.file, [], { kind: 'changedTwice' }, `${change.file} is changed twice in one publish: send it once.`);
      continue;
    }
    seen.add(change.file);
    const before = current.get(change.file);
    // The site's own pages (those config/routes.ts shows, the fallback among them) stay: only the office's pages may be removed.
    if (removed && change.file.startsWith('config/pages/')) {
      const id = idOf(options.pageFiles, change.file, 'pages')!;
      const routes = loaded.options.routes as { fallback?: unknown } | undefined;
      if (routeTable(routes).some((row) => row.page === id) || routes?.fallback === id) {
        const title = isRecord(before) && typeof before.title === 'string' ? before.title : id;
        const sentence = fill(server.admin.messages.pageNotRemovable, { title: `"${title}"` });
        problems.push({ file: change.file, path: [], message: sentence, field: sentence });
        continue;
      }
    }
    const edits = diffValues(before, change.value);
    // A file the editor only reads (the site's addresses): any change to it is refused, whatever the screens sent.
    const readOnly = READ_ONLY_FILES[change.file];
    if (readOnly) {
      if (edits.length > 0) refuse(change.file, [], { kind: 'readOnly' }, readOnlySentence(change.file, readOnly));
      continue;
    }
    // A form's file by the loader's word, or by its name (config/forms/<name>.ts).
    const isForm = formFiles.has(change.file) ? true : undefined;
    // The specification's four forms keep their fields; any other form (made in the editor) keeps its published keys, kinds and collection.
    const formId = isForm || /^config\/forms\/[^_/][^/]*\.ts$/.test(change.file) ? idOf(options.formFiles, change.file, 'forms') : undefined;
    const locked = formId === undefined || isLocked(formId);
    const refusedAt: Path[] = [];
    for (const edit of (made || removed) && !locked ? [] : edits) {
      const reason = contractReason(change.file, edit.path, edit.op === 'splice' || edit.op === 'move', isForm, locked);
      if (reason) {
        refuse(change.file, edit.path, { kind: 'contract' }, contractSentence(change.file, edit.path, reason));
        refusedAt.push(edit.path);
      }
    }
    if (!locked) {
      for (const breach of newFormContract(before, removed ? before : change.value)) {
        refuse(change.file, breach.path, { kind: breach.kind, values: { value: breach.value } }, contractSentence(change.file, breach.path, breach.why));
        refusedAt.push(breach.path);
      }
    }
    // What only an owner changes, by the schema's marks (a key the data contract already refused is said once).
    const schema = schemaOfFile(change.file);
    if (!by.owner && schema && edits.length > 0) {
      const within = (a: Path, b: Path) => a.length <= b.length && a.every((part, i) => part === b[i]);
      for (const at of ownerOnlyChanges(schema, before, removed ? undefined : change.value)) {
        // A form an editor makes starts with a retention offered and the notifications config/admin.ts gives a new form; one still so may be taken out (its making undone).
        if ((made || removed) && !locked && startsAs(at, made ? change.value : before)) continue;
        if (!refusedAt.some((done) => within(done, at) || within(at, done))) refuse(change.file, at, { kind: 'ownerOnly' }, ownerOnlySentence(change.file, at));
      }
    }
    if (edits.length > 0) files.push({ file: change.file, before, after: change.value, edits });

    if (change.file === 'config/site.ts') options.site = change.value;
    else if (translatedFileOf(change.file)) {
      const { [change.file]: _gone, ...others } = options.translations ?? {};
      options.translations = removed ? others : { ...others, [change.file]: change.value };
    } else if (change.file.startsWith('config/pages/')) {
      const id = idOf(options.pageFiles, change.file, 'pages')!;
      const { [id]: _gone, ...others } = options.pages ?? {};
      options.pages = removed ? others : { ...options.pages, [id]: change.value };
      options.pageIds = removed ? (options.pageIds ?? []).filter((p) => p !== id) : [...new Set([...(options.pageIds ?? Object.keys(options.pages)), id])];
      options.pageFiles = { ...options.pageFiles, [id]: change.file };
    } else if (change.file.startsWith('config/articles/')) {
      const id = idOf(options.articleFiles, change.file, 'articles')!;
      const { [id]: _gone, ...others } = options.articles ?? {};
      options.articles = removed ? others : { ...options.articles, [id]: change.value };
      options.articleFiles = { ...options.articleFiles, [id]: change.file };
    } else {
      const id = idOf(options.formFiles, change.file, 'forms')!;
      const { [id]: _gone, ...others } = options.forms ?? {};
      options.forms = removed ? others : { ...options.forms, [id]: change.value };
      if (options.formIds) options.formIds = removed ? options.formIds.filter((f) => f !== id) : [...new Set([...options.formIds, id])];
      options.formFiles = { ...options.formFiles, [id]: change.file };
    }
  }

  // What a page removed leaves its visitors (a farewell), checked against the pages there are after these changes.
  const pagesAfter = new Set([
    ...routeTable(options.routes).map((row) => row.path),
    ...Object.values(options.pages ?? {}).flatMap((page) => (isRecord(page) && typeof page.address === 'string' ? [page.address] : [])),
  ]);
  for (const change of changes) {
    if (change.farewell === undefined) continue;
    const before = current.get(change.file);
    const page =
      change.value === null && change.file.startsWith('config/pages/') && isRecord(before) && typeof before.address === 'string' ? before : undefined;
    const sentence = page
      ? farewellProblem(
          change.farewell,
          { title: typeof page.title === 'string' ? `"${page.title}"` : change.file, address: page.address as string },
          pagesAfter,
        )
      : server.messages.badRequest;
    if (sentence) problems.push({ file: change.file, path: [], message: sentence, field: sentence });
  }

  for (const sentence of loaded.problems) refuse(fileOfSentence(sentence), [], { kind: 'unreadable' }, sentence);
  for (const found of checkConfig(options).found) refuse(found.file, found.path, found.words, problemSentence(found));
  return { problems, files };
}

/**
 * Why what the office chose for a removed page's visitors cannot be (a sentence), or undefined:
 * another page's address, one of the pages there are; or words, a sentence of at most
 * goneWords.maxLength characters and at most goneWords.maxLinks links to the site's pages, nothing else.
 */
function farewellProblem(farewell: unknown, page: { title: string; address: string }, pagesAfter: ReadonlySet<string>): string | undefined {
  const { maxLength, maxLinks } = server.admin.goneWords;
  const words = fill(server.admin.messages.goneWordsRefused, { title: page.title, max: maxLength, links: maxLinks });
  if (!isRecord(farewell)) return words;
  if ('to' in farewell) {
    const to = farewell.to;
    if (Object.keys(farewell).length === 1 && typeof to === 'string' && to !== page.address && pagesAfter.has(to)) return undefined;
    return fill(server.admin.messages.goneToNoPage, { title: page.title, address: typeof to === 'string' ? `"${to.slice(0, 100)}"` : '?' });
  }
  const { message, links, ...others } = farewell;
  if (Object.keys(others).length > 0) return words;
  if (message !== undefined && (typeof message !== 'string' || message.trim() === '' || message.length > maxLength)) return words;
  if (links === undefined) return undefined;
  const linksRight =
    Array.isArray(links) &&
    links.length >= 1 &&
    links.length <= maxLinks &&
    links.every((link) => {
      if (!isRecord(link) || Object.keys(link).length !== 2 || typeof link.label !== 'string' || typeof link.href !== 'string') return false;
      const target = siteLinkOf(link.href);
      return link.label.trim() !== '' && link.label.length <= maxLength && target !== undefined && target.rest === '' && pagesAfter.has(target.path);
    });
  return linksRight ? undefined : words;
}

/**
 * What `npm start` would say of this content (src/render/checkProject.ts: the checker over the
 * folder, then madeFromConfig, the same two steps), read back from the files a publish is about
 * to write: none when the site would start with it.
 * A problem on a file the editor edits is said in the office's words on its key; one on another
 * file (config/moved.ts, which the publish writes itself) or of what is made from the config is
 * said as the site that would not start, the developer's sentence in it.
 */
export function startProblems(site: ContentSite, loaded: LoadedContent): ContentProblem[] {
  const folders = { configDir: path.join(site.siteDir, 'config'), publicDir: path.join(site.siteDir, 'public') };
  const { problems, found } = checkLoadedFolder(folders, loaded, madeFromConfig);
  const values = new Map(contentFiles(loaded).map((f) => [f.file, f.value]));
  const said = new Set<string>();
  const answers: ContentProblem[] = [];
  for (const problem of found) {
    if (!values.has(problem.file)) continue;
    const developer = problemSentence(problem);
    const words = officeWordsOf(problem, values.get(problem.file));
    said.add(developer);
    answers.push({ file: problem.file, path: [...problem.path], message: words.sentence, field: words.field, developer, ...toFillOf(problem.words) });
  }
  for (const developer of problems.filter((sentence) => !said.has(sentence))) {
    const sentence = fill(server.admin.messages.wouldNotStart, { problem: developer });
    answers.push({ file: fileOfSentence(developer), path: [], message: sentence, field: sentence, developer });
  }
  return answers;
}
