/**
 * The one form renderer: draws any form of config/forms with react-hook-form and the
 * yup schema buildSchema() makes from the same config. A failed submit shows the first
 * failing check's message (role="alert"), marks that field aria-invalid and focuses it; so
 * does a refusal of our server (the same checks run there).
 */
import { yupResolver } from '@hookform/resolvers/yup';
import ArrowForward from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import server from '../../../config/server';
import { prepareToasts } from '../../islands/toasts/notify';
import { api } from '../../shared/api';
import { buildSchema, initialValues, type FormValues } from '../model/buildSchema';
import { fieldRenderers } from './fields/registry';
import type { FormConfig } from '../model/formSchema';
import { useSubmission } from '../submit/useSubmission';

/** Values already in the page's inputs (server HTML the visitor typed into before hydration). */
function valuesInPage(form: FormConfig, idPrefix: string): FormValues {
  if (typeof document === 'undefined') return {};
  const found: FormValues = {};
  for (const field of form.fields) {
    if (field.kind === 'file') continue;
    const input = document.getElementById(`${idPrefix}-${field.name}`);
    if (input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement || input instanceof HTMLSelectElement) {
      if (input.value !== '' || field.kind !== 'select') found[field.name] = input.value;
    }
  }
  return found;
}

/**
 * The field only robots fill in (config/server.ts spamTrap): off screen, out of the tab
 * order, hidden from screen readers, never autofilled. Our server also checks it.
 */
function SpamTrap({ id, inputRef }: { id: string; inputRef: React.RefObject<HTMLInputElement | null> }) {
  return (
    <Box aria-hidden="true" sx={{ position: 'absolute', left: '-10000px', top: 'auto', width: '1px', height: '1px', overflow: 'hidden' }}>
      <label htmlFor={id}>{server.spamTrap.label}</label>
      <input ref={inputRef} id={id} type="text" name={server.spamTrap.name} tabIndex={-1} autoComplete="off" defaultValue="" />
    </Box>
  );
}

export function FormRenderer({ form, idPrefix, onDark = false }: { form: FormConfig; idPrefix: string; onDark?: boolean }) {
  const resolver = useMemo(() => yupResolver(buildSchema(form)) as unknown as Resolver<FormValues>, [form]);
  // Hydrating a prerendered form: keep whatever the visitor already typed into its HTML.
  const [startValues] = useState(() => ({ ...initialValues(form), ...valuesInPage(form, idPrefix) }));
  const { register, handleSubmit, reset, setValue, getValues, setError, formState } = useForm<FormValues>({
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
    currentValues: () => getValues(),
    isSpam: () => (trap.current?.value ?? '') !== '',
    // Our server's word on a field: shown and focused there, as the browser's own check does.
    showRefusal: ({ field, message }) => {
      if (!form.fields.some((f) => f.name === field)) return false;
      setError(field, { type: 'server', message }, { shouldFocus: true });
      return true;
    },
  });

  // Marks the form as ready for the visitor (its code has loaded and hydrated).
  const [interactive, setInteractive] = useState(false);
  useEffect(() => {
    setInteractive(true);
    // The toast UI loads now, while the connection is there: a failed save may need it.
    prepareToasts();
  }, []);

  const busy = formState.isSubmitting;
  const error = (field: string) => formState.errors[field]?.message;
  const inline = form.layout === 'inline';

  const fields = form.fields.map((field) => {
    const Renderer = fieldRenderers[field.kind];
    return (
      <Box key={field.name} sx={{ gridColumn: inline ? undefined : { xs: '1 / -1', sm: field.width === 'half' ? 'auto' : '1 / -1' }, flex: inline ? 1 : undefined }}>
        <Renderer
          field={field}
          form={form}
          idPrefix={idPrefix}
          registration={register(field.name)}
          error={error(field.name)}
          setFileUrl={(url) => setValue(field.name, url)}
          trackUpload={(upload) => (uploads.current = upload)}
          resetCount={resetCount}
          onDark={onDark}
        />
      </Box>
    );
  });

  return (
    <Box
      component="form"
      method="post"
      action={api.documents(form.collection)}
      noValidate
      aria-busy={busy}
      data-interactive={interactive ? 'true' : undefined}
      onSubmit={handleSubmit(submit)}
      sx={
        inline
          ? { display: 'flex', gap: 1, alignItems: 'flex-start' }
          : { display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }
      }
    >
      {fields}
      <SpamTrap id={`${idPrefix}-${server.spamTrap.name}`} inputRef={trap} />
      {inline ? (
        <IconButton type="submit" disabled={busy} aria-label={busy ? form.submittingLabel : form.submitLabel} sx={{ bgcolor: 'secondary.main', color: 'text.primary', width: 56, height: 56, borderRadius: 2, '&:hover': { bgcolor: 'secondary.light' } }}>
          <ArrowForward />
        </IconButton>
      ) : (
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ minWidth: 180 }}>
            {busy ? form.submittingLabel : form.submitLabel}
          </Button>
        </Box>
      )}
    </Box>
  );
}
