/**
 * The inbox: the site's theme, the sign-in until someone is signed in, then its screens. The
 * screens behind the sign-in are chunks of their own, loaded when first shown: the sign-in
 * loads none of them, and the list's data grid is not in the inbox's first download.
 */
import { CacheProvider } from '@emotion/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import admin from '../../../config/admin';
import { createEmotionCache } from '../../site/islands/emotionCache';
import { ADMIN_PAGE } from '../../schema/ownAddresses';
import type { AdminRole } from '../../content/model/contentApi';
import settings from '../../site/model/builtSettings';
import { createSiteTheme } from '../../site/theme';
import { Layout } from './Layout';
import { NewsletterSection } from '../../newsletter/inbox/NewsletterNav';
import { SessionProvider, useSession } from '../../platform/inbox/session';
import { SignIn } from './SignIn';

// The inbox and the editor are forms: they scroll at once, never glide (src/site/theme.ts).
const theme = createSiteTheme(settings, { glide: false });

const LeadList = lazy(() => import('../../leads/inbox/LeadList').then((module) => ({ default: module.LeadList })));
const LeadPage = lazy(() => import('../../leads/inbox/LeadPage').then((module) => ({ default: module.LeadPage })));
/** Insights: its own chunk, with the charts' library (never in the inbox's first screen). */
const InsightsPage = lazy(() => import('../../leads/inbox/insights/InsightsPage').then((module) => ({ default: module.InsightsPage })));
const ErasePage = lazy(() => import('../../leads/inbox/ErasePage').then((module) => ({ default: module.ErasePage })));
/** The newsletter's subscribers: a chunk of its own. */
const SubscribersPage = lazy(() => import('../../newsletter/inbox/SubscribersPage').then((module) => ({ default: module.SubscribersPage })));
/** The content editor: its own chunk, loaded when it is opened. */
const ContentScreens = lazy(() => import('../../content/editor/ContentScreens'));
/** The newsletter's screens: their own chunk (with the rich-text box's when writing). */
const NewsletterScreens = lazy(() => import('../../newsletter/inbox/NewsletterScreens'));

/** What shows while the session is asked for (the page's main), or a screen's code loads (inside the layout's main). */
function Loading({ main = false, children }: { main?: boolean; children?: ReactNode }) {
  return (
    <Box component={main ? 'main' : 'div'} sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh', p: 3 }}>
      {children ?? <CircularProgress aria-label={admin.loading} />}
    </Box>
  );
}

/** A screen whose code loads when it is first shown. */
const screen = (element: ReactNode) => <Suspense fallback={<Loading />}>{element}</Suspense>;

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
                    { index: true, element: screen(<LeadList key="inbox" spam={false} />) },
                    { path: 'spam', element: screen(<LeadList key="spam" spam />) },
                    { path: 'erase', element: screen(<ErasePage />) },
                    { path: 'insights', element: screen(<InsightsPage />) },
                    { path: 'leads/:docId', element: screen(<LeadPage />) },
                    { path: 'content/*', element: screen(<ContentScreens />) },
                    // The Newsletter section: its two parts' links over each (newsletter/NewsletterNav.tsx).
                    {
                      element: <NewsletterSection role={role} />,
                      children: [
                        { path: 'newsletters/*', element: screen(<NewsletterScreens role={role} />) },
                        { path: 'subscribers', element: screen(<SubscribersPage />) },
                      ],
                    },
                    { path: '*', element: <Navigate to="/" replace /> },
                  ]
                : [
                    { path: 'content/*', element: screen(<ContentScreens />) },
                    // An editor writes newsletters (an owner sends them).
                    { path: 'newsletters/*', element: screen(<NewsletterScreens role={role} />) },
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
