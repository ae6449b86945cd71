import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { LoadingOverlay } from '../components/loading-overlay';
import { useAuth } from '../features/auth/auth-context';
import { clearNextLocation, readNextLocation, storeNextLocation } from '../features/auth/session-storage';

/** spec §4 Gate: loading (overlay), then the page or /login. Also the whole app's first state. */
export function AuthGate() {
  const { status } = useAuth();
  return status === 'unknown' ? <LoadingOverlay label="Checking your session" /> : <Outlet />;
}

function RedirectToLogin() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    // spec §2: remember exactly what was asked for (path, query and hash) for after the sign-in.
    storeNextLocation(`${location.pathname}${location.search}${location.hash}`);
    navigate('/login', { replace: true });
  }, [location, navigate]);
  return null;
}

/** Signed-in area: visitors go to /login (spec §2, §6). */
export function RequireAuth() {
  const { status, loggedOut } = useAuth();
  if (status === 'unknown') return null;
  if (status === 'authenticated') return <Outlet />;
  // After a deliberate logout the page left behind is not a "next" to come back to.
  return loggedOut ? <Navigate to="/login" replace /> : <RedirectToLogin />;
}

/**
 * Login, register, forgot and reset: a signed-in user is replaced to /home (spec §2). This is also
 * where a sign-in lands: the stored next location (path, query and hash) wins over /home, once.
 */
export function VisitorsOnly() {
  const { status } = useAuth();
  if (status === 'unknown') return null;
  return status === 'authenticated' ? <LeaveAuthPage /> : <Outlet />;
}

function LeaveAuthPage() {
  // Read once (not on every render), forgotten after the move so a later sign-in does not reuse it.
  const [target] = useState(() => readNextLocation() ?? '/home');
  useEffect(() => clearNextLocation(), []);
  return <Navigate to={target} replace />;
}
