/**
 * The checks a form's config may name, by rule name. Each rule is described once, as a
 * pattern the whole value must match (RE2 syntax that JavaScript reads the same way, see
 * pattern.ts) and whether an empty value passes without it; a rule with a number (`minLength`,
 * the check's `min`) makes its pattern from that number. From that one description:
 *   - `rules[name](value, min)`: the check the browser and our server run (src/site/forms/model/buildSchema.ts);
 *   - the same pattern in the Firestore security rules (src/deploy/firebaseRules.ts), the
 *     only check in Firebase mode.
 */
import { ANY, SPACE, fullMatch } from './pattern';

export interface RuleDescription {
  /** What the rule accepts, in words. */
  summary: string;
  /** RE2 syntax, restricted as pattern.ts says; the whole value must match. */
  pattern: string;
  /** true: the empty value passes without the pattern (an optional field); false: the pattern decides. */
  emptyPasses: boolean;
}

export const ruleDescriptions = {
  required: {
    summary: 'Something other than spaces was entered.',
    pattern: `[${SPACE}]*[^${SPACE}]${ANY}*`,
    emptyPasses: false,
  },
  email: {
    summary: 'text, an at sign, text, a dot, text; no spaces anywhere.',
    pattern: `[^${SPACE}@]+@[^${SPACE}@]+\\.[^${SPACE}@]+`,
    emptyPasses: false,
  },
  emailOrEmpty: {
    summary: 'An e-mail address as `email` takes it, or nothing (empty passes: the field is optional).',
    pattern: `[^${SPACE}@]+@[^${SPACE}@]+\\.[^${SPACE}@]+`,
    emptyPasses: true,
  },
  digits: {
    summary: 'Only the digits 0-9 (empty passes: the field is optional).',
    pattern: '[0-9]+',
    emptyPasses: true,
  },
  digitsRequired: {
    summary: 'At least one digit, and only the digits 0-9.',
    pattern: '[0-9]+',
    emptyPasses: false,
  },
  url: {
    summary: 'A web address: an optional http:// or https://, a name with a dot, then anything but spaces (empty passes).',
    pattern: `(?:[hH][tT][tT][pP][sS]?://)?[^${SPACE}/?#@\\.]+(?:\\.[^${SPACE}/?#@\\.]+)+(?:[/?#][^${SPACE}]*)?`,
    emptyPasses: true,
  },
  number: {
    summary: 'A number as people type it: digits, an optional sign, groups or decimals split by a comma, dot, apostrophe or space (empty passes).',
    pattern: `[${SPACE}]*[+\\-]?[0-9]+(?:[,.' \\x{A0}\\x{202F}][0-9]+)*[${SPACE}]*`,
    emptyPasses: true,
  },
  date: {
    summary: 'A date as YYYY-MM-DD (what a date field sends; empty passes).',
    pattern: '[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])',
    emptyPasses: true,
  },
} satisfies Record<string, RuleDescription>;

/** A rule whose pattern is made from the check's number (`min`). */
export interface CountedRuleDescription {
  summary: string;
  pattern: (min: number) => string;
  emptyPasses: boolean;
}

/** The most a check's `min` may be (RE2 repeats at most 1000 times). */
export const MAX_RULE_MIN = 1000;

const countedRuleDescriptions = {
  minLength: {
    summary: 'At least `min` characters (empty passes: pair it with required).',
    pattern: (min) => `${ANY}{${min},}`,
    emptyPasses: true,
  },
} satisfies Record<string, CountedRuleDescription>;

/** The rules whose pattern is fixed: each is one function of the Firestore rules. */
export type FixedRuleName = keyof typeof ruleDescriptions;
export const fixedRuleNames = Object.keys(ruleDescriptions) as FixedRuleName[];
export type CountedRuleName = keyof typeof countedRuleDescriptions;
const countedRuleNames = Object.keys(countedRuleDescriptions) as CountedRuleName[];
export type RuleName = FixedRuleName | CountedRuleName;
export const ruleNames: RuleName[] = [...fixedRuleNames, ...countedRuleNames];

export const isCountedRule = (name: string): name is CountedRuleName => Object.hasOwn(countedRuleDescriptions, name);

/** The pattern description of `rule` for a check with this `min` (ignored by fixed rules). */
export function ruleDescription(rule: RuleName, min = 1): RuleDescription {
  if (!isCountedRule(rule)) return ruleDescriptions[rule];
  const counted: CountedRuleDescription = countedRuleDescriptions[rule];
  return { summary: counted.summary, pattern: counted.pattern(min), emptyPasses: counted.emptyPasses };
}

/** The JavaScript check a description means. */
function checkOf(rule: RuleDescription): (value: string) => boolean {
  const regex = fullMatch(rule.pattern);
  return (value) => (rule.emptyPasses && value === '') || regex.test(value);
}

const fixedChecks = Object.fromEntries(fixedRuleNames.map((name) => [name, checkOf(ruleDescriptions[name])])) as Record<
  FixedRuleName,
  (value: string) => boolean
>;

/** Each rule's check: takes the field's text (and the check's `min`, for a counted rule) and says whether it passes. */
export const rules = Object.fromEntries(
  ruleNames.map((name) => [name, isCountedRule(name) ? (value: string, min = 1) => checkOf(ruleDescription(name, min))(value) : fixedChecks[name]]),
) as Record<RuleName, (value: string, min?: number) => boolean>;

/**
 * What any stored text may hold: anything but the NUL character (our server, and the
 * Firestore rules, refuse text with it).
 */
export const storableText: RuleDescription = {
  summary: 'Any text without the NUL character.',
  pattern: '[^\\x{0}]*',
  emptyPasses: false,
};
export const isStorableText = checkOf(storableText);
