/**
 * The toast UI, loaded on the first notify() (notify.ts): notistack's provider with
 * the settings of config/site.ts (constants.toast) and the site's toast look (Toast.tsx).
 * A toast's countdown always pauses while the pointer is over it (notistack does that
 * itself, with no setting to turn it off, as the specification wants).
 */
import { enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import site from '../../model/builtSettings';
import { toastUiReady } from './queue';
import { SwipeableToast } from './Toast';

const toastComponents = { default: SwipeableToast, success: SwipeableToast, error: SwipeableToast, info: SwipeableToast, warning: SwipeableToast };

export default function Toasts() {
  // notistack's enqueueSnackbar reaches the provider drawn below, which exists by now.
  useEffect(() => toastUiReady((message, variant) => enqueueSnackbar(message, { variant })), []);
  const toast = site.constants.toast;
  return (
    <SnackbarProvider
      maxSnack={toast.maxShown}
      autoHideDuration={toast.autoHideMs}
      anchorOrigin={{ vertical: toast.vertical, horizontal: toast.horizontal }}
      disableWindowBlurListener={!toast.pauseOnFocusLoss}
      Components={toastComponents}
    />
  );
}
