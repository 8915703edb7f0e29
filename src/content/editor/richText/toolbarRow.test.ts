/** The toolbar's one row: as many actions as fit beside Bold, Italic and More, all of them when they fit without More. */
import { actionsInRow } from './toolbarRow';

// Bold, Italic, four actions, More: as drawn, in pixels.
const widths = [50, 52, 70, 100, 120, 90, 95];
const all = 50 + 8 + 52 + 8 + 70 + 8 + 100 + 8 + 120 + 8 + 90;

test('all actions in the row when they fit without More; else those that fit beside More, at least one', () => {
  expect(actionsInRow(all, widths)).toBe(4);
  // One pixel short: More comes in, and the last two actions go under it.
  expect(actionsInRow(all - 1, widths)).toBe(2);
  expect(actionsInRow(50 + 8 + 52 + 8 + 95 + 8 + 70 + 8 + 100, widths)).toBe(2);
  expect(actionsInRow(300, widths)).toBe(1);
  expect(actionsInRow(100, widths)).toBe(1);
});
