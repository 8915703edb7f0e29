/**
 * The route table the server renderer draws pages with (src/site/entry-server.tsx, through
 * react-router's static handler), made from the content's routes and pages. The browser has no
 * router: each address is a page of its own, and a link is a plain link.
 */
import type { RouteObject } from 'react-router-dom';
import { ErrorScreen } from '../layout/ErrorScreen';
import { Layout } from '../layout/Layout';
import { PageHead } from '../pages/PageHead';
import { PageView, type PageData } from '../pages/PageView';
import { ArticleView, type ArticleData } from '../pages/article/ArticleView';
import { GonePage, type GoneData } from '../pages/GonePage';
import { gonePagesOf } from '../model/gonePages';
import { articlePages } from '../model/articles';
import { ERROR_RENDER_PATH } from '../../schema/pageFiles';
import { isSearchable, siteRoutes, type PageId, type RouteHandle } from '../model/routing';
import type { SiteContent } from '../model/siteContent';
import { useSite } from '../ui/siteConfig';

function pageRoute(content: SiteContent, path: string, page: PageId, canonical: string, indexable = true): RouteObject {
  const handle: RouteHandle = { page, canonical };
  const config = content.pages[page];
  if (!config) throw new Error(`No page "${page}" in the content (npm run check names the mistake)`);
  // A page the office keeps from search engines (searchable: false) is marked noindex like the fallback page.
  const data: PageData = { page, canonical, indexable: indexable && isSearchable(config), config };
  return { path, caseSensitive: true, handle, Component: PageView, loader: () => data };
}

/** What a visitor sees when a page cannot be shown (our server answers it with status 500). */
function ErrorPage() {
  const { heading, text } = useSite().ui.errorScreen;
  return (
    <>
      <PageHead title={heading} description={text} canonical="/" indexable={false} />
      <ErrorScreen />
    </>
  );
}

export function createRoutes(content: SiteContent): RouteObject[] {
  const { pagePaths, fallbackPage, mainPathOf, resolvePath } = siteRoutes(content.routes);
  // An article's page is part of the list's page (the menu shows that page as the current one).
  const listPage = resolvePath(content.site.articles.path).page;
  return [
    {
      id: 'root',
      Component: Layout,
      errorElement: <ErrorScreen standalone />,
      children: [
        ...pagePaths.map((p) => pageRoute(content, p.path, p.page, p.canonical)),
        // Each article's own page: the content given holds the articles live now (src/site/model/articles.ts liveContent).
        ...articlePages(content).map(({ path, article }): RouteObject => {
          const data: Omit<ArticleData, 'socialImage'> = { article, canonical: path };
          return { path, caseSensitive: true, handle: { page: listPage, canonical: path } satisfies RouteHandle, Component: ArticleView, loader: () => data };
        }),
        { path: ERROR_RENDER_PATH, Component: ErrorPage },
        // The pages shown at the addresses of removed pages (the render draws each once: src/site/model/gonePages.ts).
        ...gonePagesOf(content).map(({ renderPath, words }): RouteObject => ({
          path: renderPath,
          caseSensitive: true,
          Component: GonePage,
          loader: () => ({ words }) satisfies GoneData,
        })),
        pageRoute(content, '*', fallbackPage, mainPathOf(fallbackPage), false),
      ],
    },
  ];
}
