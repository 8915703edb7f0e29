/**
 * Section type -> renderer. Sections are drawn on the server only (the build's prerenderer):
 * the parts of a section that respond to a visitor are islands (src/islands/registry.ts), the
 * rest is HTML. The type makes a section type without a renderer (or a renderer for a type that
 * does not exist) a type error instead of a blank part of a page.
 */
import type { ComponentType, ReactNode } from 'react';
import { ArticleSection } from './article/ArticleSection';
import { ArticlesSection } from './articles/ArticlesSection';
import { CardsSection } from './cards/CardsSection';
import { CtaSection } from './cta/CtaSection';
import { FaqSection } from './faq/FaqSection';
import { FormSection } from './form/FormSection';
import { HeroSection } from './hero/HeroSection';
import { MapSection } from './map/MapSection';
import { PageHeaderSection } from './pageHeader/PageHeaderSection';
import { PrivacySection } from './privacy/PrivacySection';
import type { PictureLoading } from '../ui/Picture';
import type { SectionConfig, SectionType } from './schemas';
import { SplitSection } from './split/SplitSection';
import { StatsSection } from './stats/StatsSection';
import { TeamSection } from './team/TeamSection';
import type { SectionProps } from './types';

export const sectionRenderers: { [T in SectionType]: ComponentType<SectionProps<T>> } = {
  pageHeader: PageHeaderSection,
  hero: HeroSection,
  split: SplitSection,
  cards: CardsSection,
  cta: CtaSection,
  stats: StatsSection,
  article: ArticleSection,
  articles: ArticlesSection,
  team: TeamSection,
  faq: FaqSection,
  form: FormSection,
  map: MapSection,
  privacy: PrivacySection,
};

export function renderSection(section: SectionConfig, props: { key: string; position: number; index: number; pictures?: PictureLoading }): ReactNode {
  // The one place where the section union meets the map: the type of `sectionRenderers`
  // guarantees that the renderer found for `section.type` accepts exactly this section.
  const Renderer = sectionRenderers[section.type] as ComponentType<{ section: SectionConfig; position: number; index: number; pictures: PictureLoading }>;
  return <Renderer key={props.key} section={section} position={props.position} index={props.index} pictures={props.pictures ?? 'lazy'} />;
}
