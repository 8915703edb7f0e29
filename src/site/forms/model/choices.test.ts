/** A stored choice as the visitor read it (config/forms' options, never pinned here). */
import forms from '../../../../config/forms';
import { hasLabelledOptions, pickedOf, pickedText } from './choices';
import type { FieldConfig } from './formSchema';

const fields = Object.values(forms).flatMap((form) => form.fields as readonly FieldConfig[]);
const choice = fields.find((f) => f.options?.some((o) => o.value !== '' && o.label && o.label !== o.value))!;
const labelled = choice.options!.find((o) => o.value !== '' && o.label && o.label !== o.value)!;
/** A field of options made up here: labels and the values stored for them. */
const made = (...options: Array<[value: string, label: string]>) => ({ options: options.map(([value, label]) => ({ value, label })) });

test('a value whose option has another label: the label, and the value beside it', () => {
  expect(pickedOf(choice, labelled.value)).toEqual({ label: labelled.label, value: labelled.value });
  expect(hasLabelledOptions(choice)).toBe(true);
});

test('one text for a person: the value beside the label only when it names something else', () => {
  const field = made(['react', 'Web Designer'], ['You are a Plumber', 'A Plumber'], ['Kind: Employes', 'An Employee'], ['LATER', 'Later']);
  expect(pickedText(pickedOf(field, 'react'))).toBe('Web Designer (react)');
  // The label's words within the value's, a spelling slip, a change of case: the label alone.
  expect(pickedText(pickedOf(field, 'You are a Plumber'))).toBe('A Plumber');
  expect(pickedText(pickedOf(field, 'Kind: Employes'))).toBe('An Employee');
  expect(pickedText(pickedOf(field, 'LATER'))).toBe('Later');
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
