/**
 * The one Material UI theme of the site, built from the brand colours and the
 * breakpoints in config/site.ts. Component looks are set here, not in sections.
 */
import { alpha, createTheme, type Theme } from '@mui/material/styles';
import type { SiteSettings } from './model/siteSettings';
import { fontFamily } from './islands/tokens';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
  interface Palette {
    surface: string;
    /** Backgrounds of messages under white text (config/site.ts brand.colors). */
    message: MessageColors;
  }
  interface PaletteOptions {
    surface?: string;
    message?: MessageColors;
  }
}

interface MessageColors {
  success: string;
  error: string;
  warning: string;
}

/**
 * The theme of a site's look: its colours and breakpoints (src/site/model/builtSettings.ts, or the
 * editor's preview's draft). `glide`: the page glides to an anchor (smooth scrolling), as the
 * site does; the inbox and the editor do not glide at all. They are forms: after a keystroke in
 * a field at the window's edge the browser scrolls the caret into view, and a glide there moves
 * Publish or Send away from under a pointer already on its way (the press lands on the button,
 * the release beside it, and nothing is sent).
 */
export function createSiteTheme(config: SiteSettings, { glide = true }: { glide?: boolean } = {}): Theme {
  const c = config.brand.colors;
  return createTheme({
    breakpoints: { values: config.constants.breakpoints },
    palette: {
      primary: { main: c.primary, dark: c.primaryDark, contrastText: '#ffffff' },
      secondary: { main: c.secondary, contrastText: c.text },
      background: { default: c.background, paper: c.background },
      surface: c.surface,
      message: { success: c.success, error: c.error, warning: c.warning },
      text: { primary: c.text, secondary: c.mutedText },
    },
    shape: { borderRadius: 12 },
    typography: {
      fontFamily,
      // A heading wraps inside its column, even a word longer than a line (an address, a name): never past the screen's edge.
      h1: { fontSize: 'clamp(2.25rem, 5vw, 3.5rem)', fontWeight: 800, lineHeight: 1.1, letterSpacing: '-0.02em', overflowWrap: 'break-word' },
      h2: { fontSize: 'clamp(1.75rem, 3.2vw, 2.5rem)', fontWeight: 800, lineHeight: 1.2, letterSpacing: '-0.01em', overflowWrap: 'break-word' },
      h3: { fontSize: '1.25rem', fontWeight: 700, lineHeight: 1.3, overflowWrap: 'break-word' },
      h4: { fontSize: '1.125rem', fontWeight: 700, lineHeight: 1.35 },
      body1: { fontSize: '1.0625rem', lineHeight: 1.7 },
      body2: { fontSize: '0.9375rem', lineHeight: 1.6 },
      overline: { fontWeight: 700, letterSpacing: '0.12em', fontSize: '0.8125rem', lineHeight: 1.6 },
      button: { textTransform: 'none', fontWeight: 700 },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          html: { scrollBehavior: glide ? 'smooth' : 'auto' },
          '@media (prefers-reduced-motion: reduce)': {
            html: { scrollBehavior: 'auto' },
            '*, *::before, *::after': { transitionDuration: '0.01ms !important', animationDuration: '0.01ms !important' },
          },
          img: { maxWidth: '100%', height: 'auto' },
          ':focus-visible': { outline: `3px solid ${c.secondary}`, outlineOffset: 2 },
          // The line our server puts above a page after a form was sent without JavaScript
          // (src/leads/server/plainPosts.ts): in every page's HTML, as the rest of this theme's base.
          '.form-outcome': { padding: '14px 16px', textAlign: 'center', color: '#ffffff', font: `600 1rem/1.5 ${fontFamily}` },
          '.form-outcome-ok': { backgroundColor: c.success },
          '.form-outcome-problem': { backgroundColor: c.error },
        },
      },
      // A focused button is shown by the outline above, once: not also by MUI's pulsing halo
      // (a motion that never ends, laid over the text next to it on a small screen).
      MuiButton: {
        defaultProps: { disableElevation: true, disableFocusRipple: true },
        styleOverrides: {
          root: { borderRadius: 999, paddingInline: 22, minHeight: 44 },
        },
      },
      MuiCard: {
        defaultProps: { elevation: 0 },
        styleOverrides: {
          root: {
            border: `1px solid ${alpha(c.primaryDark, 0.12)}`,
            borderRadius: 16,
          },
        },
      },
      MuiIconButton: { defaultProps: { disableFocusRipple: true } },
      MuiLink: { defaultProps: { underline: 'hover' } },
      MuiContainer: { defaultProps: { maxWidth: 'xl' } },
    },
  });
}
