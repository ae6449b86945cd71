import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useAuth } from '../features/auth/auth-context';
import { onToastWanted } from '../lib/toast';

// The toast library loads with the first toast, not with the first screen.
const ToastHost = lazy(() => import('./toast-host').then((m) => ({ default: m.ToastHost })));

/**
 * docs/web-app.md Toasts: at most 3, hidden after 5 s, entering in 225 ms and leaving in 195 ms; top centre
 * in the signed-in app, bottom left in the gate (visitors and the auth check).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const signedIn = status === 'authenticated';
  const [wanted, setWanted] = useState(false);
  useEffect(() => onToastWanted(() => setWanted(true)), []);
  return (
    <>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <ToastHost
            anchorOrigin={
              signedIn
                ? { vertical: 'top', horizontal: 'center' }
                : { vertical: 'bottom', horizontal: 'left' }
            }
          />
        </Suspense>
      )}
    </>
  );
}
