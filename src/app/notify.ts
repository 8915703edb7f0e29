/**
 * The one way code outside the toast UI shows a toast: forms and the outbox call
 * notify(), never notistack directly, so how toasts are drawn (and when their code loads)
 * is decided here only.
 */
import { enqueueSnackbar } from 'notistack';

export type ToastVariant = 'default' | 'success' | 'error' | 'warning' | 'info';

export function notify(message: string, variant: ToastVariant): void {
  enqueueSnackbar(message, { variant });
}
