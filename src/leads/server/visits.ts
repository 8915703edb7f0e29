/**
 * The visit beacon (POST /api/visits, src/site/islands/visit.ts sends it after a page has loaded):
 * page views counted per day, page and source, without cookies and without storing addresses,
 * as Plausible counts. A visitor of the day is a hash of the client's address and user agent
 * with a salt made at random each day and forgotten when the day ends (both live in memory
 * only: the database holds counts, never an address, a user agent or a hash). Bots (known user
 * agents) and prefetches (Sec-Purpose/Purpose: prefetch) are not counted. Storage is bounded:
 * one row per day, page and source (pages of the site only; at most maxSourcesPerDay sources a
 * day, the rest counted together), deleted after keepDays.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import { isbot } from 'isbot';
import server from '../../../config/server';
import { parsePageView, sourceOf } from '../../site/model/attribution';
import type { Served } from '../../site/server/servedContent';
import { clientKey, createClientLimits } from '../../platform/server/rateLimit';
import type { Store } from '../../platform/server/store/store';
import { publicRoutes } from '../../platform/publicRoutes';
import { routeOf, type RouteTypes } from '../../platform/server/contracts';

const settings = server.visits;
const DAY_MS = 86_400_000;

/** Whether the browser only fetched the page ahead of a visit that may never happen. */
function isPrefetch(request: FastifyRequest): boolean {
  const purpose = `${request.headers['sec-purpose'] ?? ''} ${request.headers.purpose ?? ''} ${request.headers['x-moz'] ?? ''}`.toLowerCase();
  return /\b(prefetch|prerender)\b/.test(purpose);
}

interface VisitOptions {
  store: Store;
  clock: () => number;
  /** The content served (servedContent.ts): which addresses are pages of the site. */
  served: Pick<Served, 'countedPageOf'>;
  rateLimitFactor: number;
}

/** The counter: one day's salt and visitors in memory, the counts in the database. */
export function createVisitCounter({ store, clock, served }: Omit<VisitOptions, 'rateLimitFactor'>) {
  let day = '';
  let salt = Buffer.alloc(0);
  let visitors = new Set<string>();
  let sources = new Set<string>();

  /** A new day: a new salt, yesterday's (and its visitors) forgotten, old counts deleted. */
  const rotate = (today: string) => {
    day = today;
    salt = randomBytes(32);
    visitors = new Set();
    const rows = store.db.prepare('SELECT DISTINCT source, campaign FROM visits WHERE day = ?').all(today) as { source: string; campaign: string }[];
    sources = new Set(rows.map((row) => `${row.source}\0${row.campaign}`));
    const oldest = new Date(Date.parse(today) - settings.keepDays * DAY_MS).toISOString().slice(0, 10);
    store.db.prepare('DELETE FROM visits WHERE day < ?').run(oldest);
  };

  const upsert = () =>
    store.db.prepare(
      `INSERT INTO visits (day, page, source, campaign, views, visits, visitors) VALUES (?, ?, ?, ?, 1, ?, ?)
       ON CONFLICT (day, page, source, campaign) DO UPDATE SET views = views + 1, visits = visits + excluded.visits, visitors = visitors + excluded.visitors`,
    );

  return {
    /** Counts one page view; false when it is not counted (not a page of the site). */
    count(body: string, address: string, userAgent: string): boolean {
      const view = parsePageView(body);
      if (!view) return false;
      const page = served.countedPageOf(view.page);
      if (page === undefined) return false;
      const today = new Date(clock()).toISOString().slice(0, 10);
      if (today !== day) rotate(today);
      let source = sourceOf(view.attribution);
      let campaign = view.attribution.utmCampaign ?? '';
      const pair = `${source}\0${campaign}`;
      if (!sources.has(pair)) {
        if (sources.size >= settings.maxSourcesPerDay) {
          source = settings.otherSource;
          campaign = '';
        } else sources.add(pair);
      }
      // Who, today, for this page and source: never stored, and unreadable once the salt is gone.
      const who = createHash('sha256').update(salt).update(clientKey(address, server.limits.ipv6ClientBits)).update('\0').update(userAgent).digest('base64url');
      // Counted once a day per source, at the first page they open: a source's rows add up to its visitors.
      const key = `${who}\0${source}\0${campaign}`;
      const newVisitor = !visitors.has(key) && visitors.size < settings.maxVisitorsPerDay;
      if (newVisitor) visitors.add(key);
      upsert().run(today, page, source, campaign, view.landing ? 1 : 0, newVisitor ? 1 : 0);
      return true;
    },
  };
}

export function registerVisits(app: FastifyInstance, { store, clock, rateLimitFactor }: Omit<VisitOptions, 'served'>): void {
  const limits = createClientLimits(settings.perClient, server.limits.ipv6ClientBits, rateLimitFactor, clock);
  const counter = createVisitCounter({ store, clock, served: app.served });
  const done = (reply: FastifyReply) => reply.code(204).send();
  app.route<RouteTypes<typeof publicRoutes.visits>>({
    ...routeOf(publicRoutes.visits),
    bodyLimit: 1024,
    onRequest: async (request, reply) => {
      const wait = limits.check(request.ip);
      if (wait === 0) return;
      return reply.code(429).header('Retry-After', String(wait)).send();
    },
    handler: async (request, reply) => {
      const userAgent = request.headers['user-agent'] ?? '';
      // Not a visit: a bot, a prefetch, a body that is not the beacon's. Answered alike (204).
      if (typeof request.body !== 'string' || userAgent === '' || isbot(userAgent) || isPrefetch(request)) return done(reply);
      counter.count(request.body, request.ip, userAgent);
      return done(reply);
    },
  });
}
