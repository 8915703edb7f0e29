/**
 * The site's CSS carries the vendor prefixes the supported browsers need, and no other: for
 * every declaration emotion's default prefixer prefixes, the site's emotion cache (as the server's
 * render and the browser use it) writes the prefixed declarations lightningcss writes for
 * SUPPORTED_BROWSERS (its own data of which browser needs which), and a rule or declaration
 * written with a prefix is kept as written.
 */
import createCache, { type EmotionCache } from '@emotion/cache';
import { transform, type Targets } from 'lightningcss';
import { createEmotionCache } from './emotionCache';
import { SUPPORTED_BROWSERS } from './prefixer';

/** SUPPORTED_BROWSERS as lightningcss's targets (version major << 16 | minor << 8). */
function targetsOf(browsers: string[]): Targets {
  const names: Record<string, keyof Targets> = { chrome: 'chrome', edge: 'edge', firefox: 'firefox', safari: 'safari', ios: 'ios_saf' };
  return Object.fromEntries(
    browsers.map((browser) => {
      const [, name, major, minor] = /^([a-z]+)(\d+)(?:\.(\d+))?$/.exec(browser)!;
      return [names[name!]!, (Number(major) << 16) | (Number(minor ?? 0) << 8)];
    }),
  );
}

let inserted = 0;
/** The CSS a cache writes for `styles` under the class `.c` (a server-side cache returns its rules, kept by the name: each its own). */
const cssOf = (cache: EmotionCache, styles: string) =>
  cache.insert('.c', { name: `c${++inserted}`, styles, next: undefined }, cache.sheet, false) as unknown as string;

/** The declarations of the rule `.c` of `css`, each as its property and the vendor prefix of its value if any. */
function declarationsOf(css: string): string[] {
  const body = /\.c\s*\{([^}]*)\}/.exec(css)![1]!;
  return body
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean)
    .map((d) => {
      const colon = d.indexOf(':');
      const prefix = /^\s*(-webkit-|-moz-|-ms-)/.exec(d.slice(colon + 1))?.[1] ?? '';
      return `${d.slice(0, colon).trim()}:${prefix}`;
    });
}

const lightning = (declaration: string) =>
  transform({ filename: 'test.css', code: Buffer.from(`.c{${declaration}}`), targets: targetsOf(SUPPORTED_BROWSERS) }).code.toString();

/** A declaration of every property (and value) emotion's default prefixer writes prefixes for. */
const PREFIXED_BY_EMOTION = [
  'color-adjust:exact',
  'print-color-adjust:exact',
  'animation:spin 1s linear infinite',
  'animation-duration:1s',
  'text-decoration:none',
  'text-decoration:underline dotted #1d4ed8',
  'filter:blur(2px)',
  'backdrop-filter:saturate(180%) blur(8px)',
  'clip-path:circle(50%)',
  'backface-visibility:hidden',
  'columns:2',
  'column-gap:16px',
  'box-decoration-break:clone',
  'mask:url(mask.svg)',
  'mask-image:url(mask.svg)',
  'mask-size:cover',
  'background-clip:text',
  'background-clip:padding-box',
  'appearance:none',
  'user-select:none',
  'transform:rotate(-90deg)',
  'hyphens:auto',
  'text-size-adjust:100%',
  'flex:1',
  'flex-direction:column',
  'order:2',
  'align-items:center',
  'align-self:center',
  'align-content:center',
  'flex-shrink:0',
  'flex-basis:0',
  'flex-grow:1',
  'transition:transform 200ms ease',
  'cursor:grab',
  'background-image:image-set(url(a.png) 1x, url(b.png) 2x)',
  'justify-content:space-between',
  'margin-inline-start:8px',
  'padding-inline-end:8px',
  'width:max-content',
  'width:fit-content',
  'width:stretch',
  'min-height:stretch',
  'height:min-content',
  'position:sticky',
  'display:flex',
  'display:inline-flex',
  'writing-mode:vertical-lr',
];

describe("the site's emotion cache writes the prefixes lightningcss writes for the supported browsers", () => {
  const cache = createEmotionCache(undefined);
  test.each(PREFIXED_BY_EMOTION)('%s', (declaration) => {
    // color-adjust, the old name of print-color-adjust, which lightningcss leaves alone: Chrome
    // reads neither, and keeps a button's colours in print only by -webkit-print-color-adjust,
    // which emotion's default prefixer wrote for it (MUI's buttons write color-adjust).
    const expected = declaration.startsWith('color-adjust:')
      ? [...declarationsOf(lightning(`print-${declaration};`)).filter((d) => d.startsWith('-')), declaration.replace(/:.*/, ':')]
      : declarationsOf(lightning(`${declaration};`));
    expect(declarationsOf(cssOf(cache, `${declaration};`))).toEqual(expected);
  });

  test("emotion's default prefixer writes more for these (the list is what it prefixes)", () => {
    const old = createCache({ key: 'old' });
    const more = PREFIXED_BY_EMOTION.filter(
      (declaration) => declarationsOf(cssOf(old, `${declaration};`)).length > declarationsOf(lightning(`${declaration};`)).length,
    );
    // All but those that only some supported browser needs with a prefix (emotion's prefixer
    // writes more prefixes for most of them, or none where lightningcss writes one).
    expect(more.length).toBeGreaterThan(PREFIXED_BY_EMOTION.length / 2);
  });
});

test('a placeholder rule and keyframes are written once, without prefixed copies', () => {
  const cache = createEmotionCache(undefined);
  const css = cssOf(cache, '&::placeholder{opacity:0.42;}@keyframes fade{from{opacity:0;}to{opacity:1;}}');
  expect(css).toBe('.c::placeholder{opacity:0.42;}@keyframes fade{from{opacity:0;}to{opacity:1;}}');
});

test('what is written with a prefix stays as written', () => {
  const cache = createEmotionCache(undefined);
  const written = '-webkit-tap-highlight-color:transparent;-moz-appearance:none;-webkit-appearance:none;-webkit-font-smoothing:antialiased;';
  expect(cssOf(cache, `${written}&::-moz-focus-inner{border-style:none;}&:-webkit-autofill{border-radius:inherit;}`)).toBe(
    `.c{${written}}.c::-moz-focus-inner{border-style:none;}.c:-webkit-autofill{border-radius:inherit;}`,
  );
});

test('a rule keeps the last declaration of each property, and an earlier one that is more important', () => {
  const cache = createEmotionCache(undefined);
  expect(cssOf(cache, 'border:0;border-radius:0;padding:0;border-radius:12px;color:red!important;box-shadow:1px 1px red;color:blue;box-shadow:none;')).toBe(
    '.c{border:0;padding:0;border-radius:12px;color:red!important;color:blue;box-shadow:none;}',
  );
});
