/** The content editor's calls to our server: the table in src/shared/contentApi.ts, through the inbox's session (src/admin/api.ts). */
import admin from '../../../config/admin';
import { contentRoutes, type ContentChange, type ContentImage, type ContentProblem, type ContentSnapshot, type Revision } from '../../shared/contentApi';
import { ApiError, refusalOf, sendTo } from '../api';

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
    throw new PublishRefused(response.status, response.status === 409 ? (body?.message ?? admin.content.conflict) : (body?.message ?? ''), body?.problems ?? []);
  }
  return (await json<{ revision: Revision }>(response)).revision;
}

export async function loadRevisions(): Promise<Revision[]> {
  const { method, path } = contentRoutes.contentRevisions;
  return (await json<{ revisions: Revision[] }>(await sendTo(method, path))).revisions;
}

export async function restore(revisionId: string): Promise<Revision> {
  const { method, path } = contentRoutes.contentRestore;
  return (await json<{ revision: Revision }>(await sendTo(method, path.replace(':revisionId', encodeURIComponent(revisionId))))).revision;
}

/** Sends a picture with the CSS pixels the page draws it at (0: its own size). */
export async function uploadImage(file: File, width: number, height: number): Promise<ContentImage> {
  const { method, path } = contentRoutes.contentImage;
  const query = new URLSearchParams({ width: String(Math.round(width)), height: String(Math.round(height)) });
  return json(await sendTo(method, `${path}?${query}`, { file }));
}
