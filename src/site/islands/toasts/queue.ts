/**
 * The toasts waiting for the toast UI, and the UI's way in once it is drawn. notify.ts puts
 * messages here and loads the UI; the UI (Toasts.tsx) takes them from here, so neither of the
 * two imports the other.
 */
export type ToastVariant = 'default' | 'success' | 'error' | 'warning' | 'info';

type Show = (message: string, variant: ToastVariant) => void;

let show: Show | undefined;
const waiting: Array<[string, ToastVariant]> = [];

/** Shows the message at once when the UI is drawn; else keeps it. Returns whether it waits. */
export function enqueue(message: string, variant: ToastVariant): boolean {
  if (show) {
    show(message, variant);
    return false;
  }
  waiting.push([message, variant]);
  return true;
}

/** For the toast UI once it is drawn: shows the waiting messages, then every later one at once. */
export function toastUiReady(showToast: Show): void {
  show = showToast;
  for (const [message, variant] of waiting.splice(0)) showToast(message, variant);
}
