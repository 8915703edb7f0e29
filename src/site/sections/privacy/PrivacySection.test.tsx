/**
 * The privacy page's account of counting visits (config/pages/privacy.ts, `visits`), as the
 * renderer draws it: under its own heading, every paragraph of `local` and how long the daily
 * counts are kept (config/server.ts visits.keepDays, the number src/leads/server/visits.ts deletes
 * by) on a site on our own server; only `firebase` on a Firebase build, which counts nothing.
 */
import { render, screen, within } from '@testing-library/react';
import privacyPage from '../../../../config/pages/privacy';
import server from '../../../../config/server';
import { fill } from '../../../schema/text';
import type { SiteContent } from '../../model/siteContent';
import { loadRealContent } from '../../../test/realConfig';
import { SiteContentContext } from '../../ui/siteConfig';
import type { SectionOf } from '../schemas';
import { PrivacySection } from './PrivacySection';

const section = privacyPage.sections.find((s) => s.type === 'privacy') as SectionOf<'privacy'>;
const visits = section.visits!;

/** The paragraphs under the visits' heading, as read. */
function visitParagraphs(): string[] {
  const part = screen.getByRole('region', { name: visits.heading });
  expect(within(part).getByRole('heading', { level: 2 })).toHaveTextContent(visits.heading);
  return [...part.querySelectorAll('p')].map((p) => p.textContent ?? '');
}

let content: SiteContent;
beforeAll(async () => {
  content = await loadRealContent();
});
/** The section drawn from the real content. */
const draw = (shown: SectionOf<'privacy'>) =>
  render(
    <SiteContentContext.Provider value={content}>
      <PrivacySection section={shown} position={0} index={1} pictures="eager" />
    </SiteContentContext.Provider>,
  );

const adapter = globalThis as unknown as { __DATA_ADAPTER__: 'local' | 'firebase' };
afterEach(() => {
  adapter.__DATA_ADAPTER__ = 'local';
});

it('on our own server: what is counted and kept with a lead, and how long the daily counts are kept', () => {
  expect(visits.local.length).toBeGreaterThan(0);
  draw(section);
  expect(visitParagraphs()).toEqual([...visits.local, fill(visits.keptFor, { days: server.visits.keepDays })]);
  expect(screen.queryByText(visits.firebase)).toBeNull();
});

it('on a Firebase build: only that nothing is counted', () => {
  adapter.__DATA_ADAPTER__ = 'firebase';
  draw(section);
  expect(visitParagraphs()).toEqual([visits.firebase]);
});

it('without a `visits` part in config, the page says nothing of visits', () => {
  draw({ ...section, visits: undefined });
  expect(screen.queryByRole('region', { name: visits.heading })).toBeNull();
  expect(screen.getByRole('region', { name: section.rights.heading })).toBeInTheDocument();
});

/** The paragraphs of the newsletter's part, as read. */
function newsletterParagraphs(): string[] {
  const part = screen.getByRole('region', { name: section.newsletter!.heading });
  return [...part.querySelectorAll('p')].map((p) => p.textContent ?? '');
}

it('says what is kept for the newsletter on our own server: the consent, the states, unsubscribing, no tracking; how long a sign-up waits', () => {
  const newsletter = section.newsletter!;
  draw(section);
  expect(newsletterParagraphs()).toEqual(newsletter.local.map((p) => fill(p, { days: server.newsletter.unconfirmedDays })));
  expect(newsletter.local.some((p) => p.includes('{days}'))).toBe(true);
  expect(screen.queryByText(newsletter.firebase)).toBeNull();
});

it('on a Firebase build, the newsletter part says only its own words (no server of ours sends the confirmation)', () => {
  adapter.__DATA_ADAPTER__ = 'firebase';
  draw(section);
  expect(newsletterParagraphs()).toEqual([section.newsletter!.firebase]);
});
