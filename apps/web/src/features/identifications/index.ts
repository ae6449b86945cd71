// The identifications feature's public entry: what an ID's page, a set's track list and the profile
// embed. Everything else in this folder is its own business.
export { IdentificationPanel } from './identification-panel';
export { useLiveIdentifications } from './live-identifications';
export { ProfileSuggestionsTab } from './profile-suggestions-tab';
