/**
 * The site's frame and the sections drawn by the real renderers read the content (config/site.ts,
 * the forms) from the one given to them, never by import: the render gives the content being
 * published, the content editor's preview the draft, so an edit to the header, contact bar,
 * menu, footer or a form's texts shows as it is typed, and is published without a new build.
 */
import { render, screen, within } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/App';
import type { PageConfig } from '../model/pageSchema';
import type { SiteConfig } from '../model/siteSchema';
import type { FormConfig } from '../forms/model/formSchema';
import { createEmotionCache } from '../islands/emotionCache';
import { loadIslands } from '../islands/loaded';
import { SectionList } from '../sections/SectionList';
import { IslandsOnPage } from '../ui/Island';
import type { SiteContent } from '../model/siteContent';
import { loadRealContent } from '../../test/realConfig';
import { Layout } from './Layout';

let content: SiteContent;
let site: SiteConfig;
let privacy: PageConfig;
let home: PageConfig;

beforeAll(async () => {
  content = await loadRealContent();
  ({ site } = content);
  privacy = content.pages.privacy!;
  home = content.pages.home!;
  await loadIslands();
});

const edited = (text: string) => `${text} (edited)`;

type Draft<T> = { -readonly [K in keyof T]: Draft<T[K]> };

/** The built site with every text an office edit would change in the frame changed. */
function draftSite(): SiteConfig {
  const draft = JSON.parse(JSON.stringify(site)) as Draft<SiteConfig>;
  const first = draft.navigation.links[0]!;
  first.label = edited(first.label);
  draft.navigation.cta.label = edited(draft.navigation.cta.label);
  draft.contact.phone.label = edited(draft.contact.phone.label);
  draft.footer.columns[0]!.heading = edited(draft.footer.columns[0]!.heading);
  draft.footer.newsletter.heading = edited(draft.footer.newsletter.heading);
  draft.brand.blurb = edited(draft.brand.blurb);
  draft.contact.email.label = edited(draft.contact.email.label);
  draft.privacyNote.link.label = edited(draft.privacyNote.link.label);
  return draft;
}

/** A page of this content: the layout and the page's sections, inside a router (the menu asks it for the page shown). */
function page(sections: PageConfig['sections'], drawn: SiteContent = content) {
  const element = (
    <Layout>
      <SectionList sections={sections} />
    </Layout>
  );
  const router = createMemoryRouter([{ path: '*', element, handle: { page: 'home', canonical: '/' } }]);
  return (
    <AppProviders cache={createEmotionCache()} content={drawn}>
      <IslandsOnPage.Provider value={new Map()}>
        <RouterProvider router={router} />
      </IslandsOnPage.Provider>
    </AppProviders>
  );
}

describe('the content the renderers draw', () => {
  test('the content given: the same markup for the same content, its texts in it', () => {
    const once = renderToStaticMarkup(page(home.sections));
    expect(renderToStaticMarkup(page(home.sections, JSON.parse(JSON.stringify(content)) as SiteContent))).toBe(once);
    expect(once).toContain(site.navigation.links[0]!.label);
    expect(once).toContain(site.footer.columns[0]!.heading);
  });

  test('another content (a draft): the header, contact bar, menu, footer and the note under each form draw it', () => {
    const draft = draftSite();
    render(page(home.sections, { ...content, site: draft }));
    const header = screen.getByRole('banner');
    expect(within(header).getAllByRole('link', { name: draft.navigation.links[0]!.label }).length).toBeGreaterThan(0);
    expect(within(header).getAllByRole('link', { name: draft.navigation.cta.label }).length).toBeGreaterThan(0);
    expect(
      within(screen.getByRole('complementary', { name: site.ui.contactBarLabel })).getByRole('link', { name: draft.contact.phone.label }),
    ).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('heading', { name: draft.footer.columns[0]!.heading })).toBeInTheDocument();
    expect(within(footer).getByRole('heading', { name: draft.footer.newsletter.heading })).toBeInTheDocument();
    expect(within(footer).getByText(draft.brand.blurb)).toBeInTheDocument();
    expect(within(footer).getAllByRole('link', { name: draft.privacyNote.link.label }).length).toBeGreaterThan(0);
    // Nothing of the built texts that were changed is left.
    for (const old of [site.navigation.links[0]!.label, site.footer.columns[0]!.heading, site.brand.blurb]) {
      expect(screen.queryByText(old, { exact: true })).toBeNull();
    }
    expect(within(screen.getByRole('complementary', { name: site.ui.contactBarLabel })).queryByText(site.contact.phone.label, { exact: true })).toBeNull();
  });

  test("the privacy page draws the draft's e-mail and the draft forms' fields", () => {
    const draft = draftSite();
    const [name, form] = Object.entries(content.forms as Record<string, FormConfig>)[0]!;
    const draftForm: FormConfig = { ...form, fields: form.fields.map((f, i) => (i === 0 ? { ...f, label: edited(f.label) } : f)) } as FormConfig;
    render(page(privacy.sections, { ...content, site: draft, forms: { ...content.forms, [name]: draftForm } }));
    const main = screen.getByRole('main');
    expect(within(main).getAllByRole('link', { name: draft.contact.email.label }).length).toBeGreaterThan(0);
    const collects = main.querySelector(`[data-form="${name}"]`);
    expect(collects).not.toBeNull();
    expect(collects!.textContent).toContain(draftForm.fields[0]!.label);
  });
});
