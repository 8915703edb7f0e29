/**
 * The site's look as plain values, from config/site.ts: the MUI theme the pages are drawn with
 * on the server (src/theme.ts) and the islands' own styles in the browser (which load no MUI)
 * take their colours, type, corners, breakpoints and timing from here.
 */
import site from '../../config/site';

export const fontFamily = ['system-ui', '-apple-system', '"Segoe UI"', 'Roboto', '"Helvetica Neue"', 'Arial', '"Noto Sans"', 'sans-serif'].join(',');

const colors = site.brand.colors;
const breakpoints = site.constants.breakpoints;

export const tokens = {
  colors: {
    ...colors,
    white: '#ffffff',
    /** MUI's divider and outline greys. */
    divider: 'rgba(0, 0, 0, 0.12)',
    outline: 'rgba(0, 0, 0, 0.23)',
    /** The primary colour at 8 %: hover and current-page backgrounds. */
    primaryTint: `${colors.primary}14`,
  },
  fontFamily,
  /** Corners (MUI's shape.borderRadius). */
  radius: 12,
  breakpoints,
  collapseMs: site.constants.collapseMs,
  /** MUI's standard easing. */
  easing: 'cubic-bezier(0.4, 0, 0.2, 1)',
};

/** A media query from a breakpoint name, as MUI's theme.breakpoints.up. */
export function up(breakpoint: keyof typeof breakpoints): string {
  return `@media (min-width: ${breakpoints[breakpoint]}px)`;
}

/** n steps of the 8 px grid (MUI's theme.spacing). */
export function space(...steps: number[]): string {
  return steps.map((n) => `${n * 8}px`).join(' ');
}
