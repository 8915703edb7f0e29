/** A stored choice as the visitor read it (config/forms' options, never pinned here). */
import forms from '../../../../config/forms';
import { hasLabelledOptions, pickedOf, pickedText } from './choices';
import type { FieldConfig } from './formSchema';

const fields = Object.values(forms).flatMap((form) => form.fields as readonly FieldConfig[]);
const choice = fields.find((f) => f.options?.some((o) => o.value !== '' && o.label && o.label !== o.value))!;
const labelled = choice.options!.find((o) => o.value !== '' && o.label && o.label !== o.value)!;

test('a value whose option has another label: the label, and the value beside it', () => {
  expect(pickedOf(choice, labelled.value)).toEqual({ label: labelled.label, value: labelled.value });
  expect(pickedText(pickedOf(choice, labelled.value))).toBe(`${labelled.label} (${labelled.value})`);
  expect(hasLabelledOptions(choice)).toBe(true);
});

test('a value that is its own label, no option, nothing, or a field without options: the text as stored', () => {
  const plain = choice.options!.find((o) => o.value !== '' && (o.label === undefined || o.label === o.value));
  if (plain) expect(pickedOf(choice, plain.value)).toEqual({ label: plain.value });
  expect(pickedOf(choice, 'not an option')).toEqual({ label: 'not an option' });
  expect(pickedOf(choice, undefined)).toEqual({ label: '' });
  expect(pickedText(pickedOf(undefined, 'React.js'))).toBe('React.js');
  expect(hasLabelledOptions(fields.find((f) => !f.options)!)).toBe(false);
});

test('several values (as checkboxes would store them): each by its label', () => {
  expect(pickedOf(choice, [labelled.value, 'other'])).toEqual({ label: `${labelled.label}, other`, value: `${labelled.value}, other` });
});
