import TextField from '@mui/material/TextField';
import type { FieldProps } from './types';

const inputModes = { tel: 'numeric', email: 'email', url: 'url' } as const;

/** text, email, tel, url and textarea fields. */
export function TextInput({ field, form, idPrefix, registration, error, onDark }: FieldProps) {
  const { ref, ...rest } = registration;
  const multiline = field.kind === 'textarea';
  // One-line forms (newsletter) name the field for screen readers; the placeholder shows the hint.
  const labelHidden = form.layout === 'inline';
  return (
    <TextField
      {...rest}
      inputRef={ref}
      id={`${idPrefix}-${field.name}`}
      label={labelHidden ? undefined : field.label}
      placeholder={field.placeholder}
      type={multiline ? undefined : field.kind === 'tel' ? 'tel' : field.kind === 'email' ? 'email' : field.kind === 'url' ? 'url' : 'text'}
      multiline={multiline}
      rows={multiline ? (field.rows ?? 4) : undefined}
      autoComplete={field.autoComplete ?? 'off'}
      required={field.required}
      error={Boolean(error)}
      helperText={error}
      fullWidth
      slotProps={{
        htmlInput: {
          maxLength: field.maxLength,
          inputMode: field.kind in inputModes ? inputModes[field.kind as keyof typeof inputModes] : undefined,
          'aria-label': labelHidden ? field.label : undefined,
        },
        formHelperText: error ? { role: 'alert', sx: onDark ? { color: '#fecaca !important', fontWeight: 600 } : undefined } : undefined,
      }}
      sx={onDark ? { '& .MuiOutlinedInput-root': { bgcolor: 'background.paper' } } : undefined}
    />
  );
}
