/**
 * The name config/moved.ts imports its type by, as the files the content editor makes and writes do
 * (src/content/server/write.ts): the description itself is src/site/model/movedSchema.ts.
 */
export type { MovedConfig } from '../../site/model/movedSchema';
