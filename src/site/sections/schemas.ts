/**
 * Every section type a page may use, with the description of its keys.
 * The renderers in registry.tsx must cover exactly these types.
 */
import { tagged, type Infer } from '../../schema/schema';
import { articleSchema } from './article/schema';
import { articlesSchema } from './articles/schema';
import { cardsSchema } from './cards/schema';
import { ctaSchema } from './cta/schema';
import { faqSchema } from './faq/schema';
import { formSectionSchema } from './form/schema';
import { heroSchema } from './hero/schema';
import { mapSchema } from './map/schema';
import { pageHeaderSchema } from './pageHeader/schema';
import { privacySchema } from './privacy/schema';
import { splitSchema } from './split/schema';
import { statsSchema } from './stats/schema';
import { teamSchema } from './team/schema';

export const sectionSchemas = {
  pageHeader: pageHeaderSchema,
  hero: heroSchema,
  split: splitSchema,
  cards: cardsSchema,
  cta: ctaSchema,
  stats: statsSchema,
  article: articleSchema,
  articles: articlesSchema,
  team: teamSchema,
  faq: faqSchema,
  form: formSectionSchema,
  map: mapSchema,
  privacy: privacySchema,
};

export const sectionSchema = tagged(sectionSchemas);
export type SectionType = keyof typeof sectionSchemas;
export type SectionConfig = Infer<typeof sectionSchema>;
export type SectionOf<T extends SectionType> = Extract<SectionConfig, { type: T }>;
