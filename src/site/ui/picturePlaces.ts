/**
 * Where the site draws pictures, and how wide: the `sizes` each place gives the browser, so that
 * it picks from a picture's srcset (src/site/model/pictureSizes.ts) the size the screen needs before
 * the page is laid out. One table for every place that draws a picture, each entry worked out
 * from that place's layout (named beside it) and MUI's Container: at most the `xl` breakpoint
 * wide, with 16 px either side, 24 from `sm`. When a place's layout changes, its entry here
 * changes with it (e2e/articles.e2e.ts measures the article's cover against its entry at 375 and
 * 1280 px).
 */

/** The site's breakpoints (config/site.ts constants.breakpoints, the theme's). */
type Breakpoints = Readonly<Record<'xs' | 'sm' | 'md' | 'lg' | 'xl', number>>;

/** A place's `sizes`, from the breakpoints. */
export type PicturePlace = (breakpoints: Breakpoints) => string;

/** MUI's spacing unit (theme.spacing(1)). */
const UNIT = 8;

/** From `from` px of the window's width on: `columns` columns `gap` px apart, the picture `share` of the row's width left by the gaps (default: one column's); at most `max` px wide. */
interface Step {
  from: number;
  columns: number;
  gap?: number;
  share?: number;
  max?: number;
}

/** One piece of the picture's width: from `from` px of the window on, `perVw` × 100vw − `minus` px (or `fixed` px). */
interface Piece {
  from: number;
  width: { fixed: number } | { perVw: number; minus: number };
}

/**
 * The `sizes` of a picture drawn in a Container (at most `container` px wide, the `xl` breakpoint
 * by default) following `steps` (the first from 0).
 */
function layoutSizes(breakpoints: Breakpoints, steps: readonly Step[], { container = breakpoints.xl }: { container?: number } = {}): string {
  const padding = (from: number) => (from >= breakpoints.sm ? 3 : 2) * UNIT * 2;
  const starts = [...new Set([0, breakpoints.sm, container, ...steps.map((s) => s.from)])].sort((a, b) => a - b);
  const pieces: Piece[] = [];
  for (const [i, from] of starts.entries()) {
    const to = starts[i + 1] ?? Infinity;
    const step = [...steps].reverse().find((s) => s.from <= from) ?? steps[0]!;
    const share = step.share ?? 1 / step.columns;
    const minus = padding(from) + (step.columns - 1) * (step.gap ?? 0);
    const max = step.max ?? Infinity;
    if (from >= container) {
      // The Container at its largest: a width in pixels.
      pieces.push({ from, width: { fixed: Math.min(max, Math.ceil((container - minus) * share)) } });
      continue;
    }
    // The window's width less the Container's padding and the gaps, shared; from where it reaches `max`, `max`.
    const reaches = max / share + minus;
    if (reaches <= from) pieces.push({ from, width: { fixed: max } });
    else {
      pieces.push({ from, width: { perVw: share, minus } });
      if (reaches < to) pieces.push({ from: Math.ceil(reaches), width: { fixed: max } });
    }
  }
  const length = ({ width }: Piece) => {
    if ('fixed' in width) return `${width.fixed}px`;
    const inner = `100vw - ${width.minus}px`;
    if (width.perVw === 1) return `calc(${inner})`;
    const columns = 1 / width.perVw;
    return Number.isInteger(columns) ? `calc((${inner}) / ${columns})` : `calc((${inner}) * ${Number(width.perVw.toFixed(4))})`;
  };
  // Neighbours that say the same are one; widest first (the browser takes the first that matches), the narrowest with no condition.
  const merged = pieces.filter((piece, i) => i === 0 || length(piece) !== length(pieces[i - 1]!));
  return merged
    .reverse()
    .map((piece) => (piece.from === 0 ? length(piece) : `(min-width: ${piece.from}px) ${length(piece)}`))
    .join(', ');
}

/** Every place that draws a picture. */
export const picturePlaces = {
  /** The hero's picture beside its heading (HeroSection: a grid of 1.1fr and 1fr from `md`, 6 units apart; under it on phones). */
  hero: ((bp) =>
    layoutSizes(bp, [
      { from: 0, columns: 1 },
      { from: bp.md, columns: 2, gap: 6 * UNIT, share: 1 / 2.1 },
    ])) satisfies PicturePlace,
  /** The hero's picture under its heading when a form is beside it (at most 420 px, shown from `md` only). */
  heroBesideForm: ((bp) =>
    layoutSizes(bp, [
      { from: 0, columns: 1, max: 420 },
      { from: bp.md, columns: 2, gap: 6 * UNIT, share: 1.1 / 2.1, max: 420 },
    ])) satisfies PicturePlace,
  /** A text-and-picture section's picture (SplitSection: two equal columns from `md`, 8 units apart). */
  split: ((bp) =>
    layoutSizes(bp, [
      { from: 0, columns: 1 },
      { from: bp.md, columns: 2, gap: 8 * UNIT },
    ])) satisfies PicturePlace,
  /** An article section's picture (ArticleSection: at most 820 px wide). */
  articleSection: ((bp) => layoutSizes(bp, [{ from: 0, columns: 1, max: 820 }])) satisfies PicturePlace,
  /** A card's picture (CardsSection: one column, then up to 2 from `md` and `columns` from `lg`, 3 units apart, 4 from `md`). */
  card:
    (columns: number): PicturePlace =>
    (bp) =>
      layoutSizes(bp, [
        { from: 0, columns: 1 },
        { from: bp.md, columns: Math.min(columns, 2), gap: 4 * UNIT },
        { from: bp.lg, columns, gap: 4 * UNIT },
      ]),
  /** An article's card in the list of articles (ArticlesSection: one column, 2 from `md`, 3 from `lg`, 4 units apart). */
  articleCard: ((bp) =>
    layoutSizes(bp, [
      { from: 0, columns: 1 },
      { from: bp.md, columns: 2, gap: 4 * UNIT },
      { from: bp.lg, columns: 3, gap: 4 * UNIT },
    ])) satisfies PicturePlace,
  /** A team member's portrait (TeamSection: a 160 px circle). */
  teamMember: (() => '160px') satisfies PicturePlace,
  /** An article's cover and the pictures in its text (ArticleView: a Container at most 880 px wide from `md`). */
  article: ((bp) => layoutSizes(bp, [{ from: 0, columns: 1 }], { container: 880 })) satisfies PicturePlace,
};
