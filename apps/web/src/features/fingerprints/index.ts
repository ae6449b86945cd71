// The fingerprints feature's public entry: what the track and set pages embed.
export { HeardInSection } from './heard-in-section';
export { SetSuggestions } from './set-suggestions';
export { useUnnamedFound } from './unnamed-found';
