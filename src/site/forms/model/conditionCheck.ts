/**
 * The checker's sentences on a form's conditions (a field's `showWhen`, src/site/forms/model/conditions.ts):
 * read from the form as it was written, before it is known to be well formed.
 */
import type { CheckContext, Path } from '../../../schema/schema';

/** A field as written (any of its keys may be missing or wrong). */
interface GivenField {
  name?: unknown;
  kind?: unknown;
  options?: unknown;
  showWhen?: unknown;
}

interface GivenCondition {
  field?: unknown;
  is?: unknown;
}

const conditionOf = (field: GivenField | undefined): GivenCondition | undefined =>
  field && typeof field.showWhen === 'object' && field.showWhen !== null ? (field.showWhen as GivenCondition) : undefined;

const listed = (values: readonly string[]) => values.map((v) => JSON.stringify(v)).join(', ');

/**
 * The checker's sentences on a form's conditions: a condition names a field the form has, one
 * with options (select, radio, checkboxes), answers among its options, and no loop.
 */
export function checkConditions(fields: readonly unknown[], at: Path, ctx: CheckContext): void {
  const given = fields.map((f) => (f && typeof f === 'object' ? (f as GivenField) : undefined));
  const named = given.filter((f): f is GivenField & { name: string } => typeof f?.name === 'string');
  const byName = new Map(named.map((f) => [f.name, f]));
  given.forEach((field, i) => {
    const condition = conditionOf(field);
    if (!field || !condition || typeof condition.field !== 'string') return;
    const where = [...at, i, 'showWhen', 'field'];
    if (condition.field === field.name) {
      ctx.report(where, `names this field itself, so it could never be shown. Name another field, one whose answer decides.`, { kind: 'developerSetting' });
      return;
    }
    const on = byName.get(condition.field);
    if (!on) {
      ctx.report(
        where,
        `${JSON.stringify(condition.field)} is not a field of this form. Use one of: ${listed(named.map((f) => f.name).filter((n) => n !== field.name))}.`,
        {
          kind: 'developerSetting',
        },
      );
      return;
    }
    if (on.kind !== 'select' && on.kind !== 'radio' && on.kind !== 'checkboxes') {
      ctx.report(
        where,
        `${JSON.stringify(condition.field)} is a ${String(on.kind)} field, which has no options to choose: a condition needs a select, radio or checkboxes field.`,
        {
          kind: 'developerSetting',
        },
      );
      return;
    }
    const options = (Array.isArray(on.options) ? (on.options as unknown[]) : [])
      .filter((o): o is { value: unknown; disabled?: unknown } => !!o && typeof o === 'object' && !(o as { disabled?: unknown }).disabled)
      .map((o) => o.value)
      .filter((v): v is string => typeof v === 'string');
    (Array.isArray(condition.is) ? (condition.is as unknown[]) : []).forEach((value, n) => {
      if (typeof value === 'string' && !options.includes(value))
        ctx.report(
          [...at, i, 'showWhen', 'is', n],
          `${JSON.stringify(value)} is not one of the options of ${JSON.stringify(on.name)}. Use one of: ${listed(options)}.`,
          {
            kind: 'notAChoice',
            values: { value, choices: options.join(', ') },
          },
        );
    });
    // A loop: following the conditions from this field comes back to it.
    const chain = [typeof field.name === 'string' ? field.name : String(i)];
    let next: GivenField | undefined = on;
    while (next && typeof next.name === 'string') {
      if (next.name === field.name) {
        ctx.report(
          where,
          `makes a loop (${chain.map((n) => JSON.stringify(n)).join(' → ')} → ${JSON.stringify(chain[0])}): each of these fields is shown only when another of them is, so none ever would be. Break the loop.`,
          {
            kind: 'developerSetting',
          },
        );
        return;
      }
      if (chain.includes(next.name)) return; // a loop further on, reported at its own fields
      chain.push(next.name);
      const further: unknown = conditionOf(next)?.field;
      next = typeof further === 'string' ? byName.get(further) : undefined;
    }
  });
}
