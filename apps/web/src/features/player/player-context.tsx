// How React reaches the one player (issue 6: one shared audio element living outside the routed
// pages). The app's player is created once per page load with its own <audio> element appended to
// <body>, so no route change, layout re-render or lazy page can ever unmount it. Tests pass their own
// store through <PlayerProvider>.
import { enqueueSnackbar } from 'notistack';
import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import { getApi } from '../../api/transport';
import { createPlayerApi } from './player-api';
import { type PlayerState, PlayerStore } from './player-store';

let appPlayer: PlayerStore | undefined;

/** The app-wide player, created on first use. */
export function getPlayer(): PlayerStore {
  if (!appPlayer) {
    const audio = document.createElement('audio');
    audio.setAttribute('aria-hidden', 'true');
    audio.dataset.player = 'cratedig';
    document.body.appendChild(audio);
    const api = getApi();
    appPlayer = new PlayerStore({
      api: createPlayerApi(api.transport),
      audio,
      events: api.events,
      notify: (message, variant) => {
        enqueueSnackbar(message, { variant });
      },
    });
  }
  return appPlayer;
}

const PlayerContext = createContext<PlayerStore | null>(null);

export function PlayerProvider({ store, children }: { store: PlayerStore; children: ReactNode }) {
  return <PlayerContext.Provider value={store}>{children}</PlayerContext.Provider>;
}

export function usePlayer(): PlayerStore {
  return useContext(PlayerContext) ?? getPlayer();
}

/** Subscribes to one slice of the player state; re-renders only when that slice changes. */
export function usePlayerState<T>(select: (state: PlayerState) => T): T {
  const store = usePlayer();
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}

/** True while set `setId` is the loaded set and it plays. */
export function useIsSetPlaying(setId: number): boolean {
  return usePlayerState((state) => state.set?.id === setId && state.playing);
}

/**
 * spec §2 Set detail: a track-list row is highlighted when its set is the playing set and the
 * progress lies between the track's start_time and end_time.
 */
export function useIsPlayingRow(setId: number, startTime: number, endTime: number): boolean {
  return usePlayerState(
    (state) => state.set?.id === setId && state.progress >= startTime && state.progress < endTime,
  );
}
