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
import { createSiteTheme } from '../theme';

const theme = createSiteTheme();

export function AppProviders({ cache, children }: { cache: EmotionCache; children: ReactNode }) {
  const toast = site.constants.toast;
  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SnackbarProvider
          maxSnack={toast.maxShown}
          autoHideDuration={toast.autoHideMs}
          anchorOrigin={{ vertical: toast.vertical, horizontal: toast.horizontal }}
        >
          {children}
        </SnackbarProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}
