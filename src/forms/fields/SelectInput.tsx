import TextField from '@mui/material/TextField';
import type { FieldProps } from './types';

/** A native select: works with every keyboard, screen reader and phone picker, and without JavaScript. */
export function SelectInput({ field, idPrefix, registration, error }: FieldProps) {
  const { ref, ...rest } = registration;
  return (
    <TextField
      {...rest}
      inputRef={ref}
      select
      // Marks the starting option in the server HTML too (else the browser picks the first enabled one).
      defaultValue={field.defaultValue ?? ''}
      id={`${idPrefix}-${field.name}`}
      label={field.label}
      required={field.required}
      error={Boolean(error)}
      helperText={error}
      fullWidth
      slotProps={{ select: { native: true }, inputLabel: { shrink: true }, formHelperText: error ? { role: 'alert' } : undefined }}
    >
      {(field.options ?? []).map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled}>
          {option.label ?? option.value}
        </option>
      ))}
    </TextField>
  );
}
