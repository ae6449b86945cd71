// The publishing feature's public entry (docs/publishing.md): My sets for the profile, and the owner's
// tools for a published set's page. The /publish page is a route of its own (app/router.tsx), and
// the upload's code (tus-js-client) stays in its chunk. The parts other pages show are loaded when
// they render (lazy), so a set's page or the profile does not carry them in its first load: only
// the owner's check (the cached list of their sets) is.
import { lazy } from 'react';

export const MySetsSection = lazy(() => import('./my-sets').then((m) => ({ default: m.MySetsSection })));
export const OwnerEditButton = lazy(() =>
  import('./owner-tools').then((m) => ({ default: m.OwnerEditButton })),
);
export const RecognisedPanel = lazy(() =>
  import('./owner-tools').then((m) => ({ default: m.RecognisedPanel })),
);
export { useOwnedDraft } from './publish-api';
