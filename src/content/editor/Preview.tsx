/**
 * The page as it would be published, beside the form: drawn by the site's own layout and section
 * renderers (and the form renderer) from the values being edited (the page, the site's header,
 * footer and the rest of config/site.ts, the forms), inside a frame of its own at a
 * desktop's or a phone's width (so the page's breakpoints apply as on a real screen), scaled to
 * fit. Its forms save nowhere: the preview's data port answers as a successful save would, so
 * the visitor's outcome (the toast, the reset) shows, and nothing is stored or sent.
 */
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import server from '../../../config/server';
import type { PageConfig } from '../../site/model/pageSchema';
import type { SiteContent } from '../../site/model/siteContent';
import type { DataPort } from '../../site/data/port';
import type { FormConfig } from '../../site/forms/model/formSchema';
import { FormPreviewContext } from '../../site/forms/ui/formPreview';
import { FormRenderer } from '../../site/forms/ui/FormRenderer';
import { DataPortProvider } from '../../site/data/DataPortContext';
import { pageNonce } from '../../site/islands/cspNonce';
import { SITE_STYLIS_PLUGINS } from '../../site/islands/emotionCache';
// The toasts a preview form shows (goober) write their styles through the CSSOM, as on the pages.
import '../../site/islands/toastStyles';
import { loadIslands } from '../../site/islands/loaded';
import { Layout } from '../../site/layout/Layout';
import { SectionList } from '../../site/sections/SectionList';
import { ArticlePage } from '../../site/pages/article/ArticleView';
import { GoneWordsView } from '../../site/pages/GonePage';
import type { GonePageWords } from '../../site/model/gonePages';
import type { Article } from '../../site/model/articleSchema';
import { createSiteTheme } from '../../site/theme';
import { IslandsOnPage } from '../../site/ui/Island';
import { SiteContentContext } from '../../site/ui/siteConfig';
import { ImageAddressContext } from '../../site/ui/imageAddress';
import { editorImageAddress } from '../model/contentApi';
import { PreviewNotesContext } from '../../site/ui/previewNotes';
import admin from '../../../config/admin';

const DEVICE_WIDTHS = { desktop: 1280, phone: 375 } as const;
export type Device = keyof typeof DEVICE_WIDTHS;
const DEVICE_HEIGHTS: Record<Device, number> = { desktop: 900, phone: 740 };

/** What the preview draws: a page of config/pages, an article, a removed page's words (each with the site's frame), or one form alone. */
export type PreviewTarget =
  | { kind: 'page'; page: PageConfig; pageId: string }
  | { kind: 'form'; form: FormConfig; formId: string }
  | { kind: 'article'; article: Article; path: string; listPageId: string }
  | { kind: 'gone'; words: GonePageWords };

/** A data port that keeps nothing: saves "succeed" after a moment, as on a quick connection. */
export function previewPort(onSaved: () => void): DataPort {
  const pause = () => new Promise((resolve) => setTimeout(resolve, 300));
  return {
    async saveDocument() {
      await pause();
      onSaved();
      return { id: 'preview' };
    },
    async uploadFile(_path, _file, onProgress) {
      onProgress?.(1);
      await pause();
      return 'about:blank';
    },
  };
}

interface PreviewData {
  target: PreviewTarget;
  content: SiteContent;
  port: DataPort;
}

const PreviewDataContext = createContext<PreviewData | null>(null);

const previewNotes = { mapNotShown: admin.content.mapNotShown, openMap: admin.content.openMap };

function PreviewPage() {
  const { target, content, port } = useContext(PreviewDataContext)!;
  const { name, label } = server.spamTrap;
  return (
    <SiteContentContext.Provider value={content}>
      <ImageAddressContext.Provider value={editorImageAddress}>
        <PreviewNotesContext.Provider value={previewNotes}>
          <FormPreviewContext.Provider value={{ port }}>
            <IslandsOnPage.Provider value={new Map()}>
              {target.kind === 'page' ? (
                <Layout>
                  <SectionList sections={target.page.sections} />
                </Layout>
              ) : target.kind === 'article' ? (
                <Layout>
                  <ArticlePage article={target.article} canonical={target.path} />
                </Layout>
              ) : target.kind === 'gone' ? (
                <Layout>
                  <GoneWordsView words={target.words} />
                </Layout>
              ) : (
                <Container component="main" sx={{ py: 4, maxWidth: 860 }}>
                  <DataPortProvider port={port}>
                    <FormRenderer form={target.form} idPrefix={`preview-${target.formId}`} spamTrap={{ name, label }} />
                  </DataPortProvider>
                </Container>
              )}
            </IslandsOnPage.Provider>
          </FormPreviewContext.Provider>
        </PreviewNotesContext.Provider>
      </ImageAddressContext.Provider>
    </SiteContentContext.Provider>
  );
}

/** Draws `children` into a document of its own (the frame's), with its own styles: the page's media queries see the frame's width. */
function Frame({
  width,
  height,
  title,
  theme,
  lang,
  children,
}: {
  width: number;
  height: number;
  title: string;
  theme: Theme;
  lang?: string;
  children: ReactNode;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [mounted, setMounted] = useState<{ root: Root; cache: EmotionCache }>();
  useEffect(() => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    doc.body.innerHTML = '<div id="preview"></div>';
    // The frame shares the inbox's Content-Security-Policy: its styles carry the page's nonce. Its
    // vendor prefixes are the page's own (src/site/islands/prefixer.ts).
    const nonce = pageNonce();
    const cache = createCache({ key: 'preview', container: doc.head, stylisPlugins: SITE_STYLIS_PLUGINS, ...(nonce ? { nonce } : {}) });
    const root = createRoot(doc.getElementById('preview')!);
    let live = true;
    void loadIslands().then(() => live && setMounted({ root, cache }));
    return () => {
      live = false;
      setTimeout(() => root.unmount());
    };
  }, []);
  // The page's language: a translation's preview is drawn in its own.
  useEffect(() => {
    const doc = frame.current?.contentDocument;
    if (doc) doc.documentElement.lang = lang ?? (document.documentElement.lang || 'en');
  }, [lang, mounted]);
  useEffect(() => {
    mounted?.root.render(
      <CacheProvider value={mounted.cache}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          {children}
        </ThemeProvider>
      </CacheProvider>,
    );
  });
  return <iframe ref={frame} title={title} width={width} height={height} style={{ border: 0, display: 'block', background: '#fff' }} />;
}

/** Which section to bring into view: the index in the page's `sections`, and the text being edited in it; a new `times` brings it again. */
export interface Reveal {
  section: number;
  /** What the field being edited holds: the part of the section that shows it is brought into view (opened when it is folded). */
  text?: string;
  times: number;
}

/** At most this many characters of an edited text are looked for on the page (its start: a long answer is found by it). */
const TEXT_SOUGHT = 60;

const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The smallest element of `section` whose words hold the start of `text` (of those as small, the innermost), or undefined. */
function partShowing(section: Element, text: string): Element | undefined {
  const sought = flat(text).slice(0, TEXT_SOUGHT);
  if (sought === '') return undefined;
  let found: Element | undefined;
  let length = Infinity;
  for (const element of section.querySelectorAll('*')) {
    const words = flat(element.textContent ?? '');
    // Elements come in document order, each after those it is in: the last of equal ones is the innermost.
    if (words.length <= length && words.includes(sought)) {
      found = element;
      length = words.length;
    }
  }
  return found;
}

/** The button that unfolds the folded part `element` is in (an accordion's question: aria-controls, aria-expanded="false"), or undefined. */
function folderOf(element: Element): HTMLElement | undefined {
  const doc = element.ownerDocument;
  for (let at: Element | null = element; at; at = at.parentElement) {
    if (!at.id) continue;
    const button = doc.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(at.id)}"][aria-expanded="false"]`);
    if (button) return button;
  }
  return undefined;
}

/**
 * Scrolls the frame's page to a section (the page's own sections are the children of its main, hidden
 * ones left out), to the part of it that shows `text` when it is found there, unfolding that part
 * (an FAQ's answer) the way a visitor does. When the page is not drawn yet it tries again on the
 * next frames; when what is drawn does not match the sections (one drew nothing), or the section
 * is hidden, it leaves the page as it is.
 */
function revealSection(frame: HTMLIFrameElement | null, sections: ReadonlyArray<{ hidden?: boolean }>, index: number, text?: string, tries = 60): void {
  const doc = frame?.contentDocument;
  const shown = sections.filter((s) => !s.hidden).length;
  const main = doc?.querySelector('main');
  if (!doc || !main || main.children.length !== shown) {
    if (tries > 0) requestAnimationFrame(() => revealSection(frame, sections, index, text, tries - 1));
    return;
  }
  if (sections[index]?.hidden) return;
  const element = main.children[sections.slice(0, index).filter((s) => !s.hidden).length];
  const win = doc.defaultView;
  if (!element || !win) return;
  const part = text !== undefined ? partShowing(element, text) : undefined;
  const folder = part ? folderOf(part) : undefined;
  // A folded part is brought into view by what unfolds it (its question), which stays where it is while the part opens below it.
  folder?.click();
  const target = folder ?? part ?? element;
  const margin = parseFloat(win.getComputedStyle(element).scrollMarginTop) || 0;
  win.scrollTo({ top: target.getBoundingClientRect().top + win.scrollY - margin, behavior: 'instant' });
}

/** The preview at one device's width, scaled down to the room it has. */
export function Preview({
  target,
  content,
  port,
  device,
  title,
  reveal,
  lang,
}: {
  target: PreviewTarget;
  /** The language the page is drawn in (a translation's preview): its document's lang. */
  lang?: string;
  /** The content as edited: the site's frame, the routes its links are checked against, the forms. */
  content: SiteContent;
  port: DataPort;
  device: Device;
  title: string;
  /** A section of the page to bring into view (the one being edited), on the part being edited. */
  reveal?: Reveal;
}) {
  const box = useRef<HTMLDivElement>(null);
  const sections = target.kind === 'page' ? target.page.sections : undefined;
  useEffect(() => {
    if (reveal && sections) revealSection(box.current?.querySelector('iframe') ?? null, sections, reveal.section, reveal.text);
  }, [reveal, device]); // eslint-disable-line react-hooks/exhaustive-deps
  const [room, setRoom] = useState(0);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setRoom(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  // The site's colours and breakpoints as drafted (a new theme only when they change).
  const { site } = content;
  const look = JSON.stringify([site.brand.colors, site.constants.breakpoints]);
  const theme = useMemo(() => createSiteTheme(site), [look]); // eslint-disable-line react-hooks/exhaustive-deps
  const width = DEVICE_WIDTHS[device];
  const height = DEVICE_HEIGHTS[device];
  const scale = room > 0 ? Math.min(1, room / width) : 1;
  // The router the site's header asks which page is shown.
  const pageId = target.kind === 'page' ? target.pageId : target.kind === 'article' ? target.listPageId : undefined;
  const router = useMemo(
    () => createMemoryRouter([{ path: '*', element: <PreviewPage />, handle: pageId ? { page: pageId, canonical: '/' } : undefined }]),
    [pageId],
  );
  return (
    <Box ref={box} sx={{ width: '100%' }}>
      <Box sx={{ width: width * scale, height: height * scale, overflow: 'hidden', mx: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Box sx={{ width, height, transform: `scale(${scale})`, transformOrigin: 'top left' }}>
          <Frame key={device} width={width} height={height} title={title} theme={theme} {...(lang ? { lang } : {})}>
            <PreviewDataContext.Provider value={{ target, content, port }}>
              <RouterProvider router={router} />
            </PreviewDataContext.Provider>
          </Frame>
        </Box>
      </Box>
    </Box>
  );
}
