/**
 * The router's route table, made from config/routes.ts. A factory, so the browser
 * (createBrowserRouter) and a server renderer (createStaticHandler) can both use it.
 */
import type { RouteObject } from 'react-router-dom';
import site from '../../config/site';
import { ErrorScreen } from '../layout/ErrorScreen';
import { Layout, LayoutLoading } from '../layout/Layout';
import { PageView, type PageData } from '../pages/PageView';
import { preloadSections } from '../sections/registry';
import { fallbackPage, pagePaths, type PageId, type RouteHandle } from '../shared/routing';
import { loadPageModule } from './pageModules';
import { withTimeout } from './withTimeout';

function pageRoute(path: string, page: PageId, canonical: string, indexable = true): RouteObject {
  const handle: RouteHandle = { page, canonical };
  return {
    path,
    caseSensitive: true,
    handle,
    Component: PageView,
    loader: async (): Promise<PageData> => {
      const config = await withTimeout(
        // The page's section renderers load with it, so the page draws complete, in one go.
        loadPageModule(page).then(async (module) => {
          await preloadSections(module.default.sections.filter((s) => !s.hidden));
          return module.default;
        }),
        site.constants.pageLoadTimeoutMs,
        `The ${page} page`,
      );
      return { page, canonical, indexable, config };
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
