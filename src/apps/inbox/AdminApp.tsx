/**
 * The inbox: the site's theme, the sign-in until someone is signed in, then its screens. What is
 * behind the sign-in (the router, the frame and each screen: SignedIn.tsx) is in chunks of its
 * own, loaded once someone is signed in: the sign-in loads none of them, and the list's data grid
 * is not in the inbox's first download.
 */
import { CacheProvider } from '@emotion/react';
import Alert from '@mui/material/Alert';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { lazy, Suspense, useMemo } from 'react';
import { createEmotionCache } from '../../site/islands/emotionCache';
import settings from '../../site/model/builtSettings';
import { createSiteTheme } from '../../site/theme';
import { Loading } from './Loading';
import { SessionProvider, useSession } from '../../platform/inbox/session';
import { SignIn } from './SignIn';

// The inbox and the editor are forms: they scroll at once, never glide (src/site/theme.ts).
const theme = createSiteTheme(settings, { glide: false });

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
