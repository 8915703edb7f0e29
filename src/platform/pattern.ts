/**
 * Text patterns written once and run by two engines: JavaScript (the browser and our
 * server) and RE2 (Firestore and Cloud Storage security rules, `string.matches()`).
 *
 * A pattern is written in RE2 syntax, restricted to the part both engines read the same way:
 *   - the whole value must match (RE2's full match; no ^ or $ in the pattern);
 *   - characters by code point as \x{HHHH}, character classes [...] and [^...], ranges, the
 *     escapes \. \- \[ \] \\ \{ \} \( \) \* \+ \? \| \^ \$ of punctuation, groups (?:...),
 *     alternation |, and the repeats * + ? {n} {n,} {n,m};
 *   - never . \s \d \w \b or Unicode classes (\p{..}): the two engines disagree on them
 *     (RE2's \s has no non-breaking space, JavaScript's has), so spell the characters out:
 *     SPACE and ANY below.
 * `fullMatch` makes the JavaScript RegExp; the rules generator (src/deploy/firebaseRules.ts)
 * writes the same text into a rules string.
 */

/**
 * Every character JavaScript's String.prototype.trim() removes (and /\s/ matches): tab, line
 * feed, vertical tab, form feed, carriage return, space, no-break space, ogham space mark,
 * the spaces U+2000 to U+200A, line and paragraph separators, narrow no-break space, medium
 * mathematical space, ideographic space and the byte order mark. A class body: use as [SPACE].
 */
export const SPACE = '\\x{9}-\\x{D}\\x{20}\\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}';

/** Any one character (both engines' `.` leave out some line breaks). */
export const ANY = '[\\x{0}-\\x{10FFFF}]';

/** The JavaScript RegExp that matches exactly the values the RE2 pattern `source` fully matches. */
export function fullMatch(source: string): RegExp {
  let js = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (char !== '\\') {
      if (char === '.' && !inClass) throw new SyntaxError(`. at ${i} in ${source}: write the characters meant, like ANY`);
      if (char === '[' && !inClass) {
        inClass = true;
        if (source[i + 1] === ']' || source.startsWith('^]', i + 1)) throw new SyntaxError(`[] at ${i} in ${source}: escape a ] that starts a class`);
      } else if (char === ']') inClass = false;
      js += char;
      continue;
    }
    const next = source[i + 1];
    if (next === 'x' && source[i + 2] === '{') {
      const end = source.indexOf('}', i + 3);
      const hex = source.slice(i + 3, end);
      if (end < 0 || !/^[0-9A-Fa-f]{1,6}$/.test(hex)) throw new SyntaxError(`Bad \\x{...} at ${i} in ${source}`);
      js += `\\u{${hex}}`;
      i = end;
      continue;
    }
    if (next === undefined || !/^[.\-[\]\\{}()*+?|^$/]$/.test(next)) {
      throw new SyntaxError(`\\${next ?? ''} at ${i} in ${source} is not in the syntax JavaScript and RE2 share`);
    }
    js += `\\${next}`;
    i++;
  }
  // The u flag: \u{...} escapes, and classes match whole code points as RE2 does.
  return new RegExp(`^(?:${js})$`, 'u');
}
