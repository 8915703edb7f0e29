/**
 * The inbox behind the sign-in: its router, its frame (Layout.tsx) and its screens, each screen a
 * chunk of its own, loaded when first shown. This module is a chunk of its own too (AdminApp.tsx
 * loads it once someone is signed in): the sign-in screen downloads none of it.
 */
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { ADMIN_PAGE } from '../../schema/ownAddresses';
import type { AdminRole } from '../../platform/roles';
import { Layout } from './Layout';
import { Loading } from './Loading';
import { NewsletterSection } from '../../newsletter/inbox/NewsletterNav';

const LeadList = lazy(() => import('../../leads/inbox/LeadList').then((module) => ({ default: module.LeadList })));
const LeadPage = lazy(() => import('../../leads/inbox/LeadPage').then((module) => ({ default: module.LeadPage })));
/** Insights: its own chunk, with the charts' library (never in the inbox's first screen). */
const InsightsPage = lazy(() => import('../../leads/inbox/insights/InsightsPage').then((module) => ({ default: module.InsightsPage })));
const ErasePage = lazy(() => import('../../leads/inbox/ErasePage').then((module) => ({ default: module.ErasePage })));
/** The newsletter's subscribers: a chunk of its own. */
const SubscribersPage = lazy(() => import('../../newsletter/inbox/SubscribersPage').then((module) => ({ default: module.SubscribersPage })));
/** Sign-in and security (passkeys, the authenticator app, recovery codes): its own chunk, with the QR code's. */
const SecurityPage = lazy(() => import('./SecurityPage').then((module) => ({ default: module.SecurityPage })));
/** The content editor: its own chunk, loaded when it is opened. */
const ContentScreens = lazy(() => import('./contentScreens'));
/** The newsletter's screens: their own chunk (with the rich-text box's when writing). */
const NewsletterScreens = lazy(() => import('../../newsletter/inbox/NewsletterScreens'));

/** A screen whose code loads when it is first shown. */
const screen = (element: ReactNode) => <Suspense fallback={<Loading />}>{element}</Suspense>;

/**
 * `mustSetUp`: owners require a second step at sign-in and this account has none: it is shown
 * only Sign-in and security until it has one (the server refuses everything else meanwhile).
 */
export default function SignedIn({ email, role, mustSetUp }: { email: string; role: AdminRole; mustSetUp: boolean }) {
  const router = useMemo(
    () =>
      createBrowserRouter(
        [
          {
            element: <Layout email={email} role={role} />,
            // An editor edits content and is offered no lead.
            children: mustSetUp
              ? [
                  { path: 'security', element: screen(<SecurityPage role={role} />) },
                  { path: '*', element: <Navigate to="/security" replace /> },
                ]
              : role === 'owner'
                ? [
                    { path: 'security', element: screen(<SecurityPage role={role} />) },
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
                    { path: 'security', element: screen(<SecurityPage role={role} />) },
                    { path: 'content/*', element: screen(<ContentScreens />) },
                    // An editor writes newsletters (an owner sends them).
                    { path: 'newsletters/*', element: screen(<NewsletterScreens role={role} />) },
                    { path: '*', element: <Navigate to="/content" replace /> },
                  ],
          },
        ],
        { basename: ADMIN_PAGE },
      ),
    [email, role, mustSetUp],
  );
  return <RouterProvider router={router} />;
}
