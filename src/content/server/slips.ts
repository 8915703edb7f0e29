/**
 * A slip in a config file (a missing comma, quote or bracket, a stray character) said as one
 * sentence: the file, the line to look at and what is wrong there, in people's words
 * ("config/forms/contact.ts, line 11: a comma is missing at the end of this line."), never
 * esbuild's own message or a stack trace.
 *
 * The words are in SLIP_WORDS below, not in config/: the file that holds them could be the one
 * with the slip. The checker says a slip this way wherever it finds one (configFolder.ts, for a
 * file it cannot read), and `npm run check`, `npm start`, `npm run build` and the dev server ask
 * slipsIn first, before they load any code that imports config/ itself (the checker's schemas
 * read config/forms, the server config/server.ts…): a slip there would otherwise stop the
 * process with esbuild's error.
 *
 * Nothing here imports config/: only esbuild (its parser, the one every config file is read with) and Node.
 */
import type { Message } from 'esbuild';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** What each kind of slip is called; {token} is what the file has at that place, in quotes. */
export const SLIP_WORDS = {
  commaAtEnd: 'a comma is missing at the end of this line',
  commaBefore: 'a comma is missing before {token}',
  colonAfter: 'a colon is missing after {token}',
  notClosed: 'a text is not closed: end it with the same quote it starts with',
  quoteOnLine: 'a quote is missing on this line: each text starts and ends with the same quote',
  openingQuote: 'an opening quote is missing before {token}',
  apostrophe: 'the apostrophe in {token} ends the text early: put the text between double quotes ("…") instead, or write \\\' for the apostrophe',
  strayAfterText: 'there is a stray {token} after the text: remove it, or move it inside the quotes',
  stray: 'there is a stray {token} here: remove it',
  semicolon: 'a ";" is where a comma belongs: write "," instead',
  closeBefore: 'a {missing} is missing before this {token}, or this {token} is one too many',
  closeAtEnd: 'a "}" is missing at the end of this line',
  listNotOpened: 'a "{" starts where a key belongs: the list it is in is missing its "[" (or a "}" before it is one too many)',
  bracketBefore: 'a bracket is missing before this {token}: a "]" closing the list above, or a "{" opening this group',
  braceBefore: 'a "}" is missing before {token}: every "{" needs its "}"',
  endOfFile: 'the file ends before every bracket is closed: a "}" or "]" is missing',
  other: '{text}: look for a missing comma, quote or bracket near that place',
} as const;

/** Where esbuild stopped: its message, the 1-based line and the 0-based column (esbuild's own counting). */
export interface ParseStop {
  text: string;
  line: number;
  column: number;
}

const fill = (words: string, values: Record<string, string>) => words.replace(/\{(\w+)\}/g, (all, name: string) => values[name] ?? all);
const quoted = (token: string) => `"${token}"`;
const WORD = /^[A-Za-z_$][\w$]*$/;

/** The line and the words for a parse error of `source` (a config file's text). */
function slipOf(source: string, stop: ParseStop): { line: number; words: string } {
  const lines = source.split('\n');
  const lineText = lines[stop.line - 1] ?? '';
  const at = (words: string, values: Record<string, string> = {}, line = stop.line) => ({ line, words: fill(words, values) });

  if (/^Unterminated (string|template) literal$/.test(stop.text)) {
    // A back quote left open runs to the end of the file: the line to look at is the one with a back quote of its own.
    if (stop.line >= lines.length && lineText.trim() === '') {
      const open = lines.findIndex((l) => (l.match(/`/g) ?? []).length % 2 === 1);
      if (open >= 0) return at(SLIP_WORDS.notClosed, {}, open + 1);
    }
    return at(SLIP_WORDS.notClosed);
  }
  if (/^Unexpected end of file$|but found end of file$/.test(stop.text)) return at(SLIP_WORDS.endOfFile);
  const unexpected = /^Unexpected "(.+)"$/.exec(stop.text);
  if (unexpected) return at(SLIP_WORDS.stray, { token: quoted(unexpected[1]!) });
  // A character the parser cannot start anything with ("#" at the end of a line): the last one there.
  if (stop.text.startsWith('Syntax error')) {
    const character = lineText
      .slice(0, stop.column + 1)
      .trimEnd()
      .slice(-1);
    if (character !== '') return at(SLIP_WORDS.stray, { token: quoted(character) });
  }

  const parts = /^Expected (identifier|"([^"]+)") but found "(.+)"$/.exec(stop.text);
  if (!parts) return at(SLIP_WORDS.other, { text: stop.text.replace(/\.$/, '') });
  const expected = parts[2] ?? 'identifier';
  const found = parts[3]!;
  const before = lineText.slice(0, stop.column);
  const after = lineText.slice(stop.column + found.length);
  const isWord = WORD.test(found);
  const isText = /^['"`]/.test(found);
  const closing = ['}', ']', ')'];

  // A word right after a quote: an apostrophe inside a text, a letter typed after one, or a text left open earlier on the line.
  const quote = before.slice(-1);
  if (isWord && (quote === "'" || quote === '"')) {
    const beforeQuote = before.slice(0, -1);
    if (/\w$/.test(beforeQuote) && after.includes(quote)) {
      const start = beforeQuote.lastIndexOf(quote);
      const end = lineText.indexOf(quote, stop.column + found.length);
      return at(SLIP_WORDS.apostrophe, { token: lineText.slice(Math.max(start, 0), end + 1) });
    }
    if (/\s$/.test(beforeQuote) || beforeQuote === '') return at(SLIP_WORDS.quoteOnLine);
    return at(SLIP_WORDS.strayAfterText, { token: quoted(found) });
  }
  // A key followed by its value with no colon between them: `title 'Blog'`.
  const key = /(?:^|[{,])\s*([A-Za-z_$][\w$]*)\s+$/.exec(before);
  if (key && (isText || isWord) && !/\bsatisfies\s+$/.test(before)) return at(SLIP_WORDS.colonAfter, { token: quoted(key[1]!) });
  // A text with no opening quote: `label: Full Name'`.
  const unquoted = /:\s*([A-Za-z][\w-]*)\s+$/.exec(before);
  if (isWord && unquoted && /['"]/.test(after)) return at(SLIP_WORDS.openingQuote, { token: quoted(unquoted[1]!) });
  // The value's last "}" missing: esbuild stops at what follows it.
  if (/\bsatisfies\s+$/.test(before) || (isWord && found === 'satisfies')) return at(SLIP_WORDS.braceBefore, { token: quoted('satisfies') });
  if (found === ';') return at(SLIP_WORDS.semicolon);
  if ((expected === '}' || expected === ']') && (isWord || isText || found === '{' || found === '[' || /^\d/.test(found))) {
    // At the start of a line: the comma belongs at the end of the line before (blank lines and notes skipped).
    if (before.trim() === '') return at(SLIP_WORDS.commaAtEnd, {}, previousLine(lines, stop.line));
    return at(SLIP_WORDS.commaBefore, { token: quoted(found) });
  }
  if (closing.includes(found)) return at(SLIP_WORDS.closeBefore, { missing: quoted(expected === 'identifier' ? '}' : expected), token: quoted(found) });
  if (found === '{' && expected === 'identifier') {
    // The group on the line before left open (`{ name: 'a', label: 'b' ,`), or a list of groups without its "[".
    const previous = previousLine(lines, stop.line);
    const text = lines[previous - 1] ?? '';
    if (before.trim() === '' && count(text, '{') > count(text, '}')) return at(SLIP_WORDS.closeAtEnd, {}, previous);
    return at(SLIP_WORDS.listNotOpened);
  }
  if (found === ':' && expected !== 'identifier') return at(SLIP_WORDS.bracketBefore, { token: quoted(found) });
  // `'Blog'.,`: a stray full stop reads as the start of `.name`.
  if (expected === 'identifier' && /\.\s*$/.test(before)) return at(SLIP_WORDS.stray, { token: quoted('.') });
  if (!isWord && !isText && found.length <= 2) return at(SLIP_WORDS.stray, { token: quoted(found) });
  return at(SLIP_WORDS.other, { text: stop.text });
}

/** The line before `line` with something on it (blank lines and notes skipped), 1-based. */
function previousLine(lines: readonly string[], line: number): number {
  let previous = line - 1;
  while (previous > 1 && /^\s*(\/\/.*)?$/.test(lines[previous - 1] ?? '')) previous--;
  return Math.max(previous, 1);
}

/** How many times a bracket is on a line, outside its texts. */
const count = (line: string, bracket: string) => line.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/g, '').split(bracket).length - 1;

/** The sentence for a parse error of a config file: `<file>, line <n>: <what is wrong>.` */
export function slipSentence(file: string, source: string, stop: ParseStop): string {
  const { line, words } = slipOf(source, stop);
  return `${file}, line ${line}: ${words}.`;
}

/** The .ts files of a folder and the folders inside it, in order. */
function tsFilesUnder(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/**
 * The slips of every file of a config folder, one sentence each (none when every file parses),
 * named as people know them: "config/forms/contact.ts". Parsing only (esbuild's transform, a few
 * milliseconds a file): whether a file's values are right is the checker's business.
 */
export async function slipsIn(configDir: string): Promise<string[]> {
  const sentences: string[] = [];
  // Loaded here, not when the server starts (see configModules.ts).
  const { transform } = await import('esbuild');
  for (const file of tsFilesUnder(configDir)) {
    const source = readFileSync(file, 'utf8');
    try {
      await transform(source, { loader: 'ts', sourcefile: file, logLevel: 'silent' });
    } catch (error) {
      const first = (error as { errors?: Message[] }).errors?.[0];
      if (!first?.location) throw error;
      const name = ['config', ...path.relative(configDir, file).split(path.sep)].join('/');
      sentences.push(slipSentence(name, source, { text: first.text, line: first.location.line, column: first.location.column }));
    }
  }
  return sentences;
}

/** What `npm run check` prints for these problems. */
export function report(problems: readonly string[]): string {
  if (problems.length === 0) return 'Config is all good.';
  return [`Found ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} in config/:`, ...problems].join('\n');
}
