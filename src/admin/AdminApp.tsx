/** The inbox: the site's theme, the sign-in until someone is signed in, then its screens. */
import { CacheProvider } from '@emotion/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { lazy, Suspense, useMemo } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import admin from '../../config/admin';
import { createEmotionCache } from '../islands/emotionCache';
import { ADMIN_PAGE } from '../shared/adminApi';
import type { AdminRole } from '../shared/contentApi';
import { createSiteTheme } from '../theme';
import { ErasePage } from './ErasePage';
import { Layout } from './Layout';
import { LeadList } from './LeadList';
import { LeadPage } from './LeadPage';
import { SessionProvider, useSession } from './session';
import { SignIn } from './SignIn';

const theme = createSiteTheme();

/** The content editor: its own chunk, loaded when it is opened. */
const ContentScreens = lazy(() => import('./content/ContentScreens'));
const content = (
  <Suspense fallback={<CircularProgress aria-label={admin.loading} />}>
    <ContentScreens />
  </Suspense>
);

function SignedIn({ email, role }: { email: string; role: AdminRole }) {
  const router = useMemo(
    () =>
      createBrowserRouter(
        [
          {
            element: <Layout email={email} role={role} />,
            // An editor edits content and is offered no lead.
            children:
              role === 'owner'
                ? [
                    { index: true, element: <LeadList key="inbox" spam={false} /> },
                    { path: 'spam', element: <LeadList key="spam" spam /> },
                    { path: 'erase', element: <ErasePage /> },
                    { path: 'leads/:docId', element: <LeadPage /> },
                    { path: 'content/*', element: content },
                    { path: '*', element: <Navigate to="/" replace /> },
                  ]
                : [
                    { path: 'content/*', element: content },
                    { path: '*', element: <Navigate to="/content" replace /> },
                  ],
          },
        ],
        { basename: ADMIN_PAGE },
      ),
    [email, role],
  );
  return <RouterProvider router={router} />;
}

function Screens() {
  const { state } = useSession();
  if (state.kind === 'signedIn') return <SignedIn email={state.email} role={state.role} />;
  if (state.kind === 'signedOut') return <SignIn accounts={state.accounts} csrfToken={state.csrfToken} ended={state.ended} />;
  return (
    <Box component="main" sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh', p: 3 }}>
      {state.kind === 'failed' ? <Alert severity="error">{state.message}</Alert> : <CircularProgress aria-label={admin.loading} />}
    </Box>
  );
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
