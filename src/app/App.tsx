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

/**
 * `port` is where forms save; the default is our own server (the local adapter).
 * `prerendered`: the page's HTML, made by the server, already holds the base styles
 * (CssBaseline's): drawing them again in the browser would only replace them with the same.
 */
export function AppProviders({ cache, port = defaultPort, prerendered = false, children }: { cache: EmotionCache; port?: DataPort; prerendered?: boolean; children: ReactNode }) {
  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>
        {/* null keeps the place: the ids React makes (useId) depend on where components are. */}
        {prerendered ? null : <CssBaseline />}
        <DataPortProvider port={port}>{children}</DataPortProvider>
        <ToastHost />
      </ThemeProvider>
    </CacheProvider>
  );
}
