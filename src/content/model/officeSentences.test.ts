/**
 * The checker's refusals in the office's words: a key path named as the screens name it
 * (placeOf), and every refusal the checker can make of the files the editor edits said without a
 * key path, a file or a developer's step (the corpus below is made from the schemas themselves:
 * each kind of value broken in each of the ways its kind can be wrong).
 */
import admin from '../../../config/admin';
import { loadRealConfig, type Json, type RealConfig } from '../../test/realConfig';
import { fill } from '../../schema/text';
import { checkContent, type CheckOptions, type Problem } from './checkContent';
import { schemaOfFile } from './contentSchemas';
import { fileNameOf, labelOf, languageNameOf, officeWordsOf, pageNameOf, placeOf, sectionNameOf, sectionTypeLabel, withArticle } from './officeSentences';
import { REFUSAL_VALUES, type RefusalKind } from '../../schema/refusals';
import { KIND_VALUES, shownToOffice, type KindMeta, type Path, type Schema } from '../../schema/schema';

const t = admin.content;
let real: RealConfig;
beforeAll(async () => {
  real = await loadRealConfig();
});

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const copy: Record<string | number, unknown> = Array.isArray(root) ? ([...root] as unknown as Record<number, unknown>) : { ...(root as Json) };
  if (rest.length === 0 && value === undefined) delete copy[head!];
  else copy[head!] = setAt(copy[head!], rest, value);
  return copy;
}

/** The files the editor edits: the site's parts, every page, every form. */
function editedFiles(config: RealConfig): Array<{ file: string; value: unknown }> {
  return [
    { file: 'config/site.ts', value: config.site },
    ...Object.entries(config.pages).map(([id, value]) => ({ file: `config/pages/${id}.ts`, value })),
    ...Object.entries(config.forms).map(([id, value]) => ({ file: `config/forms/${id}.ts`, value })),
    ...Object.entries(config.articles).map(([id, value]) => ({ file: `config/articles/${id}.ts`, value })),
  ];
}

/** The checker over the real content with one file's value replaced: that file's refusals. */
function refusalsOf(file: string, value: unknown): Problem[] {
  const options: CheckOptions = { routes: real.routes, pages: real.pages, forms: real.forms, formIds: Object.keys(real.forms) };
  const only: CheckOptions = file.startsWith('config/articles/')
    ? { ...options, site: real.site, pages: {}, pageIds: Object.keys(real.pages), forms: {}, articles: { ...real.articles, [file.slice(16, -3)]: value } }
    : file === 'config/site.ts'
      ? { ...options, site: value, pages: {}, pageIds: Object.keys(real.pages), forms: {} }
      : file.startsWith('config/pages/')
        ? { ...options, pages: { [file.slice(13, -3)]: value }, pageIds: Object.keys(real.pages), forms: {} }
        : { ...options, pages: {}, pageIds: Object.keys(real.pages), forms: { [file.slice(13, -3)]: value } };
  return checkContent(only, (src) => !src.includes('nope')).filter((p) => p.file === file);
}

/** The wrong values a value of this schema's kind can be given, each a different way of being wrong: the kind's own (KIND_VALUES). */
function wrongValuesFor(schema: Schema<unknown>, value: unknown): unknown[] {
  const meta = schema.meta;
  const missing = schema.optional ? [] : [undefined];
  return (KIND_VALUES[meta.kind] as { wrong(meta: KindMeta, value: unknown, missing: unknown[]): unknown[] }).wrong(meta, value, missing);
}

/**
 * Every refusal the checker makes of the edited files when one value is wrong at a time: each key
 * of each file (the first item of each list: the others are the same kinds), broken each way its
 * kind can be wrong; and what one key cannot know alone (an anchor name used twice, a form left
 * out of the privacy page, the contact's number and its link apart).
 */
function corpus(): Array<{ file: string; value: unknown; problem: Problem }> {
  const out: Array<{ file: string; value: unknown; problem: Problem }> = [];
  const add = (file: string, value: unknown) => {
    for (const problem of refusalsOf(file, value)) out.push({ file, value, problem });
  };
  for (const { file, value } of editedFiles(real)) {
    const walk = (schema: Schema<unknown>, current: unknown, path: Path) => {
      if (path.length > 0) for (const wrong of wrongValuesFor(schema, current)) add(file, setAt(value, path, wrong));
      const meta = schema.meta;
      if ((meta.kind === 'object' || meta.kind === 'image') && isRecord(current)) {
        for (const [key, child] of Object.entries(meta.shape)) walk(child, current[key], [...path, key]);
      } else if ((meta.kind === 'list' || meta.kind === 'richText') && Array.isArray(current) && current.length > 0) {
        // Each section type once; any other list's first item.
        const firsts =
          meta.item.meta.kind === 'union'
            ? current.filter((item, i) => current.findIndex((o) => isRecord(o) && isRecord(item) && o.type === item.type) === i)
            : [current[0]];
        for (const item of firsts) walk(meta.item, item, [...path, current.indexOf(item)]);
      } else if (meta.kind === 'union' && isRecord(current) && typeof current.type === 'string' && meta.variants[current.type]) {
        walk(meta.variants[current.type]!, current, path);
      } else if (meta.kind === 'record' && isRecord(current)) {
        const [first] = Object.keys(current);
        if (first !== undefined) walk(meta.value, current[first], [...path, first]);
      }
    };
    walk(schemaOfFile(file)!, value, []);
  }
  // What one key cannot know alone.
  const [pageId, page] = Object.entries(real.pages).find(([, p]) => Array.isArray(p.sections) && p.sections.length > 1)!;
  add(`config/pages/${pageId}.ts`, setAt(setAt(page, ['sections', 0, 'id'], 'twice'), ['sections', 1, 'id'], 'twice'));
  const [privacyId, privacy] = Object.entries(real.pages).find(([, p]) => (p.sections as Json[]).some((s) => s.type === 'privacy'))!;
  const at = (privacy.sections as Json[]).findIndex((s) => s.type === 'privacy');
  const items = ((privacy.sections as Json[])[at]!.forms as { items: unknown[] }).items;
  add(`config/pages/${privacyId}.ts`, setAt(privacy, ['sections', at, 'forms', 'items'], [items[0], items[0]]));
  // A figure of the server's settings written out in the page's own words.
  add(`config/pages/${privacyId}.ts`, setAt(privacy, ['sections', at, 'forms', 'keptFor'], 'Deleted 7 days after you send it.'));
  // The later article is told that its address is the earlier one's.
  const [articleId, article] = Object.entries(real.articles)[1]!;
  const [, other] = Object.entries(real.articles)[0]!;
  add(`config/articles/${articleId}.ts`, setAt(article, ['address'], other.address));
  add(`config/articles/${articleId}.ts`, setAt(article, ['address'], 'a'.repeat(81)));
  add(
    `config/articles/${articleId}.ts`,
    setAt(
      article,
      ['body'],
      [
        { type: 'picture', image: { src: '/images/x.svg', alt: 'x', width: 1, height: 1 } },
        { type: 'list', items: [[{ text: 'x' }]] },
        { type: 'quote', content: [{ text: 'x' }] },
        { type: 'link', text: 'x', href: '/Contact' },
      ],
    ),
  );
  add('config/site.ts', setAt(real.site, ['contact', 'phone', 'href'], 'tel:+1999'));
  add('config/site.ts', setAt(setAt(real.site, ['contact', 'phone', 'href'], 'tel:0201234567'), ['contact', 'phone', 'label'], '020 123 4567'));
  add('config/site.ts', setAt(real.site, ['contact', 'email', 'href'], 'mailto:someone@else.test'));
  add('config/site.ts', setAt(real.site, ['contact', 'phone', 'href'], 'https://example.com'));
  add('config/site.ts', setAt(real.site, ['contact', 'email', 'href'], 'tel:+1999'));
  // A field's limit below what its answers need, and a choice field that starts on an option visitors cannot pick.
  for (const [formId, form] of Object.entries(real.forms)) {
    const fields = form.fields as Json[];
    const email = fields.findIndex((f) => f.kind === 'email');
    if (email >= 0) add(`config/forms/${formId}.ts`, setAt(form, ['fields', email, 'maxLength'], 5));
    const choice = fields.findIndex((f) => typeof f.defaultValue === 'string' && f.defaultValue !== '');
    const start = choice < 0 ? -1 : (fields[choice]!.options as Json[]).findIndex((o) => o.value === fields[choice]!.defaultValue);
    if (start >= 0) add(`config/forms/${formId}.ts`, setAt(form, ['fields', choice, 'options', start, 'disabled'], true));
  }
  return out;
}

describe('a key path in words', () => {
  it("names a page's section box by the page, the section and the box, as the screens do", () => {
    const [id, page] = Object.entries(real.pages).find(([, p]) => (p.sections as Json[])[0]?.heading !== undefined)!;
    const file = `config/pages/${id}.ts`;
    const sections = page.sections as Json[];
    expect(placeOf(file, page, ['sections', 0, 'heading'])).toEqual([pageNameOf(page.title), sectionNameOf(sections, 0), labelOf('heading')]);
    expect(placeOf(file, page, [])).toEqual([fileNameOf(file, page)]);
  });

  it('names a section by its kind, numbered when the page has two of that kind', () => {
    const sections = [{ type: 'hero' }, { type: 'cards' }, { type: 'cards' }];
    expect(sectionNameOf(sections, 0)).toBe(sectionTypeLabel('hero'));
    expect(sectionNameOf(sections, 2)).toBe(fill(t.sectionNumbered, { type: sectionTypeLabel('cards'), n: 2 }));
  });

  it('names a list item by its title among the keys the office sees, never by a key it is stored under', () => {
    const [id, form] = Object.entries(real.forms)[0]!;
    const field = (form.fields as Json[])[0]!;
    const place = placeOf(`config/forms/${id}.ts`, form, ['fields', 0, 'label']);
    expect(place).toEqual([admin.forms[id as keyof typeof admin.forms], `“${field.label as string}”`, labelOf('label')]);
    expect(place.join(' ')).not.toContain(`“${field.name as string}”`);
  });

  it('names an item with no title by its kind and place, never a bare number; its refusal asks for the kind, not the number', () => {
    const [id, page] = Object.entries(real.pages).find(([, p]) => (p.sections as Json[]).some((s) => Array.isArray(s.paragraphs)))!;
    const file = `config/pages/${id}.ts`;
    const index = (page.sections as Json[]).findIndex((s) => Array.isArray(s.paragraphs));
    const emptied = JSON.parse(JSON.stringify(page)) as Json;
    ((emptied.sections as Json[])[index]!.paragraphs as string[])[0] = '';
    const place = placeOf(file, emptied, ['sections', index, 'paragraphs', 0]);
    const kind = t.itemKinds.paragraphs;
    expect(place).toEqual([pageNameOf(page.title), sectionNameOf(page.sections as Json[], index), fill(t.itemNumbered, { item: kind, n: 1 })]);
    expect(place.join(' ')).not.toContain(fill(t.item, { n: 1 }));
    const said = officeWordsOf({ file, path: ['sections', index, 'paragraphs', 0], words: { kind: 'empty' } }, emptied);
    expect(said.field).toBe(fill(t.refusals.empty, { label: place.at(-1)!, aLabel: withArticle(kind) }));
  });

  it("names a part of the site's settings by the part the editor offers", () => {
    const column = (real.site.footer as { columns: Json[] }).columns[0]!;
    expect(placeOf('config/site.ts', real.site, ['footer', 'columns', 0, 'heading'])).toEqual([
      t.siteParts.footer,
      `“${column.heading as string}”`,
      labelOf('heading'),
    ]);
  });

  it('names a translation by its page and its language in words, never by the language code', () => {
    const code = 'de-DE';
    const [name] = placeOf(`config/translations/${code}/pages/contact.ts`, undefined, []);
    expect(name).toBe(fill(t.translations.screenTitle, { item: fileNameOf('config/pages/contact.ts', undefined), language: languageNameOf(code) }));
    expect(languageNameOf(code)).not.toContain(code);
    expect(languageNameOf(code)).toMatch(/\p{L}{3}/u);
  });

  it("names a section's picture by the one word every screen uses for a picture (the box, the list of what a new page still needs), never by the key it is stored under", () => {
    const [id, page] = Object.entries(real.pages).find(([, p]) => (p.sections as Json[]).some((s) => s.image !== undefined))!;
    const index = (page.sections as Json[]).findIndex((s) => s.image !== undefined);
    expect(placeOf(`config/pages/${id}.ts`, page, ['sections', index, 'image']).at(-1)).toBe(labelOf('src'));
  });

  it('an article fits the sentence: "a heading", "an e-mail", "a FAQ"', () => {
    expect(withArticle('Heading')).toBe('a heading');
    expect(withArticle('E-mail')).toBe('an e-mail');
    expect(withArticle('FAQ items')).toBe('a FAQ items');
  });
});

describe('the refusals in words', () => {
  it('every kind has a sentence that starts with the name of its box (whole under the box)', () => {
    for (const kind of Object.keys(REFUSAL_VALUES) as RefusalKind[]) expect(t.refusals[kind].startsWith('{label}')).toBe(true);
  });

  it('a refusal is said after its place, and whole under its box', () => {
    const said = officeWordsOf({ file: 'config/pages/home.ts', path: ['sections', 0, 'heading'], words: { kind: 'empty' } }, real.pages.home);
    const place = placeOf('config/pages/home.ts', real.pages.home, ['sections', 0, 'heading']);
    expect(said.field).toBe(fill(t.refusals.empty, { label: place.at(-1)!, aLabel: withArticle(place.at(-1)!) }));
    expect(said.sentence).toBe([...place.slice(0, -1), said.field].join(t.placeJoint));
  });

  it("over the checker's whole corpus of refusals of the edited files, no sentence names a key path, a file or a developer's step", () => {
    const found = corpus();
    const kinds = new Set(found.map((f) => f.problem.words.kind));
    // The corpus reaches every kind the edited files can be refused for. The others: the server's own (a change the screens never
    // send), config/admin.ts's and config/routes.ts's (not edited here), and a list's most (no list of these files has one).
    const notFromEditedFiles: RefusalKind[] = [
      'contract',
      'fieldFixed',
      'collectionFixed',
      'keyRetired',
      'ownerOnly',
      'notEditable',
      'changedTwice',
      'readOnly',
      'unreadable',
      'notWritable',
      'notALanguage',
      'notATimeZone',
      'notACurrency',
      'keyTaken',
      'stageRole',
      'pageNotReached',
      'addressTaken',
      'tooMany',
      // A translation file's (not in this corpus of the default language's files: src/site/model/translation.test.ts).
      'notTranslatable',
      'languageNotDeclared',
      'addressMovedAway',
    ];
    const expected = (Object.keys(REFUSAL_VALUES) as RefusalKind[]).filter((k) => !notFromEditedFiles.includes(k));
    expect(expected.filter((k) => !kinds.has(k))).toEqual([]);
    expect(found.length).toBeGreaterThan(500);
    const bad: string[] = [];
    for (const { file, value, problem } of found) {
      const said = officeWordsOf(problem, value);
      const place = placeOf(file, value, problem.path);
      for (const sentence of [said.field, said.sentence]) {
        if (/sections\[|config\/|\.ts\b|\[\d+\]|between the quotes|curly braces|square brackets|\{label\}|undefined/.test(sentence)) bad.push(sentence);
      }
      // Whole under the box: it starts with the box's own name.
      if (!said.field.startsWith(place.at(-1)!)) bad.push(said.field);
    }
    expect(bad).toEqual([]);
  });

  it('a refusal of a key the screens do not show still names its place in words (the list above Publish shows it)', () => {
    const [id, form] = Object.entries(real.forms).find(([, f]) => (f.fields as Json[]).some((field) => field.autoComplete !== undefined))!;
    const i = (form.fields as Json[]).findIndex((field) => field.autoComplete !== undefined);
    const schema = schemaOfFile(`config/forms/${id}.ts`)!;
    const fields = schema.meta.kind === 'object' ? schema.meta.shape.fields! : schema;
    const item = fields.meta.kind === 'list' ? fields.meta.item : fields;
    expect(item.meta.kind === 'object' && shownToOffice(item.meta.shape.autoComplete!)).toBe(false);
    const problems = refusalsOf(`config/forms/${id}.ts`, setAt(form, ['fields', i, 'autoComplete'], ''));
    expect(problems.map((p) => officeWordsOf(p, form).sentence)).toEqual([
      [
        admin.forms[id as keyof typeof admin.forms],
        `“${(form.fields as Json[])[i]!.label as string}”`,
        fill(t.refusals.empty, { label: labelOf('autoComplete'), aLabel: withArticle(labelOf('autoComplete')) }),
      ].join(t.placeJoint),
    ]);
  });
});
