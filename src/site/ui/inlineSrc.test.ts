import { readFileSync } from 'node:fs';
import site from '../../../config/site';
import { inlineSrc } from './inlineSrc';

describe('inlineSrc', () => {
  const logo = site.brand.logo.src;

  it('draws a small SVG of public/ into the page, without its title and ARIA attributes, and escaped for a data: address', () => {
    const src = inlineSrc(logo);
    expect(src.startsWith('data:image/svg+xml,%3Csvg ')).toBe(true);
    const svg = decodeURIComponent(src.slice('data:image/svg+xml,'.length));
    expect(svg).not.toMatch(/<title|role=|aria-/);
    expect(src).not.toMatch(/[<>"'#\n]/);
    // The drawing itself is all there.
    const file = readFileSync(`public${logo}`, 'utf8');
    for (const shape of file.match(/<(rect|path|text)\b[^>]*>/g)!) expect(svg).toContain(shape.replace(/\s+/g, ' '));
  });

  it('leaves any other address as it is: not an SVG, not there, outside public/, or too large to draw in', () => {
    expect(inlineSrc('/images/og-image.png')).toBe('/images/og-image.png');
    expect(inlineSrc('/images/none.svg')).toBe('/images/none.svg');
    expect(inlineSrc('/../package.json')).toBe('/../package.json');
    expect(inlineSrc('/../../etc/x.svg')).toBe('/../../etc/x.svg');
    expect(readFileSync('public/images/hero.svg', 'utf8').length).toBeGreaterThan(4096);
    expect(inlineSrc('/images/hero.svg')).toBe('/images/hero.svg');
  });
});
