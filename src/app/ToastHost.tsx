/**
 * Where toasts are drawn. Nothing (and no toast code) until the first notify(): then the toast
 * UI chunk loads (notistack, src/app/Toasts.tsx) and shows the waiting messages.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { onToastsWanted, toastsWanted } from './notify';

const Toasts = lazy(() => import('./Toasts'));

export function ToastHost() {
  const wanted = useSyncExternalStore(onToastsWanted, toastsWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}
