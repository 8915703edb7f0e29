/** The frame of every page: skip link, header, the page itself, footer, chat button. */
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { Footer } from './Footer';
import { Header } from './Header';
import { OrganizationData } from './OrganizationData';
import { SkipLink } from './SkipLink';
import { useSite } from '../ui/siteConfig';

const MAIN_ID = 'main';

export function Layout({ children }: { children?: ReactNode }) {
  const site = useSite();
  return (
    <Box id="top" sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink target={MAIN_ID} label={site.ui.skipToContent} />
      <Header />
      <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flex: 1, outline: 'none' }}>
        {children ?? <Outlet />}
      </Box>
      <Footer />
      <OrganizationData />
    </Box>
  );
}
