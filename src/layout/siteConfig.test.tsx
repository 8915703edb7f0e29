/**
 * The site's frame and the sections drawn by the real renderers read config/site.ts (and the
 * forms) through a provider: without one they draw the built config, exactly as before (the
 * pages visitors get); with one (the content editor's preview) they draw the draft, so an edit
 * to the header, contact bar, menu, footer or a form's texts shows as it is typed.
 */
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import forms from '../../config/forms';
import pageLoaders from '../../config/pages';
import site from '../../config/site';
import { AppProviders } from '../app/App';
import type { PageConfig } from '../config/pageSchema';
import type { SiteConfig } from '../config/siteSchema';
import type { FormConfig } from '../forms/model/formSchema';
import { FormPreviewContext } from '../forms/ui/formPreview';
import { createEmotionCache } from '../islands/emotionCache';
import { loadIslands } from '../islands/loaded';
import { SectionList } from '../sections/SectionList';
import { IslandsOnPage } from '../ui/Island';
import { SiteConfigContext } from '../ui/siteConfig';
import { Layout } from './Layout';

let privacy: PageConfig;
let home: PageConfig;

beforeAll(async () => {
  privacy = (await pageLoaders.privacy()).default;
  home = (await pageLoaders.home()).default;
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

/** A page as the preview draws it: the layout and the page's sections, inside a router (the menu asks it for the page shown). */
function page(sections: PageConfig['sections'], wrap: (children: ReactNode) => ReactNode = (c) => c) {
  const element = wrap(
    <Layout>
      <SectionList sections={sections} />
    </Layout>,
  );
  const router = createMemoryRouter([{ path: '*', element, handle: { page: 'home', canonical: '/' } }]);
  return (
    <AppProviders cache={createEmotionCache()}>
      <IslandsOnPage.Provider value={new Map()}>
        <RouterProvider router={router} />
      </IslandsOnPage.Provider>
    </AppProviders>
  );
}

describe('the site config the renderers draw', () => {
  test('without a provider the built config: the same markup as with the built config provided', () => {
    const without = renderToStaticMarkup(page(home.sections));
    const withBuilt = renderToStaticMarkup(page(home.sections, (c) => <SiteConfigContext.Provider value={site}>{c}</SiteConfigContext.Provider>));
    expect(without).toBe(withBuilt);
    expect(without).toContain(site.navigation.links[0]!.label);
    expect(without).toContain(site.footer.columns[0]!.heading);
  });

  test('with a draft: the header, contact bar, menu, footer and the note under each form draw the draft', () => {
    const draft = draftSite();
    render(page(home.sections, (c) => <SiteConfigContext.Provider value={draft}>{c}</SiteConfigContext.Provider>));
    const header = screen.getByRole('banner');
    expect(within(header).getAllByRole('link', { name: draft.navigation.links[0]!.label }).length).toBeGreaterThan(0);
    expect(within(header).getAllByRole('link', { name: draft.navigation.cta.label }).length).toBeGreaterThan(0);
    expect(within(screen.getByRole('complementary', { name: site.ui.contactBarLabel })).getByRole('link', { name: draft.contact.phone.label })).toBeInTheDocument();
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
    const [name, form] = Object.entries(forms as Record<string, FormConfig>)[0]!;
    const draftForm: FormConfig = { ...form, fields: form.fields.map((f, i) => (i === 0 ? { ...f, label: edited(f.label) } : f)) } as FormConfig;
    const port = { saveDocument: () => Promise.reject(new Error('unused')), uploadFile: () => Promise.reject(new Error('unused')) };
    render(
      page(privacy.sections, (c) => (
        <SiteConfigContext.Provider value={draft}>
          <FormPreviewContext.Provider value={{ port, forms: { ...forms, [name]: draftForm } }}>{c}</FormPreviewContext.Provider>
        </SiteConfigContext.Provider>
      )),
    );
    const main = screen.getByRole('main');
    expect(within(main).getAllByRole('link', { name: draft.contact.email.label }).length).toBeGreaterThan(0);
    const collects = main.querySelector(`[data-form="${name}"]`);
    expect(collects).not.toBeNull();
    expect(collects!.textContent).toContain(draftForm.fields[0]!.label);
  });
});
