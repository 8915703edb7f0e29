/**
 * The editor's view of the translations (translations.ts, translationItems.ts, AddLanguage.tsx),
 * on the site's real content with languages added to its settings: each item's count per language
 * of what is not translated yet (missing, or stale once its default text changed), a translation
 * typed and taken out, each language counted on its own, the preview's content in a language (a
 * text not translated falling back), a translation file checked as the server checks it, and
 * a new language refused in a sentence for a code or a start of addresses the site has already.
 */
import type { ContentSnapshot } from '../model/contentApi';
import { pageSchema } from '../../site/model/pageSchema';
import { translatableTexts } from '../../site/model/translation';
import { siteRoutes } from '../../site/model/routing';
import { realSnapshot } from '../../test/contentSnapshot';
import { withLanguage } from './AddLanguage';
import { publishProblems } from './editedFiles';
import { textRows, translationCounts, translationFileOf, translationValueOf, withAddress, withTranslation } from './translations';
import { contentIn, translationLivePath } from './translationItems';
import { itemName } from './itemNames';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SITE = 'config/site.ts';
const HOME = 'config/pages/home.ts';
const CONTACT = 'config/pages/contact.ts';
const GERMAN = { code: 'de-DE', name: 'Deutsch', prefix: '/de' };
const FRENCH = { code: 'fr-FR', name: 'Français', prefix: '/fr' };
const DE_HOME = translationFileOf(GERMAN.code, HOME);

let real: ContentSnapshot;
beforeAll(async () => {
  real = await realSnapshot();
});

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
/** The real content with these languages added, and files published as given. */
function snapshotWith(languages: (typeof GERMAN)[], files: Record<string, unknown> = {}): ContentSnapshot {
  let site: unknown = real.files.find((f) => f.file === SITE)!.value;
  for (const language of languages) site = withLanguage(site, language);
  const published: Record<string, unknown> = { [SITE]: site, ...files };
  const known = new Set(real.files.map((f) => f.file));
  return {
    ...real,
    files: [
      ...real.files.map((f) => (Object.hasOwn(published, f.file) ? { file: f.file, value: published[f.file] } : f)),
      ...Object.entries(published)
        .filter(([file]) => !known.has(file))
        .map(([file, value]) => ({ file, value })),
    ],
  };
}
const homeOf = (snapshot: ContentSnapshot) => clone(snapshot.files.find((f) => f.file === HOME)!.value) as Json;

it('each item counts, per other language, every text not translated yet; the parts on every page, the forms and the articles too', () => {
  const snapshot = snapshotWith([GERMAN]);
  const texts = translatableTexts(pageSchema, homeOf(snapshot));
  expect(texts.length).toBeGreaterThan(3);
  expect(translationCounts(snapshot, {}, HOME)).toEqual([
    { language: { ...GERMAN }, file: 'config/translations/de-DE/pages/home.ts', left: texts.length, total: texts.length },
  ]);
  for (const file of [SITE, 'config/forms/contact.ts', real.files.find((f) => f.file.startsWith('config/articles/'))!.file]) {
    const [count] = translationCounts(snapshot, {}, file);
    expect(count!.total).toBeGreaterThan(0);
    expect(count!.left).toBe(count!.total);
  }
  // One language, no counts.
  expect(translationCounts(real, {}, HOME)).toEqual([]);
});

it('a text translated (as typed: a draft) is counted done; emptied, it is to translate again; each language counts on its own', () => {
  const snapshot = snapshotWith([GERMAN, FRENCH]);
  const [first, second] = textRows(snapshot, {}, HOME, DE_HOME);
  const typed = withTranslation(translationValueOf(snapshot, {}, DE_HOME), first!.path, 'Wachstum', first!.source);
  const edits = { [DE_HOME]: withTranslation(typed, second!.path, 'Zweiter Text', second!.source) };
  const [german, french] = translationCounts(snapshot, edits, HOME);
  expect(german!.left).toBe(german!.total - 2);
  expect(french!.left).toBe(french!.total);
  expect(textRows(snapshot, edits, HOME, DE_HOME).slice(0, 2)).toEqual([
    { path: first!.path, source: first!.source, state: 'translated', text: 'Wachstum' },
    { path: second!.path, source: second!.source, state: 'translated', text: 'Zweiter Text' },
  ]);
  const emptied = { [DE_HOME]: withTranslation(edits[DE_HOME]!, first!.path, '', first!.source) };
  expect(translationCounts(snapshot, emptied, HOME)[0]!.left).toBe(german!.total - 1);
  expect(Object.keys(emptied[DE_HOME]!.texts)).toEqual([second!.path]);
});

it('a translation whose default text changed since is stale: counted to translate, with the text it was made from', () => {
  const before = snapshotWith([GERMAN]);
  const [first] = textRows(before, {}, HOME, DE_HOME);
  const german = withTranslation({ texts: {} }, first!.path, 'Wachstum', first!.source);
  const published = snapshotWith([GERMAN], { [DE_HOME]: german });
  expect(textRows(published, {}, HOME, DE_HOME)[0]!.state).toBe('translated');
  // The English text changes (published): the German is stale.
  const home = homeOf(published);
  const where = first!.path.split('.');
  expect(where).toEqual(['title']);
  home.title = 'A new English title';
  const changed = snapshotWith([GERMAN], { [DE_HOME]: german, [HOME]: home });
  expect(textRows(changed, {}, HOME, DE_HOME)[0]).toEqual({
    path: 'title',
    source: 'A new English title',
    state: 'stale',
    text: 'Wachstum',
    was: first!.source,
  });
  const [count] = translationCounts(changed, {}, HOME);
  expect(count!.left).toBe(count!.total);
  // Translated again: made from the text now.
  const again = { [DE_HOME]: withTranslation(german, 'title', 'Neuer Titel', 'A new English title') };
  expect(textRows(changed, again, HOME, DE_HOME)[0]!.state).toBe('translated');
  // A draft of the English text is not what a translation is made from: only what is published counts.
  const drafted = homeOf(published);
  drafted.title = 'An English draft';
  expect(textRows(published, { [HOME]: drafted }, HOME, DE_HOME)[0]!.state).toBe('translated');
});

it("the preview's content in a language: a translated text in it, one not translated in the default language; its name and its address", () => {
  const snapshot = snapshotWith([GERMAN]);
  const home = homeOf(snapshot);
  const heading = home.sections[0].heading as string;
  const path = textRows(snapshot, {}, HOME, DE_HOME).find((row) => row.source === heading)!.path;
  const edits = { [DE_HOME]: withAddress(withTranslation({ texts: {} }, path, 'Wachstum für Ihr Geschäft', heading), '/Startseite') };
  const content = contentIn(snapshot, edits, GERMAN.code);
  expect((content.pages.home as unknown as Json).sections[0].heading).toBe('Wachstum für Ihr Geschäft');
  expect((content.pages.home as unknown as Json).title).toBe(home.title);
  expect(translationLivePath(snapshot, edits, DE_HOME)).toBe('/de/Startseite');
  // As the site draws it (languageContents): its addresses and links the language's, no mark of a text left untranslated.
  const withContact = { ...edits, [translationFileOf(GERMAN.code, CONTACT)]: withAddress({ texts: {} }, '/Kontakt') };
  const drawn = contentIn(snapshot, withContact, GERMAN.code);
  expect(siteRoutes(drawn.routes).pagePaths.map((p) => p.path)).toEqual(expect.arrayContaining(['/de/Startseite', '/de/Kontakt']));
  expect(JSON.stringify(drawn.site)).toContain('"/de/Kontakt"');
  expect(JSON.stringify(drawn)).not.toMatch(/[\uF8F0\uF8F1]/);
  expect(translationLivePath(snapshot, withContact, translationFileOf(GERMAN.code, CONTACT))).toBe('/de/Kontakt');
  expect(translationLivePath(snapshot, {}, DE_HOME)).toBe('/de');
  expect(itemName(snapshot, edits, DE_HOME)).toContain(GERMAN.name);
});

it('a translation is checked as the server checks it: its text held to the limit of the text it translates', () => {
  const snapshot = snapshotWith([GERMAN]);
  const edits = { [DE_HOME]: withTranslation({ texts: {} }, 'title', 'x'.repeat(500), homeOf(snapshot).title as string) };
  const problems = publishProblems(snapshot, edits, [DE_HOME]);
  expect(problems.map((p) => [p.file, p.path])).toEqual([[DE_HOME, ['texts', 'title', 'text']]]);
  expect(publishProblems(snapshot, { [DE_HOME]: withTranslation({ texts: {} }, 'title', 'Startseite', homeOf(snapshot).title as string) }, [DE_HOME])).toEqual(
    [],
  );
});

it('a language added: a code or a start of addresses the site has already is refused in a sentence, on the languages', () => {
  const snapshot = snapshotWith([GERMAN]);
  const site = snapshot.files.find((f) => f.file === SITE)!.value;
  for (const again of [
    { ...GERMAN, name: 'Deutsch 2', prefix: '/dd' },
    { ...FRENCH, prefix: GERMAN.prefix },
  ]) {
    const problems = publishProblems(snapshot, { [SITE]: withLanguage(site, again) }, [SITE]);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.path.slice(0, 3)).toEqual(['languages', 'others', 1]);
    expect(problems[0]!.message).not.toContain('languages');
  }
  expect(publishProblems(snapshot, { [SITE]: withLanguage(site, FRENCH) }, [SITE])).toEqual([]);
  expect(translationCounts(snapshotWith([GERMAN, FRENCH]), {}, CONTACT).map((c) => c.file)).toEqual([
    'config/translations/de-DE/pages/contact.ts',
    'config/translations/fr-FR/pages/contact.ts',
  ]);
});
