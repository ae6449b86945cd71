// The player feature's public entry: the controls other pages embed and the hooks that read the one
// player. Everything else in this folder is its own business.
//
// Moving playback from another page: `usePlayer().seekTo(seconds)` moves the loaded set,
// `usePlayer().playSetFrom(set, seconds)` starts (or switches to) a set at a position, and
// `useCurrentSetPosition()` reads the loaded set's id and the position in it.

export type { PlayerApi } from './player-api';
export {
  AppPlayerProvider,
  type CurrentSetPosition,
  PlayerProvider,
  useCurrentSetPosition,
  useIsSetPlaying,
  usePlayer,
  usePlayerState,
} from './player-context';
export { timedTracks } from './player-rules';
export { PlayerStore } from './player-store';
export { AddToQueueButton, SetPlayButton, TrackPlayButton } from './set-play-controls';
export { PlayableTrackList, TrackStartCell } from './track-list-playback';
