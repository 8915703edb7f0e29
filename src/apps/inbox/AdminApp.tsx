/**
 * The inbox: the site's theme, the sign-in until someone is signed in, then its screens. What is
 * behind the sign-in (the router, the frame and each screen: SignedIn.tsx) is in chunks of its
 * own, loaded once someone is signed in: the sign-in loads none of them, and the list's data grid
 * is not in the inbox's first download.
 */
import { CacheProvider } from '@emotion/react';
import Alert from '@mui/material/Alert';
import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { lazy, Suspense, useMemo } from 'react';
import { createEmotionCache } from '../../site/islands/emotionCache';
import settings from '../../site/model/builtSettings';
import { createSiteTheme } from '../../site/theme';
import { Loading } from './Loading';
import { SessionProvider, useSession } from '../../platform/inbox/session';
import { SignIn } from './SignIn';

/**
 * MUI notices a box the browser filled by itself (a saved e-mail and password at the sign-in) by
 * an animation its text box starts when filled. Each text box would add a style sheet of that
 * animation's two keyframes, and take it away again: one per box, tens on an editor's screen,
 * hundreds on its longest. The inbox declares them once, and each box only names them.
 */
const AUTO_FILL = 'mui-auto-fill';
const AUTO_FILL_CANCEL = 'mui-auto-fill-cancel';
const autoFill = {
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // Never empty (emotion's production build drops an empty rule); an animation's properties are ignored inside its keyframes.
        [`@keyframes ${AUTO_FILL}`]: { from: { animationName: AUTO_FILL } },
        [`@keyframes ${AUTO_FILL_CANCEL}`]: { from: { animationName: AUTO_FILL_CANCEL } },
      },
    },
    MuiInputBase: {
      defaultProps: { disableInjectingGlobalStyles: true },
      styleOverrides: {
        input: {
          animationName: AUTO_FILL_CANCEL,
          animationDuration: '10ms',
          '&:-webkit-autofill': { animationName: AUTO_FILL, animationDuration: '5000s' },
        },
      },
    },
  },
} as const;

// The inbox and the editor are forms: they scroll at once, never glide (src/site/theme.ts).
const theme = createTheme(createSiteTheme(settings, { glide: false }), autoFill);

/** Everything behind the sign-in (the router, the frame, its screens): a chunk of its own (SignedIn.tsx), never in the sign-in's download. */
const SignedIn = lazy(() => import('./SignedIn'));

function Screens() {
  const { state } = useSession();
  if (state.kind === 'signedIn')
    return (
      <Suspense fallback={<Loading main />}>
        <SignedIn email={state.email} role={state.role} mustSetUp={state.mustSetUpSecondFactor === true} />
      </Suspense>
    );
  if (state.kind === 'signedOut') return <SignIn accounts={state.accounts} csrfToken={state.csrfToken} ended={state.ended} />;
  return <Loading main>{state.kind === 'failed' ? <Alert severity="error">{state.message}</Alert> : undefined}</Loading>;
}

export function AdminApp() {
  const cache = useMemo(() => createEmotionCache(), []);
  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SessionProvider>
          <Screens />
        </SessionProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}
