/** The rich-text box's toolbar in one row: which of its actions fit there, the rest under More. */

/** The space between the toolbar's buttons (theme spacing 1). */
const GAP_PX = 8;

/**
 * How many of the toolbar's actions (after Bold and Italic, in order) fit in its one row, from the
 * widths of its buttons as drawn (`widths`: Bold, Italic, each action, More): all of them when they
 * fit, else as many as fit beside More, the rest in the More menu (at least one in the row).
 */
export function actionsInRow(row: number, widths: readonly number[]): number {
  const [bold = 0, italic = 0, ...rest] = widths;
  const more = rest.pop() ?? 0;
  const start = bold + GAP_PX + italic;
  if (rest.reduce((sum, w) => sum + GAP_PX + w, start) <= row) return rest.length;
  let used = start + GAP_PX + more;
  let count = 0;
  for (const w of rest) {
    if (used + GAP_PX + w > row) break;
    used += GAP_PX + w;
    count++;
  }
  return Math.max(1, count);
}
