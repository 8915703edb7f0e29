/**
 * Every section type a page may use: the one list of them, each from its folder (its description
 * and its example, `sectionType` in src/schema/common.ts). The descriptions the checker and the
 * editor read, the examples the registry's test draws and the lists the docs quote are made from
 * it; registry.tsx finds each type's renderer in its folder (<type>/<Type>Section.tsx), and stops
 * the build, naming the file, when one of these types has none.
 */
import { tagged, type Infer } from '../../schema/schema';
import { article } from './article/schema';
import { articles } from './articles/schema';
import { cards } from './cards/schema';
import { cta } from './cta/schema';
import { faq } from './faq/schema';
import { form } from './form/schema';
import { hero } from './hero/schema';
import { map } from './map/schema';
import { pageHeader } from './pageHeader/schema';
import { privacy } from './privacy/schema';
import { split } from './split/schema';
import { stats } from './stats/schema';
import { team } from './team/schema';

const sectionTypes = { pageHeader, hero, split, cards, cta, stats, article, articles, team, faq, form, map, privacy };

type SectionTypes = typeof sectionTypes;

export const sectionSchemas = Object.fromEntries(Object.entries(sectionTypes).map(([type, { schema }]) => [type, schema])) as {
  [T in keyof SectionTypes]: SectionTypes[T]['schema'];
};

export const sectionSchema = tagged(sectionSchemas);
export type SectionType = keyof typeof sectionSchemas;
export type SectionConfig = Infer<typeof sectionSchema>;
export type SectionOf<T extends SectionType> = Extract<SectionConfig, { type: T }>;

/** One example of each section type, which the checker accepts: drawn when no page uses the type. */
export const sectionExamples = Object.fromEntries(Object.entries(sectionTypes).map(([type, { example }]) => [type, example])) as {
  [T in SectionType]: SectionOf<T>;
};
