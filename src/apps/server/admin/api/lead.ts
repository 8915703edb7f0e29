/**
 * One lead's routes under /api/admin/: the lead, its changes (status, note, read; its stage and
 * owner), spam or not, its CV and its mails' attachments, a notification sent again, a reply, and
 * deleting it.
 */
import server from '../../../../../config/server';
import { isLeadStatus } from '../../../../leads/model/adminApi';
import { isReplyDraft, replyProblem } from '../../../../leads/model/replyDraft';
import { fill, visible } from '../../../../schema/text';
import { sendStoredFile } from '../../../../platform/server/files';
import { createLimiter } from '../../../../platform/server/rateLimit';
import { attachmentOf, cvOfLead, findLead, leadDetail, markReplied, markSpam, summaryOf, updateLead } from '../../../../leads/server/inbox';
import { changePipeline, pipelineOf } from '../../../../leads/server/pipeline';
import { deleteLeads } from '../../../../leads/server/privacy';
import { docIdOf, fail, json, type AdminApiOptions, type Route } from './route';

const messages = server.admin.messages;

export function registerLead(route: Route, { store, notifications, dataDir, clock, served }: AdminApiOptions) {
  route('lead', async (request, reply, _role, answer) => {
    const detail = leadDetail(store, dataDir, docIdOf(request), served);
    return detail ? answer(detail) : fail(reply, 404, messages.unknownLead);
  });

  const noteTooLong = fill(messages.noteTooLong, { max: server.admin.noteMaxLength });
  route(
    'updateLead',
    async (request, reply, _role, answer) => {
      const { status, note, read } = request.body ?? {};
      if (status !== undefined && !isLeadStatus(status)) return fail(reply, 400, messages.badStatus);
      if (note !== undefined && note.length > server.admin.noteMaxLength) return fail(reply, 400, noteTooLong);
      const docId = docIdOf(request);
      if (!updateLead(store, served.forms, docId, { status, note, read: read === true }, clock(), request.session.email ?? null))
        return fail(reply, 404, messages.unknownLead);
      return answer(leadDetail(store, dataDir, docId, served)!);
    },
    { refusals: { sentence: server.messages.badRequest, byKey: { status: messages.badStatus, note: noteTooLong, read: messages.badChange } } },
  );

  // A lead's stage, value, follow-up date and assignee (src/leads/server/pipeline.ts), each change named by its account.
  route('pipeline', async (request, reply, _role, answer) => {
    const found = pipelineOf(store.db, docIdOf(request));
    return found ? answer(found) : fail(reply, 404, messages.unknownLead);
  });
  route(
    'updatePipeline',
    async (request, reply, _role, answer) => {
      const changed = changePipeline(store.db, docIdOf(request), request.body ?? {}, request.session.email ?? '', clock());
      if (changed === 'unknownLead') return fail(reply, 404, messages.unknownLead);
      if ('message' in changed) return json(reply, 400, changed);
      return answer(changed);
    },
    { bodyLimit: 4096 },
  );

  route('deleteLead', async (request, reply, _role, answer) => {
    const deleted = deleteLeads(store, dataDir, [docIdOf(request)]);
    return deleted.leads === 0 ? fail(reply, 404, messages.unknownLead) : answer(deleted);
  });

  route('cv', async (request, reply) => {
    const lead = findLead(store, docIdOf(request));
    const cv = lead ? cvOfLead(store, served.forms, dataDir, lead) : undefined;
    if (!lead) return fail(reply, 404, messages.unknownLead);
    if (cv?.state !== 'kept') return fail(reply, 404, messages.noCv);
    // The file's name: ASCII letters and digits of the lead's name (hidden characters shown by their code first).
    const name = visible(summaryOf(served.forms, lead).name)
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60);
    return sendStoredFile(reply, dataDir, cv.stored, `cv-${name || lead.docId}`);
  });

  for (const [name, verdict] of [
    ['notSpam', 'not_spam'],
    ['markSpam', 'spam'],
  ] as const) {
    route(name, async (request, reply, _role, answer) => {
      const docId = docIdOf(request);
      if (!markSpam(store, notifications, docId, verdict, request.session.email ?? '', clock())) return fail(reply, 404, messages.unknownLead);
      return answer(leadDetail(store, dataDir, docId, served)!);
    });
  }

  // A reply e-mails someone outside: a session taken over cannot send without end.
  const replies = createLimiter(server.admin.replyRate, clock);
  route('reply', async (request, reply, _role, answer) => {
    const draft = request.body ?? {};
    const problem = replyProblem(draft);
    if (problem || !isReplyDraft(draft)) return fail(reply, 400, problem?.message ?? server.messages.badRequest);
    const account = request.session.email ?? '';
    const wait = replies.take(account);
    if (wait > 0) {
      reply.header('Retry-After', String(wait));
      return fail(reply, 429, fill(messages.tooManyReplies, { minutes: Math.ceil(wait / 60) }));
    }
    const docId = docIdOf(request);
    const result = store.db.transaction(() => {
      const sent = notifications.sendReply(docId, { subject: draft.subject, text: draft.text }, account);
      if (sent === 'queued') markReplied(store, docId, account, clock());
      return sent;
    })();
    if (result === 'unknownLead') return fail(reply, 404, messages.unknownLead);
    if (result === 'noAddress') return fail(reply, 409, messages.noReplyAddress);
    if (result === 'off') return fail(reply, 409, messages.repliesOff);
    return answer(leadDetail(store, dataDir, docId, served)!);
  });

  // A kept attachment of a mail read from the mailbox: by its mail and place, as the CV is sent (type by content, never shown inline).
  route('attachment', async (request, reply) => {
    const found = attachmentOf(store, request.params.messageId, request.params.n);
    if (!found) return fail(reply, 404, messages.unknownAttachment);
    return sendStoredFile(reply, dataDir, found.stored, found.name);
  });

  route('resend', async (request, reply) => {
    if (!notifications.resendDelivery(request.params.deliveryId)) return fail(reply, 404, messages.unknownDelivery);
    return reply.code(204).send();
  });
}
