/**
 * The hashing queue's order with thousands of networks queued, faster than scrypt allows on the
 * real server (knownBrowser.test.ts queues a dozen there): each check is a promise the test ends.
 */
import server from '../../../../config/server';
import { hashGate } from './hashGate';

const NETWORKS = 2000;

it(`serves a known browser after the check being run, however many networks (${NETWORKS}) queued first tries; a sign-in without one after them all`, async () => {
  const gate = hashGate({ ...server.admin.signIn.hashing, concurrent: 1 }, server.limits);
  const started: string[] = [];
  const ends: (() => void)[] = [];
  const ask = (name: string, address: string, knownBrowser?: string) =>
    gate.run({ address, failures: 0, knownBrowser }, () => {
      started.push(name);
      return new Promise<string>((end) => ends.push(() => end(name)));
    });
  /** Ends the check being run; resolves once the next has started. */
  const endOne = async () => {
    const count = started.length;
    ends.shift()!();
    while (started.length === count && gate.load > 0) await new Promise((resolve) => setImmediate(resolve));
  };

  // Half IPv4 addresses, half IPv6 /48s: each its own network, one first try each.
  const strangers = Array.from({ length: NETWORKS }, (_, i) =>
    ask(`stranger ${i}`, i % 2 ? `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` : `2001:db8:${i.toString(16)}::1`),
  );
  const stranger = ask('without the cookie', '192.0.2.1');
  const known = ask('known browser', '192.0.2.2', 'cookie-id');
  await new Promise((resolve) => setImmediate(resolve));
  expect(started).toEqual(['stranger 0']);
  expect(gate.load).toBe(NETWORKS + 2);

  await endOne();
  expect(started.at(-1)).toBe('known browser');
  await endOne();
  expect(await known).toEqual({ value: 'known browser' });
  while (gate.load > 0) await endOne();
  expect(started.at(-1)).toBe('without the cookie');
  expect(await stranger).toEqual({ value: 'without the cookie' });
  expect((await Promise.all(strangers)).every((r) => 'value' in r)).toBe(true);
});

it("a known browser's tries are bounded per cookie, not by its address's network (a stranger in the owner's /48 cannot crowd it out)", async () => {
  const { perClient, perNetwork } = server.admin.signIn.hashing;
  const gate = hashGate({ ...server.admin.signIn.hashing, concurrent: 1 }, server.limits);
  const ends: (() => void)[] = [];
  const ask = (address: string, knownBrowser?: string) => gate.run({ address, failures: 0, knownBrowser }, () => new Promise<void>((end) => ends.push(end)));
  // The stranger fills the owner's /48 with the tries it may have waiting.
  const stranger = Array.from({ length: perNetwork + 1 }, (_, i) => ask(`2001:db8:5:${i + 1}::1`));
  expect('refusedForSeconds' in (await stranger.at(-1)!)).toBe(true);
  expect('refusedForSeconds' in (await ask('2001:db8:5:99::1'))).toBe(true);
  // The owner's known browser in the same /48 is queued; beyond perClient tries of one cookie, refused.
  const owner = Array.from({ length: perClient + 1 }, () => ask('2001:db8:5:99::1', 'cookie-id'));
  expect('refusedForSeconds' in (await owner.at(-1)!)).toBe(true);
  while (ends.length > 0 || gate.load > 0) {
    ends.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  }
  for (const answer of [...stranger.slice(0, -1), ...owner.slice(0, -1)]) expect(await answer).toEqual({ value: undefined });
});

it('tells its watchers who joins the queue and whose check starts, in the order served; a refused try is not told', async () => {
  const { perClient } = server.admin.signIn.hashing;
  const gate = hashGate({ ...server.admin.signIn.hashing, concurrent: 1 }, server.limits);
  const told: string[] = [];
  const stop = gate.watch((event, { address, knownBrowser }) => told.push(`${event} ${knownBrowser ?? address}`));
  const ends: (() => void)[] = [];
  const ask = (address: string, knownBrowser?: string) => gate.run({ address, failures: 0, knownBrowser }, () => new Promise<void>((end) => ends.push(end)));
  const tries = [...Array.from({ length: perClient }, () => ask('192.0.2.1')), ask('192.0.2.2', 'cookie-id')];
  expect('refusedForSeconds' in (await ask('192.0.2.1'))).toBe(true);
  expect(told).toEqual(['queued 192.0.2.1', 'started 192.0.2.1', ...Array<string>(perClient - 1).fill('queued 192.0.2.1'), 'queued cookie-id']);
  told.length = 0;
  while (ends.length > 0 || gate.load > 0) {
    ends.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  }
  // The known browser first, then the client's other try.
  expect(told).toEqual(['started cookie-id', ...Array<string>(perClient - 1).fill('started 192.0.2.1')]);
  stop();
  const last = ask('192.0.2.3');
  await new Promise((resolve) => setImmediate(resolve));
  ends.shift()!();
  expect(await last).toEqual({ value: undefined });
  expect(told).toHaveLength(perClient);
  for (const answer of tries) expect(await answer).toEqual({ value: undefined });
});
