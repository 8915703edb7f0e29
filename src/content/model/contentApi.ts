/**
 * The content editor's API (the inbox app's /admin/content screens): one table for our server,
 * the editor in the browser, `npm run dev`'s local editor and the tests. adminApi.ts adds these
 * routes to the inbox's route table, so sessions, CSRF and the 401-without-session rule apply.
 */
import type { Farewell } from '../../site/model/moved';
import { z } from 'zod/mini';
import { answers, type Contract } from '../../platform/contract';
import { UPLOAD_NAME, UPLOADS_PATH } from '../../platform/uploads';

export type ContentMethod = 'GET' | 'POST';

/** Files' new values, as a check and a publish take them (at most 100). */
const changes = z.array(z.object({ file: z.string(), value: z.unknown(), farewell: z.optional(z.unknown()) })).check(z.maxLength(100));
/** An undo or a restore confirmed: the revision its preview was read on, and its scope (the preview's query). */
const goBack = z.object({ baseRevision: z.optional(z.string()), change: z.optional(z.unknown()), file: z.optional(z.unknown()) });
/** A key of a query: a text, if there. */
const queryText = z.optional(z.string());
/**
 * What an undo or a restore answers: the revision it published (with what stays as it is now), or
 * the sentence saying that nothing was to change.
 */
export type WentBack = { revision: Revision; notes: string[] } | { message: string };

export const contentRoutes = {
  /** The site's content as it is live now: ContentSnapshot. */
  content: { method: 'GET', path: '/api/admin/content', answer: answers<ContentSnapshot>() },
  /** Body: { changes: ContentChange[] }. Answers { problems: ContentProblem[] } (empty: all good). */
  contentCheck: { method: 'POST', path: '/api/admin/content/check', body: z.object({ changes }), answer: answers<{ problems: ContentProblem[] }>() },
  /**
   * Body: { baseRevision, changes: ContentChange[] }: the items published, each a file's new value
   * (the item on screen, or those "Publish all my changes" found ready), and nothing else: no other
   * draft joins them. Writes the changes into config/, checks them with what they touch of the rest
   * of the site, builds and switches the live site. 200 { revision: Revision }; 400 { problems }
   * (nothing written); 409 { message } when the content changed since baseRevision.
   */
  contentPublish: {
    method: 'POST',
    path: '/api/admin/content/publish',
    body: z.object({ baseRevision: z.string(), changes }),
    answer: answers<{ revision: Revision }>(),
  },
  /**
   * { revisions: Revision[] }, newest first by time, a run of developers' releases one line (folded);
   * query `file`: only the revisions that changed that file (an item), each with that item's lines only.
   */
  contentRevisions: {
    method: 'GET',
    path: '/api/admin/content/revisions',
    query: z.object({ file: queryText }),
    answer: answers<{ revisions: Revision[] }>(),
  },
  /** One revision's changes, each with its text before and after: RevisionDetail. */
  contentRevision: { method: 'GET', path: '/api/admin/content/revisions/:revisionId', answer: answers<RevisionDetail>() },
  /**
   * What undoing that revision's changes alone would publish: HistoryPlan (nothing changes). Query
   * `change` (its place in RevisionDetail.changes): that one change only; `file`: that item's changes only.
   */
  contentUndoPreview: {
    method: 'GET',
    path: '/api/admin/content/revisions/:revisionId/undo',
    query: z.object({ change: queryText, file: queryText }),
    answer: answers<HistoryPlan>(),
  },
  /**
   * Body: { baseRevision, change?, file? } (the preview's). Takes that revision's changes (or the one
   * change, or the one item's) back alone (later changes stay), as a publish recorded as a revision of
   * its own. 200 { revision }; 409 { message } when a later change touches the same text (the sentence
   * names it) or the content changed since the preview.
   */
  contentUndo: { method: 'POST', path: '/api/admin/content/revisions/:revisionId/undo', body: goBack, answer: answers<WentBack>() },
  /** What restoring that revision would publish, and what stays as it is now: HistoryPlan. */
  contentRestorePreview: { method: 'GET', path: '/api/admin/content/revisions/:revisionId/restore', answer: answers<HistoryPlan>() },
  /**
   * Body: { baseRevision? }. Publishes the content as it was at that revision, as data (itself a
   * new revision): keys added since keep their values, values now worked out in code are left to
   * it. 200 { revision, notes }.
   */
  contentRestore: {
    method: 'POST',
    path: '/api/admin/content/revisions/:revisionId/restore',
    body: z.optional(goBack),
    answer: answers<WentBack>(),
  },
  /**
   * Body: the picture's bytes (any image/* type); query: width and height, the CSS pixels the page
   * draws it at. Checked by content, re-encoded and resized; answers ContentImage.
   */
  contentImage: {
    method: 'POST',
    path: '/api/admin/content/images',
    query: z.object({ width: queryText, height: queryText, focusX: queryText, focusY: queryText }),
    answer: answers<ContentImage>(),
  },
  /**
   * An uploaded picture (UPLOADS_PATH + name), published or not, for the editor's screens: the
   * site serves an upload only once a publish has put it in a build.
   */
  contentUpload: { method: 'GET', path: '/api/admin/content/images/:name' },
  /**
   * Body: { file, value, base } (base: the snapshot's revision the edit started from). Keeps the
   * value as the signed-in account's draft of the file, as it is typed. 200 { draft: ContentDraft };
   * 413 too large, 409 too many drafts, 429 too many saves (Retry-After), each with { message }.
   */
  contentDraftSave: {
    method: 'POST',
    path: '/api/admin/content/drafts',
    body: z.object({ file: z.string(), value: z.unknown(), base: z.string() }),
    answer: answers<{ draft: ContentDraft }>(),
  },
  /** Body: { file }. The account's draft of the file goes (its schedule with it). 200 {}. */
  contentDraftDiscard: {
    method: 'POST',
    path: '/api/admin/content/drafts/discard',
    body: z.object({ file: z.string() }),
    answer: answers<Record<string, never>>(),
  },
  /**
   * Body: { file, at } (at: ISO 8601, or null to cancel). The server publishes the account's draft of
   * the file by itself at that time. 200 { draft }; 400 { message, problems? } (a time in the past or
   * too far ahead, a draft the checker refuses); 404 { message } no such draft.
   */
  contentDraftSchedule: {
    method: 'POST',
    path: '/api/admin/content/drafts/schedule',
    body: z.object({ file: z.string(), at: z.nullable(z.string()) }),
    answer: answers<{ draft: ContentDraft }>(),
  },
} as const satisfies Record<string, Contract & { method: ContentMethod }>;

/** The address the editor's screens show a picture at: an upload through the signed-in route (published or not), any other as it is. */
export function editorImageAddress(src: string): string {
  const name = src.startsWith(UPLOADS_PATH) ? src.slice(UPLOADS_PATH.length) : '';
  return UPLOAD_NAME.test(name) ? contentRoutes.contentUpload.path.replace(':name', name) : src;
}

/** One config file's new content: its default export, as JSON. */
export interface ContentChange {
  /** As the person knows it: 'config/pages/home.ts'. */
  file: string;
  value: unknown;
  /**
   * With a page's removal (value null): what its address answers from now on, as the office chose
   * (src/site/model/moved.ts): the words its visitors read there (410), or another page's address (301).
   * Without it, the site's words (config/site.ts `gone`).
   */
  farewell?: Farewell;
}

export interface ContentFile {
  file: string;
  value: unknown;
  /** The key paths of the values the file works out in its code (src/content/server/write.ts codePathsOf): read-only in the editor, left out of its search. */
  fromCode?: (string | number)[][];
}

/** An account's unpublished value of a file, kept on the server as it is typed. */
export interface ContentDraft {
  /** The account's e-mail. */
  author: string;
  file: string;
  value: unknown;
  /** The revision it was started from. */
  base: string;
  /** ISO 8601. */
  updatedAt: string;
  /** ISO 8601: when the server publishes it by itself. */
  scheduledAt?: string;
  /** Why its last scheduled publish did not go through (it is not scheduled any more). */
  scheduleError?: string;
  /** The file was published by someone else after the draft was started: their change is not in it. */
  outdated?: true;
}

export interface ContentSnapshot {
  /** Names the content this snapshot was read from; sent back as baseRevision. */
  revision: string;
  files: ContentFile[];
  /** Every account's drafts (an editor sees who else has one of a file). */
  drafts: ContentDraft[];
  /** Address paths of the files in public/ ('/images/team/anna.webp'), for the picture checks. */
  publicFiles: string[];
}

/** One refusal of the config checker, on the key it is about, in the office's words (src/content/model/officeSentences.ts). */
export interface ContentProblem {
  file: string;
  path: Array<string | number>;
  /** Where and what, as the screens name them: "Home › Hero › Heading is empty: write a heading." */
  message: string;
  /** The same under its box, whole: "Heading is empty: write a heading." */
  field: string;
  /** The checker's own sentence, for a developer (the file and the key path): never shown on the editor's screens. */
  developer?: string;
  /** A box left empty (nothing written, no picture chosen, too few items), not a value that is wrong: a new item's checklist names its box. */
  toFill?: true;
}

/** A publish from the editor, an undo or a restore (each a publish too), or a developer's release (a commit not made by the editor). */
export type RevisionKind = 'publish' | 'undo' | 'restore' | 'release';

/** One item (a content file) of a revision, with the lines of its summary that are its changes. */
export interface RevisionItem {
  file: string;
  summary: string[];
}

export interface Revision {
  id: string;
  /** Absent in revisions recorded before kinds were (they are publishes, or releases). */
  kind?: RevisionKind;
  /** The revision an undo took back or a restore went back to. */
  of?: string;
  /** The content files it changed. */
  changed?: string[];
  /** The account's e-mail (or the developer's git name for a release). */
  author: string;
  /** ISO 8601. */
  at: string;
  /** What changed, in words: "Home › Hero › Heading: 'Business Growth' → 'Grow your business online'". */
  summary: string[];
  /** The account whose scheduled draft the server published by itself at its time. */
  scheduledBy?: string;
  /**
   * The items it changed, each with its own lines of `summary` (absent: not recorded, a release).
   * In the revisions of one item, `summary` is that item's lines only.
   */
  items?: RevisionItem[];
  /** A run of developers' releases listed as one line: how many, and the time of the oldest (`at`: the newest's). */
  folded?: { count: number; from: string };
}

/** One change of a revision, for its before/after view: texts whole, other values named. */
export interface ChangeView {
  /** The item it belongs to (its content file). */
  file: string;
  /** "Home › Hero › Heading". */
  where: string;
  /** Its key path in the file (absent: the whole file, made or removed): the preview brings its section into view. */
  path?: Array<string | number>;
  /** Absent: there was none (a key or item added, a page made). */
  before?: string;
  /** Absent: it was taken out. */
  after?: string;
}

export interface RevisionDetail {
  revision: Revision;
  changes: ChangeView[];
}

/** What an undo or a restore would publish, before it does. */
export interface HistoryPlan {
  /** The content it starts from: sent back as baseRevision when confirmed. */
  baseRevision: string;
  /** What would change, in words, as the revision would record it (none: nothing to do). */
  summary: string[];
  /** Each change with its text before and after. */
  changes: ChangeView[];
  /** Why it cannot be done (a later change touching the same text, the checker's sentences): then it is refused. */
  refusals: string[];
  /** What stays as it is now, and why (a restore): one sentence each. */
  notes: string[];
  /** The files' values it would publish (none when refused), for the preview of the pages after it. */
  files: ContentChange[];
}

export interface ContentImage {
  /** Address of the re-encoded picture, to put into the config ('/images/uploads/….webp'). */
  src: string;
  width: number;
  height: number;
}
