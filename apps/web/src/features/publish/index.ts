// The publishing feature's public entry (docs/publishing.md): My sets for the profile, and the owner's
// tools for a published set's page. The /publish page is a route of its own (app/router.tsx), and
// the upload's code (tus-js-client) stays in its chunk.
export { MySetsSection } from './my-sets';
export { OwnerEditButton, RecognisedPanel } from './owner-tools';
export { useOwnedDraft } from './publish-api';
