// The columns of an ID list (an artist's IDs, the profile's Watched IDs): docs/catalogue.md sorts them by
// artist, title or first seen only. An ID that came out says so, linking to its release.
import { SORTS } from '@cratedig/contract/constants';
import type { TrackMeta, TrackRelease } from '@cratedig/contract/track';
import NewReleasesOutlined from '@mui/icons-material/NewReleasesOutlined';
import Chip from '@mui/material/Chip';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../lib/format';
import { trackDisplayTitle } from '../lib/track-title';
import type { Column } from './data-table';
import { ArtistLinks, LeadCell, muted } from './entity-columns';

/** 'Released', linking to the track the ID came out as. */
export function ReleasedChip({ release }: { release: Pick<TrackRelease, 'id' | 'artist' | 'title'> }) {
  return (
    <Chip
      label="Released"
      size="small"
      color="primary"
      variant="outlined"
      icon={<NewReleasesOutlined />}
      clickable
      component={RouterLink}
      to={`/tracks/${release.id}`}
      aria-label={`Released as ${release.artist} – ${release.title}`}
      onClick={(event) => event.stopPropagation()}
    />
  );
}

export const idColumns: Column<TrackMeta>[] = [
  {
    key: 'title',
    header: 'Title',
    sortField: SORTS.ids.title,
    render: (t) => (
      <LeadCell
        to={`/tracks/${t.id}`}
        image={t.art_url_sm}
        title={trackDisplayTitle(t)}
        subtitle={t.set_meta ? `Found in ${t.set_meta.set_name}` : undefined}
      />
    ),
  },
  {
    key: 'artist',
    header: 'Artist',
    sortField: SORTS.ids.artist,
    render: (t) => <ArtistLinks refs={t.artists.map((a) => a.artist_meta)} />,
  },
  {
    key: 'status',
    header: 'Status',
    render: (t) => (t.release ? <ReleasedChip release={t.release} /> : muted('Unreleased')),
  },
  {
    key: 'first',
    header: 'First heard',
    sortField: SORTS.ids.first_seen,
    render: (t) => muted(formatDate(t.created_dt)),
  },
];
