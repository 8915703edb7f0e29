import { OutlinedField } from './OutlinedField';
import type { FieldProps } from './types';

// A number is typed as text (a phone's keypad with decimals): the value is what the visitor typed, separators and all.
const inputModes = { tel: 'numeric', email: 'email', url: 'url', number: 'decimal' } as const;
const inputTypes = { tel: 'tel', email: 'email', url: 'url', date: 'date' } as const;

/** text, email, tel, url, number, date and textarea fields. */
export function TextInput({ field, form, idPrefix, registration, error, onDark }: FieldProps) {
  // One-line forms (newsletter) name the field for screen readers; the placeholder shows the hint.
  const labelHidden = form.layout === 'inline';
  const rows = field.rows ?? 4;
  const common = {
    ...registration,
    maxLength: field.maxLength,
    autoComplete: field.autoComplete ?? 'off',
    // The label moves up once the visitor types, in CSS alone: it can tell that only from a
    // placeholder no longer shown (OutlinedField). A blank one shows nothing; the field's own
    // placeholder, if any, is used instead.
    placeholder: field.placeholder ?? (labelHidden ? undefined : ' '),
    'aria-label': labelHidden ? field.label : undefined,
  };
  return (
    <OutlinedField
      id={`${idPrefix}-${field.name}`}
      label={labelHidden ? undefined : field.label}
      required={field.required}
      error={error}
      hint={field.hint}
      onDark={onDark}
    >
      {(entry) =>
        field.kind === 'textarea' ? (
          <textarea
            {...entry}
            {...common}
            rows={rows}
            // As tall as MUI's: its rows, each line rounded to whole pixels (browsers without CSS
            // round() ignore this and show the rows at their exact height, 2 px taller).
            style={{ height: `calc(${rows} * round(1.4375em, 1px))` }}
          />
        ) : (
          <input
            {...entry}
            {...common}
            type={field.kind in inputTypes ? inputTypes[field.kind as keyof typeof inputTypes] : 'text'}
            inputMode={field.kind in inputModes ? inputModes[field.kind as keyof typeof inputModes] : undefined}
          />
        )
      }
    </OutlinedField>
  );
}
