/** One page: its title and description for the browser and search engines, then its sections. */
import { useLoaderData } from 'react-router-dom';
import type { PageId } from '../model/routing';
import type { PageConfig } from '../model/pageSchema';
import { SectionList } from '../sections/SectionList';
import { PageHead } from './PageHead';

export interface PageData {
  page: PageId;
  canonical: string;
  /** false for addresses the site does not have (they show the fallback page, not for search engines). */
  indexable: boolean;
  config: PageConfig;
}

export function PageView() {
  const { config, canonical, indexable } = useLoaderData() as PageData;
  return (
    <>
      <PageHead title={config.title} description={config.description} canonical={canonical} indexable={indexable} />
      <SectionList sections={config.sections} />
    </>
  );
}
