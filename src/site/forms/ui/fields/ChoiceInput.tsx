/**
 * radio, checkboxes and consent fields: native inputs (every keyboard, screen reader and phone,
 * and a plain post without JavaScript), radio buttons and checkboxes in a fieldset named by its
 * legend. Checkboxes send a list of the ticked options; consent true or false.
 */
import styled from '@emotion/styled';
import { RequiredStar, HelperText } from './OutlinedField';
import { tokens } from '../../../islands/tokens';
import type { FieldProps } from './types';

const Group = styled.fieldset({ margin: 0, padding: 0, border: 0, minWidth: 0, fontFamily: tokens.fontFamily });

const Legend = styled.legend({ padding: 0, marginBottom: 4, fontSize: '1rem', lineHeight: 1.5, color: tokens.colors.text });

/** One choice: the box or button and its words, at least 44 px tall to tap. */
const Choice = styled.label({
  display: 'flex',
  alignItems: 'center',
  gap: 10,
  minHeight: 44,
  fontFamily: tokens.fontFamily,
  fontSize: '1rem',
  lineHeight: 1.5,
  color: tokens.colors.text,
  cursor: 'pointer',
  '& input': { width: 20, height: 20, margin: 0, flex: '0 0 auto', accentColor: tokens.colors.primary, cursor: 'pointer' },
});

export function ChoiceInput({ field, idPrefix, registration, error, value, setFieldValue }: FieldProps) {
  const id = `${idPrefix}-${field.name}`;
  const helperTextId = error ? `${id}-helper-text` : undefined;
  const message = error && (
    <HelperText id={helperTextId} role="alert" tone="error">
      {error}
    </HelperText>
  );
  if (field.kind === 'consent') {
    return (
      // The frame takes the focus when a check fails here (react-hook-form focuses the registered element).
      <div ref={registration.ref} tabIndex={-1}>
        <Choice htmlFor={id}>
          <input
            id={id}
            type="checkbox"
            name={field.name}
            value="true"
            checked={value === true}
            onChange={(event) => setFieldValue(event.target.checked)}
            required={field.required || undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={helperTextId}
          />
          <span>
            {field.label}
            {field.required && <RequiredStar />}
          </span>
        </Choice>
        {message}
      </div>
    );
  }
  const ticked = Array.isArray(value) ? value : [];
  const options = (field.options ?? []).filter((o) => !o.disabled && o.value !== '');
  return (
    <Group
      id={id}
      ref={field.kind === 'checkboxes' ? registration.ref : undefined}
      tabIndex={-1}
      aria-invalid={error ? true : undefined}
      aria-describedby={helperTextId}
    >
      <Legend>
        {field.label}
        {field.required && <RequiredStar />}
      </Legend>
      {options.map((option, n) => (
        <Choice key={option.value} htmlFor={`${id}-${n}`}>
          {field.kind === 'radio' ? (
            <input
              id={`${id}-${n}`}
              type="radio"
              {...registration}
              value={option.value}
              required={field.required || undefined}
              defaultChecked={field.defaultValue === option.value}
            />
          ) : (
            <input
              id={`${id}-${n}`}
              type="checkbox"
              name={field.name}
              value={option.value}
              checked={ticked.includes(option.value)}
              onChange={(event) => setFieldValue(options.map((o) => o.value).filter((v) => (v === option.value ? event.target.checked : ticked.includes(v))))}
            />
          )}
          <span>{option.label ?? option.value}</span>
        </Choice>
      ))}
      {message}
    </Group>
  );
}
