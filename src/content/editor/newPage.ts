/**
 * A new page's parts, worked out without drawing anything (NewPageScreen uses them): an address
 * made from a title, the addresses already taken (the site's own and the pages made here), the
 * file the page is written to, and the page's first value.
 */
import admin from '../../../config/admin';
import type { Schema } from '../../schema/schema';
import { routeTable } from '../model/routeTable';
import { officeRoutes } from '../model/routing';
import { slugOf } from '../../schema/text';
import { emptyValue, isRecord, type SiteFacts } from './model';

/** A page's address part made from its title (src/schema/text.ts slugOf). */
export const pageSlugOf = (title: string): string => slugOf(title, 60);

/** Every address the site answers now (main addresses, aliases, the pages made here), and the page at each. */
export function takenAddresses(routes: unknown, pages: Readonly<Record<string, unknown>>): Map<string, string> {
  return new Map([...routeTable(routes).map((row) => [row.path, row.page] as const), ...officeRoutes(routes, pages).map((row) => [row.path, row.page] as const)]);
}

/** The page's file: named after its address ("/Spring_Offer" -> config/pages/spring-offer.ts), another name when that one is taken. */
export function newPageFile(address: string, taken: ReadonlySet<string>): string {
  const base = pageSlugOf(address.replace(/\//g, ' ')) || 'page';
  for (let n = 1; ; n++) {
    const id = n === 1 ? base : `${base}-${n}`;
    const file = `config/pages/${id}.ts`;
    if (!taken.has(id) && !taken.has(file)) return file;
  }
}

export interface NewPage {
  title: string;
  address: string;
  inMenu: boolean;
  searchable: boolean;
  /** The schemas of the sections it starts with, in order. */
  sections: readonly Schema<unknown>[];
}

/**
 * The page's first value: its title, an empty description (the checker asks for one), its address
 * and settings, and each section as a new one starts (model.ts emptyValue), its heading the page's
 * title, a form section with the form config/admin.ts names for a new page (when the site has it).
 */
export function newPageValue({ title, address, inMenu, searchable, sections }: NewPage, { formIds, ...facts }: SiteFacts, form: string = admin.content.newPage.form): Record<string, unknown> {
  const firstForm = formIds.includes(form) ? [form, ...formIds.filter((id) => id !== form)] : formIds;
  return {
    title,
    description: '',
    address,
    inMenu,
    ...(searchable ? {} : { searchable: false }),
    sections: sections.map((schema) => {
      const value = emptyValue(schema, { ...facts, formIds: firstForm });
      return isRecord(value) && value.heading === '' ? { ...value, heading: title } : value;
    }),
  };
}
