/** The checker on a select field's first and after-reset values: each must be one of its options. */
import forms from '../../../config/forms';
import { checkConfig } from '../server/checkConfig';

type Json = Record<string, unknown>;

test("a select's default not among its options is named on its key", () => {
  const copy = structuredClone(forms) as unknown as Record<string, { fields: Json[] }>;
  const [formId, form] = Object.entries(copy).find(([, f]) => f.fields.some((field) => field.kind === 'select'))!;
  const index = form.fields.findIndex((field) => field.kind === 'select');
  const values = (form.fields[index]!.options as Array<{ value: string }>).map((o) => o.value);
  form.fields[index]!.defaultValue = 'Not an option';
  expect(checkConfig({ forms: copy }).problems).toEqual([
    `config/forms/${formId}.ts: fields[${index}].defaultValue "Not an option" is not one of this field's options, so the form could not show it. Use one of: ${values.map((v) => JSON.stringify(v)).join(', ')}.`,
  ]);
});

test('the real forms have none', () => {
  expect(checkConfig({ forms: forms as unknown as Record<string, unknown> }).problems).toEqual([]);
});
