import { lazy, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useApi } from '../api/api-context';
import type { TokenStorage } from '../api/token-storage';
import { LoadingOverlay } from '../components/loading-overlay';
import { useAuth } from '../features/auth/auth-context';

// Only a page opened with no network shows it (the service worker has every chunk then): it stays out
// of the first screen's download. The router's Suspense around the gate shows the overlay meanwhile.
const OfflineScreen = lazy(() => import('./offline-screen').then((m) => ({ default: m.OfflineScreen })));

/** docs/accounts.md Gate: loading (overlay), then the page or /login. Also the whole app's first state. */
export function AuthGate() {
  const { status, offline } = useAuth();
  if (status === 'unknown')
    return offline ? <OfflineScreen /> : <LoadingOverlay label="Checking your session" />;
  return <Outlet />;
}

/** The stored next location if it is a same-site path; a crafted value must never leave the site. */
export function safeLocation(next: string | null): string | null {
  return next?.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : null;
}

/**
 * The next location lives with the tokens (docs/accounts.md "Token handling in the browser", api/token-storage.ts).
 */
function useStorage(): TokenStorage {
  return useApi().tokens.storage;
}

function RedirectToLogin() {
  const location = useLocation();
  const navigate = useNavigate();
  const storage = useStorage();
  useEffect(() => {
    // docs/web-app.md: remember exactly what was asked for (path, query and hash) for after the sign-in.
    storage.setNext(`${location.pathname}${location.search}${location.hash}`);
    navigate('/login', { replace: true });
  }, [location, navigate, storage]);
  return null;
}

/** Signed-in area: visitors go to /login (docs/web-app.md, docs/accounts.md). */
export function RequireAuth() {
  const { status, loggedOut } = useAuth();
  if (status === 'unknown') return null;
  if (status === 'authenticated') return <Outlet />;
  // After a deliberate logout the page left behind is not a "next" to come back to.
  return loggedOut ? <Navigate to="/login" replace /> : <RedirectToLogin />;
}

/**
 * Login, register, forgot and reset: a signed-in user is replaced to /home (docs/web-app.md). This is also
 * where a sign-in lands: the stored next location (path, query and hash) wins over /home, once.
 */
export function VisitorsOnly() {
  const { status } = useAuth();
  if (status === 'unknown') return null;
  return status === 'authenticated' ? <LeaveAuthPage /> : <Outlet />;
}

function LeaveAuthPage() {
  // Read once (not on every render), forgotten after the move so a later sign-in does not reuse it.
  const storage = useStorage();
  const [target] = useState(() => safeLocation(storage.getNext()) ?? '/home');
  useEffect(() => {
    storage.takeNext();
  }, [storage]);
  return <Navigate to={target} replace />;
}
