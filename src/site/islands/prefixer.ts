import type { StylisElement, StylisPlugin } from '@emotion/cache';

/**
 * The browsers the site supports: the build's target for the visitors' code (vite.config.ts),
 * and the browsers whose vendor prefixes the site's CSS carries (prefixer below). Vite's own
 * default ("baseline-widely-available": what every major browser has had for 30 months),
 * written out so that the CSS and the code follow the same list.
 */
export const SUPPORTED_BROWSERS = ['chrome111', 'edge111', 'firefox114', 'safari16.4', 'ios16.4'];

const webkit = (property: string, value: string) => `-webkit-${property}:${value};`;

/**
 * For each property, the prefixed declarations a supported browser still needs besides the
 * standard one (the same as lightningcss writes for SUPPORTED_BROWSERS: src/site/islands/prefixer.test.ts).
 */
const NEEDED: Record<string, (property: string, value: string) => string> = {
  // Safari reads only -webkit-user-select.
  'user-select': webkit,
  // Safari before 18.
  'backdrop-filter': webkit,
  // Chrome before 130, Safari.
  'box-decoration-break': webkit,
  // Safari before 17.
  hyphens: webkit,
  // Chrome before 120.
  ...Object.fromEntries(
    ['mask', 'mask-image', 'mask-mode', 'mask-clip', 'mask-size', 'mask-repeat', 'mask-origin', 'mask-position', 'mask-composite'].map((p) => [p, webkit]),
  ),
  // Chrome before 136 reads only -webkit-print-color-adjust, also for color-adjust (the old name, which emotion's prefixer turned into it).
  'print-color-adjust': webkit,
  'color-adjust': (_, value) => `-webkit-print-color-adjust:${value};`,
  // Safari and Firefox on phones (not standard).
  'text-size-adjust': (property, value) => `${webkit(property, value)}-moz-${property}:${value};`,
  // Safari's shorthand with a style or a colour.
  'text-decoration': (property, value) => (/\s/.test(value.trim()) ? webkit(property, value) : ''),
  // Chrome before 120 clips to text only with the prefix.
  'background-clip': (property, value) => (value.trim() === 'text' ? webkit(property, value) : ''),
  // Chrome before 113 reads image-set() only as -webkit-image-set().
  ...Object.fromEntries(
    ['background', 'background-image'].map((p) => [
      p,
      (property: string, value: string) =>
        /(^|[^-])image-set\(/.test(value) ? `${property}:${value.replace(/(^|[^-])image-set\(/g, '$1-webkit-image-set(')};` : '',
    ]),
  ),
};

/** Sizes whose value "stretch" no supported browser reads: Chrome and Safari know it as -webkit-fill-available, Firefox as -moz-available. */
const SIZES = new Set([
  'width',
  'height',
  'min-width',
  'min-height',
  'max-width',
  'max-height',
  'inline-size',
  'block-size',
  'min-inline-size',
  'min-block-size',
  'max-inline-size',
  'max-block-size',
]);

/**
 * The stylis plugin that writes the site's vendor prefixes, in place of emotion's default one
 * (which writes those of browsers ten years old: the -webkit-box and -ms-flexbox of flex,
 * -webkit-transition, -moz-transform, a copy of each ::placeholder rule for -webkit-, -moz- and
 * -ms-, @-webkit-keyframes...): only the prefixed declarations a browser of SUPPORTED_BROWSERS
 * still needs. A declaration written with a prefix (WebkitTapHighlightColor, a
 * '&::-moz-focus-inner' rule) is kept as written.
 */
export const prefixer: StylisPlugin = (element) => {
  if (element.type === 'rule' && Array.isArray(element.children)) element.children = withoutOverridden(element.children);
  if (element.type !== 'decl' || element.length < 0 || element.return) return;
  const property = element.props as string;
  const value = element.children as string;
  const needed = NEEDED[property]?.(property, value) ?? '';
  const stretched =
    SIZES.has(property) && /\bstretch\b/.test(value)
      ? ['-webkit-fill-available', '-moz-available'].map((size) => `${property}:${value.replace(/\bstretch\b/, size)};`).join('')
      : '';
  if (needed || stretched) element.return = `${needed}${stretched}${element.value}`;
};

/**
 * What every browser of SUPPORTED_BROWSERS reads in a declaration's value (readByAll below).
 * Units and functions are named when every supported browser knows them; one not named here
 * counts as one some supported browser does not know (which costs no more than the declaration
 * before it, kept). The functions are those the site's components write in a value that
 * overrides another (colours, sizes, gradients, transforms, timing). src/site/islands/prefixer.test.ts
 * holds each name here, every length unit lightningcss knows, and the newer values below to
 * lightningcss's data for SUPPORTED_BROWSERS: a name is added once that data says every
 * supported browser reads it (and when SUPPORTED_BROWSERS moves, the test says which).
 * Keywords cannot be listed so (a font's or an animation's name is one too): those some
 * supported browser does not know are named in NOT_READ_BY_ALL, and so is any name written with
 * a vendor prefix (-webkit-fill-available, -webkit-image-set()). A size's "stretch" needs no
 * name: every supported browser reads one of the prefixed copies the prefixer writes.
 */
const KNOWN_UNITS = /^(?:p[xtc]|[cm]m|q|in|r?em|ex|ch|ic|(?:[sld]?v|cq)(?:[whib]|min|max)|deg|g?rad|turn|m?s|fr|%)$/i;
export const KNOWN_FUNCTIONS = new Set(
  'calc min max clamp rgb rgba hsl hsla linear-gradient radial-gradient translate translatex translatey scale rotate cubic-bezier'.split(' '),
);
const NOT_READ_BY_ALL = /(?:^|[^\w-])(?:-(?:webkit|moz|ms|o)-|(?:subgrid|masonry|anchor-center|grid-lanes)(?![\w-]))/i;

/**
 * Whether every supported browser reads a declaration's value, or takes it in place of an
 * earlier one all the same: a value with var() or env() is taken as valid when read (it is
 * checked only once the variable's value is known), so an earlier declaration of the property
 * is never used.
 */
function readByAll(value: string): boolean {
  // Strings and addresses hold no units, functions or keywords.
  const tokens = value.replace(/"[^"]*"|'[^']*'|\burl\([^)]*\)/gi, '');
  return (
    /(?:^|[^\w-])(?:var|env)\(/i.test(tokens) ||
    (!NOT_READ_BY_ALL.test(tokens) &&
      [...tokens.matchAll(/([\w-]+)\(/g)].every(([, name]) => KNOWN_FUNCTIONS.has(name!.toLowerCase())) &&
      // A number's unit (not the digits of a colour like #1d4ed8 or of a name like translate3d).
      [...tokens.matchAll(/(?:^|[^\w.#-])[+-]?[\d.]+([a-z]+|%)?/gi)].every(([, unit]) => !unit || KNOWN_UNITS.test(unit)))
  );
}

/**
 * A rule's declarations without those a later one of the same property overrides in every
 * supported browser (MUI writes a button's border-radius three times in one rule, say): an
 * earlier declaration is left out when a later one is as important and every supported browser
 * reads it (readByAll). A fallback written on purpose stays: of height:100vh;height:1lh, a
 * browser that does not know lh reads the first.
 */
function withoutOverridden(children: StylisElement[]): StylisElement[] {
  const important = (d: StylisElement) => /!\s*important\s*$/i.test(d.children as string);
  return children.filter(
    (d, i) =>
      d.type !== 'decl' ||
      !children
        .slice(i + 1)
        .some((later) => later.type === 'decl' && later.props === d.props && (important(later) || !important(d)) && readByAll(later.children as string)),
  );
}
