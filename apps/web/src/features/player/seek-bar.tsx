// The seek bar with elapsed / total time. The set's track list is drawn as one segment per set track,
// and hovering the bar names the track at that point in a small label just above the bar, kept
// inside the bar's width and in the room left above it, so it never covers the buttons beside or
// above it.
import { PLAYER } from '@cratedig/contract/constants';
import type { SetTrack } from '@cratedig/contract/set';
import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { type MouseEvent, memo, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { SetHeatStrip } from '../../components/heat-strip';
import { colors } from '../../lib/design-tokens';
import { trackDisplayTitle } from '../../lib/track-title';
import { usePlayer, usePlayerState } from './player-context';
import { formatPlayerTime, setTrackAt, timedTracks } from './player-rules';

const heatSx = {
  position: 'absolute',
  left: 0,
  right: 0,
  bottom: 'calc(50% + 3px)',
  opacity: 0.55,
  pointerEvents: 'none',
} as const;

function trackLabel(track: SetTrack): string {
  return `${track.track_position}. ${track.track_meta.artist} — ${trackDisplayTitle(track.track_meta)}`;
}

/**
 * How far the hover label reaches above the seek row (its 17 px height, minus the 5 px between the
 * row's top and the label's bottom). The bottom player keeps this much room between its controls and
 * the bar, so the label never covers a button.
 */
export const SEEK_LABEL_ROOM_PX = 12;

/** The hover label's left edge: centred on the pointer, but kept inside the bar. */
export function hoverLabelLeft(pointerX: number, barWidth: number, labelWidth: number): number {
  const left = pointerX - labelWidth / 2;
  return Math.max(0, Math.min(left, barWidth - labelWidth));
}

interface Hover {
  text: string;
  /** Pointer position and bar width, in px. */
  x: number;
  width: number;
}

/** The hover label, positioned once its own width is known. */
function HoverLabel({ hover }: { hover: Hover }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const label = ref.current;
    if (label) label.style.left = `${hoverLabelLeft(hover.x, hover.width, label.offsetWidth)}px`;
  }, [hover]);
  return (
    <Box
      component="span"
      ref={ref}
      role="tooltip"
      sx={{
        position: 'absolute',
        // Its bottom just above the thumb; SEEK_LABEL_ROOM_PX above the bar is kept free for it.
        bottom: 'calc(50% + 7px)',
        maxWidth: '100%',
        px: 0.75,
        py: 0,
        borderRadius: 1,
        fontSize: 11,
        lineHeight: '15px',
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        pointerEvents: 'none',
        color: 'text.primary',
        backgroundColor: 'rgba(12, 12, 16, 0.92)',
        border: `1px solid ${colors.line}`,
        zIndex: 1,
      }}
    >
      {hover.text}
    </Box>
  );
}

/** One thin block per set track under the slider's track; the playing one lit. */
const Segments = memo(function Segments({
  tracks,
  duration,
  currentStart,
}: {
  tracks: readonly SetTrack[];
  duration: number;
  currentStart: number | null;
}) {
  if (duration <= 0) return null;
  return (
    <Box aria-hidden sx={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}>
      {tracks.map((track) => {
        const left = (track.start_time / duration) * 100;
        const width = (Math.min(track.end_time, duration) / duration) * 100 - left;
        const current = track.start_time === currentStart;
        return (
          <Box
            key={track.track_position}
            sx={{
              position: 'absolute',
              top: '50%',
              left: `${left}%`,
              width: `calc(${Math.max(0, width)}% - 2px)`,
              height: current ? 6 : 4,
              transform: 'translateY(-50%)',
              borderRadius: 2,
              backgroundColor: current ? 'rgba(198, 255, 58, 0.35)' : 'rgba(255, 255, 255, 0.14)',
              transition: 'height 120ms ease, background-color 120ms ease',
            }}
          />
        );
      })}
    </Box>
  );
});

export function SeekBar() {
  const player = usePlayer();
  const set = usePlayerState((state) => state.set);
  const progress = usePlayerState((state) => state.progress);
  const duration = usePlayerState((state) => state.duration);
  const currentStart = usePlayerState((state) => state.track?.start_time ?? null);
  const [dragging, setDragging] = useState<number | null>(null);
  const [hover, setHover] = useState<Hover | null>(null);
  const tracks = useMemo(() => timedTracks(set?.set_tracks ?? []), [set]);
  const value = dragging ?? Math.min(progress, duration || progress);

  const onHover = (event: MouseEvent<HTMLElement>) => {
    if (duration <= 0) return;
    const box = event.currentTarget.getBoundingClientRect();
    const x = Math.min(Math.max(event.clientX - box.left, 0), box.width);
    const t = (x / box.width) * duration;
    const track = setTrackAt(tracks, t);
    const text = track ? `${trackLabel(track)} · ${formatPlayerTime(t)}` : formatPlayerTime(t);
    setHover({ text, x, width: box.width });
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, width: '100%', minWidth: 0 }}>
      {/* The slider says both times ('0:05:10 of 0:15:00'); these are for the eye. */}
      <Typography variant="caption" sx={timeSx} aria-hidden data-testid="elapsed-time">
        {formatPlayerTime(value)}
      </Typography>
      <Box
        data-seek-bar
        sx={{ position: 'relative', flex: 1, minWidth: 0, display: 'flex', alignItems: 'center' }}
        onMouseMove={onHover}
        onMouseLeave={() => setHover(null)}
      >
        {hover ? <HoverLabel hover={hover} /> : null}
        <Segments tracks={tracks} duration={duration} currentStart={currentStart} />
        {/* The set's moment likes rise just above the bar, so its peaks show while it plays. */}
        {set && (
          <Box aria-hidden sx={heatSx}>
            <SetHeatStrip setId={set.id} height={12} />
          </Box>
        )}
        <Slider
          aria-label="Seek"
          size="small"
          min={0}
          max={duration > 0 ? duration : 1}
          step={PLAYER.seekStepS}
          value={value}
          disabled={!set}
          // Read as '0:12:34 of 1:02:00': where the set is, out of how long it is.
          getAriaValueText={(seconds) => `${formatPlayerTime(seconds)} of ${formatPlayerTime(duration)}`}
          onChange={(_, next) => setDragging(next as number)}
          onChangeCommitted={(_, next) => {
            setDragging(null);
            player.seek(next as number);
          }}
          sx={{
            color: colors.acid,
            height: 4,
            py: 1.25,
            '& .MuiSlider-rail': { opacity: tracks.length > 0 ? 0 : 0.2 },
            '& .MuiSlider-track': { border: 'none', opacity: 0.9 },
            '& .MuiSlider-thumb': {
              width: 12,
              height: 12,
              transition: 'box-shadow 120ms ease',
              '&:hover, &.Mui-focusVisible': { boxShadow: '0 0 0 6px rgba(198, 255, 58, 0.18)' },
            },
          }}
        />
      </Box>
      <Typography variant="caption" sx={timeSx} aria-hidden data-testid="total-time">
        {formatPlayerTime(duration)}
      </Typography>
    </Box>
  );
}

const timeSx = {
  color: 'text.secondary',
  fontVariantNumeric: 'tabular-nums',
  minWidth: 52,
  textAlign: 'center',
  fontSize: 12,
} as const;
