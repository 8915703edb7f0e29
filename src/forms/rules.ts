/**
 * The checks a form's config may name, by rule name. Each takes the field's text and says
 * whether it passes. The same functions run in the browser and on our server.
 */
export const rules = {
  /** Something other than spaces was entered. */
  required: (value: string) => value.trim() !== '',
  /** text, an at sign, text, a dot, text; no spaces anywhere. */
  email: (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
  /** Only the digits 0-9 (empty passes: the field is optional). */
  digits: (value: string) => /^[0-9]*$/.test(value),
  /** At least one digit, and only the digits 0-9. */
  digitsRequired: (value: string) => /^[0-9]+$/.test(value),
} satisfies Record<string, (value: string) => boolean>;

export type RuleName = keyof typeof rules;
export const ruleNames = Object.keys(rules) as RuleName[];
