// The player feature's public entry: the controls other pages embed and the hooks that read the one
// player. Everything else in this folder is its own business.

export type { PlayerApi } from './player-api';
export { AppPlayerProvider, PlayerProvider, usePlayer, usePlayerState } from './player-context';
export { PlayerStore } from './player-store';
export { AddToQueueButton, SetPlayButton, TrackPlayButton } from './set-play-controls';
export { PlayableTrackList, TrackStartCell } from './track-list-playback';
