/**
 * The checks a form's config may name, by rule name. Each rule is described once, as a
 * pattern the whole value must match (RE2 syntax that JavaScript reads the same way, see
 * pattern.ts) and whether an empty value passes without it. From that one description:
 *   - `rules[name](value)`: the check the browser and our server run (src/site/forms/model/buildSchema.ts);
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
} satisfies Record<string, RuleDescription>;

export type RuleName = keyof typeof ruleDescriptions;
export const ruleNames = Object.keys(ruleDescriptions) as RuleName[];

/** The JavaScript check a description means. */
function checkOf(rule: RuleDescription): (value: string) => boolean {
  const regex = fullMatch(rule.pattern);
  return (value) => (rule.emptyPasses && value === '') || regex.test(value);
}

/** Each rule's check: takes the field's text and says whether it passes. */
export const rules = Object.fromEntries(ruleNames.map((name) => [name, checkOf(ruleDescriptions[name])])) as Record<RuleName, (value: string) => boolean>;

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
