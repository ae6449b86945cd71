// The identifications feature's public entry: what an ID's page, a set's track list and the profile
// embed. Everything else in this folder is its own business.
export { IdentificationPanel, ProfileSuggestionsTab } from './lazy-parts';
export { useLiveIdentifications } from './live-identifications';
export { usePrefetchTrackIdentifications } from './track-identifications-api';
