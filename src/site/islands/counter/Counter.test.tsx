/**
 * The counter's count, frame by frame, with the browser's frames and the moment it is seen in
 * the test's hands (jsdom has no IntersectionObserver; requestAnimationFrame is held): it shows
 * only whole numbers from 0 up to its target, never below 0, even for a frame that began before
 * the count did (a frame's time is when the frame began). e2e/about.e2e.ts watches it in Chromium.
 */
import { act, render, screen } from '@testing-library/react';
import site from '../../model/builtSettings';
import Counter from './Counter';

const durationMs = site.constants.counterDurationMs;
const TARGET = 15;

let frames: FrameRequestCallback[] = [];
let seen: IntersectionObserverCallback | undefined;

beforeEach(() => {
  frames = [];
  seen = undefined;
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
  jest.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => undefined);
  Object.assign(window, {
    IntersectionObserver: class {
      constructor(callback: IntersectionObserverCallback) {
        seen = callback;
      }
      observe() {}
      disconnect() {}
    },
  });
});
afterEach(() => {
  jest.restoreAllMocks();
  delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
});

/** Runs the frame the counter asked for, as if it began at `time`. */
function frameAt(time: number) {
  const waiting = frames;
  frames = [];
  act(() => waiting.forEach((callback) => callback(time)));
}

it('counts from 0 to its target in whole numbers, never below 0, even when the first frame began before the count', () => {
  render(<Counter target={TARGET} prefix="+" suffix="%" slots={{}} instance={0} />);
  const counter = screen.getByTestId('counter');
  expect(counter).toHaveTextContent(/^\+0%$/);

  const began = performance.now();
  act(() => seen!([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
  const shown: string[] = [];
  // The first frame began a tenth of the count's time before it; then frames up to past its end.
  for (const time of [began - durationMs / 10, began + durationMs / 4, began + durationMs / 2, began + durationMs, began + durationMs * 2]) {
    if (frames.length === 0) break;
    frameAt(time);
    shown.push(counter.textContent ?? '');
  }
  const values = shown.map((text) => {
    expect(text).toMatch(/^\+\d+%$/);
    return Number(text.slice(1, -1));
  });
  expect(values[0]).toBe(0);
  expect(values).toEqual([...values].sort((a, b) => a - b));
  expect(values.at(-1)).toBe(TARGET);
  expect(frames).toEqual([]);
});
