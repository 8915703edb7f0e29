/**
 * The search across the content (contentSearch.ts), on the site's real content: a number found by
 * its digits whatever its punctuation, a word in a page's section, a word typed in a draft; each
 * place named as the screens name it and opening its box.
 */
import admin from '../../../config/admin';
import routes from '../../../config/routes';
import type { ContentSnapshot } from '../model/contentApi';
import { placeOf } from '../model/officeSentences';
import { realSnapshot } from '../../test/contentSnapshot';
import { searchContent } from './contentSearch';
import { editAddress } from './editorList';
import { fieldId } from './schemaValues';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let snapshot: ContentSnapshot;
beforeAll(async () => {
  snapshot = await realSnapshot();
});

const SITE = 'config/site.ts';
const valueOf = (file: string) => snapshot.files.find((f) => f.file === file)!.value as Json;
const join = (names: string[]) => names.join(admin.content.placeJoint);

it('finds the phone number by its digits, however it is typed, in the box people read and the one phones dial, each opening its box', () => {
  const site = valueOf(SITE);
  const digits = (site.contact.phone.href as string).replace(/\D/g, '');
  // The last seven digits, written with a dash: not how either box writes them.
  const typed = `${digits.slice(-7, -4)}-${digits.slice(-4)}`;
  const { found } = searchContent(snapshot, {}, typed);
  const contact = (key: string) => ({
    place: join(placeOf(SITE, site, ['contact', 'phone', key])),
    address: `${editAddress({ file: SITE, at: 'contact' })}#${fieldId(SITE, ['contact', 'phone', key])}`,
  });
  expect(found).toEqual(expect.arrayContaining([expect.objectContaining(contact('label')), expect.objectContaining(contact('href'))]));
  // Named as the screen names the part, never by a key.
  expect(found.find((f) => f.address === contact('label').address)!.place.startsWith(admin.content.siteParts.contact)).toBe(true);
});

it("finds a word of a page's section, opening that section on its box, and says the text around it", () => {
  const home = valueOf('config/pages/home.ts');
  const index = (home.sections as Json[]).findIndex((s) => typeof s.heading === 'string' && s.heading.split(' ').length > 1);
  const heading = home.sections[index].heading as string;
  const word = heading.split(' ').sort((a, b) => b.length - a.length)[0]!;
  const { found } = searchContent(snapshot, {}, word.toUpperCase());
  const at = ['sections', index, 'heading'];
  const expected = `${editAddress({ file: 'config/pages/home.ts' })}&section=${index}#${fieldId('config/pages/home.ts', at)}`;
  const hit = found.find((f) => f.address === expected);
  expect(hit).toEqual({ place: join(placeOf('config/pages/home.ts', home, at)), text: expect.stringContaining(word), address: expected });
});

it('finds what a draft holds, not what it replaced; nothing for a word that is nowhere; a developer key is no place', () => {
  const about = JSON.parse(JSON.stringify(valueOf('config/pages/about.ts'))) as Json;
  about.description = 'Zanzibarian quokkas at work';
  expect(searchContent(snapshot, {}, 'quokkas').found).toEqual([]);
  const { found } = searchContent(snapshot, { 'config/pages/about.ts': about }, 'quokkas');
  expect(found.map((f) => f.address)).toEqual([`${editAddress({ file: 'config/pages/about.ts' })}#${fieldId('config/pages/about.ts', ['description'])}`]);
  // A section's kind is stored under `type`: a key, not a box.
  const type = (valueOf('config/pages/home.ts').sections as Json[])[0]!.type as string;
  expect(searchContent(snapshot, {}, type).found.filter((f) => f.address.endsWith('-type'))).toEqual([]);
});

it("says a link to a page of the site by the page's title, found by it or by its address; a picture is never found by its file's name", () => {
  const site = valueOf(SITE);
  const link = (site.navigation.links as Json[]).find((l) => typeof l.href === 'string' && l.href.startsWith('/') && l.href.length > 4)!;
  const pageId = routes.routes.find((r) => r.path === link.href)!.page;
  const title = valueOf(`config/pages/${pageId}.ts`).title as string;
  expect(typeof title).toBe('string');
  // Found by its address or by the page's title, said by the title.
  const at = fieldId(SITE, ['navigation', 'links', (site.navigation.links as Json[]).indexOf(link), 'href']);
  for (const query of [link.href as string, title]) {
    const { found } = searchContent(snapshot, {}, query);
    expect(found.filter((f) => f.text.includes(link.href as string))).toEqual([]);
    expect(found.find((f) => f.address.endsWith(`#${at}`))).toEqual(expect.objectContaining({ text: title }));
  }
  // A picture's file: its folder's name finds nothing in a picture's box.
  const src = (valueOf('config/pages/home.ts').sections as Json[]).find((x) => x.image?.src)!.image.src as string;
  const folder = src.split('/')[1]!;
  expect(searchContent(snapshot, {}, `/${folder}/`).found.filter((f) => f.text.includes(src))).toEqual([]);
});

it('lists at most the number config/admin.ts says, and how many more there are', () => {
  const { found, more } = searchContent(snapshot, {}, 'e');
  expect(found).toHaveLength(admin.content.search.maxShown);
  expect(more).toBeGreaterThan(0);
});
