// Lock-screen and OS media controls. The metadata names the set track
// playing within the set, with its artwork; previous/next step between set tracks; seeking works.
import { useEffect } from 'react';
import { resolveMediaUrl } from '../../lib/media-url';
import { trackDisplayTitle } from '../../lib/track-title';
import { usePlayer, usePlayerState } from './player-context';

const SEEK_OFFSET_S = 10;

export function useMediaSession() {
  const player = usePlayer();
  const set = usePlayerState((state) => state.set);
  const track = usePlayerState((state) => state.track);
  const playing = usePlayerState((state) => state.playing);
  const progress = usePlayerState((state) => state.progress);
  const duration = usePlayerState((state) => state.duration);
  const session =
    typeof navigator !== 'undefined' && 'mediaSession' in navigator ? navigator.mediaSession : null;

  useEffect(() => {
    if (!session) return;
    const handlers: Array<[MediaSessionAction, MediaSessionActionHandler]> = [
      ['play', () => void player.toggle()],
      ['pause', () => player.pause()],
      ['previoustrack', () => player.step('previous')],
      ['nexttrack', () => player.step('next')],
      ['seekbackward', (details) => player.seekBy(-(details.seekOffset ?? SEEK_OFFSET_S))],
      ['seekforward', (details) => player.seekBy(details.seekOffset ?? SEEK_OFFSET_S)],
      [
        'seekto',
        (details) => {
          if (details.seekTime !== undefined) player.seek(details.seekTime);
        },
      ],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // A browser that does not know an action throws; the others still work.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {}
      }
    };
  }, [session, player]);

  useEffect(() => {
    if (!session || typeof MediaMetadata === 'undefined') return;
    if (!set) {
      session.metadata = null;
      return;
    }
    const meta = track?.track_meta;
    const art = meta?.art_url_xl ?? set.art_url_xl;
    session.metadata = new MediaMetadata({
      title: meta ? trackDisplayTitle(meta) : set.set_name,
      artist: meta ? meta.artist : set.artist,
      album: set.set_name,
      artwork: [{ src: resolveMediaUrl(art), sizes: '600x600', type: 'image/jpeg' }],
    });
  }, [session, set, track]);

  useEffect(() => {
    if (!session) return;
    session.playbackState = set ? (playing ? 'playing' : 'paused') : 'none';
  }, [session, set, playing]);

  useEffect(() => {
    if (!session?.setPositionState || !set || duration <= 0) return;
    try {
      session.setPositionState({ duration, position: Math.min(progress, duration), playbackRate: 1 });
    } catch {
      // Position beyond a stale duration while a new set loads: the next tick sets it right.
    }
  }, [session, set, progress, duration]);
}
