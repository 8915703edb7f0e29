/**
 * The inbox's side of the newsletter's subscribers (owners only: src/leads/model/adminApi.ts): a page of
 * a state's subscribers with every state's count, paged and counted by the database; the same view
 * as CSV, streamed; and an owner unsubscribing someone by hand.
 */
import { Readable } from 'node:stream';
import { PAGE_SIZES } from '../../leads/model/adminApi';
import { SUBSCRIBER_STATES, type SubscriberList, type SubscriberState, type SubscriberSummary } from '../model/subscribers';
import type { Store } from '../../platform/server/store/store';
import { exportSubscribers, subscriberById, subscriberCounts, subscriberPage, unsubscribeByHand, type SubscriberFilter } from './subscribers';
import type { Languages } from '../../leads/server/leadLanguages';

/** The view of a query (state: confirmed unless said; q: a part of the address), or undefined when a part is not known. */
function filterOf(query: Record<string, unknown>): SubscriberFilter | undefined {
  const { state = 'confirmed', q } = query;
  if (!SUBSCRIBER_STATES.includes(state as SubscriberState)) return undefined;
  if (q !== undefined && (typeof q !== 'string' || q.length > 254)) return undefined;
  return { state: state as SubscriberState, ...(typeof q === 'string' && q.trim() !== '' ? { search: q } : {}) };
}

/** GET subscribers: the page asked for (page from 0, pageSize one of PAGE_SIZES), or undefined when the query is not known; `mailOn`: whether this server sends visitors' mails. */
export function subscriberList(store: Store, query: Record<string, unknown>, mailOn: boolean): SubscriberList | undefined {
  const filter = filterOf(query);
  const { page = '0', pageSize = String(PAGE_SIZES[0]) } = query;
  const size = Number(pageSize);
  if (!filter || typeof page !== 'string' || !/^\d{1,7}$/.test(page) || !PAGE_SIZES.includes(size as (typeof PAGE_SIZES)[number])) return undefined;
  const offset = Number(page) * size;
  const counts = subscriberCounts(store.db, filter);
  return { subscribers: subscriberPage(store.db, filter, { offset, limit: size }), offset, total: counts[filter.state], counts, mailOn };
}

/** GET subscribersExport: the view as CSV (its name says the state, the search and the day), or undefined when the query is not known. */
export function subscriberExport(store: Store, query: Record<string, unknown>, now: number, served: Languages): { name: string; stream: Readable } | undefined {
  const filter = filterOf(query);
  if (!filter) return undefined;
  const search = filter.search
    ?.replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
  const name = ['subscribers', filter.state, ...(search ? [search] : []), new Date(now).toISOString().slice(0, 10)].join('-');
  // Each piece after the server has had a turn to answer others.
  const pieces = async function* () {
    for (const piece of exportSubscribers(store.db, filter, served)) {
      yield piece;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  };
  return { name: `${name}.csv`, stream: Readable.from(pieces(), { objectMode: false, highWaterMark: 1 }) };
}

/** POST unsubscribe: the subscriber afterwards, 'unknown' or 'notSubscribed'. */
export function unsubscribeSubscriber(store: Store, id: string, now: number): SubscriberSummary | 'unknown' | 'notSubscribed' {
  if (!/^[1-9]\d{0,15}$/.test(id)) return 'unknown';
  const done = unsubscribeByHand(store.db, Number(id), now);
  return done === 'done' ? subscriberById(store.db, Number(id))! : done;
}
