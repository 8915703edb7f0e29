/**
 * The router's route table, made from config/routes.ts. A factory, so the browser
 * (createBrowserRouter) and a server renderer (createStaticHandler) can both use it.
 */
import type { RouteObject } from 'react-router-dom';
import site from '../../config/site';
import { ErrorScreen } from '../layout/ErrorScreen';
import { Layout, LayoutLoading } from '../layout/Layout';
import { PageView, type PageData } from '../pages/PageView';
import { fallbackPage, loadPageModule, pagePaths, type PageId } from './routing';
import { withTimeout } from './withTimeout';

export interface RouteHandle {
  page: PageId;
  canonical: string;
}

function pageRoute(path: string, page: PageId, canonical: string, indexable = true): RouteObject {
  const handle: RouteHandle = { page, canonical };
  return {
    path,
    caseSensitive: true,
    handle,
    Component: PageView,
    loader: async (): Promise<PageData> => {
      const module = await withTimeout(loadPageModule(page), site.constants.pageLoadTimeoutMs, `The ${page} page`);
      return { page, canonical, indexable, config: module.default };
    },
  };
}

export function createRoutes(): RouteObject[] {
  const fallbackCanonical = pagePaths.find((p) => p.page === fallbackPage)?.canonical ?? '/';
  return [
    {
      id: 'root',
      Component: Layout,
      errorElement: <ErrorScreen standalone />,
      HydrateFallback: LayoutLoading,
      children: [
        {
          errorElement: <ErrorScreen />,
          children: [
            ...pagePaths.map((p) => pageRoute(p.path, p.page, p.canonical)),
            pageRoute('*', fallbackPage, fallbackCanonical, false),
          ],
        },
      ],
    },
  ];
}
