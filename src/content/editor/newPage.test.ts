/**
 * A new page's first value (newPage.ts), with the sections and the form config/admin.ts names for
 * a new page, and every kind of section named in config/admin.ts (what the office sees when it
 * adds a section, in the outline and in every sentence about a section).
 */
import admin from '../../../config/admin';
import forms from '../../../config/forms';
import { pageSchema } from '../../site/model/pageSchema';
import { sectionNameOf, sectionTypeLabel } from '../model/officeSentences';
import type { Schema } from '../../schema/schema';
import { sectionSchemas } from '../../site/sections/schemas';
import routes from '../../../config/routes';
import { checkContent } from '../model/checkContent';
import { loadRealConfig } from '../../test/realConfig';
import { addressOf, homeStep, newPageFile, newPageValue } from './newPage';

const t = admin.content;
const sectionItem = pageSchema.shape.sections.meta.kind === 'list' ? pageSchema.shape.sections.meta.item : undefined;
const variants: Readonly<Record<string, Schema<unknown>>> = sectionItem?.meta.kind === 'union' ? sectionItem.meta.variants : {};

test("a new page starts with the sections config/admin.ts names, its form section with the form it names (not the site's first form)", () => {
  const formIds = Object.keys(forms);
  expect(formIds).toContain(t.newPage.form);
  const page = newPageValue(
    {
      title: 'A campaign',
      address: '/campaign',
      description: 'Our campaign.',
      inMenu: false,
      searchable: true,
      sections: t.newPage.sectionsAtStart.map((type) => variants[type]!),
    },
    { formIds },
  );
  const sections = page.sections as Array<Record<string, unknown>>;
  expect(sections.map((s) => s.type)).toEqual(t.newPage.sectionsAtStart);
  const formSections = sections.filter((s) => s.type === 'form');
  expect(formSections.length).toBeGreaterThan(0);
  for (const section of formSections) expect(section.form).toBe(t.newPage.form);
  // Whatever order config/forms lists them in.
  for (const order of [formIds, [...formIds].reverse()]) {
    const again = newPageValue(
      { title: 'A campaign', address: '/campaign', description: 'Our campaign.', inMenu: false, searchable: true, sections: [variants.form!] },
      { formIds: order },
    );
    expect((again.sections as Array<Record<string, unknown>>)[0]!.form).toBe(t.newPage.form);
  }
});

test.each(Object.keys(sectionSchemas))('the kind of section "%s" is named in config/admin.ts, and the screens use that name', (type) => {
  const name = (t.sectionTypes as Record<string, string>)[type];
  expect(typeof name === 'string' && name.trim() !== '').toBe(true);
  expect(sectionTypeLabel(type)).toBe(name);
  expect(sectionNameOf([{ type }], 0)).toBe(name);
  // Every kind the page schema knows is one of them.
  expect(Object.keys(variants)).toContain(type);
});

test('the page schema knows no kind of section without a name', () => {
  expect(Object.keys(variants).filter((type) => !Object.hasOwn(t.sectionTypes, type))).toEqual([]);
});

test('a new page is publishable as the New page screen makes it: its breadcrumb from the home page to its name, its heading, its form', async () => {
  const real = await loadRealConfig();
  const formIds = Object.keys(forms);
  const home = homeStep(routes, real.pages);
  expect(home).toEqual({ label: expect.any(String), href: '/' });
  const other = formIds.find((id) => id !== t.newPage.form)!;
  for (const [title, form] of [
    ['Spring offer', undefined],
    ['A very long title for a campaign page that runs to seventy chars', other],
  ] as const) {
    const address = addressOf(' spring-offer ');
    expect(address).toBe('/spring-offer');
    const page = newPageValue(
      {
        title,
        address,
        description: 'Our spring offer for new websites.',
        inMenu: true,
        searchable: true,
        sections: t.newPage.sectionsAtStart.map((type) => variants[type]!),
        ...(form ? { form } : {}),
        home: home!,
      },
      { formIds },
    );
    const id = newPageFile(address, new Set(Object.keys(real.pages))).replace(/^config\/pages\/|\.ts$/g, '');
    const problems = checkContent({ ...real, pages: { ...real.pages, [id]: page } }, () => true).filter((p) => p.file === `config/pages/${id}.ts`);
    expect(problems).toEqual([]);
    const header = (page.sections as Array<Record<string, unknown>>).find((s) => s.type === 'pageHeader');
    expect(header?.breadcrumb).toEqual([home, { label: expect.any(String) }]);
    expect(header?.heading).toBe(title);
    for (const section of (page.sections as Array<Record<string, unknown>>).filter((s) => s.type === 'form')) expect(section.form).toBe(form ?? t.newPage.form);
  }
  // With or without its slash, spaces around it left out.
  expect([addressOf('offer'), addressOf('/offer'), addressOf('  ')]).toEqual(['/offer', '/offer', '']);
});

test("a new page's title heads only its first section that needs a heading: the text and picture after it starts without one, not the title again", () => {
  const page = newPageValue(
    {
      title: 'A campaign',
      address: '/campaign',
      description: 'Our campaign.',
      inMenu: false,
      searchable: true,
      sections: ['pageHeader', 'split', 'form'].map((type) => variants[type]!),
    },
    { formIds: Object.keys(forms) },
  );
  const headings = (page.sections as Array<Record<string, unknown>>).map((s) => s.heading);
  expect(headings.slice(0, 2)).toEqual(['A campaign', '']);
  expect(headings.filter((heading) => heading === 'A campaign')).toHaveLength(1);
  // Without a header, the text and picture is the first: the title heads it.
  const alone = newPageValue(
    { title: 'A campaign', address: '/campaign', description: 'Our campaign.', inMenu: false, searchable: true, sections: [variants.split!, variants.cta!] },
    { formIds: Object.keys(forms) },
  );
  expect((alone.sections as Array<Record<string, unknown>>).map((s) => s.heading)).toEqual(['A campaign', '']);
});
