/** Types of scripts/lib/commandLine.mjs, for the TypeScript scripts. */
export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** What a string option takes, shown in sentences: "json|csv". */
  value?: string;
}
export interface CommandSpec {
  command: string;
  options?: Record<string, OptionSpec>;
  /** How many plain words the command takes: at least, at most. */
  words?: [number, number];
  /** The words as shown in usage: " <file>". */
  wordsHint?: string;
}
export interface Parsed {
  values: Record<string, string | boolean | undefined>;
  words: string[];
}
export function refuse(sentence: string): never;
export function parseCommandLine(args: readonly string[], spec: CommandSpec): (Parsed & { problem?: undefined }) | { problem: string };
export function readCommandLine(args: readonly string[], spec: CommandSpec): Parsed;
