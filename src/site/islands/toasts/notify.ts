/**
 * The one way code outside the toast UI shows a toast: forms and the outbox call
 * notify(), never notistack directly, so how toasts are drawn (and when their code loads)
 * is decided here only.
 *
 * The toast UI (notistack and Toast.tsx) is not part of the first page load: the first
 * notify() loads it (mount.tsx draws it in a root of its own at the end of the page), and the
 * messages wait (queue.ts) until it is drawn, then show in order.
 */
import { enqueue, type ToastVariant } from './queue';

export type { ToastVariant };

let wanted = false;

function want(): void {
  if (wanted) return;
  wanted = true;
  import('./mount').then(
    ({ mountToasts }) => mountToasts(),
    (error: unknown) => {
      // Offline before the toast UI could load: the next notify() tries again.
      wanted = false;
      console.error('Could not load the toast UI:', error);
    },
  );
}

export function notify(message: string, variant: ToastVariant): void {
  if (enqueue(message, variant)) want();
}

/**
 * Loads the toast UI ahead of the first message. Forms call it when they become interactive:
 * a save that fails because the connection is gone must still be able to say so, and by then
 * the toast code could no longer be fetched.
 */
export function prepareToasts(): void {
  want();
}

/** Whether a toast has been asked for yet (its UI is then loading or drawn). */
export function toastsWanted(): boolean {
  return wanted;
}
