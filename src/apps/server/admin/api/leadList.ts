/**
 * The list's routes under /api/admin/: a page of a view (its filters, page and order from the
 * query), its export (streamed), and what is done to many leads at once.
 */
import server from '../../../../../config/server';
import {
  ASSIGNED_VIEWS,
  BULK_ACTIONS,
  LEAD_SORTS,
  isLeadStatus,
  OPEN_STATUSES,
  OPEN_VIEW,
  PAGE_SIZES,
  type AssignedView,
  type BulkAction,
  type LeadList,
  type LeadSort,
} from '../../../../leads/model/adminApi';
import { isStage } from '../../../../leads/model/pipeline';
import { fill } from '../../../../schema/text';
import {
  exportFileName,
  exportStream,
  languageCounts,
  leadPage,
  submissionsOf,
  viewCounts,
  type LeadFilter,
  type PageOf,
  type ServedLeads,
} from '../../../../leads/server/leads';
import { bulkChange, summaryOf, unreadCount } from '../../../../leads/server/inbox';
import { storedCodes } from '../../../../leads/server/leadLanguages';
import { awaitingCollections } from '../../../../leads/server/attention';
import { passwordIsRecent } from '../../../../platform/server/accounts/sessions';
import { fail, passwordAgain, type AdminApiOptions, type Route } from './route';

const messages = server.admin.messages;

/** The filters of the list and the export, from the query (`account`: who asks, for "assigned to me"); undefined when one is not known. */
function filterOf(query: Record<string, unknown>, account: string, served: ServedLeads): LeadFilter | undefined {
  const filter: LeadFilter = {};
  const { form, status, spam, q } = query;
  if (form !== undefined && form !== '') {
    const found = typeof form === 'string' ? served.forms.formNamed(form) : undefined;
    if (!found) return undefined;
    filter.collection = found.collection;
  }
  // What needs the agency: open statuses, of forms that await an answer (sign-ups are the newsletter's).
  if (status === OPEN_VIEW) {
    filter.statuses = OPEN_STATUSES;
    filter.awaiting = awaitingCollections(served.forms);
  } else if (status !== undefined && status !== '') {
    if (!isLeadStatus(status)) return undefined;
    filter.status = status;
  }
  // One row per person (their newest submission in the view), or per submission.
  const { view } = query;
  if (view !== undefined && view !== '' && view !== 'people' && view !== 'submissions') return undefined;
  if (view === 'people') filter.people = true;
  if (spam !== undefined) {
    if (spam !== 'true' && spam !== 'false') return undefined;
    filter.spam = spam === 'true';
  }
  if (q !== undefined) {
    if (typeof q !== 'string' || q.length > 200) return undefined;
    filter.search = q;
  }
  // The stage, and whose: the account asking ("mine") or nobody's.
  const { stage, assigned } = query;
  if (stage !== undefined && stage !== '') {
    if (!isStage(stage)) return undefined;
    filter.stage = stage;
  }
  if (assigned !== undefined && assigned !== '') {
    if (!ASSIGNED_VIEWS.includes(assigned as AssignedView)) return undefined;
    filter.assignee = assigned === 'me' ? account : null;
  }
  // Where the leads came from: a source ('' for direct visits) and a campaign ('' for none).
  for (const key of ['source', 'campaign'] as const) {
    const value = query[key];
    if (value === undefined) continue;
    if (typeof value !== 'string' || value.length > 200) return undefined;
    filter[key] = value;
  }
  // The language it was sent in: one of the site's (config/site.ts languages).
  const { language } = query;
  if (language !== undefined && language !== '') {
    if (!served.servedLanguages().some((known) => known.code === language)) return undefined;
    filter.language = storedCodes(served, language as string);
  }
  return filter;
}

/** The page of the list, from the query (page from 0); undefined when a part is not known. */
function pageOf(query: Record<string, unknown>): PageOf | undefined {
  const { page = '0', pageSize = String(PAGE_SIZES[0]), sort = 'receivedAt', direction = 'desc' } = query;
  if (typeof page !== 'string' || !/^\d{1,7}$/.test(page)) return undefined;
  const size = Number(pageSize);
  if (!PAGE_SIZES.includes(size as (typeof PAGE_SIZES)[number])) return undefined;
  if (!LEAD_SORTS.includes(sort as LeadSort) || (direction !== 'asc' && direction !== 'desc')) return undefined;
  return { offset: Number(page) * size, limit: size, sort: sort as LeadSort, direction };
}

/** The list's languages, on a site in more than one (languageCounts): none on a site in one, as before languages. */
const withLanguages = (languages: LeadList['languages']) => (languages ? { languages } : {});

const isBulkAction = (action: string): action is BulkAction => (BULK_ACTIONS as readonly string[]).includes(action);

export function registerLeadList(route: Route, { store, notifications, dataDir, clock, publicUrl, served }: AdminApiOptions) {
  route(
    'leads',
    async (request, reply, _role, answer) => {
      const filter = filterOf(request.query, request.session.email ?? '', served);
      const page = pageOf(request.query);
      if (!filter || !page) return fail(reply, 400, messages.badFilter);
      const rows = leadPage(store, filter, page);
      const submissions = filter.people ? submissionsOf(store, filter, rows) : undefined;
      const list: LeadList = {
        leads: rows.map((row) => ({ ...summaryOf(served.forms, row), ...(submissions ? { submissions: submissions.get(row.docId) ?? 1 } : {}) })),
        offset: page.offset,
        ...viewCounts(store, served.forms, filter),
        forms: served.forms.formTitles(),
        unread: unreadCount(store, served.forms),
        ...withLanguages(languageCounts(store, filter, served)),
      };
      return answer(list);
    },
    { refusals: messages.badFilter },
  );

  // Many leads at once: a bounded list of ids (a document id is 20 letters and digits; longer is no id).
  const bulkMax = server.admin.bulkMaxLeads;
  const badBulk = fill(messages.badBulk, { max: bulkMax });
  route(
    'bulk',
    async (request, reply, _role, answer) => {
      const { action, docIds } = request.body;
      if (docIds.length > bulkMax || docIds.some((id) => id.length > 64) || !isBulkAction(action)) return fail(reply, 400, badBulk);
      // Deleting asks for the password again, as deleting one lead does.
      if (action === 'delete' && !passwordIsRecent(request.session, clock())) return passwordAgain(reply);
      return answer({ leads: bulkChange(store, served.forms, notifications, dataDir, action, docIds, request.session.email ?? '', clock()) });
    },
    { bodyLimit: 16 * 1024, refusals: badBulk },
  );

  route(
    'export',
    async (request, reply) => {
      const filter = filterOf(request.query, request.session.email ?? '', served);
      const format = request.query.format;
      if (!filter || (format !== 'csv' && format !== 'json')) return fail(reply, 400, messages.badFilter);
      const day = new Date(clock()).toISOString().slice(0, 10);
      return (
        reply
          .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${exportFileName(request.query, day, format)}"`)
          // Streamed from the database as the browser reads it; should it fail midway, the answer
          // is cut off without its last chunk, so the browser reports a failed download
          // (Fastify destroys the answer; volume.test.ts closes the database midway to prove it).
          .send(exportStream(store, filter, format, publicUrl, served))
      );
    },
    { refusals: messages.badFilter },
  );
}
