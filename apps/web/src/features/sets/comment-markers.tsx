// Where a set's comments were written: a small marker per timed comment under the set's heat strip.
// Hovering (or focusing) one shows its first line; a click plays the set from there.
import type { CommentMarker } from '@cratedig/contract/moments-api';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { colors } from '../../lib/design-tokens';
import { formatClock } from '../../lib/format';

export function markerLabel(marker: CommentMarker): string {
  return `Comment by ${marker.author.username} at ${formatClock(marker.set_timestamp)}: ${marker.first_line}`;
}

export function CommentMarkers({
  markers,
  durationS,
  onPlay,
}: {
  markers: readonly CommentMarker[];
  durationS: number;
  onPlay: (seconds: number) => void;
}) {
  const [shown, setShown] = useState<CommentMarker | null>(null);
  if (durationS <= 0 || markers.length === 0) return null;
  const leftOf = (marker: CommentMarker) => Math.min(100, (marker.set_timestamp / durationS) * 100);
  return (
    <Box
      component="ul"
      aria-label="Comments in the set"
      sx={{
        position: 'relative',
        listStyle: 'none',
        m: 0,
        p: 0,
        height: 20,
        // One rule for every marker instead of a style per element: a set may carry hundreds.
        '& button': {
          position: 'absolute',
          top: 2,
          width: 16,
          height: 16,
          ml: '-8px',
          p: 0,
          border: 'none',
          borderRadius: '50% 50% 50% 0',
          // The accent, as everything that can be acted on: a click plays the set from there.
          backgroundColor: colors.acid,
          opacity: 0.85,
          boxShadow: `0 0 0 2px ${colors.ink}`,
          cursor: 'pointer',
          transition: 'transform 120ms ease, background-color 120ms ease',
        },
        '& button:hover, & button:focus-visible': {
          opacity: 1,
          transform: 'scale(1.3)',
          outline: 'none',
          boxShadow: `0 0 0 2px ${colors.ink}, 0 0 0 4px ${colors.text}`,
        },
      }}
    >
      {markers.map((marker) => (
        <li key={marker.id}>
          <button
            type="button"
            aria-label={markerLabel(marker)}
            style={{ left: `${leftOf(marker)}%` }}
            onMouseEnter={() => setShown(marker)}
            onMouseLeave={() => setShown(null)}
            onFocus={() => setShown(marker)}
            onBlur={() => setShown(null)}
            onClick={() => onPlay(marker.set_timestamp)}
          />
        </li>
      ))}
      {shown && (
        <Box
          role="tooltip"
          sx={{
            position: 'absolute',
            top: '100%',
            left: `${leftOf(shown)}%`,
            transform: `translateX(-${leftOf(shown)}%)`,
            mt: 0.5,
            px: 1,
            py: 0.5,
            maxWidth: 'min(360px, 90vw)',
            borderRadius: 1,
            fontSize: 12,
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            pointerEvents: 'none',
            backgroundColor: colors.surface3,
            border: `1px solid ${colors.line}`,
            zIndex: 2,
          }}
        >
          <strong>{shown.author.username}</strong> · {formatClock(shown.set_timestamp)} · {shown.first_line}
        </Box>
      )}
    </Box>
  );
}
