/** The content editor's calls to our server: the table in src/content/model/contentApi.ts, through the inbox's session (src/platform/inbox/api.ts). */
import admin from '../../../config/admin';
import server from '../../../config/server';
import {
  type ContentChange,
  type ContentDraft,
  type ContentImage,
  type ContentProblem,
  type ContentSnapshot,
  type HistoryPlan,
  type Revision,
  type RevisionDetail,
} from '../model/contentApi';
import { answerOf, ApiError, refusalOf, sendFileTo, sendTo } from '../../platform/inbox/api';
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

export async function loadContent(): Promise<ContentSnapshot> {
  return answerOf('content', await sendTo('content'));
}

export async function publish(baseRevision: string, changes: ContentChange[]): Promise<Revision> {
  const response = await sendTo('contentPublish', { json: { baseRevision, changes } });
  if (response.status === 400 || response.status === 409) {
    const body = (await response.json().catch(() => null)) as { problems?: ContentProblem[]; message?: string } | null;
    throw new PublishRefused(
      response.status,
      response.status === 409 ? (body?.message ?? admin.content.conflict) : (body?.message ?? admin.content.publishRefused),
      body?.problems ?? [],
    );
  }
  return (await answerOf('contentPublish', response)).revision;
}

/** Every revision, newest first; with `file`, only those that changed it. */
export async function loadRevisions(file?: string): Promise<Revision[]> {
  return (await answerOf('contentRevisions', await sendTo('contentRevisions', { query: { file } }))).revisions;
}

/** A revision's changes, each with its text before and after. */
export async function loadRevision(id: string): Promise<RevisionDetail> {
  return answerOf('contentRevision', await sendTo('contentRevision', { params: { revisionId: id } }));
}

/** Which changes of a revision an undo takes back: all, one (its place in the revision's changes), or one item's. */
export interface UndoScope {
  change?: number;
  file?: string;
}

/** What undoing a revision's changes (or restoring a revision) would publish: nothing changes yet. */
export async function previewGoingBack(kind: 'undo' | 'restore', id: string, scope: UndoScope = {}): Promise<HistoryPlan> {
  const params = { revisionId: id };
  if (kind === 'restore') return answerOf('contentRestorePreview', await sendTo('contentRestorePreview', { params }));
  const query = { change: scope.change === undefined ? undefined : String(scope.change), file: scope.file };
  return answerOf('contentUndoPreview', await sendTo('contentUndoPreview', { params, query }));
}

/** Publishes the undo or the restore shown in its preview (from the content it was made on); the revision, or none when nothing was to change. */
export async function goBack(kind: 'undo' | 'restore', id: string, baseRevision: string, scope: UndoScope = {}): Promise<Revision | undefined> {
  const route = kind === 'undo' ? 'contentUndo' : 'contentRestore';
  const wentBack = await answerOf(route, await sendTo(route, { params: { revisionId: id }, json: { baseRevision, ...(kind === 'undo' ? scope : {}) } }));
  return 'revision' in wentBack ? wentBack.revision : undefined;
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
  const query = {
    width: String(Math.round(width)),
    ...(height === undefined ? {} : { height: String(Math.round(height)), ...(focus ? focusQuery(focus) : {}) }),
  };
  return answerOf('contentImage', await sendFileTo('contentImage', { query }, file, onProgress ?? (() => undefined)));
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
  const response = await sendTo('contentDraftSave', { json: { file, value, base }, keepalive });
  if (response.status === 429) {
    const refusal = await refusalOf(response);
    throw new TryLater(refusal.message, Number(response.headers.get('retry-after')) || 1);
  }
  return (await answerOf('contentDraftSave', response)).draft;
}

export async function discardDraft(file: string, keepalive = false): Promise<void> {
  await answerOf('contentDraftDiscard', await sendTo('contentDraftDiscard', { json: { file }, keepalive }));
}

/** Sets (an ISO time) or clears (null) when the server publishes the draft; a refusal carries the checker's problems. */
export async function scheduleDraft(file: string, at: string | null): Promise<ContentDraft> {
  const response = await sendTo('contentDraftSchedule', { json: { file, at } });
  if (response.status === 400) {
    const body = (await response.json().catch(() => null)) as { problems?: ContentProblem[]; message?: string } | null;
    throw new PublishRefused(400, body?.message ?? admin.errors.unexpected, body?.problems ?? []);
  }
  return (await answerOf('contentDraftSchedule', response)).draft;
}
