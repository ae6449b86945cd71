import { lazy, Suspense } from 'react';
import { useAuth } from '../features/auth/auth-context';
import { PublicLayout } from './public-layout';

// Lazy, so a visitor's first screen never downloads the signed-in frame.
const SignedInLayout = lazy(() => import('./signed-in-layout').then((m) => ({ default: m.SignedInLayout })));

/** /about, /policy, /terms are open to everyone (docs/web-app.md): in the frame of whoever is looking. */
export function OpenLayout() {
  const { status } = useAuth();
  if (status !== 'authenticated') return <PublicLayout />;
  return (
    <Suspense fallback={null}>
      <SignedInLayout />
    </Suspense>
  );
}
