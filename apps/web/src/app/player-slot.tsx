import Box from '@mui/material/Box';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { useAuth } from '../features/auth/auth-context';
import { BottomPlayer } from '../features/player/bottom-player';
import { usePlayer } from '../features/player/player-context';
import { UPDATE_META_LIKES, type UpdateMetaLikesDetail } from '../features/player/player-messages';

// Pages pad their bottom by this CSS variable, so the fixed player never hides their last rows.
export const PLAYER_HEIGHT_VAR = '--cd-player-height';

/**
 * Ties the app-wide player to the session and the pages (issue 6): the user id for queue calls, the
 * queue loaded on sign-in, logout (and leaving the signed-in area) stopping everything (spec §4), and
 * 'updateMetaLikes' refreshing the set and track the like touched (spec §2 Set detail).
 */
function usePlayerSession() {
  const player = usePlayer();
  const { user, onLogout } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;

  useEffect(() => {
    player.setUser(userId);
    if (userId !== null) void player.loadQueue();
  }, [player, userId]);

  useEffect(() => onLogout(() => player.reset()), [player, onLogout]);

  // The signed-in layout unmounts when the session ends for any reason (auth error included).
  useEffect(() => () => player.reset(), [player]);

  useEffect(() => {
    const refresh = (event: Event) => {
      const detail = (event as CustomEvent<UpdateMetaLikesDetail>).detail;
      if (!detail) return;
      void queryClient.invalidateQueries({ queryKey: ['catalogue', `/sets/${detail.set_meta_id}`] });
      if (detail.track_meta_id !== null) {
        void queryClient.invalidateQueries({ queryKey: ['catalogue', `/tracks/${detail.track_meta_id}`] });
      }
    };
    window.addEventListener(UPDATE_META_LIKES, refresh);
    return () => window.removeEventListener(UPDATE_META_LIKES, refresh);
  }, [queryClient]);
}

/**
 * The fixed bottom region of the signed-in layout (spec §2 bottom player). It measures whatever is
 * rendered in it and publishes the height, so the layout's padding follows the real player size.
 * Without children it shows the bottom player; the audio itself lives outside React (player-context).
 */
export function PlayerSlot({ children }: { children?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  usePlayerSession();

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(PLAYER_HEIGHT_VAR, `${element.offsetHeight}px`);
    publish();
    // jsdom has no ResizeObserver; the height is then fixed at its first measurement.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(PLAYER_HEIGHT_VAR);
    };
  }, []);

  return (
    <Box
      ref={ref}
      role="region"
      aria-label="Player"
      sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: (theme) => theme.zIndex.appBar }}
    >
      {children ?? <BottomPlayer />}
    </Box>
  );
}
