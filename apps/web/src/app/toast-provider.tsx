import { TOASTS } from '@cratedig/contract/constants';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { useAuth } from '../features/auth/auth-context';

/**
 * spec §9 Toasts: at most 3, hidden after 5 s, entering in 225 ms and leaving in 195 ms; top centre
 * in the signed-in app, bottom left in the gate (visitors and the auth check).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const signedIn = status === 'authenticated';
  return (
    <SnackbarProvider
      maxSnack={TOASTS.maxSnack}
      autoHideDuration={TOASTS.autoHideMs}
      transitionDuration={{ enter: TOASTS.enterMs, exit: TOASTS.exitMs }}
      anchorOrigin={
        signedIn ? { vertical: 'top', horizontal: 'center' } : { vertical: 'bottom', horizontal: 'left' }
      }
      preventDuplicate
    >
      {children}
    </SnackbarProvider>
  );
}
