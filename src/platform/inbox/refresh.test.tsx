/**
 * A screen that follows a job running on the server (a newsletter being sent) reads it again soon
 * after the job starts, then less often, at most as far apart as its settings say, and stops
 * when the job ends or the screen goes.
 */
import { act, render } from '@testing-library/react';
import server from '../../../config/server';
import { useRefreshWhile, type RefreshSettings } from './refresh';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function Follower({ active, read, settings }: { active: boolean; read: () => Promise<unknown>; settings: RefreshSettings }) {
  useRefreshWhile(active, read, settings);
  return null;
}

/** Lets the read's promise settle, as the browser would between two timers. */
const settle = () => act(async () => undefined);

it('reads again after the first wait, then twice as late each time up to the longest wait, and stops when the job ends', async () => {
  const settings = server.newsletter.sendingScreenRefresh;
  const read = jest.fn(() => Promise.resolve());
  const { rerender, unmount } = render(<Follower active read={read} settings={settings} />);
  expect(read).not.toHaveBeenCalled();
  act(() => jest.advanceTimersByTime(settings.firstMilliseconds));
  expect(read).toHaveBeenCalledTimes(1);
  await settle();

  // The waits between reads: doubling from the first, never longer than the longest.
  const waits: number[] = [];
  let wait = settings.firstMilliseconds;
  for (let n = 0; n < 6; n++) waits.push((wait = Math.min(wait * 2, settings.maxMilliseconds)));
  for (const [n, next] of waits.entries()) {
    act(() => jest.advanceTimersByTime(next - 1));
    expect(read).toHaveBeenCalledTimes(n + 1);
    act(() => jest.advanceTimersByTime(1));
    expect(read).toHaveBeenCalledTimes(n + 2);
    await settle();
  }
  expect(Math.max(...waits)).toBe(settings.maxMilliseconds);

  rerender(<Follower active={false} read={read} settings={settings} />);
  const calls = read.mock.calls.length;
  act(() => jest.advanceTimersByTime(10 * settings.maxMilliseconds));
  expect(read).toHaveBeenCalledTimes(calls);
  unmount();
});

it('keeps following when a read fails (the server out of reach for a moment)', async () => {
  const settings = server.newsletter.sendingScreenRefresh;
  const read = jest.fn(() => Promise.reject(new Error('offline')));
  render(<Follower active read={read} settings={settings} />);
  act(() => jest.advanceTimersByTime(settings.firstMilliseconds));
  await settle();
  act(() => jest.advanceTimersByTime(Math.min(2 * settings.firstMilliseconds, settings.maxMilliseconds)));
  expect(read).toHaveBeenCalledTimes(2);
});
