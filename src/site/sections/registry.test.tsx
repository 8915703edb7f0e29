/**
 * Every section type, drawn by the registry from a real example in config/pages, inside
 * the providers the server draws pages with, its islands drawn and working as they do once
 * hydrated in the browser: what a visitor sees and can do.
 */
import type { EmotionCache } from '@emotion/cache';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import site from '../../../config/site';
import forms from '../../../config/forms';
import type { FormConfig } from '../forms/model/formSchema';
import { fill } from '../../schema/text';
import { AppProviders } from '../app/App';
import type { SiteContent } from '../model/siteContent';
import { loadRealContent } from '../../test/realConfig';
import { createEmotionCache } from '../islands/emotionCache';
import { loadIslands } from '../islands/loaded';
import type { PageConfig } from '../model/pageSchema';
import { renderSection, renderersOf, sectionRenderers } from './registry';
import { sectionExamples, sectionSchema, sectionSchemas, type SectionConfig, type SectionOf, type SectionType } from './schemas';
import { formatPath, type Path } from '../../schema/schema';

const sectionTypes = Object.keys(sectionSchemas) as SectionType[];

/** Where each example comes from, for test names and failure messages. */
interface Example<T extends SectionType> {
  section: SectionOf<T>;
  where: string;
}

let pages: Record<string, PageConfig>;
let content: SiteContent;

beforeAll(async () => {
  pages = {};
  content = await loadRealContent();
  pages = { ...content.pages };
  // The islands' code, as the server renderer loads it before drawing a page.
  await loadIslands();
});

/** Every section of the real pages of one type (hidden ones too: they are still config). */
function examplesOf<T extends SectionType>(type: T): Example<T>[] {
  return Object.entries(pages).flatMap(([page, config]) =>
    config.sections.flatMap((section, i) =>
      section.type === type ? [{ section: section as SectionOf<T>, where: `config/pages/${page}.ts sections[${i}]` }] : [],
    ),
  );
}

function exampleOf<T extends SectionType>(type: T, wanted: (s: SectionOf<T>) => boolean = () => true): Example<T> {
  // A real section first; a type no page uses now (the office placed none) is drawn with its example.
  const found =
    examplesOf(type).find((e) => wanted(e.section)) ??
    (wanted(inlineExamples[type]) ? { section: inlineExamples[type], where: `the ${type} example` } : undefined);
  if (!found) throw new Error(`No ${type} section in config/pages matches what this test needs: update the test.`);
  return found;
}

/** Used only when no page uses a type (a brand-new type, say), so that every renderer is still drawn once: each type's own, beside its description. */
const inlineExamples = sectionExamples;

/**
 * The emotion caches of the test's drawings. Their style elements are taken out of the page after
 * each test: each test draws with a cache of its own, and the styles of every test before it,
 * left in the page, made jsdom's computed styles (which every role query reads, for what is
 * hidden) slower with each test.
 */
const caches: EmotionCache[] = [];
afterEach(() => {
  for (const cache of caches.splice(0)) cache.sheet.flush();
});

function show(section: SectionConfig, position = 0) {
  const cache = createEmotionCache();
  caches.push(cache);
  return render(
    <AppProviders cache={cache} content={content}>
      <MemoryRouter>{renderSection(section, { key: 'under-test', position, index: 0 })}</MemoryRouter>
    </AppProviders>,
  );
}

/** The words that name a section on screen: its heading, or for a map its frame's title. */
function nameOf(section: SectionConfig): string {
  if (section.type === 'map') return section.title;
  if (section.type === 'form') return section.heading ?? section.form;
  if (section.type === 'stats') return section.heading ?? section.items[0]!.label;
  if (section.type === 'privacy') return section.responsible.heading;
  return section.heading;
}

describe('the section registry', () => {
  it('has a renderer for exactly the section types of the schemas', () => {
    expect(Object.keys(sectionRenderers).sort()).toEqual([...sectionTypes].sort());
  });

  it("finds each type's renderer in its folder by its name, and names the file of one missing or of no type", () => {
    const nameOf = (type: string) => `${type.charAt(0).toUpperCase()}${type.slice(1)}Section`;
    const files = Object.fromEntries(
      Object.entries(sectionRenderers).map(([type, renderer]) => [`./${type}/${nameOf(type)}.tsx`, { [nameOf(type)]: renderer }]),
    );
    expect(renderersOf(files)).toEqual(sectionRenderers);
    const { './hero/HeroSection.tsx': _hero, ...withoutHero } = files;
    expect(() => renderersOf(withoutHero)).toThrow('src/site/sections/hero/HeroSection.tsx, exporting HeroSection');
    expect(() => renderersOf({ ...files, './hero/HeroSection.tsx': { Hero: sectionRenderers.hero } })).toThrow('src/site/sections/hero/HeroSection.tsx');
    expect(() => renderersOf({ ...files, './gone/GoneSection.tsx': { GoneSection: sectionRenderers.hero } })).toThrow('src/site/sections/gone/GoneSection.tsx');
  });

  it("each section type's example (drawn when no page uses the type) is content the checker accepts", () => {
    const problems: string[] = [];
    const ctx = {
      file: 'example',
      sitePaths: new Set<string>(),
      formIds: new Set(inlineExamples.privacy.forms.items.map((item) => item.form)),
      publicFileExists: () => true,
      report: (path: Path, message: string) => problems.push(`${formatPath(path)} ${message}`),
    };
    for (const type of sectionTypes) sectionSchema.check(inlineExamples[type], [type], ctx);
    expect(problems).toEqual([]);
  });

  it.each(sectionTypes)('draws the first %s section of the pages with its heading', (type) => {
    const section: SectionConfig = examplesOf(type)[0]?.section ?? inlineExamples[type];
    show(section);
    const name = nameOf(section);
    if (section.type === 'map') expect(screen.getByTitle(name)).toBeInTheDocument();
    else if (section.type === 'stats' && !section.heading) expect(screen.getByText(name)).toBeInTheDocument();
    else expect(screen.getByRole('heading', { name })).toBeInTheDocument();
  });

  it.each(sectionTypes)('draws the minimal inline %s example too', (type) => {
    show(inlineExamples[type]);
    const name = nameOf(inlineExamples[type]);
    if (type === 'map') expect(screen.getByTitle(name)).toBeInTheDocument();
    else expect(screen.getByRole('heading', { name })).toBeInTheDocument();
  });
});

describe('what visitors see in each section type', () => {
  test("privacy: each form with its fields, its retention and who is told, read from config/forms; the agency's e-mail from config/site.ts", () => {
    const { section } = exampleOf('privacy');
    show(section);
    const { forms: about } = section;
    for (const item of about.items) {
      const form = (forms as Record<string, FormConfig>)[item.form]!;
      const block = within(screen.getByRole('heading', { level: 3, name: item.name }).parentElement!);
      const line = (label: string) => block.getByText(label).nextElementSibling;
      expect(line(about.labels.purpose)).toHaveTextContent(item.purpose);
      expect(line(about.labels.collects)).toHaveTextContent(form.fields.map((f) => f.label).join(', '));
      expect(line(about.labels.kept)).toHaveTextContent(fill(about.keptFor, { days: form.retention.days }));
      if (form.retention.cvDays !== undefined) expect(line(about.labels.kept)).toHaveTextContent(fill(about.cvKeptFor, { days: form.retention.cvDays }));
      expect(line(about.labels.storage)).toHaveTextContent(about.storage.local);
      if (form.notify.email) expect(line(about.labels.told)).toHaveTextContent(about.told.email);
      if (form.notify.webhook) expect(line(about.labels.told)).toHaveTextContent(about.told.webhook);
    }
    expect(Object.keys(forms).sort()).toEqual(about.items.map((i) => i.form).sort());
    for (const link of screen.getAllByRole('link', { name: site.contact.email.label })) expect(link).toHaveAttribute('href', site.contact.email.href);
    expect(screen.getAllByRole('link', { name: site.contact.email.label })).toHaveLength(2);
  });

  test('pageHeader: the page heading and a breadcrumb back home', () => {
    const { section } = exampleOf('pageHeader', (s) => s.breadcrumb.length > 1);
    show(section);
    expect(screen.getByRole('heading', { level: 1, name: section.heading })).toBeInTheDocument();
    const trail = screen.getByRole('navigation', { name: site.ui.breadcrumbLabel });
    const first = section.breadcrumb[0]!;
    expect(within(trail).getByRole('link', { name: first.label })).toHaveAttribute('href', first.href);
    const last = section.breadcrumb[section.breadcrumb.length - 1]!;
    expect(within(trail).getByText(last.label)).toHaveAttribute('aria-current', 'page');
  });

  test('hero: the headline, its buttons and the form title', () => {
    const { section } = exampleOf('hero', (s) => Boolean(s.formTitle && s.actions?.length));
    show(section);
    expect(screen.getByRole('heading', { level: 1, name: section.heading })).toBeInTheDocument();
    expect(screen.getByText(section.text)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: section.formTitle })).toBeInTheDocument();
    for (const action of section.actions ?? []) expect(screen.getByRole('link', { name: action.label })).toHaveAttribute('href', action.href);
  });

  test('split: heading, paragraphs, bullets and picture', () => {
    const { section } = exampleOf('split', (s) => Boolean(s.bullets?.length));
    show(section);
    expect(screen.getByRole('heading', { level: 2, name: section.heading })).toBeInTheDocument();
    for (const p of section.paragraphs) expect(screen.getByText(p)).toBeInTheDocument();
    for (const b of section.bullets ?? []) expect(screen.getByText(b)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: section.image.alt })).toHaveAttribute('src', section.image.src);
  });

  test('split with counters and a new-tab button (About vision block): final values and a safe external link', () => {
    const { section } = exampleOf('split', (s) => Boolean(s.stats?.length && s.actions?.some((a) => a.newTab)));
    show(section);
    const finals = section.stats!.map((s) => `${s.prefix ?? ''}${s.value}${s.suffix ?? ''}`);
    expect(screen.getAllByTestId('counter').map((c) => c.textContent)).toEqual(finals);
    for (const s of section.stats!) expect(screen.getByText(s.label)).toBeInTheDocument();
    const action = section.actions!.find((a) => a.newTab)!;
    const link = screen.getByRole('link', { name: new RegExp(action.label) });
    expect(link).toHaveAttribute('href', action.href);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  test('cards: every card title, and buttons that lead on', () => {
    const { section } = exampleOf('cards', (s) => s.cards.some((c) => c.action));
    show(section);
    expect(screen.getByRole('heading', { level: 2, name: section.heading })).toBeInTheDocument();
    for (const card of section.cards) expect(screen.getByRole('heading', { level: 3, name: card.title })).toBeInTheDocument();
    const withAction = section.cards.filter((c) => c.action);
    const links = screen.getAllByRole('link', { name: withAction[0]!.action!.label });
    expect(links.length).toBe(withAction.filter((c) => c.action!.label === withAction[0]!.action!.label).length);
    expect(links[0]).toHaveAttribute('href', withAction[0]!.action!.href);
  });

  test('cards with more text: "Read More" opens the rest in place and says so', async () => {
    const user = userEvent.setup({ delay: null });
    const { section } = exampleOf('cards', (s) => s.cards.some((c) => c.more));
    show(section);
    const withMore = section.cards.filter((c) => c.more);
    const buttons = screen.getAllByRole('button', { name: site.ui.readMore });
    expect(buttons).toHaveLength(withMore.length);
    for (const b of buttons) expect(b).toHaveAttribute('aria-expanded', 'false');

    const first = buttons[0]!;
    const region = document.getElementById(first.getAttribute('aria-controls')!)!;
    expect(region).toHaveTextContent(withMore[0]!.more![0]!);

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAccessibleName(site.ui.readLess);
    for (const other of buttons.slice(1)) expect(other).toHaveAttribute('aria-expanded', 'false');

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(first).toHaveAccessibleName(site.ui.readMore);
  });

  test('cta: the sentence and its button', () => {
    const { section } = exampleOf('cta');
    show(section);
    expect(screen.getByRole('heading', { name: section.heading })).toBeInTheDocument();
    expect(screen.getByText(section.text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: section.action.label })).toHaveAttribute('href', section.action.href);
  });

  test('stats: every counter shows its final value and label', () => {
    const { section } = exampleOf('stats');
    show(section);
    if (section.heading) expect(screen.getByRole('heading', { name: section.heading })).toBeInTheDocument();
    const finals = section.items.map((s) => `${s.prefix ?? ''}${s.value}${s.suffix ?? ''}`);
    expect(screen.getAllByTestId('counter').map((c) => c.textContent)).toEqual(finals);
    for (const item of section.items) expect(screen.getByText(item.label)).toBeInTheDocument();
  });

  test('article: heading, the subheading of each part, every paragraph and the picture', () => {
    const { section } = exampleOf('article');
    show(section);
    expect(screen.getByRole('heading', { name: section.heading })).toBeInTheDocument();
    for (const part of section.parts) {
      if (part.heading) expect(screen.getByRole('heading', { name: part.heading })).toBeInTheDocument();
      for (const p of part.paragraphs) expect(screen.getByText(p)).toBeInTheDocument();
    }
    if (section.image) expect(screen.getByRole('img', { name: section.image.alt })).toBeInTheDocument();
    if (section.byline) expect(screen.getByText(section.byline)).toBeInTheDocument();
  });

  test('team: every member by name and role, with one dot button per member', async () => {
    const user = userEvent.setup({ delay: null });
    const { section } = exampleOf('team');
    show(section);
    expect(screen.getByRole('heading', { level: 2, name: section.heading })).toBeInTheDocument();
    for (const member of section.members) {
      // Copies made for the endless loop are hidden from assistive technology: each name is found once.
      expect(screen.getByRole('heading', { name: member.name })).toBeInTheDocument();
      expect(screen.getAllByText(member.role).length).toBeGreaterThan(0);
    }
    const carousel = screen.getByRole('region', { name: site.ui.carouselLabel });
    const dots = within(carousel).getAllByRole('button', { name: /^Show team member \d+$/ });
    expect(dots).toHaveLength(section.members.length);
    expect(dots[0]).toHaveAttribute('aria-current', 'true');

    await user.click(dots[2]!);
    expect(dots[2]).toHaveAttribute('aria-current', 'true');
    expect(dots[0]).not.toHaveAttribute('aria-current');
  });

  test('faq: every question; opening one closes the one that was open; all may be closed', async () => {
    const user = userEvent.setup({ delay: null });
    const { section } = exampleOf('faq', (s) => s.items.length >= 2);
    show(section);
    expect(screen.getByRole('heading', { level: 2, name: section.heading })).toBeInTheDocument();
    const questions = section.items.map((item) => screen.getByRole('button', { name: item.question }));
    expect(questions).toHaveLength(section.items.length);
    for (const q of questions) expect(q).toHaveAttribute('aria-expanded', 'false');

    const [first, second] = questions as [HTMLElement, HTMLElement];
    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(section.items[0]!.answer)).toBeInTheDocument();

    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(questions.filter((q) => q.getAttribute('aria-expanded') === 'true')).toEqual([second]);

    await user.click(second);
    for (const q of questions) expect(q).toHaveAttribute('aria-expanded', 'false');
  });

  test('form: the heading, intro and note around the form', () => {
    const { section } = exampleOf('form', (s) => Boolean(s.heading));
    show(section);
    expect(screen.getByRole('heading', { name: section.heading })).toBeInTheDocument();
    if (section.text) expect(screen.getByText(section.text)).toBeInTheDocument();
    if (section.note) expect(screen.getByText(section.note)).toBeInTheDocument();
  });

  test('map: a titled frame of the configured height', () => {
    const { section } = exampleOf('map');
    show(section);
    if (section.heading) expect(screen.getByRole('heading', { name: section.heading })).toBeInTheDocument();
    const frame = screen.getByTitle(section.title);
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', section.src);
    expect(frame).toHaveAttribute('height', String(site.constants.mapHeightPx));
  });
});
