// The columns of the IDs waiting to be named: the ID and where it was heard, its artists, its open
// suggestions ('?' and how many), how many listeners wait for it, and when it was first heard.
import type { TrackMeta } from '@cratedig/contract/track';
import Box from '@mui/material/Box';
import type { Column } from '../../components/data-table';
import { ArtistLinks, LeadCell, muted } from '../../components/entity-columns';
import { UnknownIdMark } from '../../components/id-marks';
import { formatDate, formatNumber } from '../../lib/format';
import { suggestionCount } from '../../lib/identification-text';
import { trackDisplayTitle } from '../../lib/track-title';
import { WAITING_ORDERS } from './waiting-ids-params';

export function waitingLabel(count: number): string {
  return count === 1 ? '1 listener' : `${formatNumber(count)} listeners`;
}

export function suggestionsLabel(track: TrackMeta): string {
  const open = track.identification?.open_count ?? 0;
  return open === 0 ? 'None yet' : suggestionCount(open);
}

export const waitingIdColumns: Column<TrackMeta>[] = [
  {
    key: 'title',
    header: 'ID',
    sortField: WAITING_ORDERS.title,
    render: (t) => (
      <LeadCell
        to={`/tracks/${t.id}`}
        image={t.art_url_sm}
        title={trackDisplayTitle(t)}
        subtitle={t.set_meta ? `Heard in ${t.set_meta.set_name}` : undefined}
      />
    ),
  },
  {
    key: 'artist',
    header: 'Artist',
    sortField: WAITING_ORDERS.artist,
    render: (t) =>
      t.artists.length > 0 ? <ArtistLinks refs={t.artists.map((a) => a.artist_meta)} /> : muted(t.artist),
  },
  {
    key: 'suggestions',
    header: 'Suggestions',
    render: (t) => (
      <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}>
        <UnknownIdMark trackId={t.id} openCount={t.identification?.open_count ?? 0} />
        {muted(suggestionsLabel(t))}
      </Box>
    ),
  },
  {
    key: 'waiting',
    header: 'Waiting',
    align: 'right',
    sortField: WAITING_ORDERS.most_watched,
    render: (t) => muted(waitingLabel(t.total_user_likes)),
  },
  {
    key: 'first',
    header: 'First heard',
    sortField: WAITING_ORDERS.first_seen,
    render: (t) => muted(formatDate(t.created_dt)),
    hideBelow: 'lg',
  },
];
