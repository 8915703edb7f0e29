/**
 * Everything around the router: the emotion cache, the theme, where toasts appear.
 * The router and the cache come from factories so a server renderer can make its own.
 */
import { CacheProvider, type EmotionCache } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { DataPortProvider } from '../data/DataPortContext';
import { createLocalPort } from '../data/local';
import type { DataPort } from '../data/port';
import { createSiteTheme } from '../theme';
import { ToastHost } from './ToastHost';

const theme = createSiteTheme();
const defaultPort = createLocalPort();

/** `port` is where forms save; the default is our own server (the local adapter). */
export function AppProviders({ cache, port = defaultPort, children }: { cache: EmotionCache; port?: DataPort; children: ReactNode }) {
  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <DataPortProvider port={port}>{children}</DataPortProvider>
        <ToastHost />
      </ThemeProvider>
    </CacheProvider>
  );
}
