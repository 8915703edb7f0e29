/** A mail's words filled in its reader's language: figures and days as each language writes them (Intl), words as they are. */
import { fillIn } from './inLanguage';

const DAY = new Date(Date.UTC(2026, 11, 28, 12));

it('writes a figure and a day as each language writes them, and words as they are', () => {
  const template = '{n} / {day} / {name}';
  expect(fillIn('en-GB', template, { n: 1000, day: DAY, name: 'Ada' })).toBe('1,000 / 28 December 2026 / Ada');
  expect(fillIn('de-DE', template, { n: 1000, day: DAY, name: 'Ada' })).toBe('1.000 / 28. Dezember 2026 / Ada');
  expect(fillIn('fr-FR', template, { n: 1000.5, day: DAY, name: '{n}' })).toBe('1\u202f000,5 / 28 décembre 2026 / {n}');
});

it('leaves a placeholder it was not given as it is', () => {
  expect(fillIn('de-DE', '{days} {other}', { days: 30 })).toBe('30 {other}');
});
