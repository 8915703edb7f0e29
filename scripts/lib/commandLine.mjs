// How every script of scripts/ reads its command line: node:util's parseArgs with strict on.
// An option the command does not know, an option without its value (or with one it does not
// take), or a word too many or too few is answered with one sentence on standard error and exit
// code 2, before the command does anything (so nothing is changed). Adding an option to a
// command is one line in its `options`.
import { parseArgs } from 'node:util';

/** Ends the script with one sentence and exit code 2 (wrong usage). */
export function refuse(sentence) {
  process.stderr.write(`${sentence}\n`);
  process.exit(2);
}

const list = (names) => (names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/** The option's name as typed (--format, -x), from parseArgs' message. */
const optionIn = (message) => /'(-{1,2}[^' <=]+)/.exec(message)?.[1] ?? 'an option';

/**
 * The sentence for what is wrong with `args` for this command, or the parsed values.
 * `command` names the command in sentences ("npm run leads -- export"); `options` are
 * parseArgs' options, each with an optional `value` naming what it takes ("json|csv");
 * `words` is how many plain words (positionals) it takes, at least and at most, and `wordsHint`
 * shows them (" <file>").
 */
export function parseCommandLine(args, { command, options = {}, words = [0, 0], wordsHint = '' }) {
  const known = Object.entries(options).map(([name, o]) => (o.type === 'string' ? `--${name} <${o.value ?? 'value'}>` : `--${name}`));
  const takes = known.length === 0 ? `${command} takes no options.` : `${command} takes ${list(known)}.`;
  const config = Object.fromEntries(Object.entries(options).map(([name, o]) => [name, { type: o.type, ...(o.short ? { short: o.short } : {}) }]));
  let parsed;
  try {
    parsed = parseArgs({ args, options: config, allowPositionals: true, strict: true });
  } catch (error) {
    const { code, message } = error;
    const name = optionIn(String(message));
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return { problem: `Unknown option ${name}: ${takes} Nothing was done.` };
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      return /does not take an argument/.test(String(message))
        ? { problem: `${name} takes no value: write it alone. Nothing was done.` }
        : { problem: `${name} needs a value after it, like ${known.find((k) => k.startsWith(`${name} `)) ?? `${name} <value>`}. Nothing was done.` };
    }
    return { problem: `${String(message).split('\n')[0]} Nothing was done.` };
  }
  for (const [name, o] of Object.entries(options)) {
    if (o.type === 'string' && parsed.values[name] === '')
      return { problem: `--${name} needs a value after it, like --${name} <${o.value ?? 'value'}>. Nothing was done.` };
  }
  const [min, max] = words;
  const count = parsed.positionals.length;
  if (count < min || count > max) {
    const usage = `${command}${wordsHint}`.trim();
    return {
      problem:
        count > max
          ? `Too many words after ${command} ("${parsed.positionals.slice(max).join(' ')}"): use ${usage}. Nothing was done.`
          : `Something is missing: use ${usage}. Nothing was done.`,
    };
  }
  return { values: parsed.values, words: parsed.positionals };
}

/** parseCommandLine, ending the script with its sentence when the command line is wrong. */
export function readCommandLine(args, spec) {
  const result = parseCommandLine(args, spec);
  if (result.problem) refuse(result.problem);
  return result;
}
