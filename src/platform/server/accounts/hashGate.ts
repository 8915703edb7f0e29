/**
 * Fair password checking. A check (scrypt) costs about a third of a second and 128 MiB, so only
 * `concurrent` run at a time (config/server.ts admin.signIn.hashing). Waiting is bounded per
 * client (an IPv4 address or IPv6 /64) and per IPv6 network (a /48: a tunnel hands out many /64s):
 * a try beyond that is refused at once (429 with Retry-After) rather than queued behind others.
 * The queue serves known browsers first (knownBrowser.ts: a valid cookie for the account tried,
 * each cookie its own client and network), then clients without failures, then networks in turn
 * (the one served longest ago first), so a stranger's many tries wait behind each other, not in
 * front of the owner's one; and however many networks a stranger queues first tries from, the
 * owner's known browser waits behind the check being run only. Who joins the queue and who is
 * served, in order, can be watched (tests of the real server see the order without timing it).
 */
import { clientKey } from '../rateLimit';

export interface HashingLimits {
  concurrent: number;
  perClient: number;
  perNetwork: number;
  networkBits: number;
}

export type Gated<T> = { value: T } | { refusedForSeconds: number };

/** Who asks for a check: the client's address, its failures so far, and its known browser if any. */
export interface Asker {
  address: string;
  failures: number;
  knownBrowser?: string | undefined;
}

/** What a watcher of the gate is told: a try joined the queue, or its check started. */
export type GateEvent = 'queued' | 'started';

interface Job {
  asker: Asker;
  client: string;
  network: string;
  /** -1: a known browser; 0: a client without failures; higher: served later. */
  tier: number;
  arrived: number;
  start: () => void;
}

/** About how long one check takes (for Retry-After); measured as checks finish. */
const FIRST_GUESS_MS = 350;

export type HashGate = ReturnType<typeof hashGate>;

export function hashGate(limits: HashingLimits, { ipv6ClientBits }: { ipv6ClientBits: number }) {
  const queued: Job[] = [];
  const watchers = new Set<(event: GateEvent, asker: Asker) => void>();
  const tell = (event: GateEvent, asker: Asker) => {
    for (const watcher of watchers) watcher(event, asker);
  };
  let running = 0;
  let arrivals = 0;
  let turns = 0;
  let typicalMs = FIRST_GUESS_MS;
  /** Tries waiting or running, per client and per network. */
  const held = new Map<string, number>();
  /** When each network with tries held was last served (a turn number). */
  const servedAt = new Map<string, number>();

  const hold = (key: string, change: number) => {
    const n = (held.get(key) ?? 0) + change;
    if (n > 0) held.set(key, n);
    else held.delete(key);
  };

  const before = (a: Job, b: Job) =>
    a.tier !== b.tier
      ? a.tier < b.tier
      : (servedAt.get(a.network) ?? -1) !== (servedAt.get(b.network) ?? -1)
        ? (servedAt.get(a.network) ?? -1) < (servedAt.get(b.network) ?? -1)
        : a.arrived < b.arrived;

  const next = () => {
    while (running < limits.concurrent && queued.length > 0) {
      let best = 0;
      for (let i = 1; i < queued.length; i++) if (before(queued[i]!, queued[best]!)) best = i;
      const [job] = queued.splice(best, 1);
      running++;
      servedAt.set(job!.network, ++turns);
      job!.start();
      tell('started', job!.asker);
    }
  };

  return {
    /** Tries waiting or running now (for tests and the log). */
    get load() {
      return running + queued.length;
    },
    /** Calls `watcher` as tries join the queue and as their checks start, until the function returned is called. */
    watch(watcher: (event: GateEvent, asker: Asker) => void): () => void {
      watchers.add(watcher);
      return () => void watchers.delete(watcher);
    },
    /** Runs `work` (a password check) for the client at `address` in its turn, or refuses at once. */
    async run<T>(asker: Asker, work: () => Promise<T>): Promise<Gated<T>> {
      const { address, failures, knownBrowser } = asker;
      // A known browser is a client and a network of its own, whatever its address.
      const client = knownBrowser !== undefined ? `client:browser:${knownBrowser}` : `client:${clientKey(address, ipv6ClientBits)}`;
      const network = knownBrowser !== undefined ? `network:browser:${knownBrowser}` : `network:${clientKey(address, limits.networkBits)}`;
      const tier = knownBrowser !== undefined ? -1 : failures;
      if ((held.get(client) ?? 0) >= limits.perClient || (held.get(network) ?? 0) >= limits.perNetwork) {
        return { refusedForSeconds: Math.max(1, Math.ceil(((running + queued.length) * typicalMs) / limits.concurrent / 1000)) };
      }
      hold(client, 1);
      hold(network, 1);
      try {
        await new Promise<void>((start) => {
          queued.push({ asker, client, network, tier, arrived: arrivals++, start });
          tell('queued', asker);
          next();
        });
        const began = performance.now();
        try {
          return { value: await work() };
        } finally {
          typicalMs = typicalMs * 0.8 + (performance.now() - began) * 0.2;
          running--;
        }
      } finally {
        hold(client, -1);
        hold(network, -1);
        if (!held.has(network)) servedAt.delete(network);
        next();
      }
    },
  };
}
