// The track page's Sets tab: the sets playing the track, each with where the track plays in it and
// the moment likes it got there; clicking that position plays the set from the track's start.

import { DEFAULT_SORTS } from '@cratedig/contract/constants';
import type { TrackMoment } from '@cratedig/contract/moments-api';
import type { SetMeta } from '@cratedig/contract/set';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type ReactNode, useMemo } from 'react';
import { LikesCount } from '../../components/count-badge';
import type { Column } from '../../components/data-table';
import { SetCard } from '../../components/entity-cards';
import { setColumns } from '../../components/entity-columns';
import { PagedList } from '../../components/paged-list';
import { useToggleSort } from '../../components/tab-lists';
import { formatClock } from '../../lib/format';
import { usePlayer } from '../player';
import { useTrackMoments } from './track-moments-api';
import { useTrackSets } from './track-sets-api';

/**
 * 'Plays at 12:34' (a button playing the set from there) and the moment likes the track got there. A
 * set whose list has no times gives the track no moment: its place in the list is shown instead, and
 * nothing offers to play from a time it does not have.
 */
export function TrackMomentInSet({ set, moment }: { set: SetMeta; moment: TrackMoment | undefined }) {
  const player = usePlayer();
  if (!moment) return null;
  if (moment.untimed)
    return (
      <Typography
        variant="body2"
        color="text.secondary"
        title="This set's track list has no times"
        sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
      >
        Track {moment.track_position} of the list
      </Typography>
    );
  const at = formatClock(moment.start_time);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, whiteSpace: 'nowrap' }}>
      <Button
        size="small"
        startIcon={<PlayArrowRounded />}
        aria-label={`Play ${set.set_name} from ${at}, where the track plays`}
        onClick={() => void player.playSetFrom(set.id, moment.start_time)}
        sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 0 }}
      >
        {at}
      </Button>
      <LikesCount value={moment.likes} />
    </Box>
  );
}

// The track page is narrower than a list page: the sets' curator and identified count (about the
// set, not the track) stay on the Sets list, and where the track plays comes right after the set, so
// the table fits without scrolling sideways.
const LEFT_OUT = new Set(['curator', 'identified']);

/** The Sets tab's columns: the set, where the track plays in it, then the rest of the set's columns. */
export function trackSetColumns(moment: (set: SetMeta) => ReactNode): Column<SetMeta>[] {
  const [lead, ...rest] = setColumns.filter((column) => !LEFT_OUT.has(column.key));
  const plays: Column<SetMeta> = { key: 'moment', header: 'Track plays at', render: moment };
  return lead ? [lead, plays, ...rest] : [plays, ...rest];
}

export function TrackSetsTab({ trackId }: { trackId: number }) {
  const [sort, toggle] = useToggleSort(DEFAULT_SORTS.sets);
  const query = useTrackSets(trackId, sort);
  const pageIds = (query.data?.pages ?? []).map((page) => page.data.map((set) => set.id));
  const moments = useTrackMoments(trackId, pageIds);
  const columns = useMemo(
    () => trackSetColumns((set) => <TrackMomentInSet set={set} moment={moments.get(set.id)} />),
    [moments],
  );
  return (
    <PagedList
      query={query}
      label="Sets"
      columns={columns}
      renderCard={(set) => (
        <Box sx={{ display: 'grid', gap: 0.5 }}>
          <SetCard set={set} size="small" />
          <TrackMomentInSet set={set} moment={moments.get(set.id)} />
        </Box>
      )}
      sort={sort}
      onSort={toggle}
      rowLink={(set) => `/sets/${set.id}`}
      emptyTitle="No sets yet"
    />
  );
}
