import Box from '@mui/material/Box';
import { type ReactNode, useEffect, useRef } from 'react';

// Pages pad their bottom by this CSS variable, so the fixed player never hides their last rows.
export const PLAYER_HEIGHT_VAR = '--cd-player-height';

/**
 * The fixed bottom region the player issue fills (spec §2 bottom player). It measures whatever is
 * rendered in it and publishes the height, so the layout's padding follows the real player size.
 */
export function PlayerSlot({ children }: { children?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);

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
      {children}
    </Box>
  );
}
