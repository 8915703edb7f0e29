/**
 * The one form renderer: draws any form of config/forms with react-hook-form and the
 * yup schema buildSchema() makes from the same config. A failed submit shows the first
 * failing check's message (role="alert"), marks that field aria-invalid and focuses it; so
 * does a refusal of our server (the same checks run there).
 */
import styled from '@emotion/styled';
import { yupResolver } from '@hookform/resolvers/yup';
import { type MouseEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { conditionWords, shownFields, withHiddenEmptied } from '../model/conditions';
import { HelperText } from './fields/OutlinedField';
import { SvgIcon } from '../../islands/icons';
import { prepareToasts } from '../../islands/toasts/notify';
import { tokens, up } from '../../islands/tokens';
import { api } from '../../../platform/api';
import { buildSchema, initialValues, startValue, type FormValues } from '../model/buildSchema';
import { fieldRenderers } from './fields/registry';
import type { FormConfig } from '../model/formSchema';
import { useSubmission } from '../submit/useSubmission';
import { useDataPort } from '../../data/DataPortContext';

/** Values already in the page's inputs (server HTML the visitor typed into before hydration). */
function valuesInPage(form: FormConfig, idPrefix: string): FormValues {
  if (typeof document === 'undefined') return {};
  const found: FormValues = {};
  for (const field of form.fields) {
    if (field.kind === 'file') continue;
    if (field.kind === 'radio' || field.kind === 'checkboxes' || field.kind === 'consent') {
      const boxes = [...(document.getElementById(`${idPrefix}-${field.name}`)?.closest('form') ?? document).querySelectorAll('input')].filter(
        (box) => box.name === field.name && box.checked,
      );
      if (field.kind === 'consent') found[field.name] = boxes.length > 0;
      else if (field.kind === 'checkboxes') found[field.name] = boxes.map((box) => box.value);
      else if (boxes[0]) found[field.name] = boxes[0].value;
      continue;
    }
    const input = document.getElementById(`${idPrefix}-${field.name}`);
    if (input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement || input instanceof HTMLSelectElement) {
      if (input.value !== '' || field.kind !== 'select') found[field.name] = input.value;
    }
  }
  return found;
}

/** Stacked: a grid, half-width fields two to a row from the sm breakpoint. Inline: one field and the arrow button on a line. */
const Form = styled('form', { shouldForwardProp: (prop) => prop !== 'inline' })<{ inline: boolean }>(({ inline }) =>
  inline
    ? { display: 'flex', gap: 8, alignItems: 'flex-start' }
    : { display: 'grid', gap: 20, gridTemplateColumns: '1fr', [up('sm')]: { gridTemplateColumns: '1fr 1fr' } },
);

/** A field's place: the whole row, or half of it from the sm breakpoint; in the inline layout, the room the button leaves. */
const Cell = styled('div', { shouldForwardProp: (prop) => prop !== 'place' })<{ place: 'full' | 'half' | 'inline' }>(({ place }) =>
  place === 'inline' ? { flex: 1, minWidth: 0 } : { gridColumn: '1 / -1', ...(place === 'half' ? { [up('sm')]: { gridColumn: 'auto' } } : {}) },
);

const buttonBase = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  position: 'relative',
  boxSizing: 'border-box',
  margin: 0,
  border: 0,
  cursor: 'pointer',
  userSelect: 'none',
  verticalAlign: 'middle',
  appearance: 'none',
  textDecoration: 'none',
  WebkitTapHighlightColor: 'transparent',
  '&:disabled': { cursor: 'default', pointerEvents: 'none', color: tokens.colors.disabled },
} as const;

/** MUI's large contained button in the site's theme: a pill in the primary colour, darker on hover. */
const SubmitButton = styled.button({
  ...buttonBase,
  minWidth: 180,
  minHeight: 44,
  padding: '8px 22px',
  borderRadius: 999,
  fontFamily: tokens.fontFamily,
  fontSize: '0.9375rem',
  fontWeight: 700,
  lineHeight: 1.75,
  color: tokens.colors.white,
  backgroundColor: tokens.colors.primary,
  transition: ['background-color', 'box-shadow', 'border-color', 'color'].map((property) => `${property} 250ms ${tokens.easing} 0ms`).join(','),
  '@media (hover: hover)': { '&:hover': { backgroundColor: tokens.colors.primaryDark } },
  '&:disabled': { ...buttonBase['&:disabled'], backgroundColor: tokens.colors.disabledBackground },
});

/** The inline layout's arrow button: a rounded square in the secondary colour (named by aria-label). */
const ArrowButton = styled.button({
  ...buttonBase,
  flex: '0 0 auto',
  width: 56,
  height: 56,
  padding: 8,
  borderRadius: tokens.radius * 2,
  color: tokens.colors.text,
  backgroundColor: tokens.colors.secondary,
  transition: `background-color 150ms ${tokens.easing} 0ms`,
  '&:hover': { backgroundColor: tokens.colors.secondaryLight },
  '&:disabled': { ...buttonBase['&:disabled'], backgroundColor: 'transparent' },
});

const Submit = styled.div({ gridColumn: '1 / -1' });

/** A field's condition in words, above it (before the form's code runs): clear of the label raised on its outline. */
const Condition = styled(HelperText)({ margin: '0 0 10px' });

const Hidden = styled.div({ position: 'absolute', left: '-10000px', top: 'auto', width: 1, height: 1, overflow: 'hidden' });

/**
 * The field only robots fill in (config/server.ts spamTrap): off screen, out of the tab
 * order, hidden from screen readers, never autofilled. Our server also checks it.
 */
function SpamTrap({ id, trap, inputRef }: { id: string; trap: SpamTrapField; inputRef: React.RefObject<HTMLInputElement | null> }) {
  return (
    <Hidden aria-hidden="true">
      <label htmlFor={id}>{trap.label}</label>
      <input ref={inputRef} id={id} type="text" name={trap.name} tabIndex={-1} autoComplete="off" defaultValue="" />
    </Hidden>
  );
}

/** The spam trap's field (config/server.ts spamTrap), given by the page: the browser's code carries no server config. */
export interface SpamTrapField {
  name: string;
  label: string;
}

export function FormRenderer({ form, idPrefix, spamTrap, onDark = false }: { form: FormConfig; idPrefix: string; spamTrap: SpamTrapField; onDark?: boolean }) {
  // Hidden fields are checked and sent empty (src/site/forms/model/conditions.ts).
  const resolver = useMemo(() => {
    const checks = yupResolver(buildSchema(form)) as unknown as Resolver<FormValues>;
    return ((values, context, options) => checks(withHiddenEmptied(form, values), context, options)) as Resolver<FormValues>;
  }, [form]);
  // Hydrating a prerendered form: keep whatever the visitor already typed into its HTML.
  const [startValues] = useState(() => ({ ...initialValues(form), ...valuesInPage(form, idPrefix) }));
  const { register, handleSubmit, reset, setValue, getValues, setError, formState, watch } = useForm<FormValues>({
    resolver,
    defaultValues: startValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
  const [resetCount, setResetCount] = useState(0);
  const uploads = useRef<Promise<unknown>>(Promise.resolve());

  const resetFields = useCallback(() => {
    reset(initialValues(form, true));
    setResetCount((n) => n + 1);
  }, [form, reset]);
  const trap = useRef<HTMLInputElement>(null);
  const submit = useSubmission(form, {
    resetFields: () => {
      resetFields();
      if (trap.current) trap.current.value = '';
    },
    pendingUpload: () => uploads.current,
    currentValues: () => withHiddenEmptied(form, getValues()),
    spamTrap: { name: spamTrap.name, value: () => trap.current?.value ?? '' },
    // Our server's word on a field: shown and focused there, as the browser's own check does.
    showRefusal: ({ field, message }) => {
      if (!form.fields.some((f) => f.name === field)) return false;
      setError(field, { type: 'server', message }, { shouldFocus: true });
      return true;
    },
  });

  // The visitor began with this form (its first focus, perhaps before it hydrated): the data
  // port gets ready to save (our server's proof of work is solved while they type).
  const port = useDataPort();
  const formElement = useRef<HTMLFormElement>(null);
  const began = useCallback(() => port.prepare?.(), [port]);

  // Marks the form as ready for the visitor (its code has loaded and hydrated).
  const [interactive, setInteractive] = useState(false);
  useEffect(() => {
    setInteractive(true);
    // The toast UI loads now, while the connection is there: a failed save may need it.
    prepareToasts();
  }, []);
  useEffect(() => {
    if (formElement.current?.contains(document.activeElement)) began();
  }, [began]);

  const busy = formState.isSubmitting;
  const error = (field: string) => formState.errors[field]?.message;
  const inline = form.layout === 'inline';

  // Before the form's code runs (and without JavaScript) every field shows, a conditional one
  // with its condition in words; then only the fields that apply.
  const values = watch();
  const shown = interactive ? shownFields(form, values) : undefined;
  // A list its condition shows holding no answer it offers (it started before its answers were
  // written, in the editor's preview) starts on its first one, as the page starts it
  // (buildSchema.ts startValue): never a list showing one answer and holding another.
  // Before the form runs, every question shows.
  const shownKey = shown ? [...shown].join('\n') : undefined;
  const wasShown = useRef<string | undefined>(undefined);
  useEffect(() => {
    const before = wasShown.current;
    wasShown.current = shownKey;
    if (shownKey === undefined || before === undefined) return;
    const now = new Set(shownKey.split('\n'));
    const had = new Set(before.split('\n'));
    for (const field of form.fields) {
      if (field.kind !== 'select' || !now.has(field.name) || had.has(field.name)) continue;
      const held = getValues(field.name);
      if (!(field.options ?? []).some((o) => !o.disabled && o.value === held)) setValue(field.name, field.defaultValue ?? startValue(field));
    }
  }, [shownKey, form, setValue, getValues]);
  const fields = form.fields.map((field) => {
    if (shown && !shown.has(field.name)) return null;
    const Renderer = fieldRenderers[field.kind];
    const condition = shown ? undefined : conditionWords(form, field);
    return (
      <Cell key={field.name} place={inline ? 'inline' : field.width === 'half' ? 'half' : 'full'}>
        {condition && (
          <Condition tone="hint" data-condition={field.name}>
            {condition}
          </Condition>
        )}
        <Renderer
          field={field}
          form={form}
          idPrefix={idPrefix}
          registration={register(field.name)}
          error={error(field.name)}
          setFileUrl={(url) => setValue(field.name, url)}
          trackUpload={(upload) => (uploads.current = upload)}
          resetCount={resetCount}
          value={values[field.name]}
          setFieldValue={(value) => setValue(field.name, value, { shouldValidate: formState.isSubmitted })}
          onDark={onDark}
        />
      </Cell>
    );
  });

  // The second click of a double click (detail 2) submits nothing: the first may already have
  // saved and cleared the form, which that click would send again, empty.
  const onlyFirstClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (event.detail > 1) event.preventDefault();
  };

  return (
    <Form
      inline={inline}
      method="post"
      action={api.documents(form.collection)}
      noValidate
      aria-busy={busy}
      data-interactive={interactive ? 'true' : undefined}
      ref={formElement}
      onFocus={began}
      onSubmit={handleSubmit(submit)}
    >
      {fields}
      <SpamTrap id={`${idPrefix}-${spamTrap.name}`} trap={spamTrap} inputRef={trap} />
      {inline ? (
        <ArrowButton type="submit" disabled={busy} onClick={onlyFirstClick} aria-label={busy ? form.submittingLabel : form.submitLabel}>
          <SvgIcon name="arrowForward" />
        </ArrowButton>
      ) : (
        <Submit>
          <SubmitButton type="submit" disabled={busy} onClick={onlyFirstClick}>
            {busy ? form.submittingLabel : form.submitLabel}
          </SubmitButton>
        </Submit>
      )}
    </Form>
  );
}
