/**
 * The inbox's live updates in the browser: one stream per open screen (this tab: an
 * EventSource on the live route, opened by the layout for owners), which the screens listen to.
 * Each message says which lead changed and how, or that anything may have changed (`all`: the
 * leads changed without saying which; the stream came back after a cut, its missed changes told
 * or not): the list and the lead's page load again what they show. The inbox's number comes with
 * the stream (the tab's title follows). The browser connects again by itself after a cut; a
 * stream refused (too many open screens, the server stopping) is tried again a little later, and
 * the screen says meanwhile that it is not live.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { LIVE_EVENTS, type LiveLead } from '../model/adminApi';
import { call, urlOf } from '../../platform/inbox/api';
import { useSession } from '../../platform/inbox/session';

/** A change: of one lead (its event's kind), or of anything. */
export type LiveChange = { lead: string; kind: string; all?: false } | { all: true };

interface LiveValue {
  /** Calls `listener` at each change until the returned function is called. */
  subscribe(listener: (change: LiveChange) => void): () => void;
  /** False while this screen has no stream (refused, or not yet back). */
  live: boolean;
}

const LiveContext = createContext<LiveValue>({ subscribe: () => () => undefined, live: false });

/** How long a refused stream waits before it is asked for again (the browser's own retries are for cuts). */
const AGAIN_MS = 15_000;

export function LiveProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const { setUnread } = useSession();
  const listeners = useRef(new Set<(change: LiveChange) => void>());
  const [live, setLive] = useState(true);

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const tell = (change: LiveChange) => {
      for (const listener of [...listeners.current]) listener(change);
    };
    let source: EventSource | undefined;
    let again: ReturnType<typeof setTimeout> | undefined;
    let opened = false;
    const connect = () => {
      const stream = new EventSource(urlOf('live'));
      source = stream;
      stream.addEventListener('open', () => {
        setLive(true);
        // Back after a cut: what it shows may be behind.
        if (opened) tell({ all: true });
        opened = true;
      });
      stream.addEventListener(LIVE_EVENTS.lead, (event) => {
        const { lead, kind } = JSON.parse((event as MessageEvent<string>).data) as LiveLead;
        tell({ lead, kind });
      });
      for (const name of [LIVE_EVENTS.leads, LIVE_EVENTS.reset]) stream.addEventListener(name, () => tell({ all: true }));
      stream.addEventListener(LIVE_EVENTS.unread, (event) => setUnread((JSON.parse((event as MessageEvent<string>).data) as { unread: number }).unread));
      stream.addEventListener('error', () => {
        // Cut: the browser connects again by itself. Refused: asked again later (a session that
        // ended shows the sign-in, through any call's 401).
        if (stream.readyState !== EventSource.CLOSED) return;
        setLive(false);
        void call('me').catch(() => undefined);
        again = setTimeout(connect, AGAIN_MS);
      });
    };
    connect();
    return () => {
      clearTimeout(again);
      source?.close();
    };
  }, [enabled, setUnread]);

  const subscribe = useCallback((listener: (change: LiveChange) => void) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);
  const value = useMemo<LiveValue>(() => ({ subscribe, live: enabled && live }), [subscribe, enabled, live]);
  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
}

/** Whether this screen is live (has its stream). */
export const useLiveState = (): boolean => useContext(LiveContext).live;

/**
 * Calls `refresh` after the changes `concerns` says matter to this screen: once for a burst of
 * them (a moment after the first), never two at once (one more after the one under way).
 */
export function useLiveRefresh(concerns: (change: LiveChange) => boolean, refresh: () => Promise<unknown>): void {
  const { subscribe } = useContext(LiveContext);
  const latest = useRef({ concerns, refresh });
  latest.current = { concerns, refresh };
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running = false;
    let pending = false;
    const run = async () => {
      timer = undefined;
      if (running) {
        pending = true;
        return;
      }
      running = true;
      try {
        await latest.current.refresh();
      } finally {
        running = false;
        if (pending) {
          pending = false;
          void run();
        }
      }
    };
    const stop = subscribe((change) => {
      if (!latest.current.concerns(change) || timer) return;
      timer = setTimeout(() => void run(), 150);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [subscribe]);
}
