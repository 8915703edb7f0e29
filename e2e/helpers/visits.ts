/**
 * The visit beacon as the browser tests see it (src/site/islands/visit.ts sends it, our server counts
 * it: src/leads/server/visits.ts): the page view a page load or a click sends, answered 204 (counted),
 * its body at most 1 kB, and sent only after the page's load event (the browser's own clock:
 * the beacon's resource timing starts after the navigation's loadEventEnd).
 */
import type { Page, Request } from '@playwright/test';
import { api } from '../../src/platform/api';
import { expect } from '../base';

export interface PageView {
  request: Request;
  /** The body as sent (urlencoded: page, landing, the visit's source and campaign). */
  body: URLSearchParams;
  /** The body's size in bytes. */
  bytes: number;
  /** When the beacon started and when the page's load event ended, in ms of the page's clock. */
  timing: { beaconStart: number; loadEventEnd: number };
}

/** When the page's beacon started and when its load event ended (ms, the page's clock); null until both are known. */
const timingOf = (page: Page) =>
  page.evaluate((address) => {
    const beacon = performance.getEntriesByType('resource').find((entry) => new URL(entry.name).pathname === address);
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return beacon && navigation && navigation.loadEventEnd > 0 ? { beaconStart: beacon.startTime, loadEventEnd: navigation.loadEventEnd } : null;
  }, api.visits);

/**
 * Does `act` (opening a page, or a click that opens one) and resolves with the beacon the page it
 * opens sends, once our server counted it (204); checks it is at most 1 kB and started after the
 * page's load event had ended.
 */
export async function pageViewOf(page: Page, act: () => Promise<unknown>): Promise<PageView> {
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === api.visits);
  await act();
  const response = await answered;
  expect(response.status(), 'the beacon is counted').toBe(204);
  const request = response.request();
  const sent = request.postData() ?? '';
  const bytes = Buffer.byteLength(sent);
  expect(bytes, "the beacon's size").toBeLessThanOrEqual(1024);
  // The browser adds the beacon's resource timing once its answer is in: wait for it.
  let timing = null as PageView['timing'] | null;
  await expect.poll(async () => (timing = await timingOf(page)), { message: "the beacon in the page's resource timing" }).not.toBeNull();
  expect(timing!.beaconStart, 'the beacon starts after the load event').toBeGreaterThanOrEqual(timing!.loadEventEnd);
  return { request, body: new URLSearchParams(sent), bytes, timing: timing! };
}
