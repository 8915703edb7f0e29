/**
 * Everything around a page as the server draws it: the content it is drawn from, the emotion
 * cache (whose styles the build puts in the page) and the one MUI theme with its base styles.
 */
import { CacheProvider, type EmotionCache } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import type { SiteContent } from '../model/siteContent';
import { createSiteTheme } from '../theme';
import { SiteContentContext } from '../ui/siteConfig';

const themes = new WeakMap<object, Theme>();

/** The theme of a site's look (made once per site value). */
function themeOf(site: SiteContent['site']): Theme {
  let theme = themes.get(site);
  if (!theme) themes.set(site, (theme = createSiteTheme(site)));
  return theme;
}

export function AppProviders({ cache, content, children }: { cache: EmotionCache; content: SiteContent; children: ReactNode }) {
  return (
    <SiteContentContext.Provider value={content}>
      <CacheProvider value={cache}>
        <ThemeProvider theme={themeOf(content.site)}>
          <CssBaseline />
          {children}
        </ThemeProvider>
      </CacheProvider>
    </SiteContentContext.Provider>
  );
}
