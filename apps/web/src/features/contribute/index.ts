// The contribute feature's public entry: the set page's way in to suggesting a pasted tracklist.
export { SuggestTracklistLink } from './suggest-tracklist-link';
