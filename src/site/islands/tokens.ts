/**
 * The site's look as plain values, from config/site.ts: the MUI theme the pages are drawn with
 * on the server (src/site/theme.ts) and the islands' own styles in the browser (which load no MUI)
 * take their colours, type, corners, breakpoints and timing from here.
 */
import site from '../model/builtSettings';

export const fontFamily = ['system-ui', '-apple-system', '"Segoe UI"', 'Roboto', '"Helvetica Neue"', 'Arial', '"Noto Sans"', 'sans-serif'].join(',');

const colors = site.brand.colors;
const breakpoints = site.constants.breakpoints;

/** A colour mixed with white, as MUI's lighten(): `amount` 0 keeps it, 1 makes it white. */
function lighten(hex: string, amount: number): string {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).map((c) => Math.trunc(c + (255 - c) * amount));
  return `rgb(${channels.join(', ')})`;
}

export const tokens = {
  colors: {
    ...colors,
    white: '#ffffff',
    /** MUI's divider and outline greys. */
    divider: 'rgba(0, 0, 0, 0.12)',
    outline: 'rgba(0, 0, 0, 0.23)',
    /** The primary colour at 8 %: hover and current-page backgrounds. */
    primaryTint: `${colors.primary}14`,
    /** The secondary colour lightened as MUI's palette.secondary.light: hover backgrounds. */
    secondaryLight: lighten(colors.secondary, 0.2),
    /** MUI's track of a progress bar: the primary colour lightened. */
    primaryTrack: lighten(colors.primary, 0.62),
    /** MUI's palette.error.main and success.dark: a field's failed check, an upload done. */
    fieldError: '#d32f2f',
    fieldDone: '#1b5e20',
    /** A failed check's text on a dark band (the footer), readable there. */
    fieldErrorOnDark: '#fecaca',
    /** MUI's action.active (icons), action.disabled and disabledBackground greys. */
    icon: 'rgba(0, 0, 0, 0.54)',
    disabled: 'rgba(0, 0, 0, 0.26)',
    disabledBackground: 'rgba(0, 0, 0, 0.12)',
  },
  fontFamily,
  /** Corners (MUI's shape.borderRadius). */
  radius: 12,
  breakpoints,
  collapseMs: site.constants.collapseMs,
  /** MUI's standard easing, and its easing out (labels moving up, the outline's gap opening). */
  easing: 'cubic-bezier(0.4, 0, 0.2, 1)',
  easingOut: 'cubic-bezier(0.0, 0, 0.2, 1)',
};

/** A media query from a breakpoint name, as MUI's theme.breakpoints.up. */
export function up(breakpoint: keyof typeof breakpoints): string {
  return `@media (min-width: ${breakpoints[breakpoint]}px)`;
}
