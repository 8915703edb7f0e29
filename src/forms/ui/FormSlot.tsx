/**
 * Where a form from config/forms appears on a page, by the name the page config uses.
 * The renderer is loaded on demand (formsGate.ts): a prerendered form stays server HTML
 * until the visitor comes near it; on a page opened by navigation it loads when shown.
 */
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense, useEffect, useRef } from 'react';
import site from '../../../config/site';
import { loadFormRenderer, watchForms } from './formsGate';

const NamedForm = lazy(loadFormRenderer);

/** Shown only in the browser, while a form's code loads after a navigation. */
function Loading() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const slot = ref.current?.closest('[data-form-slot]');
    return slot ? watchForms([slot]) : undefined;
  }, []);
  return (
    <Box ref={ref} role="status" sx={{ display: 'grid', placeItems: 'center', minHeight: 120 }}>
      <CircularProgress aria-label={site.ui.loading} size={28} />
    </Box>
  );
}

export function FormSlot({ form, onDark = false }: { form: string; onDark?: boolean }) {
  return (
    <Box data-form-slot={form}>
      <Suspense fallback={<Loading />}>
        <NamedForm name={form} onDark={onDark} />
      </Suspense>
    </Box>
  );
}
