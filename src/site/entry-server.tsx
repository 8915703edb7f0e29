/**
 * Server rendering of one address of some content, used by the render (src/render/render.ts:
 * at build time and at each publish, with the code built once): the route table (react-router's
 * static handler) made from the content, MUI's theme and emotion, with the page's critical CSS
 * extracted. The result is the whole page as HTML; the browser hydrates only its islands
 * (src/site/islands/), so no router data is written for it.
 */
import type { EmotionCache, StylisPlugin } from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import type { ReactElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProviders } from './app/App';
import { createEmotionCache, PRERENDERED_STYLES_KEY, SITE_STYLIS_PLUGINS } from './islands/emotionCache';
import { loadIslands } from './islands/loaded';
import type { IslandName } from './islands/registry';
import { IslandsOnPage, IslandStyles } from './ui/Island';
import { createRoutes } from './app/routes';
import type { PageRenderer, RenderedPage } from './model/pageRender';
import type { SiteContent } from './model/siteContent';
import { FormFilesContext } from './ui/FormSlot';
import { SocialPicturesContext } from './pages/article/ArticleView';
import { PicturesContext } from './ui/Picture';

/** React puts hoisted head elements (title, meta, link) first in its output. */
const LEADING_HEAD_TAGS = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)+/;

async function render(app: ReactElement): Promise<string> {
  // No outlined (script-revealed) boundaries: every part of the page is plain HTML.
  const { prelude } = await prerenderToNodeStream(app, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

/** The route table of a content value (made once per value: a render draws every page of one content). */
const routesOf = new WeakMap<SiteContent, ReturnType<typeof createRoutes>>();

export const renderPage: PageRenderer['renderPage'] = async (
  path: string,
  content: SiteContent,
  { formFiles = {}, socialPictures = {}, pictures = {} } = {},
): Promise<RenderedPage> => {
  await loadIslands();
  let routes = routesOf.get(content);
  if (!routes) routesOf.set(content, (routes = createRoutes(content)));
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender${path}`));
  if (context instanceof Response) throw new Error(`Rendering ${path} answered a redirect or response (${context.status})`);
  const router = createStaticRouter(handler.dataRoutes, context);

  /** The page drawn with `cache`: its HTML, and the islands it holds. */
  const draw = async (cache: EmotionCache) => {
    const islands = new Map<IslandName, number>();
    const islandStyles = new Set<string>();
    // Before the render: the server instance has the cache keep each style's rules for extracting them.
    const emotion = createEmotionServer(cache);
    const app = (
      <AppProviders cache={cache} content={content}>
        <FormFilesContext.Provider value={formFiles}>
          <SocialPicturesContext.Provider value={socialPictures}>
            <PicturesContext.Provider value={pictures}>
              <IslandsOnPage.Provider value={islands}>
                <IslandStyles.Provider value={islandStyles}>
                  <StaticRouterProvider router={router} context={context} hydrate={false} />
                </IslandStyles.Provider>
              </IslandsOnPage.Provider>
            </PicturesContext.Provider>
          </SocialPicturesContext.Provider>
        </FormFilesContext.Provider>
      </AppProviders>
    );
    return { cache, emotion, html: await render(app), islands, islandStyles };
  };

  // No nonce: the page policy names the hash of every style element (src/render/inlineHashes.ts).
  // Without the rules of MUI's states, unless an element of the page is in one (then drawn again with them).
  let drawn = await draw(createEmotionCache(undefined, PRERENDER_STYLIS_PLUGINS));
  if (ELEMENT_IN_A_STATE.test(drawn.html)) drawn = await draw(createEmotionCache(undefined));
  const { cache, emotion, html, islands, islandStyles } = drawn;

  const hoisted = LEADING_HEAD_TAGS.exec(html)?.[0] ?? '';
  const body = html.slice(hoisted.length);
  const chunks = emotion.extractCriticalToChunks(body);
  listIslandStyles(cache, chunks.styles, islandStyles);
  // The page's own styles are under a key of their own (src/site/islands/emotionCache.ts), and data-s
  // marks every style element as already where it belongs (in <head>): otherwise emotion would
  // move them while the app starts, and the browser would work out every element's style again.
  // A global style with no rules (MUI leaves one) would be an empty element in every page.
  const styles = emotion
    .constructStyleTagsFromChunks({ ...chunks, styles: chunks.styles.filter((s) => s.css !== '' || s.key === cache.key) })
    .replace(`<style data-emotion="${cache.key} `, `<style data-emotion="${PRERENDERED_STYLES_KEY} `)
    .replace(/<style data-emotion="([^"]*)"/g, '<style data-emotion="$1" data-s=""');
  return { body, head: `${hoisted}\n${styles}`, status: context.statusCode, islands: [...islands.keys()] };
};

/**
 * MUI's state classes (Mui-disabled, Mui-focusVisible, MuiIconButton-loading...): MUI gives an
 * element one by a prop when drawing it, or by its own code in the browser (a keyboard focus).
 * No MUI code runs on a site's page (its islands have none: src/lint.test.ts), so on a page
 * where no element has one when drawn, no element ever has one: the rules that need one never
 * apply there.
 */
const STATE_CLASS = '(?:Mui-[a-z][A-Za-z]*|Mui[A-Z][A-Za-z]*-loading)(?![\\w-])';
const ELEMENT_IN_A_STATE = new RegExp(`\\sclass="(?:[^"]*\\s)?${STATE_CLASS}`);

const STATE_IN_SELECTOR = new RegExp(`\\.${STATE_CLASS}`);

/** Whether an element must have one of MUI's state classes (itself or an ancestor) to match `selector`: a class named outside any :not(), :is()... */
function needsAState(selector: string): boolean {
  let outside = selector;
  for (let inner = ''; inner !== outside;) [inner, outside] = [outside, outside.replace(/:[\w-]+\([^()]*\)/g, '')];
  return STATE_IN_SELECTOR.test(outside);
}

/** A stylis plugin that leaves out every rule all of whose selectors need one of MUI's state classes. */
const withoutStates: StylisPlugin = (element) => {
  if (element.type === 'rule' && Array.isArray(element.props) && element.props.every(needsAState)) element.children = [];
};
const PRERENDER_STYLIS_PLUGINS = [...SITE_STYLIS_PLUGINS, withoutStates];

/**
 * The names the page's styles are listed under, which the browser's emotion cache counts as
 * already there (src/site/islands/emotionCache.ts): only those the islands' code asks for
 * (`asked`, noted while they were drawn), as no other code of the page runs in the browser. MUI's
 * styles, drawn only here, are never asked for again. Among them, a styled component that wraps
 * another (one style composed into another) serializes its own styles, which the inner one merges
 * into the class it puts on the element: such outer styles are never on an element, so the
 * page's critical CSS leaves them out, but they are listed too, or the browser would parse and
 * insert them again while hydrating, for nothing.
 */
function listIslandStyles(cache: EmotionCache, styles: { key: string; ids: string[] }[], asked: Set<string>) {
  const regular = styles.find((s) => s.key === cache.key);
  if (regular) regular.ids = [...asked].filter((id) => typeof cache.inserted[id] === 'string');
}
