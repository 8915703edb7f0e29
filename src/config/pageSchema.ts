/** The description of one file in config/pages. */
import { sectionSchema } from '../sections/schemas';
import { list, longText, object, text, type Infer } from './schema';

export const pageSchema = object({
  /** The browser tab title and the search result headline. */
  title: text(),
  /** The search result snippet: one or two sentences. */
  description: longText(),
  sections: list(sectionSchema, { min: 1 }),
});
export type PageConfig = Infer<typeof pageSchema>;
