/**
 * The config checker and its sentences. Each mistake is made in a deep copy of the real
 * config, and the exact sentence a person would read is pinned.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { loadRealConfig, makePublicDir, projectDir, type Json, type RealConfig as Config, realPageIds } from '../../test/realConfig';
import routesConfig from '../../../config/routes';
import serverConfig from '../../../config/server';
import { sectionSchemas } from '../../site/sections/schemas';
import { checkConfig, type CheckOptions } from './checkConfig';

let real: Config;
/** A public/ folder holding (empty) copies of every picture the config names, so these tests do not depend on the drawings. */
let fixturePublicDir: string;

beforeAll(async () => {
  real = await loadRealConfig();
  fixturePublicDir = makePublicDir(real);
});

afterAll(() => {
  rmSync(fixturePublicDir, { recursive: true, force: true });
});

function optionsFor(config: Config, extra: Partial<CheckOptions> = {}): CheckOptions {
  return { site: config.site, routes: config.routes, pages: config.pages, forms: config.forms, publicDir: fixturePublicDir, ...extra };
}

/** The problems found after `mutate` changed a deep copy of the real config. */
function problemsAfter(mutate: (config: Config) => void, extra: Partial<CheckOptions> = {}): string[] {
  const copy = structuredClone(real);
  mutate(copy);
  return checkConfig(optionsFor(copy, extra)).problems;
}

/** Walks a key path like the one in the sentences: ['sections', 3, 'heading']. */
function at(root: unknown, keyPath: ReadonlyArray<string | number>): Json {
  let node = root;
  for (const key of keyPath) node = (node as Record<string | number, unknown>)[key];
  return node as Json;
}

function set(root: unknown, keyPath: ReadonlyArray<string | number>, value: unknown): void {
  const parent = at(root, keyPath.slice(0, -1)) as Record<string | number, unknown>;
  parent[keyPath[keyPath.length - 1]!] = value;
}

function remove(root: unknown, keyPath: ReadonlyArray<string | number>): void {
  const parent = at(root, keyPath.slice(0, -1)) as Record<string | number, unknown>;
  delete parent[keyPath[keyPath.length - 1]!];
}

/** Where a section stands on a real page, found by its id or its type (so reordering a page does not break these tests). */
function sectionIndex(page: string, match: { id?: string; type?: string }): number {
  const sections = real.pages[page]!.sections as Json[];
  const i = sections.findIndex((s) => (match.id === undefined || s.id === match.id) && (match.type === undefined || s.type === match.type));
  if (i < 0) throw new Error(`config/pages/${page}.ts has no section ${JSON.stringify(match)} any more: update this test.`);
  return i;
}

const SECTION_TYPES = Object.keys(sectionSchemas).join(', ');
const PAGES = realPageIds().sort().join(', ');
const ADDRESSES = routesConfig.routes.flatMap((r) => [r.path, ...(('aliases' in r ? r.aliases : undefined) ?? [])]).join(', ');
const FORMS = 'newsletter, inquiry, freelancer, contact';

describe('the real config', () => {
  it('has no problems', () => {
    expect(checkConfig(optionsFor(real)).problems).toEqual([]);
  });

  it('names only pictures that are in public/', () => {
    expect(checkConfig(optionsFor(real, { publicDir: path.join(projectDir, 'public') })).problems).toEqual([]);
  });

  it('checks only what it is given: an empty call finds nothing', () => {
    expect(checkConfig().problems).toEqual([]);
  });
});

describe('one sentence per mistake, naming the file, the key and what to do', () => {
  test('an unknown section type, with the closest type suggested', () => {
    const i = sectionIndex('home', { id: 'software' });
    expect(problemsAfter((c) => set(c.pages.home, ['sections', i, 'type'], 'splitt'))).toEqual([
      `config/pages/home.ts: sections[${i}].type is "splitt", which is not a section type. Did you mean "split"? Use one of: ${SECTION_TYPES}.`,
    ]);
  });

  test('a section without a type', () => {
    const i = sectionIndex('home', { id: 'software' });
    expect(problemsAfter((c) => remove(c.pages.home, ['sections', i, 'type']))).toEqual([
      `config/pages/home.ts: sections[${i}].type is missing. Use one of: ${SECTION_TYPES}.`,
    ]);
  });

  test('a route pointing to a page that does not exist, with the closest page suggested', () => {
    expect(problemsAfter((c) => set(c.routes, ['routes', 2, 'page'], 'prodcut'))).toEqual([
      `config/routes.ts: routes[2].page is "prodcut", which is not a page. Did you mean "product"? Use one of the pages of config/pages: ${PAGES}.`,
    ]);
  });

  test('a route pointing to an unknown page leaves the page it replaced without a route', () => {
    expect(problemsAfter((c) => set(c.routes, ['routes', 2, 'page'], 'shop'))).toEqual([
      `config/routes.ts: routes[2].page is "shop", which is not a page. Use one of the pages of config/pages: ${PAGES}.`,
      'config/pages/product.ts: (the whole file) is a page no route in config/routes.ts shows, so visitors cannot reach it. Add a route for it in config/routes.ts, or delete the file.',
    ]);
  });

  test('a fallback that is not a page', () => {
    expect(problemsAfter((c) => set(c.routes, ['fallback'], 'start'))).toEqual([
      `config/routes.ts: fallback is "start", which is not a page. Use one of the pages of config/pages: ${PAGES}.`,
    ]);
    expect(problemsAfter((c) => set(c.routes, ['fallback'], 'hom'))).toEqual([
      `config/routes.ts: fallback is "hom", which is not a page. Did you mean "home"? Use one of the pages of config/pages: ${PAGES}.`,
    ]);
  });

  test('an address used twice, as an alias', () => {
    expect(problemsAfter((c) => set(c.routes, ['routes', 5, 'aliases'], ['/Home']))).toEqual([
      'config/routes.ts: routes[5].aliases[0] "/Home" is used twice (also at routes[0].aliases[1]). Each address may appear only once, so remove one of them.',
    ]);
  });

  test('an address used twice, as a main path', () => {
    expect(problemsAfter((c) => (c.routes.routes as Json[]).push({ path: '/Blog', page: 'blog' }))).toEqual([
      `config/routes.ts: routes[${routesConfig.routes.length}].path "/Blog" is used twice (also at routes[4].path). Each address may appear only once, so remove one of them.`,
    ]);
  });

  test('a page file that no route shows', () => {
    expect(
      problemsAfter(
        (c) => {
          c.pages.landing = structuredClone(c.pages.product!);
        },
        { pageIds: [...Object.keys(real.pages), 'landing'] },
      ),
    ).toEqual([
      'config/pages/landing.ts: (the whole file) is a page no route in config/routes.ts shows, so visitors cannot reach it. Add a route for it in config/routes.ts, or delete the file.',
    ]);
  });

  test('a message colour too light for the white text written on it', () => {
    expect(problemsAfter((c) => set(c.site, ['brand', 'colors', 'success'], '#22c55e'))).toEqual([
      'config/site.ts: brand.colors.success "#22c55e" is too light: white text is written on it, and their contrast is 2.2 to 1, but it should be at least 4.5 to 1 to be easy to read. Choose a darker colour.',
    ]);
  });

  test('a message colour left out or written wrongly', () => {
    expect(problemsAfter((c) => remove(c.site, ['brand', 'colors', 'warning']))).toEqual([
      'config/site.ts: brand.colors.warning is missing. Add it: it should be a colour in quotes like "#1a4dd6".',
    ]);
    expect(problemsAfter((c) => set(c.site, ['brand', 'colors', 'error'], 'red'))).toEqual([
      'config/site.ts: brand.colors.error "red" is not a colour. Write it as # followed by six digits or letters a-f, like "#1a4dd6".',
    ]);
  });

  test('a section id used twice on one page', () => {
    const first = sectionIndex('home', { id: 'services' });
    const second = sectionIndex('home', { id: 'guides' });
    expect(problemsAfter((c) => set(c.pages.home, ['sections', second, 'id'], 'services'))).toEqual([
      `config/pages/home.ts: sections[${second}].id "services" is used twice on this page (also at sections[${first}].id). Each section id must be different, so rename one of them.`,
    ]);
  });

  test('a list of articles showing in full an article that is not one, with the closest article suggested', () => {
    const list = sectionIndex('blog', { type: 'articles' });
    const [id] = Object.keys(real.articles);
    expect(problemsAfter((c) => set(c.pages.blog, ['sections', list, 'inFull'], `${id!}s`), { articles: real.articles })).toEqual([
      `config/pages/blog.ts: sections[${list}].inFull is "${id!}s", which is not an article. Did you mean "${id!}"? Use "newest" or the name of a file of config/articles: ${Object.keys(real.articles).join(', ')}.`,
    ]);
    expect(problemsAfter((c) => set(c.pages.blog, ['sections', list, 'inFull'], id), { articles: real.articles })).toEqual([]);
  });

  test('an empty text', () => {
    const faq = sectionIndex('about', { type: 'faq' });
    expect(problemsAfter((c) => set(c.pages.about, ['sections', faq, 'items', 2, 'question'], ''))).toEqual([
      `config/pages/about.ts: sections[${faq}].items[2].question is empty. Write the text between the quotes, or remove the key if it is optional.`,
    ]);
    expect(problemsAfter((c) => set(c.site, ['contact', 'address'], '   '))).toEqual([
      'config/site.ts: contact.address is empty. Write the text between the quotes, or remove the key if it is optional.',
    ]);
  });

  test('a text past the limit of its kind: a title, a description, a heading, a button, an answer; characters counted as a person counts them', () => {
    const faq = sectionIndex('about', { type: 'faq' });
    const hero = sectionIndex('home', { type: 'hero' });
    expect(
      problemsAfter((c) => {
        set(c.pages.home, ['title'], 'x'.repeat(500));
        set(c.pages.home, ['description'], 'x'.repeat(171));
        set(c.pages.home, ['sections', hero, 'heading'], 'x'.repeat(121));
        set(c.pages.home, ['sections', hero, 'actions', 0, 'label'], 'x'.repeat(61));
        set(c.pages.about, ['sections', faq, 'items', 0, 'question'], 'x'.repeat(301));
        set(c.pages.about, ['sections', faq, 'items', 0, 'answer'], 'x'.repeat(2001));
      }),
    ).toEqual([
      'config/pages/home.ts: title is 500 characters long, but it may have at most 70. Shorten it.',
      'config/pages/home.ts: description is 171 characters long, but it may have at most 170. Shorten it.',
      `config/pages/home.ts: sections[${hero}].heading is 121 characters long, but it may have at most 120. Shorten it.`,
      `config/pages/home.ts: sections[${hero}].actions[0].label is 61 characters long, but it may have at most 60. Shorten it.`,
      `config/pages/about.ts: sections[${faq}].items[0].question is 301 characters long, but it may have at most 300. Shorten it.`,
      `config/pages/about.ts: sections[${faq}].items[0].answer is 2001 characters long, but it may have at most 2000. Shorten it.`,
    ]);
    // At the limit is right; an accented letter or an emoji is one character.
    expect(
      problemsAfter((c) => {
        set(c.pages.home, ['title'], 'é'.repeat(69) + '👍');
        set(c.pages.home, ['sections', hero, 'heading'], 'x'.repeat(120));
      }),
    ).toEqual([]);
    // An article's headline and summary are held as a page's title and description.
    const [articleId, article] = Object.entries(real.articles)[0]!;
    const copy = structuredClone(article);
    copy.title = 'x'.repeat(71);
    copy.summary = 'x'.repeat(171);
    expect(checkConfig(optionsFor(real, { articles: { ...real.articles, [articleId]: copy } })).problems).toEqual([
      `config/articles/${articleId}.ts: title is 71 characters long, but it may have at most 70. Shorten it.`,
      `config/articles/${articleId}.ts: summary is 171 characters long, but it may have at most 170. Shorten it.`,
    ]);
  });

  test('a URL without a protocol', () => {
    expect(problemsAfter((c) => set(c.site, ['social', 1, 'href'], 'www.instagram.com/example'))).toEqual([
      'config/site.ts: social[1].href "www.instagram.com/example" does not look like a valid URL. Make sure it starts with https:// (or mailto: or tel:), or with / for a page of this site.',
    ]);
    const map = sectionIndex('contact', { type: 'map' });
    expect(problemsAfter((c) => set(c.pages.contact, ['sections', map, 'src'], 'www.openstreetmap.org/export/embed.html'))).toEqual([
      `config/pages/contact.ts: sections[${map}].src "www.openstreetmap.org/export/embed.html" does not look like a valid URL. Make sure it starts with https://.`,
    ]);
  });

  test('a link to an address the site does not answer, with the closest address suggested', () => {
    expect(problemsAfter((c) => set(c.site, ['navigation', 'links', 6, 'href'], '/Contakt'))).toEqual([
      `config/site.ts: navigation.links[6].href "/Contakt" is not a page of this site. Did you mean "/Contact"? Use one of the addresses in config/routes.ts: ${ADDRESSES}.`,
    ]);
  });

  test('an unknown key, with the closest known key suggested', () => {
    const cta = sectionIndex('home', { type: 'cta' });
    expect(
      problemsAfter((c) => {
        const section = at(c.pages.home, ['sections', cta]);
        section.headng = section.heading;
        delete section.heading;
      }),
    ).toEqual([
      `config/pages/home.ts: sections[${cta}].headng is not a known key here. Did you mean "heading"? Rename or remove it. The keys allowed here are: type, id, hidden, eyebrow, heading, text, action.`,
      `config/pages/home.ts: sections[${cta}].heading is missing. Add it: it should be text in quotes.`,
    ]);
  });

  test('an unknown key with no close match', () => {
    const services = sectionIndex('home', { id: 'services' });
    expect(problemsAfter((c) => set(c.pages.home, ['sections', services, 'cards', 0, 'background'], 'blue'))).toEqual([
      `config/pages/home.ts: sections[${services}].cards[0].background is not a known key here. Rename or remove it. The keys allowed here are: title, text, icon, image, more, action.`,
    ]);
  });

  test('a missing required key', () => {
    const team = sectionIndex('about', { type: 'team' });
    expect(problemsAfter((c) => remove(c.pages.about, ['sections', team, 'members', 1, 'role']))).toEqual([
      `config/pages/about.ts: sections[${team}].members[1].role is missing. Add it: it should be text in quotes.`,
    ]);
    expect(problemsAfter((c) => remove(c.pages.about, ['sections', team, 'members', 1, 'image', 'width']))).toEqual([
      `config/pages/about.ts: sections[${team}].members[1].image.width is missing. Add it: it should be a whole number.`,
    ]);
  });

  test('a missing picture file', () => {
    const team = sectionIndex('about', { type: 'team' });
    expect(problemsAfter((c) => set(c.pages.about, ['sections', team, 'members', 0, 'image', 'src'], '/images/team/nobody.svg'))).toEqual([
      `config/pages/about.ts: sections[${team}].members[0].image.src "/images/team/nobody.svg" is not a file in public/. Put the file at public/images/team/nobody.svg or fix the name.`,
    ]);
    expect(problemsAfter((c) => set(c.site, ['brand', 'logo', 'src'], 'images/logo.svg'))).toEqual([
      'config/site.ts: brand.logo.src "images/logo.svg" should start with / (files live in the public/ folder).',
    ]);
  });

  test('an unknown form name, with the closest form suggested', () => {
    const form = sectionIndex('contact', { type: 'form' });
    expect(problemsAfter((c) => set(c.pages.contact, ['sections', form, 'form'], 'contakt'))).toEqual([
      `config/pages/contact.ts: sections[${form}].form "contakt" is not a form. Did you mean "contact"? Use one of the forms listed in config/forms/index.ts: ${FORMS}.`,
    ]);
    expect(problemsAfter((c) => set(c.site, ['footer', 'newsletter', 'form'], 'mailing-list'))).toEqual([
      `config/site.ts: footer.newsletter.form "mailing-list" is not a form. Use one of the forms listed in config/forms/index.ts: ${FORMS}.`,
    ]);
  });

  test('a wrong kind of value: a number where text belongs, text where a number belongs', () => {
    const hero = sectionIndex('home', { type: 'hero' });
    expect(problemsAfter((c) => set(c.pages.home, ['sections', hero, 'heading'], 42))).toEqual([
      `config/pages/home.ts: sections[${hero}].heading should be text in quotes, but it is the number 42.`,
    ]);
    expect(problemsAfter((c) => set(c.site, ['constants', 'collapseMs'], '300'))).toEqual([
      'config/site.ts: constants.collapseMs should be a whole number, but it is the text "300".',
    ]);
    const faq = sectionIndex('about', { type: 'faq' });
    expect(problemsAfter((c) => set(c.pages.about, ['sections', faq, 'items'], { question: 'Q?', answer: 'A.' }))).toEqual([
      `config/pages/about.ts: sections[${faq}].items should be a list in [square brackets], but it is a group of keys.`,
    ]);
  });

  test('a value that is not one of the choices', () => {
    expect(problemsAfter((c) => set(c.site, ['constants', 'toast', 'vertical'], 'middle'))).toEqual([
      'config/site.ts: constants.toast.vertical "middle" is not allowed here. Use one of "top", "bottom".',
    ]);
  });

  test('a social link without its address: only the WhatsApp one may leave it out (a chat with the phone number)', () => {
    const whatsapp = (c: { site: Record<string, unknown> }) => (c.site.social as Array<{ icon: string }>).findIndex((s) => s.icon === 'whatsapp');
    const other = (c: { site: Record<string, unknown> }) => (c.site.social as Array<{ icon: string }>).findIndex((s) => s.icon !== 'whatsapp');
    expect(problemsAfter((c) => remove(c.site, ['social', whatsapp(c), 'href']))).toEqual([]);
    let at = -1;
    expect(problemsAfter((c) => ((at = other(c)), remove(c.site, ['social', at, 'href'])))).toEqual([
      `config/site.ts: social[${at}].href is missing. Add it: it should be a page path like "/Contact" or a full address like "https://example.com".`,
    ]);
  });

  test('the phone number needs its country code: every WhatsApp link is a chat with it', () => {
    expect(
      problemsAfter((c) => {
        set(c.site, ['contact', 'phone', 'label'], '020 7946 0321');
        set(c.site, ['contact', 'phone', 'href'], 'tel:02079460321');
      }),
    ).toEqual([
      'config/site.ts: contact.phone.href "tel:02079460321" has no country code: write tel:+ and the country code, then the number (the WhatsApp links chat with it).',
    ]);
  });

  test('several mistakes at once are all reported, file by file', () => {
    const software = sectionIndex('home', { id: 'software' });
    const faq = sectionIndex('about', { type: 'faq' });
    const form = sectionIndex('contact', { type: 'form' });
    expect(
      problemsAfter((c) => {
        set(c.site, ['social', 0, 'href'], 'wa.me/15550100199');
        set(c.routes, ['routes', 1, 'page'], 'abuot');
        set(c.routes, ['routes', 6, 'aliases'], ['/contact', '/Contact']);
        set(c.pages.home, ['sections', software, 'type'], 'splitt');
        set(c.pages.about, ['sections', faq, 'items', 0, 'answer'], '');
        set(c.pages.contact, ['sections', form, 'form'], 'contakt');
      }),
    ).toEqual([
      'config/site.ts: social[0].href "wa.me/15550100199" does not look like a valid URL. Make sure it starts with https:// (or mailto: or tel:), or with / for a page of this site.',
      `config/routes.ts: routes[1].page is "abuot", which is not a page. Did you mean "about"? Use one of the pages of config/pages: ${PAGES}.`,
      'config/routes.ts: routes[6].aliases[1] "/Contact" is used twice (also at routes[6].path). Each address may appear only once, so remove one of them.',
      `config/pages/home.ts: sections[${software}].type is "splitt", which is not a section type. Did you mean "split"? Use one of: ${SECTION_TYPES}.`,
      `config/pages/about.ts: sections[${faq}].items[0].answer is empty. Write the text between the quotes, or remove the key if it is optional.`,
      `config/pages/contact.ts: sections[${form}].form "contakt" is not a form. Did you mean "contact"? Use one of the forms listed in config/forms/index.ts: ${FORMS}.`,
    ]);
  });

  test("a form's notifications: a subject naming no field, a missing setting, a wrong kind of value", () => {
    expect(problemsAfter((c) => set(c.forms.inquiry, ['notify', 'subject'], 'New inquiry from {Fnam} about {project}'))).toEqual([
      'config/forms/inquiry.ts: notify.subject uses {Fnam}, which is not a field of this form. Did you mean {Fname}? Use one of: {Fname}, {Email}, {Number}, {Pname}.',
      'config/forms/inquiry.ts: notify.subject uses {project}, which is not a field of this form. Use one of: {Fname}, {Email}, {Number}, {Pname}.',
    ]);
    expect(problemsAfter((c) => remove(c.forms.newsletter, ['notify']))).toEqual([
      'config/forms/newsletter.ts: notify is missing. Add it: it should be a group of keys in {curly braces}.',
    ]);
    expect(problemsAfter((c) => set(c.forms.contact, ['notify', 'email'], 'yes'))).toEqual([
      'config/forms/contact.ts: notify.email should be true or false, but it is the text "yes".',
    ]);
    expect(problemsAfter((c) => set(c.forms.contact, ['notify', 'mail'], true))).toEqual([
      'config/forms/contact.ts: notify.mail is not a known key here. Did you mean "email"? Rename or remove it. The keys allowed here are: subject, email, webhook.',
    ]);
  });

  test("a field's limit below what a real answer needs is refused for anyone, with a sentence; the specification's phone limit of 10 holds exactly", () => {
    /** Where a field of a real form stands (so reordering a form does not break this test). */
    const fieldAt = (form: string, name: string) => {
      const i = (real.forms[form]!.fields as Json[]).findIndex((f) => f.name === name);
      if (i < 0) throw new Error(`config/forms/${form}.ts has no field ${name} any more: update this test.`);
      return i;
    };
    const limit = (form: string, name: string, value: number) => problemsAfter((c) => set(c.forms[form], ['fields', fieldAt(form, name), 'maxLength'], value));
    expect(limit('contact', 'Email', 5)).toEqual([
      `config/forms/contact.ts: fields[${fieldAt('contact', 'Email')}].maxLength is 5, but an e-mail field must accept at least 254 characters (an e-mail address can be 254 characters long): with less, our server refuses real answers and their leads are lost. Use 254 or more.`,
    ]);
    expect(limit('contact', 'Email', 253)).toHaveLength(1);
    expect(limit('contact', 'Email', 254)).toEqual([]);
    expect(limit('inquiry', 'Number', 9)).toEqual([
      `config/forms/inquiry.ts: fields[${fieldAt('inquiry', 'Number')}].maxLength is 9, but a phone field must accept at least 10 characters (visitors may type 10 characters in a phone field): with less, our server refuses real answers and their leads are lost. Use 10 or more.`,
    ]);
    expect(limit('inquiry', 'Number', 10)).toEqual([]);
    expect(limit('contact', 'Fullname', 40)).toEqual([
      `config/forms/contact.ts: fields[${fieldAt('contact', 'Fullname')}].maxLength is 40, but a text field must accept at least 100 characters (a person's full name, or a business's or a project's name, can be that long): with less, our server refuses real answers and their leads are lost. Use 100 or more.`,
    ]);
    expect(limit('contact', 'Messsage', 500)).toEqual([
      `config/forms/contact.ts: fields[${fieldAt('contact', 'Messsage')}].maxLength is 500, but a message field must accept at least 2000 characters (a message of a few paragraphs is that long): with less, our server refuses real answers and their leads are lost. Use 2000 or more.`,
    ]);
    expect(limit('freelancer', 'portfolioUrl', 200)).toEqual([
      `config/forms/freelancer.ts: fields[${fieldAt('freelancer', 'portfolioUrl')}].maxLength is 200, but an address field must accept at least 2000 characters (a web address can be 2000 characters long): with less, our server refuses real answers and their leads are lost. Use 2000 or more.`,
    ]);
    // A choice field takes its longest option; its starting value is never an option visitors cannot pick.
    const your = fieldAt('contact', 'Your');
    const select = (real.forms.contact!.fields as Json[])[your]!;
    const options = select.options as Json[];
    const longest = options.map((o) => o.value as string).reduce((a, b) => (b.length > a.length ? b : a));
    expect(limit('contact', 'Your', longest.length - 1)).toEqual([
      `config/forms/contact.ts: fields[${your}].maxLength is ${longest.length - 1}, but a choice field must accept at least ${longest.length} characters (its option ${JSON.stringify(longest)} is ${longest.length} characters long): with less, our server refuses real answers and their leads are lost. Use ${longest.length} or more.`,
    ]);
    const start = options.findIndex((o) => o.value === select.defaultValue);
    expect(problemsAfter((c) => set(c.forms.contact, ['fields', your, 'options', start, 'disabled'], true))).toEqual([
      `config/forms/contact.ts: fields[${your}].options[${start}].disabled is true, but this option (${JSON.stringify(options[start]!.value)}) is the field's defaultValue, and our server refuses an option that cannot be picked: every visitor who leaves the field as it is would be refused. Remove disabled, or make another option the defaultValue.`,
    ]);
  });

  test("the notifications' retry schedule and wording in config/server.ts", () => {
    const serverProblems = (mutate: (copy: Json) => void) => {
      const copy = structuredClone(serverConfig) as unknown as Json;
      mutate(copy);
      return checkConfig({ server: copy }).problems;
    };
    expect(serverProblems(() => undefined)).toEqual([]);
    // The promise of docs/inbox.md: the first retry within 30 s, at most an hour apart, for at least 3 days.
    expect(serverProblems((c) => set(c, ['notifications', 'retry'], { firstSeconds: 60, maxSeconds: 7200, forDays: 1 }))).toEqual([
      'config/server.ts: notifications.retry.firstSeconds is 60, but it should be at most 30.',
      'config/server.ts: notifications.retry.maxSeconds is 7200, but it should be at most 3600.',
      'config/server.ts: notifications.retry.forDays is 1, but it should be at least 3.',
    ]);
    expect(serverProblems((c) => set(c, ['notifications', 'webhookText'], '{subjet}: {url}'))).toEqual([
      'config/server.ts: notifications.webhookText uses {subjet}, which is not filled in here. Did you mean {subject}? Use one of: {subject}, {link}.',
      'config/server.ts: notifications.webhookText uses {url}, which is not filled in here. Use one of: {subject}, {link}.',
    ]);
    expect(serverProblems((c) => set(c, ['notifications', 'mail', 'openLead'], ''))).toEqual([
      'config/server.ts: notifications.mail.openLead is empty. Write the text between the quotes, or remove the key if it is optional.',
    ]);
  });

  test('the original config is left untouched by the mistakes above', () => {
    expect(checkConfig(optionsFor(real)).problems).toEqual([]);
  });
});
