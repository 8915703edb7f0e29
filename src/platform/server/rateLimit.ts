/**
 * Rate limits for the form and upload endpoints: a token bucket per client and one for
 * everyone together. Each bucket holds `requests` tokens and refills at requests/perSeconds
 * per second, so a person can send a few forms at once and bots that keep going are held to
 * the refill rate. A client is an IPv4 address, or an IPv6 network (its first
 * `ipv6ClientBits`, a /64 in config): one subscriber holds a whole /64 and could otherwise
 * take a fresh budget with each of its addresses. In memory: a restart forgives everyone.
 */
import { isIPv4, isIPv6 } from 'node:net';

interface Rate {
  requests: number;
  perSeconds: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

interface Limiter {
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
  /**
   * 0 if the client at this address may go on, else the seconds to wait. A refused request
   * takes no global token.
   */
  check(clientAddress: string): number;
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a trailing IPv4 part as two groups). */
function ipv6Groups(address: string): number[] {
  const groupsOf = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = '', tail] = address.split('::');
  const front = groupsOf(head);
  const back = tail === undefined ? [] : groupsOf(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * Who a client is, for the per-client limit: an IPv4 address as it is; an IPv4 address written
 * as IPv6 (`::ffff:192.0.2.1`) as that IPv4 address; any other IPv6 address as its network of
 * `ipv6Bits` leading bits (`2001:db8:0:1::/64`). Anything else (no address at all) as it is.
 */
export function clientKey(address: string, ipv6Bits: number): string {
  const bare = address.replace(/%.*$/, ''); // a zone (fe80::1%eth0) is not part of the address
  if (!isIPv6(bare)) return address;
  const groups = ipv6Groups(bare);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  const masked = groups.map((group, i) => {
    const kept = Math.min(16, Math.max(0, ipv6Bits - i * 16));
    return kept === 0 ? 0 : group & (0xffff << (16 - kept)) & 0xffff;
  });
  return `${masked.map((g) => g.toString(16)).join(':')}/${ipv6Bits}`;
}

/**
 * Which network a client is in, for the limits that hold a network to its share (the visitors'
 * mails: src/leads/server/notify/visitorMail.ts): an IPv4 address (or one written as IPv6) as its
 * first `ipv4Bits` (`192.0.2.0/24`), any other IPv6 address as clientKey's network of `ipv6Bits`.
 */
export function networkKey(address: string, ipv4Bits: number, ipv6Bits: number): string {
  const client = clientKey(address, ipv6Bits);
  if (!isIPv4(client)) return client;
  const value = client.split('.').reduce((n, part) => n * 256 + Number(part), 0);
  const kept = ipv4Bits >= 32 ? value : value - (value % 2 ** (32 - ipv4Bits));
  return `${[24, 16, 8, 0].map((shift) => Math.floor(kept / 2 ** shift) % 256).join('.')}/${ipv4Bits}`;
}

export function createRequestLimits(
  limits: { perClient: Rate; everyone: Rate; ipv6ClientBits: number },
  factor = 1,
  now: () => number = Date.now,
): RequestLimits {
  const perClient = createLimiter(scaled(limits.perClient, factor), now);
  const everyone = createLimiter(scaled(limits.everyone, factor), now);
  return {
    check(clientAddress) {
      return perClient.take(clientKey(clientAddress, limits.ipv6ClientBits)) || everyone.take('*');
    },
  };
}

/**
 * Limits of one route that only bounds each client (`perClient`, clients told apart as the forms'
 * limits do): everyone together may make a hundred clients' worth, a bound on what it can cost.
 */
export function createClientLimits(perClient: Rate, ipv6ClientBits: number, factor = 1, now: () => number = Date.now): RequestLimits {
  return createRequestLimits({ perClient, everyone: { requests: perClient.requests * 100, perSeconds: perClient.perSeconds }, ipv6ClientBits }, factor, now);
}
