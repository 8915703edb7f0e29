/**
 * Sections whose renderers have not loaded yet: their Suspense boundaries wait, and each
 * section appears once its chunk is there. (registry.test.tsx loads every renderer first;
 * this file starts with none loaded.)
 */
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../app/App';
import { createEmotionCache } from '../app/emotionCache';
import { SectionList } from './SectionList';
import type { SectionConfig } from './schemas';

const sections: SectionConfig[] = [
  { type: 'cta', heading: 'A call to action', text: 'Do it.', action: { label: 'Go', href: '/Contact' } },
  { type: 'stats', heading: 'Some numbers', items: [{ value: 3, suffix: '+', label: 'Years' }] },
];

test('sections wait for their renderers, then draw once they have loaded', async () => {
  let shownWhileLoading: string | undefined;
  await act(async () => {
    const { container } = render(
      <AppProviders cache={createEmotionCache()}>
        <MemoryRouter>
          <SectionList sections={sections} />
        </MemoryRouter>
      </AppProviders>,
    );
    // Drawn, but the renderers' chunks are still on their way: each section's boundary shows nothing yet.
    shownWhileLoading = container.innerHTML;
  });
  expect(shownWhileLoading).toBe('');
  expect(screen.getByRole('heading', { name: 'A call to action' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Some numbers' })).toBeInTheDocument();
});
