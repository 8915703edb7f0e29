/**
 * The name config/pages/ imports its type by, as the files the content editor makes and writes do
 * (src/content/server/write.ts): the description itself is src/site/model/pageSchema.ts.
 */
export type { PageConfig } from '../../site/model/pageSchema';
