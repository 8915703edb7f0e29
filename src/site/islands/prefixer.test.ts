/**
 * The site's CSS carries the vendor prefixes the supported browsers need, and no other: for
 * every declaration emotion's default prefixer prefixes, the site's emotion cache (as the server's
 * render and the browser use it) writes the prefixed declarations lightningcss writes for
 * SUPPORTED_BROWSERS (its own data of which browser needs which), and a rule or declaration
 * written with a prefix is kept as written.
 */
import createCache, { type EmotionCache } from '@emotion/cache';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { transform, type Targets } from 'lightningcss';
import { createEmotionCache } from './emotionCache';
import { KNOWN_FUNCTIONS, SUPPORTED_BROWSERS } from './prefixer';

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

describe('a declaration before a later one of its property is left out only when every supported browser reads the later one', () => {
  const cache = createEmotionCache(undefined);
  /** Whether the site's cache keeps `earlier` before `later` in one rule. */
  const keeps = (earlier: string, later: string) => cssOf(cache, `${earlier};${later};`).includes(`${earlier};`);
  /** Whether lightningcss, for `targets`, keeps `earlier` before `later` (it keeps a fallback its data says a target needs). */
  const lightningKeeps = (earlier: string, later: string, targets = targetsOf(SUPPORTED_BROWSERS)) =>
    transform({ filename: 'test.css', code: Buffer.from(`.c{${earlier};${later}}`), targets, minify: true })
      .code.toString()
      .includes(earlier);
  const OLD_BROWSERS = targetsOf(['chrome60', 'firefox60', 'safari10']);

  test('a fallback written on purpose stays (emotion writes height:["100vh","1lh"] so)', () => {
    expect(cssOf(cache, 'height:100vh;height:1lh;')).toBe('.c{height:100vh;height:1lh;}');
    expect(cssOf(cache, 'height:100%;height:-webkit-fill-available;')).toBe('.c{height:100%;height:-webkit-fill-available;}');
    // A function not known to be read by every supported browser counts as one some do not read.
    expect(keeps('width:1px', 'width:some-function(1px)')).toBe(true);
  });

  test('an overridden declaration is left out, also before a value with var() or env(), which a browser takes as valid when it reads it', () => {
    expect(cssOf(cache, 'padding:0;height:100vh;color:red;height:100dvh;color:var(--c);padding:env(safe-area-inset-top) 2rem;')).toBe(
      '.c{height:100dvh;color:var(--c);padding:env(safe-area-inset-top) 2rem;}',
    );
    // (dvh: every supported browser reads it.) The same for a value that uses what some supported
    // browser does not know, if it has var(); what an address or a string holds is no unit.
    expect(keeps('height:100vh', 'height:calc(var(--h) * 1lh)')).toBe(false);
    expect(keeps('background:none', 'background:url(x-2lh.png) center/cover,url("y 1lh.png")')).toBe(false);
  });

  // lightningcss's own list of length units (its AST's types), so that a unit it learns is judged too.
  const lengthUnits = [
    ...(
      /export type LengthUnit =([^;]*);/.exec(readFileSync(path.join(path.dirname(require.resolve('lightningcss')), 'ast.d.ts'), 'utf8'))?.[1] ?? ''
    ).matchAll(/"([a-z]+)"/g),
  ].map(([, unit]) => unit!);
  // Units lightningcss has no data for: it takes them as read even by browsers of 2016 (which knew
  // no root-relative font units), so their fallbacks are kept as for any unit not known to be read.
  const NO_DATA = ['rex', 'rch', 'ric', 'rcap'];
  const units: [string, string][] = [
    ...lengthUnits.filter((unit) => !NO_DATA.includes(unit)).map((unit): [string, string] => ['width:1px', `width:2${unit}`]),
    ...['deg', 'grad', 'rad', 'turn'].map((unit): [string, string] => ['rotate:1deg', `rotate:2${unit}`]),
    ...['s', 'ms'].map((unit): [string, string] => ['transition-duration:1s', `transition-duration:2${unit}`]),
    ['grid-template-columns:1px', 'grid-template-columns:1fr'],
    ['width:1px', 'width:50%'],
  ];
  test.each(units)('%s;%s: kept as lightningcss keeps it', (earlier, later) => {
    expect(lengthUnits.length).toBeGreaterThan(40);
    expect(keeps(earlier, later)).toBe(lightningKeeps(earlier, later));
  });
  test.each(NO_DATA)('width:1px;width:2%s: kept, lightningcss having no data', (unit) => {
    expect(lengthUnits).toContain(unit);
    expect(lightningKeeps('width:1px', `width:2${unit}`, OLD_BROWSERS)).toBe(false);
    expect(keeps('width:1px', `width:2${unit}`)).toBe(true);
  });

  /** For each function every supported browser reads (KNOWN_FUNCTIONS), a declaration that uses it after an earlier one. */
  const FUNCTIONS: Record<string, [string, string]> = {
    calc: ['width:1px', 'width:calc(100% - 2rem)'],
    min: ['width:1px', 'width:min(1em,3px)'],
    max: ['width:1px', 'width:max(1em,3px)'],
    clamp: ['font-size:1px', 'font-size:clamp(2.5rem,6vw,4.25rem)'],
    rgb: ['color:red', 'color:rgb(1 2 3)'],
    rgba: ['color:red', 'color:rgba(0,0,0,.54)'],
    hsl: ['color:red', 'color:hsl(1 2% 3%)'],
    hsla: ['color:red', 'color:hsla(1,2%,3%,.5)'],
    'linear-gradient': ['background-image:none', 'background-image:linear-gradient(red,blue)'],
    'radial-gradient': ['background-image:none', 'background-image:radial-gradient(red,blue)'],
    translate: ['transform:none', 'transform:translate(1px,-50%)'],
    translatex: ['transform:none', 'transform:translateX(-1px)'],
    translatey: ['transform:none', 'transform:translateY(-1px)'],
    scale: ['transform:none', 'transform:scale(1.1)'],
    rotate: ['transform:none', 'transform:rotate(-90deg)'],
    'cubic-bezier': ['transition-timing-function:ease', 'transition-timing-function:cubic-bezier(.4,0,.2,1)'],
  };
  test('each function named as read by every supported browser has its example here', () => {
    expect(Object.keys(FUNCTIONS).sort()).toEqual([...KNOWN_FUNCTIONS].sort());
  });
  test.each(Object.entries(FUNCTIONS))('%s: left out before it, as lightningcss leaves it out', (_, [earlier, later]) => {
    expect(lightningKeeps(earlier, later)).toBe(false);
    expect(keeps(earlier, later)).toBe(false);
  });

  /**
   * Values some supported browser does not read (lightningcss keeps the declaration before each), each
   * with one of the same property that every supported browser reads (lightningcss leaves the
   * declaration before it out: it judges the property).
   */
  const NEWER_VALUES: [string, string, string][] = [
    ['width:1px', 'width:round(1em,1px)', 'width:1em'],
    ['width:1px', 'width:mod(1em,3px)', 'width:1em'],
    ['width:1px', 'width:rem(1em,3px)', 'width:1em'],
    ['width:1px', 'width:abs(1em - 3px)', 'width:1em'],
    ['width:1px', 'width:hypot(1em,2px)', 'width:1em'],
    ['width:1px', 'width:calc-size(auto,size)', 'width:1em'],
    ['width:1px', 'width:anchor-size(width)', 'width:1em'],
    ['width:1px', 'width:fit-content(10px)', 'width:fit-content'],
    ['left:1px', 'left:anchor(right)', 'left:1em'],
    ['color:red', 'color:light-dark(red,blue)', 'color:blue'],
    ['color:red', 'color:color(display-p3 1 0 0)', 'color:blue'],
    ['transition-timing-function:ease', 'transition-timing-function:linear(0,1)', 'transition-timing-function:linear'],
    ['clip-path:circle(1px)', 'clip-path:xywh(0 0 1px 1px)', 'clip-path:none'],
    ['clip-path:circle(1px)', 'clip-path:rect(0 1px 1px 0)', 'clip-path:none'],
    ['clip-path:circle(1px)', 'clip-path:path("M0 0")', 'clip-path:none'],
    ['grid-template-columns:repeat(3,1fr)', 'grid-template-columns:subgrid', 'grid-template-columns:none'],
    ['grid-template-rows:none', 'grid-template-rows:masonry', 'grid-template-rows:1fr'],
    ['display:block', 'display:grid-lanes', 'display:grid'],
    ['align-self:center', 'align-self:anchor-center', 'align-self:end'],
    ['height:100%', 'height:-webkit-fill-available', 'height:100vh'],
  ];
  test.each(NEWER_VALUES)('%s;%s: kept, as lightningcss keeps it', (earlier, later, readByAll) => {
    expect(lightningKeeps(earlier, readByAll)).toBe(false);
    expect(lightningKeeps(earlier, later)).toBe(true);
    expect(keeps(earlier, later)).toBe(true);
    expect(keeps(earlier, readByAll)).toBe(false);
  });
});
