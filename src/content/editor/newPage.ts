/**
 * A new page's parts, worked out without drawing anything (NewPageScreen uses them): an address
 * made from a title, the addresses already taken (the site's own and the pages made here), the
 * file the page is written to, and the page's first value.
 */
import admin from '../../../config/admin';
import { pageNameOf } from '../model/officeSentences';
import { TEXT_LIMITS, textLength, type Schema } from '../../schema/schema';
import { routeTable } from '../../site/model/routeTable';
import { officeRoutes } from '../../site/model/routing';
import { slugOf } from '../../schema/text';
import { emptyValue, isRecord, type SiteFacts } from './schemaValues';

/** A page's address part made from its title (src/schema/text.ts slugOf). */
export const pageSlugOf = (title: string): string => slugOf(title, 60);

/** Every address the site answers now (main addresses, aliases, the pages made here), and the page at each. */
export function takenAddresses(routes: unknown, pages: Readonly<Record<string, unknown>>): Map<string, string> {
  return new Map([
    ...routeTable(routes).map((row) => [row.path, row.page] as const),
    ...officeRoutes(routes, pages).map((row) => [row.path, row.page] as const),
  ]);
}

/** An address as typed, as the page will have it: with its / at the start ("spring-offer" -> "/spring-offer"), spaces around it left out. */
export function addressOf(typed: string): string {
  const address = typed.trim();
  return address === '' || address.startsWith('/') ? address : `/${address}`;
}

/** The home page's name and address, the first step of a new page's breadcrumb (the page at "/"). */
export function homeStep(routes: unknown, pages: Readonly<Record<string, unknown>>): { label: string; href: string } | undefined {
  const id = takenAddresses(routes, pages).get('/');
  const page = id === undefined ? undefined : pages[id];
  const label = pageNameOf(isRecord(page) ? page.title : undefined);
  return label === undefined ? undefined : { label, href: '/' };
}

/** A breadcrumb's words from a title: its name ("Spring offer | Business Growth" -> "Spring offer"), cut at a word to a link's length. */
function stepOf(title: string): string {
  const name = pageNameOf(title) ?? title;
  if (textLength(name) <= TEXT_LIMITS.label) return name;
  const cut = [...name].slice(0, TEXT_LIMITS.label - 1).join('');
  return `${cut.replace(/\s+\S*$/, '') || cut}…`;
}

/** The page's file: named after its address ("/Spring_Offer" -> spring-offer.ts in config/pages), another name when that one is taken. */
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
  /** Its search result's snippet (the screen asks for it). */
  description: string;
  inMenu: boolean;
  searchable: boolean;
  /** The schemas of the sections it starts with, in order. */
  sections: readonly Schema<unknown>[];
  /** The form its form sections start with (default: the one config/admin.ts names for a new page). */
  form?: string;
  /** The first step of its breadcrumb (the home page); the page's own name follows. */
  home?: { label: string; href: string };
}

/**
 * The page's first value, publishable as it is made: its title, description, address and
 * settings, and each section as a new one starts (schemaValues.ts emptyValue) with what can be made from
 * them: the first one with a heading headed by the page's title (the others' headings left to write,
 * so the title is not said twice), a breadcrumb from the home page to the page's name, a form
 * section with the form chosen (default: the one config/admin.ts names for a new page, when the site has it).
 */
export function newPageValue(
  { title, address, description, inMenu, searchable, sections, form = admin.content.newPage.form, home }: NewPage,
  { formIds, ...facts }: SiteFacts,
): Record<string, unknown> {
  const firstForm = formIds.includes(form) ? [form, ...formIds.filter((id) => id !== form)] : formIds;
  const trail = [...(home ? [home] : []), { label: stepOf(title) }];
  const values = sections.map((schema) => emptyValue(schema, { ...facts, formIds: firstForm }));
  // The page's title heads its first section that needs a heading, and only that one: the others' start empty, to be written.
  const titled = values.findIndex((value) => isRecord(value) && value.heading === '');
  return {
    title,
    description,
    address,
    inMenu,
    ...(searchable ? {} : { searchable: false }),
    sections: values.map((value, i) => {
      if (!isRecord(value)) return value;
      return {
        ...value,
        ...(value.heading === '' && i === titled ? { heading: title } : {}),
        ...(Array.isArray(value.breadcrumb) ? { breadcrumb: trail } : {}),
      };
    }),
  };
}
