/**
 * The translations' model: which texts of a file are written in each language (decided by the
 * schemas), a translation's state (translated, stale, moved, missing), a file in a language, and
 * the checker's refusal of a translation file that names no text or a language the site lacks, or
 * gives an address another page has in that language, or one config/moved.ts answers.
 */
import contactForm from '../../../config/forms/contact';
import contactPage from '../../../config/pages/contact';
import site from '../../../config/site';
import { formSchema } from '../forms/model/formSchema';
import { checkContent, type CheckOptions } from '../../content/model/checkContent';
import { pageSchema } from './pageSchema';
import { siteSchema } from './siteSchema';
import { siteLanguages, translate, translatableTexts, translationFileOf, translationStates, type TranslationFile } from './translation';
import { loadRealConfig, loadRealContent, type RealConfig } from '../../test/realConfig';
import { languageContents } from './languageContent';
import { formatPath } from '../../schema/schema';

const paths = (schema: Parameters<typeof translatableTexts>[0], value: unknown) => translatableTexts(schema, value).map((t) => t.path);
const reversed = (words: string) => [...words].reverse().join('');

const GERMAN = { code: 'de-DE', name: 'Deutsch', prefix: '/de' };
const withGerman = (base: unknown) => ({ ...(base as object), languages: { ...site.languages, others: [GERMAN] } });

describe('which texts are written in each language', () => {
  it('takes the words of a page and leaves its addresses, anchors, pictures and types', () => {
    const found = paths(pageSchema, contactPage);
    expect(found).toContain('title');
    expect(found).toContain('description');
    expect(found).toContain('sections[0].heading');
    expect(found).toContain('sections[0].breadcrumb[0].label');
    expect(found).not.toContain('sections[0].breadcrumb[0].href');
    expect(found.some((p) => p.endsWith('.id') || p.endsWith('.type') || p.endsWith('.src') || p.endsWith('.form'))).toBe(false);
    // Each found path holds the text the file has there.
    const texts = translatableTexts(pageSchema, contactPage);
    expect(texts.find((t) => t.path === 'title')?.text).toBe(contactPage.title);
  });

  it("takes a form's labels, options' labels and messages, never its stored names, values or collection", () => {
    const found = paths(formSchema, contactForm);
    const select = contactForm.fields.findIndex((field) => 'options' in field);
    expect(found).toContain('fields[0].label');
    expect(found).toContain(`fields[${select}].options[1].label`);
    expect(found).toContain('checks[0].message');
    expect(found).toContain('messages.tooLong');
    expect(found).toContain('autoReply.text');
    expect(found.filter((p) => /\.(name|value|collection|field|kind|autoComplete|defaultValue|valueAfterReset)$/.test(p) || p === 'collection')).toEqual([]);
    expect(found.some((p) => p.startsWith('columns'))).toBe(false);
  });

  it("takes the site's words but not its languages' names, tags, colours, addresses or date language", () => {
    const found = paths(siteSchema, site);
    expect(found).toContain('navigation.links[0].label');
    expect(found).toContain('brand.logo.alt');
    expect(found.some((p) => p.startsWith('languages') || p.startsWith('brand.colors') || p === 'articles.dateLocale' || p === 'articles.path')).toBe(false);
    expect(found.some((p) => p.endsWith('.href') || p === 'brand.url')).toBe(false);
  });
});

describe('a file in a language', () => {
  const title = contactPage.title;
  const heading = contactPage.sections[0]!.heading;

  it('says each text translated, stale (its source changed) or missing, and follows a text that moved', () => {
    const file: TranslationFile = {
      texts: {
        title: { text: reversed(title), source: title },
        description: { text: reversed(contactPage.description), source: `${contactPage.description} (before)` },
        // The heading's translation kept at another path: the text moved there.
        'sections[2].heading': { text: reversed(heading), source: heading },
      },
    };
    const states = translationStates(pageSchema, contactPage, file);
    expect(states.get('title')).toBe('translated');
    expect(states.get('description')).toBe('stale');
    expect(states.get('sections[0].heading')).toBe('translated');
    expect(states.get('sections[1].heading')).toBe('missing');
    expect(translationStates(pageSchema, contactPage).get('title')).toBe('missing');
  });

  it('replaces the translated texts (a stale one too), keeps every other key and lists the fallbacks', () => {
    const file: TranslationFile = {
      texts: { title: { text: reversed(title), source: title }, description: { text: reversed(contactPage.description), source: 'older words' } },
    };
    const { value, fallbacks } = translate(pageSchema, contactPage, file);
    expect(value.title).toBe(reversed(title));
    expect(value.description).toBe(reversed(contactPage.description));
    expect(value.sections[0]).toEqual(contactPage.sections[0]);
    expect(value.sections[2]).toBe(contactPage.sections[2]);
    expect(fallbacks.has('sections[0].heading')).toBe(true);
    expect(fallbacks.has('title')).toBe(false);
    // The default file is never changed.
    expect(contactPage.title).toBe(title);
  });

  it("keeps a form's stored values whatever the labels", () => {
    const select = contactForm.fields.findIndex((field) => 'options' in field);
    const options = (contactForm.fields[select] as { options: { value: string; label?: string }[] }).options;
    const label = options[1]!.label!;
    const { value } = translate(formSchema, contactForm, { texts: { [`fields[${select}].options[1].label`]: { text: reversed(label), source: label } } });
    const translated = (value.fields[select] as { options: { value: string; label?: string }[] }).options;
    expect(translated[1]).toEqual({ ...options[1], label: reversed(label) });
    expect(value.fields.map((f) => f.name)).toEqual(contactForm.fields.map((f) => f.name));
    expect(value.collection).toBe(contactForm.collection);
  });

  it('lists the languages, the default first at the site’s own addresses', () => {
    expect(siteLanguages(site)).toEqual([{ ...site.languages.default, prefix: '' }]);
    expect(siteLanguages(withGerman(site) as typeof site)).toEqual([{ ...site.languages.default, prefix: '' }, GERMAN]);
  });
});

describe('the checker and the languages', () => {
  let real: RealConfig;
  beforeAll(async () => {
    real = await loadRealConfig();
  });
  const check = (options: CheckOptions) => checkContent({ ...real, ...options }, () => true);
  const contactFile = translationFileOf(GERMAN.code, 'config/pages/contact.ts');

  it('takes a translation of a declared language whose keys are texts of the file', () => {
    const problems = check({
      site: withGerman(real.site),
      translations: { [contactFile]: { address: '/Kontakt', texts: { title: { text: reversed(contactPage.title), source: contactPage.title } } } },
    });
    expect(problems).toEqual([]);
  });

  it('refuses a key that is no text written in each language, in a sentence naming it', () => {
    const problems = check({
      site: withGerman(real.site),
      translations: { [contactFile]: { texts: { 'sections[0].breadcrumb[0].href': { text: '/de', source: '/' } } } },
    });
    expect(problems.map((p) => [p.file, p.path, p.words.kind])).toEqual([[contactFile, ['texts', 'sections[0].breadcrumb[0].href'], 'notTranslatable']]);
    expect(problems[0]!.message).toMatch(/config\/pages\/contact\.ts/);
  });

  it('checks a translation as the text it translates (its length)', () => {
    const problems = check({
      site: withGerman(real.site),
      translations: { [contactFile]: { texts: { title: { text: 'x'.repeat(500), source: contactPage.title } } } },
    });
    expect(problems.map((p) => p.words.kind)).toEqual(['tooLong']);
  });

  describe('a translated address', () => {
    const file = (page: string) => translationFileOf(GERMAN.code, `config/pages/${page}.ts`);
    const addressed = (addresses: Record<string, string>, moved?: unknown) =>
      check({
        site: withGerman(real.site),
        ...(moved ? { moved } : {}),
        translations: Object.fromEntries(Object.entries(addresses).map(([page, address]) => [file(page), { address, texts: {} }])),
      }).map((p) => [p.file, formatPath(p.path), p.words.kind, p.words.values?.value]);

    it('refuses one another page has in the language (its translated address, or its address under the prefix), naming the file and key', () => {
      // The routes' order decides which keeps it: the about page is listed before the contact page.
      expect(addressed({ about: '/Kontakt', contact: '/Kontakt' })).toEqual([[file('contact'), 'address', 'addressTaken', `${GERMAN.prefix}/Kontakt`]]);
      expect(addressed({ contact: '/Blog' })).toEqual([[file('contact'), 'address', 'addressTaken', `${GERMAN.prefix}/Blog`]]);
      // Its own address under the prefix, written out: no other page's.
      expect(addressed({ contact: '/Contact' })).toEqual([]);
    });

    it('refuses one the moved or gone addresses answer under the prefix', () => {
      const moved = { moved: [{ from: '/Kontakt', to: '/Contact' }], gone: ['/Angebot', { address: '/Aktion' }] };
      expect(addressed({ contact: '/Kontakt', about: '/Angebot', career: '/Aktion', product: '/Produkt' }, moved)).toEqual([
        [file('about'), 'address', 'addressMovedAway', `${GERMAN.prefix}/Angebot`],
        [file('career'), 'address', 'addressMovedAway', `${GERMAN.prefix}/Aktion`],
        [file('contact'), 'address', 'addressMovedAway', `${GERMAN.prefix}/Kontakt`],
      ]);
    });

    it('refuses one that is no address', () => {
      expect(addressed({ contact: 'Kontakt' })).toEqual([[file('contact'), 'address', 'badAddress', 'Kontakt']]);
    });

    it('refuses an article’s that another article has in the language', () => {
      const [first, second] = Object.keys(real.articles ?? {}) as [string, string];
      const articleFile = (id: string) => translationFileOf(GERMAN.code, `config/articles/${id}.ts`);
      const firstAddress = (real.articles![first] as { address: string }).address;
      const problems = check({
        site: withGerman(real.site),
        translations: { [articleFile(second)]: { address: `/${firstAddress}`, texts: {} } },
      });
      expect(problems.map((p) => [p.file, formatPath(p.path), p.words.kind, p.words.values?.value])).toEqual([
        [articleFile(second), 'address', 'articleAddressTaken', firstAddress],
      ]);
    });
  });

  it('translates the words a removed page’s visitors read (config/moved.ts) as every other file’s: its texts, never its addresses', async () => {
    const message = `Gone for good ${process.pid}`;
    const label = `Look elsewhere ${process.pid}`;
    const moved = { moved: [], gone: ['/old', { address: '/ended', message, links: [{ label, href: '/Contact' }] }] };
    const movedFile = translationFileOf(GERMAN.code, 'config/moved.ts');
    const texts = { 'gone[1].message': { text: reversed(message), source: message }, 'gone[1].links[0].label': { text: reversed(label), source: label } };
    expect(check({ site: withGerman(real.site), moved, translations: { [movedFile]: { texts } } })).toEqual([]);
    const refused = check({
      site: withGerman(real.site),
      moved,
      translations: { [movedFile]: { texts: { 'gone[1].address': { text: '/weg', source: '/ended' } } } },
    });
    expect(refused.map((p) => [p.file, formatPath(p.path), p.words.kind])).toEqual([[movedFile, 'texts.gone[1].address', 'notTranslatable']]);
    // Drawn in German: the removed page's own words in German, its link to the German contact page; the address only under the prefix.
    const content = await loadRealContent();
    const german = languageContents({
      ...content,
      site: withGerman(content.site) as typeof content.site,
      moved,
      translations: { [GERMAN.code]: { 'config/moved.ts': { texts } } },
    })[1]!.content;
    expect(german.moved.gone.at(-1)).toEqual({
      address: `${GERMAN.prefix}/ended`,
      message: reversed(message),
      links: [{ label: reversed(label), href: `${GERMAN.prefix}/Contact` }],
    });
  });

  it('refuses a translation into a language the site does not declare', () => {
    const problems = check({ translations: { [contactFile]: { texts: {} } } });
    expect(problems.map((p) => [p.file, p.words.kind, p.words.values?.value])).toEqual([[contactFile, 'languageNotDeclared', GERMAN.code]]);
  });

  it('refuses a language twice, a prefix twice, a prefix that is a page address, and a tag not in its usual spelling', () => {
    const languages = (others: unknown[]) => ({ ...real.site, languages: { ...site.languages, others } });
    const kinds = (others: unknown[], routes = real.routes) => check({ site: languages(others), routes }).map((p) => [formatPath(p.path), p.words.kind]);
    const [first, ...rest] = real.routes.routes as { aliases?: string[] }[];
    const withAlias = { ...real.routes, routes: [{ ...first, aliases: [...(first!.aliases ?? []), `${GERMAN.prefix}/x`] }, ...rest] };
    expect(kinds([GERMAN, { ...GERMAN, prefix: '/dd' }])).toEqual([['languages.others[1].code', 'keyTaken']]);
    expect(kinds([GERMAN, { code: 'fr-FR', name: 'F', prefix: GERMAN.prefix }])).toEqual([['languages.others[1].prefix', 'keyTaken']]);
    expect(kinds([{ ...GERMAN, code: site.languages.default.code }])).toEqual([['languages.others[0].code', 'keyTaken']]);
    expect(kinds([GERMAN], withAlias)).toEqual([['languages.others[0].prefix', 'addressTaken']]);
    expect(kinds([{ ...GERMAN, prefix: 'de' }])).toEqual([['languages.others[0].prefix', 'badAddress']]);
    expect(kinds([{ ...GERMAN, code: 'de-de' }])).toEqual([['languages.others[0].code', 'notALanguage']]);
    expect(kinds([{ ...GERMAN, code: 'not a tag' }])).toEqual([['languages.others[0].code', 'notALanguage']]);
  });
});
