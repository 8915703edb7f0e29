/**
 * Every icon a config file may name is drawn: an SVG in MUI's 24 by 24 box, hidden from screen
 * readers (the text beside it says what it means), with a drawing of its own.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { iconNames } from '../../schema/icons';
import { Icon } from './icons';

const drawn = (name: (typeof iconNames)[number]) => {
  const html = renderToStaticMarkup(<Icon name={name} />);
  return { svg: /^<svg [^>]*>/.exec(html)?.[0] ?? '', paths: [...html.matchAll(/<path d="([^"]*)"/g)].map((m) => m[1]!) };
};

it.each(iconNames.map((name) => [name]))('%s: a drawing in the 24 px box, hidden from screen readers', (name) => {
  const { svg, paths } = drawn(name);
  expect(svg).toMatch(/ viewBox="0 0 24 24"/);
  expect(svg).toMatch(/ aria-hidden="true"/);
  expect(svg).toMatch(/ focusable="false"/);
  expect(paths.length).toBeGreaterThan(0);
  for (const d of paths) expect(d).toMatch(/^[Mm][\d\s.,+\-MmLlHhVvCcSsQqTtAaZz]+$/);
});

it('no two names share a drawing', () => {
  const drawings = iconNames.map((name) => drawn(name).paths.join(' '));
  expect(new Set(drawings).size).toBe(iconNames.length);
});
