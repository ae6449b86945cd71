import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { type SessionUser, useAuth } from '../auth';

// Its own chunk: most visits to /home are by people who finished onboarding long ago.
const OnboardingModal = lazy(() =>
  import('./onboarding-modal').then((m) => ({ default: m.OnboardingModal })),
);

/**
 * docs/web-app.md Home: the onboarding modal for users whose completed_onboarding is false or empty. GET /me
 * always sends the field; a session without it at all (a test's partial user) is not asked.
 */
export function needsOnboarding(user: SessionUser | null): boolean {
  if (!user || !('completed_onboarding' in user)) return false;
  return !user.completed_onboarding;
}

/** Mounted in the signed-in layout; shows the modal on /home only. */
export function HomeOnboarding() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  // Stays mounted through its closing transition, and is not offered twice in one visit even while
  // the save is still on its way.
  const [phase, setPhase] = useState<'idle' | 'open' | 'closed'>('idle');
  const wanted = pathname.replace(/\/+$/, '') === '/home' && needsOnboarding(user);
  if (wanted && phase === 'idle') setPhase('open');
  if (phase !== 'open') return null;
  return (
    <Suspense fallback={null}>
      <OnboardingModal onDone={() => setTimeout(() => setPhase('closed'), 300)} />
    </Suspense>
  );
}
