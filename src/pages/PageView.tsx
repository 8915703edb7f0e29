/** One page: its title and description for the browser and search engines, then its sections. */
import { useLoaderData } from 'react-router-dom';
import site from '../../config/site';
import type { PageId } from '../app/routing';
import type { PageConfig } from '../config/pageSchema';
import { SectionList } from '../sections/SectionList';

export interface PageData {
  page: PageId;
  canonical: string;
  config: PageConfig;
}

export function PageView() {
  const { config, canonical } = useLoaderData() as PageData;
  return (
    <>
      <title>{config.title}</title>
      <meta name="description" content={config.description} />
      <link rel="canonical" href={`${site.brand.url}${canonical}`} />
      <SectionList sections={config.sections} />
    </>
  );
}
