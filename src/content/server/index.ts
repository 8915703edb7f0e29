/**
 * The content editor's API (src/content/model/contentApi.ts): its handlers, registered by the inbox's
 * API (src/apps/server/admin/routes.ts) inside /api/admin/, so the session, CSRF, role and 401 rules
 * of the inbox apply to each of them.
 */
import { focusPart, type Focus } from '../model/pictureCrop';
import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import type { Refusals, RequestOf } from '../../platform/server/contracts';
import type { AnswerOf } from '../../platform/contract';
import server from '../../../config/server';
import { contentRoutes, type ContentChange, type ContentDraft } from '../model/contentApi';
import { UPLOAD_NAME, UPLOADS_PATH } from '../../platform/uploads';
import { fill } from '../../schema/text';
import { checkChanges } from './checkChanges';
import type { Draft, Drafts } from './drafts';
import { imageTooLarge, storeImage } from './images';
import type { Publisher, PublishResult } from './publish';
import { listed, RevisionHistory, type UndoScope } from './revisions';
import { editorFiles, loadContent, publicFiles } from './site';
import { publishRefusal } from './publishWords';
import { outdatedDrafts } from './outdated';
import { TaskQueue } from './taskQueue';
import { readTextOrNothing } from './atomicFiles';
import { codePathsOf, loadSourceParser } from './write';

export interface ContentOptions {
  publisher: Publisher;
  drafts?: Drafts;
  clock?: () => number;
  /** Told when a draft's schedule is set or cleared (content/schedule.ts). */
  scheduler?: { changed(): void };
}

type ContentRoute = keyof typeof contentRoutes;
/** A request of a content route, as its contract (contentApi.ts) types it. */
type Request<N extends ContentRoute> = RequestOf<(typeof contentRoutes)[N]>;
/** What a content route answers when it succeeds (200, as JSON), as its contract types it. */
type Answer<N extends ContentRoute> = (body: AnswerOf<(typeof contentRoutes)[N]>) => FastifyReply;
/** Each content route's handler, given the request as its contract types it, who sent it, and `answer`. */
export type ContentHandlers = { [N in ContentRoute]: (request: Request<N>, reply: FastifyReply, who: string, answer: Answer<N>) => Promise<unknown> };

const messages = server.admin.messages;
const json = (reply: FastifyReply, status: number, body: unknown) => reply.code(status).type('application/json; charset=utf-8').send(body);
const fail = (reply: FastifyReply, status: number, message: string) => json(reply, status, { message });

/** The body's changes, or undefined when it is not { changes: [{ file, value }] }. */
function changesOf(body: unknown): ContentChange[] | undefined {
  const changes = (body as { changes?: unknown } | null)?.changes;
  if (!Array.isArray(changes) || changes.length > 100) return undefined;
  if (!changes.every((c) => typeof c === 'object' && c !== null && typeof (c as ContentChange).file === 'string' && 'value' in c)) return undefined;
  return changes as ContentChange[];
}

/**
 * Which of a revision's changes an undo takes back: `change` (its place in the revision's changes,
 * a whole number; as a query's text when `fromQuery`) or `file` (one item's), or all; undefined
 * when either is not what it should be.
 */
function undoScope(change: unknown, file: unknown, fromQuery = false): UndoScope | undefined {
  const scope: UndoScope = {};
  if (change !== undefined) {
    const place = fromQuery && typeof change === 'string' && /^\d{1,4}$/.test(change) ? Number(change) : change;
    if (typeof place !== 'number' || !Number.isInteger(place) || place < 0 || place > 9999) return undefined;
    scope.change = place;
  }
  if (file !== undefined) {
    if (typeof file !== 'string' || file.length > 200) return undefined;
    scope.file = file;
  }
  return scope.change !== undefined && scope.file !== undefined ? undefined : scope;
}

/** Pixels the page draws a picture at: a whole number from 1 to 4000. */
const drawnSize = (value: unknown) =>
  typeof value === 'string' && /^\d{1,4}$/.test(value) && Number(value) >= 1 && Number(value) <= 4000 ? Number(value) : undefined;

/**
 * A picture uploaded (query: the CSS pixels the page draws it at, and where it is cut to that
 * shape, the point kept): checked, re-encoded and stored in the site folder's uploads.
 */
async function receiveImage(siteDir: string, request: Request<'contentImage'>, reply: FastifyReply): Promise<unknown> {
  // Without a height: the width only, in the picture's own shape (a first picture in its place).
  const width = drawnSize(request.query.width);
  const height = request.query.height === undefined ? undefined : drawnSize(request.query.height);
  if (!width || (request.query.height !== undefined && !height)) return fail(reply, 400, badImageSize);
  const focus = focusOf(request.query);
  if (focus === false) return fail(reply, 400, messages.badImageFocus);
  if (!Buffer.isBuffer(request.body)) return fail(reply, 415, messages.notAnImage);
  const result = await storeImage(
    siteDir,
    request.body,
    { width, height, focus },
    { maxBytes: server.admin.imageMaxBytes, maxPixels: server.admin.imageMaxPixels },
  );
  if (!result.ok) {
    return result.reason === 'tooLarge' ? fail(reply, imageTooLarge().status, imageTooLarge().message) : fail(reply, 415, messages.notAnImage);
  }
  return json(reply, 201, result.image satisfies AnswerOf<(typeof contentRoutes)['contentImage']>);
}

/** The point of a picture kept when it is cut to its shape (query focusX and focusY): both, or neither (its centre: undefined); false when wrong. */
function focusOf(query: { focusX?: unknown; focusY?: unknown }): Focus | undefined | false {
  if (query.focusX === undefined && query.focusY === undefined) return undefined;
  const x = focusPart(query.focusX);
  const y = focusPart(query.focusY);
  return x === undefined || y === undefined ? false : { x, y };
}

/** The sentences a content route refuses a request that does not fit its contract with (the others: the server's "bad request"). */
const badImageSize = fill(messages.badImageSize, { max: 4000 });
export const contentRefusals: Partial<Record<ContentRoute, Refusals>> = {
  contentImage: {
    sentence: server.messages.badRequest,
    byKey: { width: badImageSize, height: badImageSize, focusX: messages.badImageFocus, focusY: messages.badImageFocus },
  },
};

/** A draft as the API answers it: times in ISO 8601. */
const draftAnswer = ({ updatedAt, scheduledAt, ...draft }: Draft): ContentDraft => ({
  ...draft,
  updatedAt: new Date(updatedAt).toISOString(),
  ...(scheduledAt === undefined ? {} : { scheduledAt: new Date(scheduledAt).toISOString() }),
});

/** How long a refused check is told to wait (the queue's work moves in about this time). */
const RETRY_SECONDS = 2;

/** The handlers by route name; without `options` (no SITE_DIR) each answers that editing is not set up. */
export function contentHandlers(options: ContentOptions | undefined): ContentHandlers {
  if (!options) {
    const notSetUp = async (_request: unknown, reply: FastifyReply) => fail(reply, 503, messages.contentNotSetUp);
    return Object.fromEntries(Object.keys(contentRoutes).map((name) => [name, notSetUp])) as Record<ContentRoute, typeof notSetUp>;
  }
  const { publisher } = options;
  const clock = options.clock ?? Date.now;
  const limits = server.admin.drafts;
  const site = publisher.site;
  const history = new RevisionHistory(publisher, publisher.dataDir);
  // Checks read and check the whole content: one at a time, a few waiting, the rest told to come back.
  const checks = new TaskQueue({ waiting: 4 });
  const answerPublish = (reply: FastifyReply, result: PublishResult) => {
    if (result.status === 200) return json(reply, 200, { revision: result.revision });
    if (result.status === 400) return json(reply, 400, { problems: result.problems });
    return fail(reply, result.status, publishRefusal(result));
  };

  /** Reading the history takes one turn of the checks' queue (each reads and checks the whole content): 429 when too many wait. */
  const inTurn = async <T>(reply: FastifyReply, work: () => Promise<T | undefined>, answer: (found: T) => unknown) => {
    const done = await checks.run(async () => ({ found: await work() }));
    if (!done) return fail(reply.header('Retry-After', String(RETRY_SECONDS)), 429, fill(messages.checkBusy, { seconds: RETRY_SECONDS }));
    return done.found === undefined ? fail(reply, 404, messages.unknownRevision) : answer(done.found);
  };
  /** Undo or restore: planned again now (not as the preview showed it: the content may have changed), then published (a revision of its own); refused in words. */
  const goBack = async (
    kind: 'undo' | 'restore',
    request: Request<'contentUndo' | 'contentRestore'>,
    reply: FastifyReply,
    who: string,
    answer: Answer<'contentUndo' | 'contentRestore'>,
  ) => {
    const body = request.body;
    const base = body?.baseRevision;
    if (base !== undefined && typeof base !== 'string') return fail(reply, 400, server.messages.badRequest);
    // An undo is confirmed on the content its preview showed; a restore may be sent without one.
    if (kind === 'undo' && base === undefined) return fail(reply, 400, server.messages.badRequest);
    const scope = undoScope(body?.change, body?.file);
    if (!scope) return fail(reply, 400, server.messages.badRequest);
    const id = request.params.revisionId;
    const by = publisher.changedBy(who);
    return inTurn(
      reply,
      () => (kind === 'undo' ? history.planUndo(id, by, scope) : history.planRestore(id, by)),
      async ({ plan, changes, redirects }) => {
        if (plan.refusals.length > 0) return json(reply, 409, { message: plan.refusals.join(' '), refusals: plan.refusals });
        if (changes.length === 0) return answer({ message: messages.nothingToChange });
        const result = await publisher.publish(changes, base, who, { kind, of: id, redirects });
        return result.status === 200 ? answer({ revision: result.revision, notes: plan.notes }) : answerPublish(reply, result);
      },
    );
  };

  return {
    content: async (_request, _reply, _who, answer) => {
      publisher.warm();
      const [loaded, revision] = await Promise.all([loadContent(site), publisher.revision(), loadSourceParser()]);
      // A draft started before the file's last publish is said to be: publishing it would replace that change.
      const all = options.drafts?.all() ?? [];
      const outdated = await outdatedDrafts(site.siteDir, all, revision);
      const drafts = all.map((d) => ({ ...draftAnswer(d), ...(outdated.has(d) ? { outdated: true as const } : {}) }));
      const files = editorFiles(loaded).map((f) => {
        const source = readTextOrNothing(path.join(site.siteDir, f.file));
        const fromCode = source === undefined ? [] : codePathsOf(source);
        return fromCode.length > 0 ? { ...f, fromCode } : f;
      });
      return answer({ revision, files, publicFiles: publicFiles(site), drafts });
    },
    contentCheck: async (request, reply, who, answer) => {
      const changes = changesOf(request.body);
      if (!changes) return fail(reply, 400, server.messages.badRequest);
      const problems = await checks.run(async () => checkChanges(site, await loadContent(site), changes, publisher.changedBy(who)).problems);
      if (problems === undefined) return fail(reply.header('Retry-After', String(RETRY_SECONDS)), 429, fill(messages.checkBusy, { seconds: RETRY_SECONDS }));
      return answer({ problems });
    },
    contentPublish: async (request, reply, who) => {
      const changes = changesOf(request.body);
      const base = request.body.baseRevision;
      if (!changes || typeof base !== 'string') return fail(reply, 400, server.messages.badRequest);
      return answerPublish(reply, await publisher.publish(changes, base, who));
    },
    contentRevisions: async (request, _reply, _who, answer) => answer({ revisions: listed(await publisher.revisions(request.query.file)) }),
    contentRevision: async (request, reply, _who, answer) => inTurn(reply, () => history.detail(request.params.revisionId), answer),
    contentUndoPreview: async (request, reply, who, answer) => {
      const scope = undoScope(request.query.change, request.query.file, true);
      if (!scope) return fail(reply, 400, server.messages.badRequest);
      return inTurn(
        reply,
        () => history.planUndo(request.params.revisionId, publisher.changedBy(who), scope),
        ({ plan }) => answer(plan),
      );
    },
    contentRestorePreview: async (request, reply, who, answer) =>
      inTurn(
        reply,
        () => history.planRestore(request.params.revisionId, publisher.changedBy(who)),
        ({ plan }) => answer(plan),
      ),
    contentUndo: async (request, reply, who, answer) => goBack('undo', request, reply, who, answer),
    contentRestore: async (request, reply, who, answer) => goBack('restore', request, reply, who, answer),
    contentDraftSave: async (request, reply, who, answer) => {
      const drafts = options.drafts;
      const body = request.body;
      if (!drafts || typeof body?.file !== 'string' || !('value' in body) || typeof body.base !== 'string') return fail(reply, 400, server.messages.badRequest);
      // The drafts' limits, as a publish's changes meet them too (drafts.ts keep).
      const [refused] = drafts.keep(who, [{ file: body.file, value: body.value }], body.base);
      if (refused) return fail(refused.retryAfter ? reply.header('Retry-After', String(refused.retryAfter)) : reply, refused.status, refused.message);
      return answer({ draft: draftAnswer(drafts.of(who, body.file)!) });
    },
    contentDraftDiscard: async (request, reply, who, answer) => {
      const file = request.body.file;
      if (!options.drafts || typeof file !== 'string') return fail(reply, 400, server.messages.badRequest);
      options.drafts.discard(who, file);
      options.scheduler?.changed();
      return answer({});
    },
    contentDraftSchedule: async (request, reply, who, answer) => {
      const drafts = options.drafts;
      const body = request.body;
      if (!drafts || typeof body?.file !== 'string' || (body.at !== null && typeof body.at !== 'string')) return fail(reply, 400, server.messages.badRequest);
      const draft = drafts.of(who, body.file);
      if (!draft) return fail(reply, 404, messages.noDraft);
      if (body.at === null) {
        drafts.schedule(who, body.file, undefined);
      } else {
        const at = Date.parse(body.at);
        const now = clock();
        if (!Number.isFinite(at) || at <= now || at > now + limits.scheduleMaxDays * 86_400_000)
          return fail(reply, 400, fill(messages.badScheduleTime, { days: limits.scheduleMaxDays }));
        // What would be refused at that time is refused now, on its fields.
        const problems = await checks.run(
          async () => checkChanges(site, await loadContent(site), [{ file: draft.file, value: draft.value }], publisher.changedBy(who)).problems,
        );
        if (problems === undefined) return fail(reply.header('Retry-After', String(RETRY_SECONDS)), 429, fill(messages.checkBusy, { seconds: RETRY_SECONDS }));
        if (problems.length > 0) return json(reply, 400, { message: fill(messages.draftHasProblems, { count: problems.length }), problems });
        // Scheduled knowing what is published now (the editor says when the draft is older than a publish of its file): its base is now.
        const revision = await publisher.revision();
        if (draft.base !== revision) drafts.rebase(who, draft.file, revision);
        drafts.schedule(who, body.file, at);
      }
      options.scheduler?.changed();
      return answer({ draft: draftAnswer(drafts.of(who, body.file)!) });
    },
    contentImage: (request, reply) => receiveImage(site.siteDir, request, reply),
    contentUpload: async (request, reply) => {
      const name = request.params.name;
      const file = path.join(site.siteDir, 'public', UPLOADS_PATH, name);
      if (!UPLOAD_NAME.test(name) || !existsSync(file)) return fail(reply, 404, server.messages.unknownAddress);
      // Named by its bytes' hash: the same name is always the same picture.
      return reply.header('Cache-Control', 'private, max-age=31536000, immutable').type('image/webp').send(createReadStream(file));
    },
  };
}
