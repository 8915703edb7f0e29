/**
 * The route table the server renderer draws pages with (src/entry-server.tsx, through
 * react-router's static handler), made from config/routes.ts. The browser has no router: each
 * address is a page of its own, and a link is a plain link.
 */
import type { RouteObject } from 'react-router-dom';
import site from '../../config/site';
import { ErrorScreen } from '../layout/ErrorScreen';
import { Layout } from '../layout/Layout';
import { PageHead } from '../pages/PageHead';
import { PageView, type PageData } from '../pages/PageView';
import { ERROR_RENDER_PATH } from '../shared/pageFiles';
import { fallbackPage, pagePaths, type PageId, type RouteHandle } from '../shared/routing';
import { loadPageModule } from './pageModules';

function pageRoute(path: string, page: PageId, canonical: string, indexable = true): RouteObject {
  const handle: RouteHandle = { page, canonical };
  return {
    path,
    caseSensitive: true,
    handle,
    Component: PageView,
    loader: async (): Promise<PageData> => ({ page, canonical, indexable, config: (await loadPageModule(page)).default }),
  };
}

/** What a visitor sees when a page cannot be shown (our server answers it with status 500). */
function ErrorPage() {
  return (
    <>
      <PageHead title={site.ui.errorScreen.heading} description={site.ui.errorScreen.text} canonical="/" indexable={false} />
      <ErrorScreen />
    </>
  );
}

export function createRoutes(): RouteObject[] {
  const fallbackCanonical = pagePaths.find((p) => p.page === fallbackPage)?.canonical ?? '/';
  return [
    {
      id: 'root',
      Component: Layout,
      errorElement: <ErrorScreen standalone />,
      children: [
        ...pagePaths.map((p) => pageRoute(p.path, p.page, p.canonical)),
        { path: ERROR_RENDER_PATH, Component: ErrorPage },
        pageRoute('*', fallbackPage, fallbackCanonical, false),
      ],
    },
  ];
}
