/**
 * Rate limits for the form and upload endpoints: a token bucket per client address and one
 * for everyone together. Each bucket holds `requests` tokens and refills at
 * requests/perSeconds per second, so a person can send a few forms at once and bots that
 * keep going are held to the refill rate. In memory: a restart forgives everyone.
 */
export interface Rate {
  requests: number;
  perSeconds: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

export interface Limiter {
  /** Takes one token for `key`; returns 0 if allowed, else the seconds until a token is back. */
  take(key: string): number;
  /** How many keys are tracked (buckets that refilled completely are forgotten). */
  readonly size: number;
}

/** Buckets tracked before full ones are swept (bounds memory under a flood of addresses). */
const SWEEP_AT = 10_000;

export function createLimiter({ requests, perSeconds }: Rate, now: () => number = Date.now): Limiter {
  const perMs = requests / (perSeconds * 1000);
  const buckets = new Map<string, Bucket>();
  const level = (bucket: Bucket, t: number) => Math.min(requests, bucket.tokens + (t - bucket.at) * perMs);

  const sweep = (t: number) => {
    for (const [key, bucket] of buckets) if (level(bucket, t) >= requests) buckets.delete(key);
  };

  return {
    take(key) {
      const t = now();
      const bucket = buckets.get(key);
      const tokens = bucket ? level(bucket, t) : requests;
      if (tokens < 1) return Math.max(1, Math.ceil((1 - tokens) / perMs / 1000));
      if (!bucket && buckets.size >= SWEEP_AT) sweep(t);
      buckets.set(key, { tokens: tokens - 1, at: t });
      return 0;
    },
    get size() {
      return buckets.size;
    },
  };
}

/** Multiplies both limits' request counts: RATE_LIMIT_FACTOR=1000 for tests and benchmarks. */
function scaled(rate: Rate, factor: number): Rate {
  return { requests: Math.max(1, Math.round(rate.requests * factor)), perSeconds: rate.perSeconds };
}

export interface RequestLimits {
  /** 0 if this client may go on, else the seconds to wait. A refused request takes no global token. */
  check(clientAddress: string): number;
}

export function createRequestLimits(limits: { perClient: Rate; everyone: Rate }, factor = 1, now: () => number = Date.now): RequestLimits {
  const perClient = createLimiter(scaled(limits.perClient, factor), now);
  const everyone = createLimiter(scaled(limits.everyone, factor), now);
  return {
    check(clientAddress) {
      return perClient.take(clientAddress) || everyone.take('*');
    },
  };
}
