// What other pages embed, loaded when first shown: only an ID's page needs the suggestions panel (a
// track's page never does), and the profile's Suggestions tab only once it is opened. Each waits in
// its own placeholder, so the page around it stays on screen.
import Skeleton from '@mui/material/Skeleton';
import { type ComponentProps, lazy, Suspense } from 'react';

const Panel = lazy(() => import('./identification-panel').then((m) => ({ default: m.IdentificationPanel })));
const SuggestionsTab = lazy(() =>
  import('./profile-suggestions-tab').then((m) => ({ default: m.ProfileSuggestionsTab })),
);

export function IdentificationPanel(props: ComponentProps<typeof Panel>) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={140} sx={{ mt: 4, borderRadius: 4 }} />}>
      <Panel {...props} />
    </Suspense>
  );
}

export function ProfileSuggestionsTab(props: ComponentProps<typeof SuggestionsTab>) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={120} sx={{ borderRadius: 4 }} />}>
      <SuggestionsTab {...props} />
    </Suspense>
  );
}
