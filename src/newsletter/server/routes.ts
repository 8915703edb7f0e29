/**
 * The inbox's newsletter routes (src/newsletter/model/newsletterApi.ts), registered with the inbox's own
 * (src/apps/server/admin/routes.ts: a session, the CSRF token, the role): every account writes,
 * previews and sends itself a test (in any of the site's languages, as its readers get it); only
 * an owner sends to the readers or takes a schedule back.
 */
import type { FastifyReply } from 'fastify';
import type { RequestOf } from '../../platform/server/contracts';
import type { AnswerOf } from '../../platform/contract';
import admin from '../../../config/admin';
import server from '../../../config/server';
import type { ArticleForNewsletter, NewsletterDetail, NewsletterDraft, NewsletterList, NewsletterRoute, newsletterRoutes } from '../model/newsletterApi';
import { fill } from '../../schema/text';
import { createLimiter } from '../../platform/server/rateLimit';
import type { Store } from '../../platform/server/store/store';
import { newDocumentId } from '../../platform/server/store/store';
import {
  addNewsletter,
  bodyProblem,
  confirmedCount,
  deleteNewsletter,
  draftOfArticle,
  isProblem,
  type DraftProblem,
  listNewsletters,
  mailOf,
  markReady,
  NAME,
  newsletterLanguage,
  newsletterOf,
  saveNewsletter,
  scheduleNewsletter,
  startDue,
  unscheduleNewsletter,
} from './newsletters';
import { personalMail } from './render';
import type { Newsletter } from './index';
import { uploadExistsIn } from './pictures';
import { UNSUBSCRIBE_PATH } from '../model/newsletterApi';

const messages = server.newsletter.messages;

export interface NewsletterRouteOptions {
  store: Store;
  clock: () => number;
  publicUrl: string;
  /** The app's newsletter (its plugin, plugin.ts): its tokens, its uploads folder, its send queue while it runs. */
  newsletter: Newsletter;
}

/** A request of a newsletter route, as its contract (newsletterApi.ts) types it. */
type Request<N extends NewsletterRoute> = RequestOf<(typeof newsletterRoutes)[N]>;
/** What a newsletter route answers when it succeeds (200, as JSON), as its contract types it. */
type Answer<N extends NewsletterRoute> = (body: AnswerOf<(typeof newsletterRoutes)[N]>) => FastifyReply;
/** Each newsletter route's handler, given the request as its contract types it, the account that sent it, and `answer`. */
type Handlers = { [N in NewsletterRoute]: (request: Request<N>, reply: FastifyReply, account: string, answer: Answer<N>) => unknown };

const json = (reply: FastifyReply, status: number, body: unknown) => reply.code(status).type('application/json; charset=utf-8').send(body);
const fail = (reply: FastifyReply, status: number, message: string) => json(reply, status, { message });
const idOf = (request: { params: { id: string } }) => (/^[1-9]\d{0,14}$/.test(request.params.id) ? Number(request.params.id) : 0);

const isRevision = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;

/** An answer that is a newsletter (`answer`'s), or a problem's sentence with its status. */
function detailOr(reply: FastifyReply, answer: (detail: NewsletterDetail) => FastifyReply, result: NewsletterDetail | DraftProblem) {
  if (!isProblem(result)) return answer(result);
  return json(reply, result.status, { message: result.message, ...(result.newsletter ? { newsletter: result.newsletter } : {}) });
}

export function newsletterHandlers({ store, clock, publicUrl, newsletter }: NewsletterRouteOptions): Handlers {
  const tests = createLimiter(server.newsletter.testRate, clock);
  // An account's saves (new drafts and changes), as the content editor's drafts are held.
  const saves = createLimiter(server.newsletter.drafts.rate, clock);
  const uploads = uploadExistsIn(newsletter.uploads);
  /** Takes one save of the account: undefined when it may, else the refusal already sent. */
  const tooFast = (reply: FastifyReply, account: string) => {
    const wait = saves.take(account);
    if (wait === 0) return undefined;
    reply.header('Retry-After', String(wait));
    return fail(reply, 429, fill(messages.savesTooFast, { seconds: wait }));
  };
  return {
    newsletters: (_request, _reply, _account, answer) => {
      const queue = newsletter.queue;
      const languages = newsletter.served.servedLanguages();
      const list: NewsletterList = {
        newsletters: listNewsletters(store.db),
        confirmed: confirmedCount(store.db),
        mailOn: queue !== undefined,
        dkim: queue?.signed ?? false,
        ...(languages.length > 1 ? { languages: languages.map(({ code, name }) => ({ code, name })) } : {}),
      };
      return answer(list);
    },
    newsletter: (request, reply, _account, answer) => {
      const found = newsletterOf(store.db, idOf(request));
      return found ? answer(found) : fail(reply, 404, messages.unknownNewsletter);
    },
    newsletterCreate: (request, reply, account, answer) => {
      const body = request.body;
      const draft =
        body.fromArticle !== undefined
          ? draftOfArticle(store.db, body.fromArticle as ArticleForNewsletter, newsletter.served)
          : (body as Partial<NewsletterDraft>);
      if (body.fromArticle !== undefined && !(draft as { article?: string }).article) return fail(reply, 400, messages.unknownArticle);
      return tooFast(reply, account) ?? detailOr(reply, answer, addNewsletter(store.db, draft, account, clock(), uploads));
    },
    newsletterSave: (request, reply, account, answer) => {
      // The revision the writer had (the detail's): another account's save since is refused, with the newest version.
      const { subject, name, body, revision } = request.body;
      if (!isRevision(revision)) return fail(reply, 400, messages.noRevision);
      const change = Object.fromEntries(Object.entries({ subject, name, body }).filter(([, value]) => value !== undefined)) as Partial<NewsletterDraft>;
      return tooFast(reply, account) ?? detailOr(reply, answer, saveNewsletter(store.db, idOf(request), change, account, clock(), revision, uploads));
    },
    newsletterDelete: (request, reply) => {
      const problem = deleteNewsletter(store.db, idOf(request));
      return problem ? fail(reply, problem.status, problem.message) : reply.code(204).send();
    },
    newsletterPreview: (request, _reply, _account, answer) => {
      // What is on screen, saved or not, finished or not: its subject and name as they are (a name
      // not yet right is drawn as "preview"); a text the checks refuse is said instead of drawn.
      const { subject, name, body, language, id } = request.body;
      const problem =
        bodyProblem(body, uploads) ??
        (Buffer.byteLength(JSON.stringify(body ?? null)) > server.newsletter.bodyMaxBytes
          ? fill(messages.bodyTooLarge, { max: Math.floor(server.newsletter.bodyMaxBytes / 1024) })
          : undefined);
      const shown = typeof subject === 'string' ? subject.replace(/[\r\n]+/g, ' ').slice(0, server.newsletter.subjectMaxLength) : '';
      if (problem) return answer({ subject: shown, html: '', text: '', problem: fill(messages.badBody, { error: problem }) });
      const draft = { subject: shown, name: typeof name === 'string' && NAME.test(name) ? name : 'preview', body: body as NewsletterDraft['body'] };
      // A link that works and unsubscribes nobody (subscriber 0), as a test send's.
      const sample = `${publicUrl}${UNSUBSCRIBE_PATH}/${newsletter.tokens.unsubscribe.make({ subscriberId: 0, newsletterId: 0 })}`;
      // In a language: as its readers get it, with the words the saved newsletter keeps in it (one made from an article).
      const saved = typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : 0;
      return answer(
        personalMail(
          mailOf(draft, publicUrl, newsletter.served, { pictures: 'inbox', language: newsletterLanguage(store.db, saved, language, newsletter.served) }),
          sample,
        ),
      );
    },
    newsletterTest: async (request, reply, account) => {
      const queue = newsletter.queue;
      if (!queue) return fail(reply, 409, messages.mailOff);
      const found = newsletterOf(store.db, idOf(request));
      if (!found) return fail(reply, 404, messages.unknownNewsletter);
      const wait = tests.take(account);
      if (wait > 0) {
        reply.header('Retry-After', String(wait));
        return fail(reply, 429, fill(messages.tooManyTests, { minutes: Math.ceil(wait / 60) }));
      }
      // As the readers of the language chosen get it (the default language's without one), its subject marked as a test.
      const mail = mailOf(found, publicUrl, newsletter.served, {
        language: newsletterLanguage(store.db, found.id, request.body?.language, newsletter.served),
        subjectAs: (subject) => fill(admin.newsletters.testSubject, { subject }),
      });
      try {
        // The signed-in account is the reader: its link works and unsubscribes nobody (subscriber 0).
        await queue.sendTest(mail, account, newsletter.tokens.unsubscribe.make({ subscriberId: 0, newsletterId: found.id }), `nl_test_${newDocumentId()}`);
      } catch (error) {
        return fail(
          reply,
          502,
          fill(messages.testFailed, {
            error: String((error as { response?: string; message?: string })?.response ?? (error as Error)?.message ?? error).slice(0, 300),
          }),
        );
      }
      return reply.code(204).send();
    },
    newsletterSend: (request, reply, account, answer) => {
      const queue = newsletter.queue;
      if (!queue) return fail(reply, 409, messages.mailOff);
      // The revision the owner read (the detail's): a change made after it is never sent.
      const { at, revision } = request.body;
      if (!isRevision(revision)) return fail(reply, 400, messages.noRevision);
      const now = clock();
      const when = at === undefined || at === null ? now : typeof at === 'string' ? Date.parse(at) : NaN;
      if (at === undefined && confirmedCount(store.db) === 0) return fail(reply, 409, messages.noReaders);
      const result = scheduleNewsletter(store.db, idOf(request), Number.isFinite(when) ? when : -1, account, now, revision);
      if (isProblem(result)) return detailOr(reply, answer, result);
      // Sent now: it starts before the answer (its readers queued, `sending`), so the page shows the state it is in, not "to be sent".
      if (result.sendAt !== null && result.sendAt <= now) startDue(store.db, now, publicUrl, newsletter.served);
      queue.wake();
      return detailOr(reply, answer, newsletterOf(store.db, result.id) ?? result);
    },
    newsletterReady: (request, reply, account, answer) => {
      const { ready } = request.body;
      if (typeof ready !== 'boolean') return fail(reply, 400, messages.badReady);
      return detailOr(reply, answer, markReady(store.db, idOf(request), ready, account, clock()));
    },
    newsletterUnschedule: (request, reply, account, answer) => detailOr(reply, answer, unscheduleNewsletter(store.db, idOf(request), account, clock())),
  };
}
