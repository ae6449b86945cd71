import Box from '@mui/material/Box';
import { type ReactNode, useEffect, useRef } from 'react';
import { useAuth } from '../features/auth/auth-context';
import { usePlayer } from '../features/player';
import { BottomPlayer } from '../features/player/bottom-player';

// Pages pad their bottom by this CSS variable, so the fixed player never hides their last rows.
export const PLAYER_HEIGHT_VAR = '--cd-player-height';

/**
 * Ties the app-wide player to the session: the user id for queue calls, the queue and the last played
 * set loaded on sign-in,
 * and logout (or leaving the signed-in area for any reason) pausing the audio and forgetting the
 * playing set and the queue.
 */
function usePlayerSession() {
  const player = usePlayer();
  const { user, onLogout } = useAuth();
  const userId = user?.id ?? null;

  useEffect(() => {
    player.setUser(userId);
    if (userId === null) return;
    void player.loadQueue();
    // After a reload the player shows the set last played, paused where it was left.
    void player.restoreLastPlayed();
  }, [player, userId]);

  useEffect(() => onLogout(() => player.reset()), [player, onLogout]);

  // The signed-in layout unmounts when the session ends for any reason (auth error included).
  useEffect(() => () => player.reset(), [player]);
}

/**
 * The fixed bottom region of the signed-in layout (docs/web-app.md bottom player). It measures whatever is
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
