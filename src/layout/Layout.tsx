/** The frame of every page: skip link, header, the page itself, footer, chat button. */
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import site from '../../config/site';
import { Footer } from './Footer';
import { Header } from './Header';
import { OrganizationData } from './OrganizationData';
import { ScrollToTop } from './ScrollToTop';
import { SkipLink } from './SkipLink';

const MAIN_ID = 'main';

export function Layout({ children }: { children?: ReactNode }) {
  return (
    <Box id="top" sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <ScrollToTop />
      <SkipLink target={MAIN_ID} />
      {/* Header, page and footer hydrate as separate pieces (see SectionList). */}
      <Suspense fallback={null}>
        <Header />
      </Suspense>
      <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flex: 1, outline: 'none' }}>
        {children ?? <Outlet />}
      </Box>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <OrganizationData />
    </Box>
  );
}

/** Shown while the first page's content is still loading. */
export function LayoutLoading() {
  return (
    <Layout>
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }} role="status" aria-live="polite">
        <CircularProgress aria-label={site.ui.loading} />
      </Box>
    </Layout>
  );
}
