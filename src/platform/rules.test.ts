/**
 * The rule descriptions (rules.ts) and the pattern syntax they use (pattern.ts): one pattern
 * per rule means the same in JavaScript (the browser and our server) and in RE2 (the
 * Firebase security rules), and the checks mean what they meant before they were patterns.
 */
import { RE2JS } from 're2js';
import { ANY, SPACE, fullMatch } from './pattern';
import { badEmails, goodEmails, invalidData, validData, validVariants } from '../test/formFixtures';
import { isStorableText, ruleDescription, ruleNames, rules, storableText, type RuleName } from './rules';
import { storageIdPattern, storageIdSource, submissionKeySource } from './storageId';

/** The checks as they were written before rules.ts described them as patterns: the meaning to keep. */
const before: Record<'required' | 'email' | 'digits' | 'digitsRequired', (value: string) => boolean> = {
  required: (value) => value.trim() !== '',
  email: (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
  digits: (value) => /^[0-9]*$/.test(value),
  digitsRequired: (value) => /^[0-9]+$/.test(value),
};

/** The same description run by RE2 (as Firestore runs it): whole-string match. */
const re2Check = (name: RuleName, min?: number) => {
  const { pattern, emptyPasses } = ruleDescription(name, min);
  const compiled = RE2JS.compile(pattern);
  return (value: string) => (emptyPasses && value === '') || compiled.matches(value);
};

/** Every text the fixtures hold, and more: empty, spaces of every kind, other scripts, emoji, lone surrogates. */
const fixtureTexts = [
  ...new Set([
    ...goodEmails,
    ...badEmails,
    ...Object.values(validData).flatMap((v) => Object.values(v)),
    ...Object.values(validVariants).flatMap((list) => list.flatMap((v) => Object.values(v))),
    ...Object.values(invalidData).flatMap((list) => list.flatMap((c) => Object.values(c.values))),
  ]),
];
const extraTexts = [
  '',
  ' ',
  '   ',
  '\t\n',
  '\u00a0',
  '\u3000',
  '\ufeff',
  '\u200b', // zero-width space: not white space for trim()
  '\u180e', // Mongolian vowel separator: no longer white space
  '\u0085', // next line: not white space for trim()
  'a\u00a0b@c.de',
  'a@b\u2028.de',
  'é@ü.de',
  'Zoë Ünal',
  '名前',
  '😀',
  '😀@😀.😀',
  'x@y.z😀',
  '0123456789',
  '٠١٢', // Arabic-Indic digits
  '０１２', // full-width digits
  '12\n',
  '\n12',
  '1 2',
  '\ud800', // a lone surrogate
  'a@b.c\ud800',
  'a\u0000b',
  '\u0000',
];
const texts = [...new Set([...fixtureTexts, ...extraTexts])];

describe.each(Object.keys(before) as (keyof typeof before)[])('the %s rule', (name) => {
  it('accepts and refuses exactly what it did before it was a pattern, on every fixture text and more', () => {
    for (const text of texts) expect([JSON.stringify(text), rules[name](text)]).toEqual([JSON.stringify(text), before[name](text)]);
  });
});

/** The rules the office's own forms gained: what each accepts and refuses (empty passes: a required check makes a field required). */
const examples: Record<Exclude<RuleName, keyof typeof before>, { min?: number; accepts: string[]; refuses: string[] }> = {
  emailOrEmpty: { accepts: ['', 'ada@example.com', 'a.b+c@shop.co.uk'], refuses: [' ', 'ada', 'ada@example', 'a b@example.com', 'ada@@example.com'] },
  url: {
    accepts: ['', 'example.com', 'www.shop.co.uk', 'https://example.com/a?b=c#d', 'HTTP://Example.com', 'shop.example:8080/x'],
    refuses: ['example', 'http://localhost', 'a b.com', 'https://', 'mail@example.com', ' example.com'],
  },
  number: {
    accepts: ['', '12', '-3', '+4', '1.5', '1,5', '1,500.50', "2'000", '1 250 000', ' 7 ', '1\u00a0000'],
    refuses: ['abc', '1e5', '12a', '--1', '1..2', ',5', '٣'],
  },
  date: { accepts: ['', '2026-11-28', '1999-01-31'], refuses: ['2026-13-01', '2026-00-10', '2026-1-1', '28/11/2026', '2026-11-32', ' 2026-11-28'] },
  minLength: { min: 3, accepts: ['', 'abc', 'abcd', '😀😀😀', '\n\n\n'], refuses: ['a', 'ab', '😀😀'] },
};

describe.each(Object.entries(examples))('the %s rule', (name, { min, accepts, refuses }) => {
  it('accepts real answers and refuses others', () => {
    const check = (text: string) => rules[name as RuleName](text, min);
    expect(accepts.filter((t) => !check(t))).toEqual([]);
    expect(refuses.filter((t) => check(t))).toEqual([]);
  });
});

describe.each(ruleNames)('the %s rule (its pattern)', (name) => {
  it('RE2, matching the whole text, agrees with the JavaScript check (except on lone surrogates, which Firestore cannot store)', () => {
    const re2 = re2Check(name, 3);
    for (const text of texts.filter((t) => !/[\ud800-\udfff]/u.test(t))) {
      expect([JSON.stringify(text), re2(text)]).toEqual([JSON.stringify(text), rules[name](text, 3)]);
    }
  });

  it('is written in the syntax both engines share (RE2 compiles it; fullMatch translates it)', () => {
    const { pattern } = ruleDescription(name, 1000);
    expect(() => RE2JS.compile(pattern)).not.toThrow();
    expect(fullMatch(pattern)).toBeInstanceOf(RegExp);
    expect(pattern).not.toMatch(/^\^|\$$/); // whole-value matching is implied, not written
  });
});

it('SPACE is exactly the set of characters trim() removes, in both engines, over every code point', () => {
  const js = fullMatch(`[${SPACE}]`);
  const re2 = RE2JS.compile(`[${SPACE}]`);
  const trimmed: number[] = [];
  for (let code = 0; code <= 0x10ffff; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    const char = String.fromCodePoint(code);
    const space = char.trim() === '';
    if (space) trimmed.push(code);
    if (js.test(char) !== space || re2.matches(char) !== space)
      throw new Error(`U+${code.toString(16)}: trim ${space}, JS ${js.test(char)}, RE2 ${re2.matches(char)}`);
  }
  expect(trimmed.length).toBe(25);
});

it('ANY matches any one character, in both engines', () => {
  const js = fullMatch(ANY);
  const re2 = RE2JS.compile(ANY);
  for (const char of ['\u0000', '\n', '\r', '\u2028', 'a', '😀', '\uffff']) {
    expect(js.test(char)).toBe(true);
    expect(re2.matches(char)).toBe(true);
  }
  expect(js.test('ab')).toBe(false);
});

describe('fullMatch', () => {
  it('matches the whole value only', () => {
    expect(fullMatch('[0-9]+').test('12')).toBe(true);
    expect(fullMatch('[0-9]+').test('a12')).toBe(false);
    expect(fullMatch('[0-9]+').test('12a')).toBe(false);
    expect(fullMatch('a|b').test('ab')).toBe(false);
  });

  it('reads \\x{...} as a code point and keeps escaped punctuation', () => {
    expect(fullMatch('\\x{1F600}').test('😀')).toBe(true);
    expect(fullMatch('a\\.b').test('a.b')).toBe(true);
    expect(fullMatch('a\\.b').test('axb')).toBe(false);
  });

  it('refuses what the two engines read differently', () => {
    for (const source of ['\\s', '\\d+', '\\w', 'a.b', '\\bx', '\\p{L}', '[]a]']) expect(() => fullMatch(source)).toThrow(SyntaxError);
    expect(() => fullMatch('[.]')).not.toThrow();
  });
});

it('storable text: anything but NUL', () => {
  expect(storableText.pattern).toBe('[^\\x{0}]*');
  for (const text of texts) expect(isStorableText(text)).toBe(!text.includes('\u0000'));
});

describe('ids', () => {
  it('the storage id pattern accepts a lowercase v4 UUID only (what crypto.randomUUID() makes)', () => {
    for (let i = 0; i < 200; i++) expect(storageIdPattern.test(crypto.randomUUID())).toBe(true);
    const notRandom = [
      '00000000-0000-0000-0000-000000000000', // the nil UUID
      'ffffffff-ffff-ffff-ffff-ffffffffffff', // the max UUID
      'f47ac10b-58cc-11cf-a567-0e02b2c3d479', // version 1 (a clock and a machine address)
      '0f8c6a2e-3b1d-5c5e-9f7a-1b2c3d4e5f60', // version 5
      '0f8c6a2e-3b1d-4c5e-cf7a-1b2c3d4e5f60', // version 4 digit, another variant
    ];
    for (const bad of [
      '',
      crypto.randomUUID().toUpperCase(),
      `${crypto.randomUUID()}.pdf`,
      `${crypto.randomUUID()}\n`,
      '../0f8c6a2e-3b1d-4c5e-9f7a-1b2c3d4e5f60',
      ...notRandom,
    ]) {
      expect(storageIdPattern.test(bad)).toBe(false);
    }
    expect(RE2JS.compile(storageIdSource).matches('0f8c6a2e-3b1d-4c5e-9f7a-1b2c3d4e5f60')).toBe(true);
    for (const bad of notRandom) expect(RE2JS.compile(storageIdSource).matches(bad)).toBe(false);
  });

  it('the submission key pattern accepts what crypto.randomUUID() makes, and nothing of another shape', () => {
    const key = fullMatch(submissionKeySource);
    for (let i = 0; i < 200; i++) expect(key.test(crypto.randomUUID())).toBe(true);
    for (const bad of [
      '',
      'AbCdEfGhIjKlMnOpQrSt',
      crypto.randomUUID().toUpperCase(),
      'f47ac10b-58cc-11cf-a567-0e02b2c3d479',
      '00000000-0000-0000-0000-000000000000',
      'f47ac10b-58cc-4372-c567-0e02b2c3d479',
    ]) {
      expect([bad, key.test(bad)]).toEqual([bad, false]);
    }
  });
});
