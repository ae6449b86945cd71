// The heat strip: a set's moment likes drawn as a density over time, smoothed from the exact counts
// per bucket, with the most liked moment marked. Hovering names the track playing there and its likes.
// The set page draws it under its track segments; the bottom player can draw it under its seek bar
// (SetHeatStrip fetches the heat itself).
import type { MomentTrack, SetHeat } from '@cratedig/contract/moments-api';
import Box from '@mui/material/Box';
import { type MouseEvent, memo, useId, useMemo, useState } from 'react';
import { colors } from '../lib/design-tokens';
import { formatClock, formatNumber, plural } from '../lib/format';
import { heatAreaPath, momentTrackAt, smoothHeat } from '../lib/heat';
import { useSetHeat } from '../lib/set-heat-query';

const VIEW_HEIGHT = 100;

export interface HeatStripProps {
  buckets: readonly number[];
  bucketS: number;
  durationS: number;
  tracks?: readonly MomentTrack[];
  peak?: SetHeat['peak'];
  total?: number;
  /** Pixels; the strip stretches to its container's width. */
  height?: number;
  /** A click on the strip: the second under the pointer. */
  onSeek?: (seconds: number) => void;
}

/** The strip's text for screen readers: how many likes, and where the most liked moment is. */
export function heatSummary(
  total: number,
  peak: SetHeat['peak'] | undefined,
  tracks: readonly MomentTrack[] = [],
): string {
  if (total === 0 || !peak) return 'Moment likes across the set: none yet';
  const track = tracks.find((entry) => entry.track_position === peak.track_position);
  const during = track ? `, during ${track.artist} — ${track.title}` : '';
  return `Moment likes across the set: ${plural(total, 'like')}; the most liked moment is at ${formatClock(peak.at_s)}${during} (${plural(peak.likes, 'like')})`;
}

/**
 * What hovering second `t` shows: the time, the track playing there, the likes of that moment (its
 * bucket) and of the whole track.
 */
export function heatHoverText(
  t: number,
  buckets: readonly number[],
  bucketS: number,
  tracks: readonly MomentTrack[],
): string {
  const track = momentTrackAt(tracks, t);
  const here = `${plural(buckets[Math.floor(t / bucketS)] ?? 0, 'like')} here`;
  if (!track) return `${formatClock(t)} · ${here}`;
  return `${formatClock(t)} · ${track.artist} — ${track.title} · ${here}, ${formatNumber(track.likes)} in the track`;
}

export const HeatStrip = memo(function HeatStrip({
  buckets,
  bucketS,
  durationS,
  tracks = [],
  peak = null,
  total,
  height = 28,
  onSeek,
}: HeatStripProps) {
  const gradientId = useId();
  const [hover, setHover] = useState<{ left: number; text: string } | null>(null);
  const smoothed = useMemo(() => smoothHeat(buckets), [buckets]);
  const path = useMemo(() => heatAreaPath(smoothed, VIEW_HEIGHT), [smoothed]);
  // The strip spans the set's duration; the last bucket may reach past the end and is cut there.
  const width = durationS > 0 && bucketS > 0 ? durationS / bucketS : buckets.length || 1;
  const likes = total ?? buckets.reduce((a, b) => a + b, 0);
  // The mark stands at the most liked moment (the middle of its second), not the middle of its bucket.
  const peakX = peak ? (peak.at_s + 0.5) / bucketS : null;

  const secondAt = (event: MouseEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const fraction = box.width > 0 ? Math.min(1, Math.max(0, (event.clientX - box.left) / box.width)) : 0;
    return { fraction, t: fraction * durationS };
  };

  return (
    <Box
      data-heat-strip=""
      onMouseMove={(event) => {
        const { fraction, t } = secondAt(event);
        setHover({ left: fraction * 100, text: heatHoverText(t, buckets, bucketS, tracks) });
      }}
      onMouseLeave={() => setHover(null)}
      onClick={onSeek ? (event) => onSeek(Math.floor(secondAt(event).t)) : undefined}
      sx={{ position: 'relative', height, cursor: onSeek ? 'pointer' : undefined }}
    >
      <svg
        role="img"
        aria-label={heatSummary(likes, peak, tracks)}
        viewBox={`0 0 ${width} ${VIEW_HEIGHT}`}
        preserveAspectRatio="none"
        width="100%"
        height={height}
        style={{ display: 'block', overflow: 'hidden' }}
      >
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor={colors.acid} stopOpacity={0.85} />
            <stop offset="100%" stopColor={colors.acid} stopOpacity={0.12} />
          </linearGradient>
        </defs>
        <rect x={0} y={VIEW_HEIGHT - 2} width={width} height={2} fill="rgba(255,255,255,0.12)" />
        {likes > 0 && <path data-heat-area="" d={path} fill={`url(#${gradientId})`} />}
        {peakX !== null && (
          <line
            data-heat-peak=""
            x1={peakX}
            x2={peakX}
            y1={0}
            y2={VIEW_HEIGHT}
            stroke={colors.text}
            strokeWidth={2}
            vectorEffect="non-scaling-stroke"
          />
        )}
      </svg>
      {hover && (
        <Box
          role="tooltip"
          sx={{
            position: 'absolute',
            bottom: '100%',
            left: `${hover.left}%`,
            transform: `translateX(-${hover.left}%)`,
            mb: 0.75,
            px: 1,
            py: 0.5,
            borderRadius: 1,
            fontSize: 12,
            whiteSpace: 'nowrap',
            maxWidth: 'min(420px, 90vw)',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            pointerEvents: 'none',
            backgroundColor: colors.surface3,
            border: `1px solid ${colors.line}`,
            zIndex: 2,
          }}
        >
          {hover.text}
        </Box>
      )}
    </Box>
  );
});

/** The strip for set `setId`, fetching its heat; nothing while it loads or when the call fails. */
export function SetHeatStrip({
  setId,
  height,
  onSeek,
}: {
  setId: number;
  height?: number;
  onSeek?: (seconds: number) => void;
}) {
  const { data } = useSetHeat(setId);
  if (!data) return null;
  return (
    <HeatStrip
      buckets={data.buckets}
      bucketS={data.bucket_s}
      durationS={data.duration_s}
      tracks={data.tracks}
      peak={data.peak}
      total={data.total}
      height={height}
      onSeek={onSeek}
    />
  );
}
