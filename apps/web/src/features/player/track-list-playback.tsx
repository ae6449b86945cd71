// The track list moving with the music (docs/web-app.md Set detail): the playing row is highlighted (the set
// is the playing set and the progress lies in [start_time, end_time)), and clicking a row plays the
// set from that track's start. The set page's track list mounts these two pieces.
import type { SetTrack } from '@cratedig/contract/set';
import GraphicEqRounded from '@mui/icons-material/GraphicEqRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import Box from '@mui/material/Box';
import type { MouseEvent, ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { colors } from '../../lib/design-tokens';
import { formatClock } from '../../lib/format';
import { trackDisplayTitle } from '../../lib/track-title';
import { useIsPlayingRow, usePlayer } from './player-context';

/**
 * A row's start time as a play button. It marks its row (the nearest tr or li) with aria-current
 * while that row plays, so the highlight reaches the whole row and assistive tech hears it too.
 */
export function TrackStartCell({ entry }: { entry: SetTrack }) {
  // A list without times says nothing of where an entry plays: it shows its place in the list
  // instead of a time, and neither lights up nor seeks (the set plays as one piece).
  if (entry.untimed) return <UntimedPosition entry={entry} />;
  return <TimedStartCell entry={entry} />;
}

function UntimedPosition({ entry }: { entry: SetTrack }) {
  return (
    <Box
      component="span"
      data-untimed="true"
      title="This track list has no times"
      sx={{ fontSize: 14, fontVariantNumeric: 'tabular-nums', color: 'text.secondary', minWidth: 52 }}
    >
      {entry.track_position}.
    </Box>
  );
}

function TimedStartCell({ entry }: { entry: SetTrack }) {
  const player = usePlayer();
  const playing = useIsPlayingRow(entry.set_meta_id, entry.start_time, entry.end_time);
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const row = ref.current?.closest('tr, li');
    if (!row) return;
    if (playing) row.setAttribute('aria-current', 'true');
    else row.removeAttribute('aria-current');
  }, [playing]);
  const title = `${entry.track_meta.artist} — ${trackDisplayTitle(entry.track_meta)}`;
  return (
    <Box
      component="button"
      type="button"
      ref={ref}
      data-start-time={entry.start_time}
      data-set-id={entry.set_meta_id}
      aria-label={`Play from ${title} (${formatClock(entry.start_time)})`}
      onClick={() => void player.play(entry.set_meta_id, entry.start_time)}
      sx={{
        all: 'unset',
        cursor: 'pointer',
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        minWidth: 52,
        borderRadius: 1,
        fontSize: 14,
        fontVariantNumeric: 'tabular-nums',
        color: playing ? colors.acid : 'text.secondary',
        '& .play': { display: 'none' },
        '&:hover .play, &:focus-visible .play': { display: 'inline-flex' },
        '&:hover .time, &:focus-visible .time': { display: 'none' },
        '&:focus-visible': { outline: `2px solid ${colors.acid}`, outlineOffset: 2 },
      }}
    >
      {playing ? <GraphicEqRounded fontSize="small" /> : null}
      <span className="time">{playing ? null : formatClock(entry.start_time)}</span>
      <PlayArrowRounded className="play" fontSize="small" />
    </Box>
  );
}

/**
 * Wraps the track list: a click anywhere on a row (outside its links and buttons) plays the set from
 * that row's start; the playing row (aria-current) is lit.
 */
export function PlayableTrackList({ children }: { children: ReactNode }) {
  const player = usePlayer();
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('a, button')) return;
    const cell = target.closest('tr, li')?.querySelector<HTMLElement>('[data-start-time]');
    if (!cell) return;
    const setId = Number(cell.dataset.setId);
    const start = Number(cell.dataset.startTime);
    if (!Number.isFinite(start) || !setId) return;
    void player.play(setId, start);
  };
  return (
    <Box
      onClick={onClick}
      sx={{
        '& tbody tr, & li': { cursor: 'pointer', transition: 'background-color 160ms ease' },
        '& tbody tr:has([data-untimed]), & li:has([data-untimed])': { cursor: 'default' },
        '& [aria-current="true"]': {
          backgroundColor: 'rgba(198, 255, 58, 0.08)',
          boxShadow: `inset 3px 0 0 ${colors.acid}`,
        },
        '& [aria-current="true"] td': { borderBottomColor: 'rgba(198, 255, 58, 0.25)' },
      }}
    >
      {children}
    </Box>
  );
}
