/**
 * The frame of a text or select field: label, outlined input, helper text. This is what MUI's
 * TextField draws (the same components, props and classes), without TextField itself, which
 * also brings the whole non-native Select (menus, popovers, modals) into the forms' code.
 */
import FormControl from '@mui/material/FormControl';
import FormHelperText, { type FormHelperTextProps } from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import type { OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactElement, ReactNode } from 'react';

/**
 * Before the form's code runs (or without JavaScript), MUI cannot move a field's label up when
 * the visitor focuses the field or types, so the label would cover the text. These rules do it
 * in CSS, with MUI's own look for a raised label, until the form is interactive (FormRenderer
 * then marks it data-interactive and MUI takes over). Typed text is seen through
 * :placeholder-shown, so text inputs always have a placeholder (TextInput).
 */
const raised = '&:is(:focus-within, :has(input:not([type="hidden"]):not(:placeholder-shown), textarea:not(:placeholder-shown)))';
const labelBeforeCode = {
  [`form:not([data-interactive]) ${raised} > .MuiInputLabel-outlined[data-shrink="false"]`]: {
    transform: 'translate(14px, -9px) scale(0.75)',
    maxWidth: 'calc(133% - 32px)',
    userSelect: 'none',
  },
  // The gap in the outline that the raised label sits in.
  [`form:not([data-interactive]) ${raised} .MuiOutlinedInput-notchedOutline > legend`]: { maxWidth: '100%' },
} as const;

export interface OutlinedFieldProps {
  id: string;
  /** Left out: no visible label (the input is then named some other way). */
  label?: ReactNode;
  /** Keep the label above the field even when it is empty (selects). */
  shrinkLabel?: boolean;
  required?: boolean;
  error?: string;
  helperTextProps?: Partial<FormHelperTextProps>;
  sx?: SxProps<Theme>;
  /** Draws the input, given the props the frame wants on it (id, label for the outline's notch, description). */
  children: (input: Pick<OutlinedInputProps, 'id' | 'label' | 'notched' | 'fullWidth'> & { 'aria-describedby'?: string }) => ReactElement;
}

export function OutlinedField({ id, label, shrinkLabel, required = false, error, helperTextProps, sx, children }: OutlinedFieldProps) {
  const helperTextId = error ? `${id}-helper-text` : undefined;
  const hasLabel = label != null && label !== '';
  return (
    <FormControl className="MuiTextField-root" variant="outlined" fullWidth required={required} error={Boolean(error)} sx={sx ? [labelBeforeCode, ...(Array.isArray(sx) ? sx : [sx])] : labelBeforeCode}>
      {hasLabel && (
        <InputLabel htmlFor={id} id={`${id}-label`} {...(shrinkLabel === undefined ? {} : { shrink: shrinkLabel })}>
          {label}
        </InputLabel>
      )}
      {children({ id, label, fullWidth: true, 'aria-describedby': helperTextId, ...(shrinkLabel === undefined ? {} : { notched: shrinkLabel }) })}
      {error && (
        <FormHelperText id={helperTextId} {...helperTextProps}>
          {error}
        </FormHelperText>
      )}
    </FormControl>
  );
}
