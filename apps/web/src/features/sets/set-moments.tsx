// The set page's moments: the track list as segments, the heat strip of moment likes under them with
// the listener's position, the timed comments as markers, and 'Jump to the most liked moment' (also
// on the M key). Clicking the strip or a marker plays the set from there.
import type { SetDetail } from '@cratedig/contract/catalogue-api';
import type { SetHeat } from '@cratedig/contract/moments-api';
import type { SetTrack } from '@cratedig/contract/set';
import WhatshotRounded from '@mui/icons-material/WhatshotRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { memo, useEffect, useRef } from 'react';
import { HeatStrip } from '../../components/heat-strip';
import { colors } from '../../lib/design-tokens';
import { formatClock, plural } from '../../lib/format';
import { isFreeKeyPress, JUMP_TO_PEAK_KEY } from '../../lib/moment-shortcut';
import { useSetHeat } from '../../lib/set-heat-query';
import { useCommentMarkers } from '../library';
import { timedTracks, useCurrentSetPosition, usePlayer } from '../player';
import { CommentMarkers } from './comment-markers';

/** Changes whenever a like lands on the set: the heat is fetched again with the set. */
function likesVersion(set: SetDetail): string {
  return `${set.likes}:${set.set_tracks.reduce((sum, entry) => sum + entry.likes, 0)}`;
}

/** The second 'Jump to the most liked moment' plays from: the most liked moment itself. */
export function peakTarget(heat: Pick<SetHeat, 'peak'> | undefined): number | null {
  return heat?.peak ? heat.peak.at_s : null;
}

function peakLine(heat: SetHeat | undefined): string {
  if (!heat) return '';
  const { peak } = heat;
  if (!peak) return 'No liked moments yet: like one from the player while the set plays.';
  const track = heat.tracks.find((entry) => entry.track_position === peak.track_position);
  const during = track ? ` · ${track.artist} — ${track.title}` : '';
  return `Most liked at ${formatClock(peak.at_s)}${during} · ${plural(peak.likes, 'like')}`;
}

const Segments = memo(function Segments({
  tracks,
  durationS,
}: {
  tracks: readonly SetTrack[];
  durationS: number;
}) {
  if (durationS <= 0) return null;
  return (
    <Box aria-hidden sx={{ position: 'relative', height: 6, mb: 0.75 }}>
      {tracks.map((track) => {
        const left = (track.start_time / durationS) * 100;
        const width = (Math.min(track.end_time, durationS) / durationS) * 100 - left;
        return (
          <Box
            key={track.track_position}
            style={{ left: `${left}%`, width: `calc(${Math.max(0, width)}% - 2px)` }}
            sx={{
              position: 'absolute',
              top: 0,
              bottom: 0,
              borderRadius: 2,
              backgroundColor: 'rgba(255,255,255,0.16)',
            }}
          />
        );
      })}
    </Box>
  );
});

/** The M key plays the set from its peak while the page is open. */
function useJumpKey(jump: (() => void) | null) {
  const latest = useRef(jump);
  latest.current = jump;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== JUMP_TO_PEAK_KEY || !isFreeKeyPress(event) || !latest.current) return;
      event.preventDefault();
      latest.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

export function SetMoments({ set }: { set: SetDetail }) {
  const player = usePlayer();
  const { data: heat } = useSetHeat(set.id, likesVersion(set));
  const { data: markers } = useCommentMarkers(set.id);
  const current = useCurrentSetPosition();
  const durationS = heat?.duration_s ?? set.duration / 1000;
  const playFrom = (seconds: number) => void player.playSetFrom(set.id, seconds);
  const target = peakTarget(heat);
  const jump = target === null ? null : () => playFrom(target);
  useJumpKey(jump);
  const here =
    current.setId === set.id && durationS > 0 ? Math.min(100, (current.position / durationS) * 100) : null;

  return (
    <Box component="section" aria-label="Moments" sx={{ mt: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 1, mb: 1.5 }}>
        <Box sx={{ minWidth: 0, flex: '1 1 240px' }}>
          <Typography variant="h6" component="h2">
            Moments
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {peakLine(heat)}
          </Typography>
        </Box>
        <Button
          variant="outlined"
          startIcon={<WhatshotRounded />}
          disabled={!jump}
          onClick={() => jump?.()}
          aria-keyshortcuts="M"
          title="Shortcut: M"
          sx={{ borderRadius: 999, flexShrink: 0 }}
        >
          Jump to the most liked moment
        </Button>
      </Box>
      <Box sx={{ position: 'relative' }}>
        <Segments tracks={timedTracks(set.set_tracks)} durationS={durationS} />
        {heat && (
          <HeatStrip
            buckets={heat.buckets}
            bucketS={heat.bucket_s}
            durationS={durationS}
            tracks={heat.tracks}
            peak={heat.peak}
            total={heat.total}
            height={36}
            onSeek={playFrom}
          />
        )}
        {here !== null && (
          <Box
            aria-hidden
            data-playhead=""
            style={{ left: `${here}%` }}
            sx={{
              position: 'absolute',
              top: -2,
              height: 50,
              width: 2,
              ml: '-1px',
              borderRadius: 1,
              backgroundColor: colors.acid,
              boxShadow: `0 0 8px ${colors.acid}`,
              pointerEvents: 'none',
            }}
          />
        )}
      </Box>
      <CommentMarkers markers={markers?.data ?? []} durationS={durationS} onPlay={playFrom} />
    </Box>
  );
}
