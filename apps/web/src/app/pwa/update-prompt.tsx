import { lazy, Suspense } from 'react';
import { useWaitingUpdate } from './service-worker';

// The prompt's own code (MUI Snackbar) loads only when a new version is actually waiting.
const UpdatePromptView = lazy(() =>
  import('./update-prompt-view').then((m) => ({ default: m.UpdatePromptView })),
);

/** Offers the new version when one is ready, instead of switching under a playing set. */
export function UpdatePrompt() {
  const apply = useWaitingUpdate();
  if (!apply) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePromptView onReload={apply} />
    </Suspense>
  );
}
