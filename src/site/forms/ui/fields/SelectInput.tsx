import { OutlinedField } from './OutlinedField';
import type { FieldProps } from './types';

/** A native select: works with every keyboard, screen reader and phone picker, and without JavaScript. */
export function SelectInput({ field, idPrefix, registration, error, onDark }: FieldProps) {
  return (
    <OutlinedField id={`${idPrefix}-${field.name}`} label={field.label} select required={field.required} error={error} hint={field.hint} onDark={onDark}>
      {(entry) => (
        <select
          {...entry}
          {...registration}
          // Marks the starting option in the server HTML too (else the browser picks the first enabled one).
          defaultValue={field.defaultValue ?? ''}
        >
          {(field.options ?? []).map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label ?? option.value}
            </option>
          ))}
        </select>
      )}
    </OutlinedField>
  );
}
