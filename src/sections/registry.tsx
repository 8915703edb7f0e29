/**
 * Section type -> renderer. Each renderer is a chunk of its own, loaded when a page uses
 * its type, so a page downloads and runs only the section code it shows. The `Loaders` type
 * makes a section type without a renderer (or a renderer for a type that does not exist) a
 * type error instead of a blank screen.
 */
import { use, type ComponentType, type ReactNode } from 'react';
import type { SectionConfig, SectionType } from './schemas';
import type { SectionProps } from './types';

type Loaders = { [T in SectionType]: () => Promise<ComponentType<SectionProps<T>>> };

const loaders: Loaders = {
  pageHeader: () => import('./pageHeader/PageHeaderSection').then((m) => m.PageHeaderSection),
  hero: () => import('./hero/HeroSection').then((m) => m.HeroSection),
  split: () => import('./split/SplitSection').then((m) => m.SplitSection),
  cards: () => import('./cards/CardsSection').then((m) => m.CardsSection),
  cta: () => import('./cta/CtaSection').then((m) => m.CtaSection),
  stats: () => import('./stats/StatsSection').then((m) => m.StatsSection),
  article: () => import('./article/ArticleSection').then((m) => m.ArticleSection),
  team: () => import('./team/TeamSection').then((m) => m.TeamSection),
  faq: () => import('./faq/FaqSection').then((m) => m.FaqSection),
  form: () => import('./form/FormSection').then((m) => m.FormSection),
  map: () => import('./map/MapSection').then((m) => m.MapSection),
};

/** The renderers that have loaded: preloadSection stores each under its own type. */
const loaded = new Map<SectionType, unknown>();
const loading: { [T in SectionType]?: Promise<unknown> } = {};
const loadedRenderer = <T extends SectionType>(type: T) => loaded.get(type) as ComponentType<SectionProps<T>> | undefined;

/**
 * Starts loading the renderer of a section type (once); resolves when it is ready. A
 * renderer that is ready draws at once; one that is not suspends its section (each section
 * is its own Suspense boundary), and a prerendered section keeps its server HTML until its
 * renderer arrives and hydrates it.
 */
export function preloadSection<T extends SectionType>(type: T): Promise<unknown> {
  const load: Loaders[T] = loaders[type];
  return (loading[type] ??= load().then(
    (component) => {
      loaded.set(type, component);
    },
    (error: unknown) => {
      // A chunk that failed to download may work on the next try (the next page, say).
      delete loading[type];
      throw error;
    },
  ));
}

/** Loads the renderers of all these sections (each type once). */
export function preloadSections(sections: readonly Pick<SectionConfig, 'type'>[]): Promise<unknown> {
  return Promise.all([...new Set(sections.map((s) => s.type))].map((type) => preloadSection(type)));
}

function lazyRenderer<T extends SectionType>(type: T): ComponentType<SectionProps<T>> {
  function LazySection(props: SectionProps<T>) {
    // Not loaded yet: suspend until it is.
    if (!loadedRenderer(type)) use(preloadSection(type));
    const Renderer = loadedRenderer(type)!;
    return <Renderer {...props} />;
  }
  LazySection.displayName = `LazySection(${type})`;
  return LazySection;
}

export const sectionRenderers = Object.fromEntries(Object.keys(loaders).map((type) => [type, lazyRenderer(type as SectionType)])) as {
  [T in SectionType]: ComponentType<SectionProps<T>>;
};

export function renderSection(section: SectionConfig, props: { key: string; position: number; index: number }): ReactNode {
  // The one place where the section union meets the map: the `Loaders` type above guarantees
  // that the renderer found for `section.type` accepts exactly this section.
  const Renderer = sectionRenderers[section.type] as ComponentType<{ section: SectionConfig; position: number; index: number }>;
  return <Renderer key={props.key} section={section} position={props.position} index={props.index} />;
}
