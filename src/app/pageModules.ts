/** A page's config module, loaded on demand (each page's config is a chunk of its own). */
import pages from '../../config/pages';
import type { PageConfig } from '../config/pageSchema';
import type { PageId } from '../shared/routing';

export function loadPageModule(page: PageId): Promise<{ default: PageConfig }> {
  return pages[page]();
}
