/**
 * The name config/articles/ imports its type by, as the files the content editor makes and writes do
 * (src/content/server/write.ts): the description itself is src/site/model/articleSchema.ts.
 */
export type { ArticleConfig } from '../../site/model/articleSchema';
