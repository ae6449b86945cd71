// Table columns of the set, track, artist, label and ID lists (docs/web-app.md, sort fields of
// docs/catalogue.md).
import type { Artist } from '@cratedig/contract/artist';
import { SORTS } from '@cratedig/contract/constants';
import type { Label } from '@cratedig/contract/label';
import type { SetMeta } from '@cratedig/contract/set';
import type { TrackMeta } from '@cratedig/contract/track';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatDate, formatDurationMs, formatNumber } from '../lib/format';
import { trackDisplayTitle } from '../lib/track-title';
import { Artwork } from './artwork';
import { LikesCount } from './count-badge';
import type { Column } from './data-table';
import type { SortOption } from './filter-dialog';
import { GenreChipLink } from './genre-chip';
import { SetActions } from './set-actions';

/** Artwork, a linked main line and a muted second line: the lead cell of every row. */
export function LeadCell({
  to,
  image,
  title,
  subtitle,
  round,
}: {
  to: string;
  image: string | null;
  title: string;
  subtitle?: ReactNode;
  round?: boolean;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <Artwork src={image} size={40} round={round} radius={1} />
      <Box sx={{ minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={to}
          color="text.primary"
          sx={{
            fontWeight: 600,
            display: 'block',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            maxWidth: 360,
          }}
        >
          {title}
        </Link>
        {subtitle && (
          <Typography variant="body2" color="text.secondary" noWrap sx={{ maxWidth: 360 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

export function ArtistLinks({ refs }: { refs: { id: number; name: string }[] }) {
  return (
    <>
      {refs.map((ref, i) => (
        <span key={ref.id}>
          {i > 0 && ', '}
          <Link component={RouterLink} to={`/artists/${ref.id}`} color="inherit">
            {ref.name}
          </Link>
        </span>
      ))}
    </>
  );
}

function curatorOf(set: SetMeta) {
  const sponsor = set.set_sponsors[0];
  if (!sponsor) return '—';
  const to =
    sponsor.sponsor_type === 'artist_meta'
      ? `/artists/${sponsor.sponsor_id}`
      : `/labels/${sponsor.sponsor_id}`;
  return (
    <Link component={RouterLink} to={to} color="inherit">
      {sponsor.sponsor}
    </Link>
  );
}

export const muted = (text: ReactNode) => (
  <Typography
    component="span"
    variant="body2"
    color="text.secondary"
    sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
  >
    {text}
  </Typography>
);

export const setColumns: Column<SetMeta>[] = [
  {
    key: 'title',
    header: 'Set',
    sortField: SORTS.sets.title,
    render: (s) => (
      <LeadCell
        to={`/sets/${s.id}`}
        image={s.art_url_sm}
        title={s.set_name}
        subtitle={formatDurationMs(s.duration)}
      />
    ),
  },
  {
    key: 'artist',
    header: 'Artist',
    sortField: SORTS.sets.artist,
    render: (s) => <ArtistLinks refs={s.artists} />,
  },
  { key: 'curator', header: 'Curator', sortField: SORTS.sets.curator, render: curatorOf, hideBelow: 'lg' },
  {
    key: 'genre',
    header: 'Genre',
    sortField: SORTS.sets.genre,
    render: (s) => (s.genre ? <GenreChipLink genre={s.genre} list="sets" /> : muted('—')),
  },
  {
    key: 'recorded',
    header: 'Recorded',
    sortField: SORTS.sets.release_date,
    render: (s) => muted(formatDate(s.release_date)),
  },
  {
    key: 'identified',
    header: "ID'd",
    align: 'right',
    render: (s) => muted(`${s.track_confirmed_count}/${s.track_count}`),
    hideBelow: 'lg',
  },
  { key: 'likes', header: 'Likes', align: 'right', render: (s) => <LikesCount value={s.likes} /> },
  // Play and Add to queue, when the page provides them (components/set-actions.tsx).
  {
    key: 'actions',
    header: '',
    headerLabel: 'Actions',
    width: 96,
    render: (s) => <SetActions set={s} place="row" />,
  },
];

export const trackColumns: Column<TrackMeta>[] = [
  {
    key: 'title',
    header: 'Title',
    sortField: SORTS.tracks.title,
    render: (t) => <LeadCell to={`/tracks/${t.id}`} image={t.art_url_sm} title={trackDisplayTitle(t)} />,
  },
  {
    key: 'artist',
    header: 'Artist',
    sortField: SORTS.tracks.artist,
    render: (t) => (
      <ArtistLinks refs={t.artists.filter((a) => a.role !== 'mixer').map((a) => a.artist_meta)} />
    ),
  },
  {
    key: 'label',
    header: 'Label',
    sortField: SORTS.tracks.label,
    render: (t) =>
      t.label_meta && t.label_name ? (
        <Link component={RouterLink} to={`/labels/${t.label_meta.id}`} color="inherit">
          {t.label_name}
        </Link>
      ) : (
        muted(t.label_name ?? '—')
      ),
  },
  {
    key: 'genre',
    header: 'Genre',
    sortField: SORTS.tracks.genre,
    render: (t) => (t.genre ? <GenreChipLink genre={t.genre} list="tracks" /> : muted('—')),
    hideBelow: 'lg',
  },
  {
    key: 'released',
    header: 'Released',
    sortField: SORTS.tracks.release_date,
    render: (t) => muted(formatDate(t.release_date)),
  },
  { key: 'likes', header: 'Likes', align: 'right', render: (t) => <LikesCount value={t.total_user_likes} /> },
];

function countCell(n: number) {
  return muted(formatNumber(n));
}

/**
 * The count and latest-date columns artists and labels share (docs/web-app.md: the label list adds artists).
 */
function activityColumns<T extends Artist | Label>(
  sorts: typeof SORTS.artists | typeof SORTS.labels,
  latestTrackHideBelow?: Column<T>['hideBelow'],
): Column<T>[] {
  return [
    {
      key: 'sets',
      header: 'Sets',
      align: 'right',
      sortField: sorts.set_count,
      render: (item) => countCell(item.set_count),
    },
    {
      key: 'latest_set',
      header: 'Latest set',
      sortField: sorts.latest_set,
      render: (item) => muted(formatDate(item.latest_set_date)),
    },
    {
      key: 'tracks',
      header: 'Tracks',
      align: 'right',
      sortField: sorts.track_count,
      render: (item) => countCell(item.track_count),
    },
    {
      key: 'latest_track',
      header: 'Latest track',
      sortField: sorts.latest_track,
      render: (item) => muted(formatDate(item.latest_track_date)),
      ...(latestTrackHideBelow ? { hideBelow: latestTrackHideBelow } : {}),
    },
  ];
}

export const artistColumns: Column<Artist>[] = [
  {
    key: 'name',
    header: 'Artist',
    sortField: SORTS.artists.name,
    render: (a) => (
      <LeadCell
        to={`/artists/${a.id}`}
        image={a.art_url_sm}
        round
        title={a.name}
        subtitle={a.track_genres.slice(0, 2).join(' · ')}
      />
    ),
  },
  ...activityColumns<Artist>(SORTS.artists),
];

export const labelColumns: Column<Label>[] = [
  {
    key: 'name',
    header: 'Label',
    sortField: SORTS.labels.name,
    render: (l) => (
      <LeadCell
        to={`/labels/${l.id}`}
        image={l.art_url_sm ?? l.logo_url}
        title={l.name}
        subtitle={l.track_genres.slice(0, 2).join(' · ')}
      />
    ),
  },
  ...activityColumns<Label>(SORTS.labels, 'lg'),
  {
    key: 'artists',
    header: 'Artists',
    align: 'right',
    sortField: SORTS.labels.artist_count,
    render: (l) => countCell(l.artist_count),
  },
];

/** The filter dialog's sort choices per list (docs/catalogue.md Sort choices). */
export const SORT_OPTIONS: Record<'sets' | 'tracks' | 'artists' | 'labels', SortOption[]> = {
  sets: [
    { label: 'Artist', value: SORTS.sets.artist },
    { label: 'Title', value: SORTS.sets.title },
    { label: 'Curator', value: SORTS.sets.curator },
    { label: 'Genre', value: SORTS.sets.genre },
    // the date a set was recorded: named as its column and the set page name it
    { label: 'Recorded', value: SORTS.sets.release_date },
  ],
  tracks: [
    { label: 'Artist', value: SORTS.tracks.artist },
    { label: 'Title', value: SORTS.tracks.title },
    { label: 'Label', value: SORTS.tracks.label },
    { label: 'Genre', value: SORTS.tracks.genre },
    { label: 'Released', value: SORTS.tracks.release_date },
  ],
  artists: [
    { label: 'Name', value: SORTS.artists.name },
    { label: 'Set count', value: SORTS.artists.set_count },
    { label: 'Latest set', value: SORTS.artists.latest_set },
    { label: 'Track count', value: SORTS.artists.track_count },
    { label: 'Latest track', value: SORTS.artists.latest_track },
  ],
  labels: [
    { label: 'Name', value: SORTS.labels.name },
    { label: 'Set count', value: SORTS.labels.set_count },
    { label: 'Latest set', value: SORTS.labels.latest_set },
    { label: 'Track count', value: SORTS.labels.track_count },
    { label: 'Latest track', value: SORTS.labels.latest_track },
    { label: 'Artist count', value: SORTS.labels.artist_count },
  ],
};
