import { TOASTS } from '@cratedig/contract/constants';
import { enqueueSnackbar, type SnackbarOrigin, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { attachToastHost } from '../lib/toast';

/** notistack's provider, loaded with the first toast (lib/toast.ts); shows the toasts of the whole app. */
export function ToastHost({ anchorOrigin }: { anchorOrigin: SnackbarOrigin }) {
  useEffect(() => attachToastHost(enqueueSnackbar), []);
  return (
    <SnackbarProvider
      maxSnack={TOASTS.maxSnack}
      autoHideDuration={TOASTS.autoHideMs}
      transitionDuration={{ enter: TOASTS.enterMs, exit: TOASTS.exitMs }}
      anchorOrigin={anchorOrigin}
      preventDuplicate
    />
  );
}
