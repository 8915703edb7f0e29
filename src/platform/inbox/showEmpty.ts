/** A select's slotProps that show its empty choice's words (an "any" filter, a blank reply) instead of nothing, its label always above it. */
export const showEmpty = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;
