/** The content editor's calls to our server: the table in src/content/model/contentApi.ts, through the inbox's session (src/platform/inbox/api.ts). */
import admin from '../../../config/admin';
import server from '../../../config/server';
import {
  contentRoutes,
  type ContentChange,
  type ContentDraft,
  type ContentImage,
  type ContentProblem,
  type ContentSnapshot,
  type HistoryPlan,
  type Revision,
  type RevisionDetail,
} from '../model/contentApi';
import { ApiError, refusalOf, sendFileTo, sendTo } from '../../platform/inbox/api';
import { focusQuery, type Focus } from '../model/pictureCrop';
import { fill } from '../../platform/inbox/format';

/** Publish refused: the checker's problems (nothing was written), or the content changed meanwhile. */
export class PublishRefused extends ApiError {
  constructor(
    status: number,
    message: string,
    readonly problems: ContentProblem[] = [],
  ) {
    super(status, message);
  }
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw await refusalOf(response);
  return (await response.json()) as T;
}

export async function loadContent(): Promise<ContentSnapshot> {
  const { method, path } = contentRoutes.content;
  return json(await sendTo(method, path));
}

export async function publish(baseRevision: string, changes: ContentChange[]): Promise<Revision> {
  const { method, path } = contentRoutes.contentPublish;
  const response = await sendTo(method, path, { json: { baseRevision, changes } });
  if (response.status === 400 || response.status === 409) {
    const body = (await response.json().catch(() => null)) as { problems?: ContentProblem[]; message?: string } | null;
    throw new PublishRefused(
      response.status,
      response.status === 409 ? (body?.message ?? admin.content.conflict) : (body?.message ?? ''),
      body?.problems ?? [],
    );
  }
  return (await json<{ revision: Revision }>(response)).revision;
}

/** Every revision, newest first; with `file`, only those that changed it. */
export async function loadRevisions(file?: string): Promise<Revision[]> {
  const { method, path } = contentRoutes.contentRevisions;
  return (await json<{ revisions: Revision[] }>(await sendTo(method, file ? `${path}?${new URLSearchParams({ file })}` : path))).revisions;
}

const revisionPath = (route: 'contentRevision' | 'contentUndoPreview' | 'contentUndo' | 'contentRestorePreview' | 'contentRestore', id: string) =>
  contentRoutes[route].path.replace(':revisionId', encodeURIComponent(id));

/** A revision's changes, each with its text before and after. */
export async function loadRevision(id: string): Promise<RevisionDetail> {
  return json(await sendTo(contentRoutes.contentRevision.method, revisionPath('contentRevision', id)));
}

/** Which changes of a revision an undo takes back: all, one (its place in the revision's changes), or one item's. */
export interface UndoScope {
  change?: number;
  file?: string;
}

/** What undoing a revision's changes (or restoring a revision) would publish: nothing changes yet. */
export async function previewGoingBack(kind: 'undo' | 'restore', id: string, scope: UndoScope = {}): Promise<HistoryPlan> {
  const route = kind === 'undo' ? 'contentUndoPreview' : 'contentRestorePreview';
  const query = new URLSearchParams({
    ...(kind === 'undo' && scope.change !== undefined ? { change: String(scope.change) } : {}),
    ...(kind === 'undo' && scope.file !== undefined ? { file: scope.file } : {}),
  }).toString();
  return json(await sendTo(contentRoutes[route].method, `${revisionPath(route, id)}${query ? `?${query}` : ''}`));
}

/** Publishes the undo or the restore shown in its preview (from the content it was made on); the revision, or none when nothing was to change. */
export async function goBack(kind: 'undo' | 'restore', id: string, baseRevision: string, scope: UndoScope = {}): Promise<Revision | undefined> {
  const route = kind === 'undo' ? 'contentUndo' : 'contentRestore';
  return (
    await json<{ revision?: Revision }>(
      await sendTo(contentRoutes[route].method, revisionPath(route, id), { json: { baseRevision, ...(kind === 'undo' ? scope : {}) } }),
    )
  ).revision;
}

/** How a picture is sent: the point kept where it is cut to the drawn shape, and who hears how much of it has gone (0 to 1). */
export interface UploadOptions {
  focus?: Focus | undefined;
  onProgress?: ((sent: number) => void) | undefined;
}

/**
 * Sends a picture with the CSS pixels the page draws it at (without a height: that width, in its
 * own shape), and with a height the point kept where it is cut to that shape. One over the bytes
 * the server takes is refused here, in the server's own sentence, without sending it (a phone's
 * 30 MB photo is not sent to be refused).
 */
export async function uploadImage(file: File, width: number, height?: number, { focus, onProgress }: UploadOptions = {}): Promise<ContentImage> {
  const maxBytes = server.admin.imageMaxBytes;
  if (file.size > maxBytes) throw new ApiError(413, fill(server.admin.messages.imageTooLarge, { max: Math.floor(maxBytes / 1048576) }));
  const { method, path } = contentRoutes.contentImage;
  const query = new URLSearchParams({
    width: String(Math.round(width)),
    ...(height === undefined ? {} : { height: String(Math.round(height)), ...(focus ? focusQuery(focus) : {}) }),
  });
  return json(await sendFileTo(method, `${path}?${query}`, file, onProgress ?? (() => undefined)));
}

/** A refusal the server says to send again later (429 with Retry-After, in seconds). */
export class TryLater extends ApiError {
  constructor(
    message: string,
    readonly seconds: number,
  ) {
    super(429, message);
  }
}

/** Keeps the value as the signed-in account's draft of the file. `keepalive`: sent even as the page closes. */
export async function saveDraft(file: string, value: unknown, base: string, keepalive = false): Promise<ContentDraft> {
  const { method, path } = contentRoutes.contentDraftSave;
  const response = await sendTo(method, path, { json: { file, value, base }, keepalive });
  if (response.status === 429) {
    const refusal = await refusalOf(response);
    throw new TryLater(refusal.message, Number(response.headers.get('retry-after')) || 1);
  }
  return (await json<{ draft: ContentDraft }>(response)).draft;
}

export async function discardDraft(file: string, keepalive = false): Promise<void> {
  const { method, path } = contentRoutes.contentDraftDiscard;
  await json(await sendTo(method, path, { json: { file }, keepalive }));
}

/** Sets (an ISO time) or clears (null) when the server publishes the draft; a refusal carries the checker's problems. */
export async function scheduleDraft(file: string, at: string | null): Promise<ContentDraft> {
  const { method, path } = contentRoutes.contentDraftSchedule;
  const response = await sendTo(method, path, { json: { file, at } });
  if (response.status === 400) {
    const body = (await response.json().catch(() => null)) as { problems?: ContentProblem[]; message?: string } | null;
    throw new PublishRefused(400, body?.message ?? admin.errors.unexpected, body?.problems ?? []);
  }
  return (await json<{ draft: ContentDraft }>(response)).draft;
}
