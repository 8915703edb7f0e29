import OutlinedInput from '@mui/material/OutlinedInput';
import { OutlinedField } from './OutlinedField';
import type { FieldProps } from './types';

const inputModes = { tel: 'numeric', email: 'email', url: 'url' } as const;

/** text, email, tel, url and textarea fields. */
export function TextInput({ field, form, idPrefix, registration, error, onDark }: FieldProps) {
  const { ref, name, onChange, onBlur } = registration;
  const multiline = field.kind === 'textarea';
  // One-line forms (newsletter) name the field for screen readers; the placeholder shows the hint.
  const labelHidden = form.layout === 'inline';
  return (
    <OutlinedField
      id={`${idPrefix}-${field.name}`}
      label={labelHidden ? undefined : field.label}
      required={field.required}
      error={error}
      helperTextProps={{ role: 'alert', sx: onDark ? { color: '#fecaca !important', fontWeight: 600 } : undefined }}
      sx={onDark ? { '& .MuiOutlinedInput-root': { bgcolor: 'background.paper' } } : undefined}
    >
      {(frame) => (
        <OutlinedInput
          {...frame}
          name={name}
          onChange={onChange}
          onBlur={onBlur}
          inputRef={ref}
          // Without JavaScript, the floating label moves up once the visitor types: CSS can tell
          // that only from a placeholder that is no longer shown (see the theme). A blank one
          // shows nothing: the field's own placeholder, if any, is used when there is one.
          placeholder={field.placeholder ?? (labelHidden ? undefined : ' ')}
          type={multiline ? undefined : field.kind === 'tel' ? 'tel' : field.kind === 'email' ? 'email' : field.kind === 'url' ? 'url' : 'text'}
          multiline={multiline}
          rows={multiline ? (field.rows ?? 4) : undefined}
          autoComplete={field.autoComplete ?? 'off'}
          inputProps={{
            maxLength: field.maxLength,
            inputMode: field.kind in inputModes ? inputModes[field.kind as keyof typeof inputModes] : undefined,
            'aria-label': labelHidden ? field.label : undefined,
          }}
        />
      )}
    </OutlinedField>
  );
}
