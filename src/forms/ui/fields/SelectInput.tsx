import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { OutlinedField } from './OutlinedField';
import type { FieldProps } from './types';

/** A native select: works with every keyboard, screen reader and phone picker, and without JavaScript. */
export function SelectInput({ field, idPrefix, registration, error }: FieldProps) {
  const { ref, name, onChange, onBlur } = registration;
  return (
    <OutlinedField id={`${idPrefix}-${field.name}`} label={field.label} shrinkLabel required={field.required} error={error} helperTextProps={{ role: 'alert' }}>
      {({ id, label, notched, fullWidth, ...described }) => (
        <NativeSelect
          input={<OutlinedInput label={label} notched={notched} />}
          id={id}
          fullWidth={fullWidth}
          {...described}
          name={name}
          onChange={onChange}
          onBlur={onBlur}
          inputRef={ref}
          // Marks the starting option in the server HTML too (else the browser picks the first enabled one).
          defaultValue={field.defaultValue ?? ''}
          inputProps={{ error: Boolean(error) }}
        >
          {(field.options ?? []).map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label ?? option.value}
            </option>
          ))}
        </NativeSelect>
      )}
    </OutlinedField>
  );
}
