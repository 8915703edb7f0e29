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

test('sections draw once their renderers have loaded', async () => {
  await act(async () => {
    render(
      <AppProviders cache={createEmotionCache()}>
        <MemoryRouter>
          <SectionList sections={sections} />
        </MemoryRouter>
      </AppProviders>,
    );
  });
  expect(await screen.findByRole('heading', { name: 'A call to action' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Some numbers' })).toBeInTheDocument();
});
