/**
 * Everything around the router: the emotion cache, the theme, the toast provider.
 * The router and the cache come from factories so a server renderer can make its own.
 */
import { CacheProvider, type EmotionCache } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import site from '../../config/site';
import { DataPortProvider } from '../data/DataPortContext';
import { createLocalPort } from '../data/local';
import type { DataPort } from '../data/port';
import { createSiteTheme } from '../theme';
import { SwipeableToast } from './Toast';

const theme = createSiteTheme();
const defaultPort = createLocalPort();
const toastComponents = { default: SwipeableToast, success: SwipeableToast, error: SwipeableToast, info: SwipeableToast, warning: SwipeableToast };

/** `port` is where forms save; the default is our own server (the local adapter). */
export function AppProviders({ cache, port = defaultPort, children }: { cache: EmotionCache; port?: DataPort; children: ReactNode }) {
  const toast = site.constants.toast;
  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SnackbarProvider
          maxSnack={toast.maxShown}
          autoHideDuration={toast.autoHideMs}
          anchorOrigin={{ vertical: toast.vertical, horizontal: toast.horizontal }}
          disableWindowBlurListener={!toast.pauseOnFocusLoss}
          Components={toastComponents}
        >
          <DataPortProvider port={port}>{children}</DataPortProvider>
        </SnackbarProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}
