/**
 * The frame of a text or select field, drawn as MUI's outlined TextField looks, without MUI
 * (no MUI code reaches the browser): an outlined box with a label inside it while the field is
 * empty, raised into a gap in the outline when the field is focused or filled; the label and
 * outline in the primary colour while focused, in the error colour after a failed check; a
 * star for a required field; the check's message under the field (role="alert", linked with
 * aria-describedby, the field aria-invalid), or else the field's hint, linked the same way.
 *
 * Whether the label is raised is decided by CSS alone (:focus and :placeholder-shown: every
 * labelled text input has a placeholder, a blank one when the field has none), never by
 * script: it works the same before the form's code runs, without JavaScript, and after the
 * form hydrates, so nothing moves then. The label and the outline come after the input so that
 * sibling selectors can follow the input's state.
 */
import styled from '@emotion/styled';
import type { ReactElement, ReactNode } from 'react';
import { SvgIcon } from '../../../islands/icons';
import { tokens } from '../../../islands/tokens';

const { colors } = tokens;

/** The input, text area or select of a field. */
const entry = ':is(input, textarea, select)';
/** The entry is focused or holds a value (a select always does: its label stays raised). */
const raised = `& > ${entry}:is(:focus, :not(:placeholder-shown))`;

const Control = styled.div({
  display: 'flex',
  flexDirection: 'column',
  position: 'relative',
  minWidth: 0,
  width: '100%',
});

interface BoxState {
  invalid: boolean;
  labelled: boolean;
  onDark: boolean;
}

const Box = styled('div', { shouldForwardProp: (prop) => prop === 'children' })<BoxState>(({ invalid, labelled, onDark }) => {
  const idle = invalid ? colors.fieldError : colors.outline;
  const accent = invalid ? colors.fieldError : colors.primary;
  return {
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    width: '100%',
    boxSizing: 'border-box',
    cursor: 'text',
    borderRadius: tokens.radius,
    fontFamily: tokens.fontFamily,
    fontSize: '1.0625rem',
    fontWeight: 400,
    lineHeight: '1.4375em',
    color: colors.text,
    ...(onDark ? { backgroundColor: colors.white } : {}),

    [`& > ${entry}`]: {
      font: 'inherit',
      letterSpacing: 'inherit',
      color: 'currentColor',
      padding: '16.5px 14px',
      border: 0,
      boxSizing: 'content-box',
      background: 'none',
      height: '1.4375em',
      margin: 0,
      WebkitTapHighlightColor: 'transparent',
      display: 'block',
      minWidth: 0,
      width: '100%',
      '&:focus': { outline: 0 },
      '&:invalid': { boxShadow: 'none' },
      '&:-webkit-autofill': { borderRadius: 'inherit' },
    },
    '& > :is(input, textarea)::placeholder': {
      color: 'currentColor',
      // Under a label that is not raised, a placeholder would show through it.
      opacity: labelled ? 0 : 0.42,
      transition: `opacity 200ms ${tokens.easing} 0ms`,
    },
    ...(labelled ? { '& > :is(input, textarea):focus::placeholder': { opacity: 0.42 } } : {}),
    '& > textarea': { height: 'auto', resize: 'none' },
    '& > select': {
      appearance: 'none',
      userSelect: 'none',
      cursor: 'pointer',
      borderRadius: tokens.radius,
      paddingRight: 32,
      '& option, & optgroup': { backgroundColor: colors.white },
    },

    '& > label': {
      position: 'absolute',
      left: 0,
      top: 0,
      zIndex: 1,
      pointerEvents: 'none',
      display: 'block',
      padding: 0,
      transformOrigin: 'top left',
      transform: 'translate(14px, 16px) scale(1)',
      maxWidth: 'calc(100% - 24px)',
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      color: invalid ? colors.fieldError : colors.mutedText,
      transition: ['color', 'transform', 'max-width'].map((property) => `${property} 200ms ${tokens.easingOut} 0ms`).join(','),
    },
    [`${raised} ~ label`]: { transform: 'translate(14px, -9px) scale(0.75)', maxWidth: 'calc(133% - 32px)', userSelect: 'none' },
    [`& > ${entry}:focus ~ label`]: { color: accent },

    '& > fieldset': {
      textAlign: 'left',
      position: 'absolute',
      inset: '-5px 0 0 0',
      margin: 0,
      padding: '0 8px',
      pointerEvents: 'none',
      borderRadius: 'inherit',
      borderStyle: 'solid',
      borderWidth: 1,
      borderColor: idle,
      overflow: 'hidden',
      minWidth: '0%',
    },
    '&:hover > fieldset': { borderColor: invalid ? colors.fieldError : colors.text },
    '@media (hover: none)': { '&:hover > fieldset': { borderColor: idle } },
    [`& > ${entry}:focus ~ fieldset`]: { borderWidth: 2, borderColor: accent },
    '& > fieldset > legend': {
      float: 'unset',
      width: 'auto',
      overflow: 'hidden',
      display: 'block',
      padding: 0,
      height: 11,
      fontSize: '0.75em',
      visibility: 'hidden',
      maxWidth: '0.01px',
      transition: `max-width 50ms ${tokens.easingOut} 0ms`,
      whiteSpace: 'nowrap',
    },
    '& > fieldset > legend > span': { paddingInline: 5, display: 'inline-block', opacity: 0, visibility: 'visible' },
    // The gap in the outline that the raised label sits in.
    ...(labelled ? { [`${raised} ~ fieldset > legend`]: { maxWidth: '100%', transition: `max-width 100ms ${tokens.easingOut} 50ms` } } : {}),
  };
});

/** The select's arrow: it lets clicks through to the select. */
const Caret = styled.span({
  position: 'absolute',
  right: 7,
  top: 'calc(50% - 12px)',
  display: 'flex',
  pointerEvents: 'none',
  color: colors.icon,
});

export type HelperTone = 'hint' | 'done' | 'error' | 'errorOnDark';

const toneColors: Record<HelperTone, string> = {
  hint: colors.mutedText,
  done: colors.fieldDone,
  error: colors.fieldError,
  errorOnDark: colors.fieldErrorOnDark,
};

/** A line under a field (MUI's FormHelperText): a hint, a status, or a failed check's message. */
export const HelperText = styled('p', { shouldForwardProp: (prop) => prop !== 'tone' && prop !== 'inset' })<{ tone: HelperTone; inset?: boolean }>(
  ({ tone, inset = false }) => ({
    margin: inset ? '3px 14px 0' : '3px 0 0',
    fontFamily: tokens.fontFamily,
    fontSize: '0.75rem',
    fontWeight: tone === 'hint' || tone === 'error' ? 400 : 600,
    lineHeight: 1.66,
    textAlign: 'left',
    color: toneColors[tone],
  }),
);

/** The star after a required field's label (hidden from screen readers: the field is marked required). */
export function RequiredStar() {
  return <span aria-hidden="true">{'\u2009*'}</span>;
}

/** What the frame puts on the input it draws. */
interface EntryProps {
  id: string;
  required?: boolean;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export interface OutlinedFieldProps {
  id: string;
  /** Left out: no visible label (the input is then named some other way, as with aria-label). */
  label?: string;
  required?: boolean;
  error?: string;
  /** A line under the field while no check's message is shown (the field's `hint`). */
  hint?: string;
  /** The field sits on a dark band (the footer newsletter): a white box, a light message. */
  onDark?: boolean;
  /** A select: its arrow is drawn, and its label stays raised (CSS: a select is never placeholder-shown). */
  select?: boolean;
  /** Draws the input, text area or select, given the props the frame wants on it. */
  children: (entry: EntryProps) => ReactElement;
}

export function OutlinedField({ id, label, required = false, error, hint, onDark = false, select = false, children }: OutlinedFieldProps) {
  const helperTextId = error || hint ? `${id}-helper-text` : undefined;
  const labelled = Boolean(label);
  const star: ReactNode = required && <RequiredStar />;
  return (
    <Control>
      <Box invalid={Boolean(error)} labelled={labelled} onDark={onDark}>
        {children({ id, required: required || undefined, 'aria-invalid': error ? true : undefined, 'aria-describedby': helperTextId })}
        {select && (
          <Caret>
            <SvgIcon name="arrowDropDown" />
          </Caret>
        )}
        {labelled && (
          <label htmlFor={id} id={`${id}-label`}>
            {label}
            {star}
          </label>
        )}
        <fieldset aria-hidden="true">
          <legend>
            {labelled ? (
              <span>
                {label}
                {required && '\u2009*'}
              </span>
            ) : (
              // No label, no gap: the legend only keeps the outline's top where MUI draws it.
              '\u200b'
            )}
          </legend>
        </fieldset>
      </Box>
      {error ? (
        <HelperText id={helperTextId} role="alert" inset tone={onDark ? 'errorOnDark' : 'error'}>
          {error}
        </HelperText>
      ) : (
        hint && (
          <HelperText id={helperTextId} inset tone="hint">
            {hint}
          </HelperText>
        )
      )}
    </Control>
  );
}
