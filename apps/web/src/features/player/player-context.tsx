// How React reaches the one player. The store lives outside React (player-store.ts) so that playback
// survives every route change; components read it through useSyncExternalStore.
import type { QueueItem } from '@cratedig/contract/queue';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useMemo, useSyncExternalStore } from 'react';
import { useApi } from '../../api/api-context';
import type { Api } from '../../api/transport';
import { enqueueSnackbar } from '../../lib/toast';
import { createPlayerApi } from './player-api';
import { type PlayerState, PlayerStore } from './player-store';
import { queueQueryOptions } from './queue-endpoints';

let appPlayer: PlayerStore | undefined;

/**
 * The app's one player, created the first time it is asked for and then kept for the page's life,
 * with its own <audio> element appended to <body>: no route change, layout re-render or lazy page
 * can ever unmount it.
 */
function appPlayerFor(api: Api, queryClient: QueryClient): PlayerStore {
  if (!appPlayer) {
    const audio = document.createElement('audio');
    audio.setAttribute('aria-hidden', 'true');
    audio.dataset.player = 'cratedig';
    document.body.appendChild(audio);
    appPlayer = new PlayerStore({
      api: createPlayerApi(api.transport),
      audio,
      events: api.events,
      queryClient,
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

/** Provides the app's player (see appPlayerFor), or the store a test passes. */
export function AppPlayerProvider({ store, children }: { store?: PlayerStore; children: ReactNode }) {
  const api = useApi();
  const queryClient = useQueryClient();
  return <PlayerProvider store={store ?? appPlayerFor(api, queryClient)}>{children}</PlayerProvider>;
}

export function usePlayer(): PlayerStore {
  const store = useContext(PlayerContext);
  if (!store) throw new Error('usePlayer must be used inside <PlayerProvider>');
  return store;
}

/** Subscribes to one slice of the player state; re-renders only when that slice changes. */
export function usePlayerState<T>(select: (state: PlayerState) => T): T {
  const store = usePlayer();
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}

export interface CurrentSetPosition {
  /** The loaded set's id, or null when nothing is loaded. */
  setId: number | null;
  /** Seconds into the loaded set (0 when nothing is loaded); refreshed every second while it plays. */
  position: number;
  playing: boolean;
}

/** The loaded set and the position in it, for pages that show or act on where the listener is. */
export function useCurrentSetPosition(): CurrentSetPosition {
  const setId = usePlayerState((state) => state.set?.id ?? null);
  const position = usePlayerState((state) => (state.set ? state.progress : 0));
  const playing = usePlayerState((state) => state.playing);
  return useMemo(() => ({ setId, position, playing }), [setId, position, playing]);
}

/** True while set `setId` is the loaded set and it plays. */
export function useIsSetPlaying(setId: number): boolean {
  return usePlayerState((state) => state.set?.id === setId && state.playing);
}

/**
 * docs/web-app.md Set detail: a track-list row is highlighted when its set is the playing set and the
 * progress lies between the track's start_time and end_time.
 */
export function useIsPlayingRow(setId: number, startTime: number, endTime: number): boolean {
  return usePlayerState(
    (state) => state.set?.id === setId && state.progress >= startTime && state.progress < endTime,
  );
}

/** The signed-in user's queue, from the query cache (loaded on first use; the store keeps it current). */
export function useQueue(): QueueItem[] {
  return useQueueStatus().queue;
}

/** The queue and whether its first load has answered: until then it is not known to be empty. */
export function useQueueStatus(): { queue: QueueItem[]; loaded: boolean } {
  const player = usePlayer();
  const query = useQuery(queueQueryOptions(player.api));
  return { queue: query.data ?? [], loaded: query.status !== 'pending' };
}
