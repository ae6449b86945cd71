import type { SetTrack } from '@cratedig/contract/set';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Artwork } from '../../components/artwork';
import { LikesCount } from '../../components/count-badge';
import { type Column, DataTable } from '../../components/data-table';
import { ArtistLinks } from '../../components/entity-columns';
import { GenreChipLink } from '../../components/genre-chip';
import { IdRowMark, identifiedAs, identifiedLabel } from '../../components/id-marks';
import { EmptyState } from '../../components/states';
import { useDesktop } from '../../components/use-desktop';
import { colors } from '../../lib/design-tokens';
import { formatDate } from '../../lib/format';
import { trackDisplayTitle } from '../../lib/track-title';
// A start time plays the set from that track; the row of the track playing now is highlighted.
import { useLiveIdentifications } from '../identifications';
import { PlayableTrackList, TrackStartCell } from '../player';

type Row = SetTrack & { id: number };

const dim = (text: string) => (
  <Typography
    component="span"
    variant="body2"
    color="text.secondary"
    sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
  >
    {text}
  </Typography>
);

function artistsOf(entry: SetTrack) {
  return entry.track_meta.artists.filter((a) => a.role !== 'mixer').map((a) => a.artist_meta);
}

/** The title a row shows: the crowd's name for an identified ID, else the track's own. */
function titleOf(track: SetTrack['track_meta']): string {
  return identifiedAs(track)?.title ?? trackDisplayTitle(track);
}

/**
 * The artist line as the data knows it, or null when nobody is credited. An ID whose artist is known
 * shows that artist like any track; only an ID with an unknown artist reads 'ID'.
 */
function knownArtistName(entry: SetTrack): string | null {
  const named = identifiedAs(entry.track_meta);
  if (named) return named.artist;
  const name = entry.track_meta.artist.trim();
  if (artistsOf(entry).length > 0) return name || null;
  return name && name !== 'ID' ? name : null;
}

function ArtistCell({ entry }: { entry: SetTrack }) {
  const named = identifiedAs(entry.track_meta);
  if (named) return <>{named.artist}</>;
  const refs = artistsOf(entry);
  if (refs.length > 0) return <ArtistLinks refs={refs} />;
  const name = knownArtistName(entry);
  if (name) return <>{name}</>;
  return entry.track_meta.mix_type === 'ID' ? dim('ID') : dim('—');
}

// docs/web-app.md Set detail columns: Artist, Title, Label, Released, Genre, Key, BPM, Likes (plus the start
// time, or for a list without times each entry's place, headed as a numbered list is).
const startColumn: Column<Row> = {
  key: 'time',
  header: 'Time',
  width: 64,
  render: (e) => <TrackStartCell entry={e} />,
};
const placeColumn: Column<Row> = { ...startColumn, header: '#', headerLabel: 'Place in the list' };

const columns: Column<Row>[] = [
  startColumn,
  {
    key: 'artist',
    header: 'Artist',
    render: (e) => (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Artwork src={e.track_meta.art_url_sm} size={36} radius={1} />
        <span>
          <ArtistCell entry={e} />
        </span>
      </Box>
    ),
  },
  {
    key: 'title',
    header: 'Title',
    render: (e) => (
      <>
        <Link
          component={RouterLink}
          to={`/tracks/${e.track_meta.id}`}
          color="text.primary"
          sx={{ fontWeight: 600 }}
        >
          {titleOf(e.track_meta)}
        </Link>
        <IdRowMark track={e.track_meta} />
      </>
    ),
  },
  {
    key: 'label',
    header: 'Label',
    render: (e) =>
      e.track_meta.label_meta && e.track_meta.label_name ? (
        <Link component={RouterLink} to={`/labels/${e.track_meta.label_meta.id}`} color="inherit">
          {e.track_meta.label_name}
        </Link>
      ) : (
        dim(e.track_meta.label_name ?? identifiedLabel(e.track_meta) ?? '—')
      ),
  },
  {
    key: 'released',
    header: 'Released',
    render: (e) => dim(formatDate(e.track_meta.release_date)),
    hideBelow: 'lg',
  },
  {
    key: 'genre',
    header: 'Genre',
    render: (e) =>
      e.track_meta.genre ? <GenreChipLink genre={e.track_meta.genre} list="tracks" /> : dim('—'),
    hideBelow: 'lg',
  },
  { key: 'key', header: 'Key', render: (e) => dim(e.track_meta.key ?? '—') },
  {
    key: 'bpm',
    header: 'BPM',
    align: 'right',
    render: (e) => dim(e.track_meta.bpm ? String(Math.round(e.track_meta.bpm)) : '—'),
  },
  { key: 'likes', header: 'Likes', align: 'right', render: (e) => <LikesCount value={e.likes} /> },
];

/** The Track List tab: a table on desktop, compact cards on small screens, each with its start time. */
export function SetTrackList({ entries }: { entries: SetTrack[] }) {
  const desktop = useDesktop();
  // The IDs' names and suggestion counts change live while the list is on screen.
  useLiveIdentifications(entries.filter((e) => e.track_meta.mix_type === 'ID').map((e) => e.track_meta.id));
  if (entries.length === 0) return <EmptyState title="No tracks identified yet" />;
  const rows: Row[] = entries.map((entry) => ({ ...entry, id: entry.track_position }));
  const untimed = entries.every((entry) => entry.untimed);
  if (desktop) {
    // docs/web-app.md: clicking a row plays the set from that track (the title still links to the track).
    return (
      <PlayableTrackList>
        <DataTable
          label="Track list"
          columns={untimed ? [placeColumn, ...columns.slice(1)] : columns}
          rows={rows}
        />
      </PlayableTrackList>
    );
  }
  return (
    <PlayableTrackList>
      <Box
        component="ol"
        aria-label="Track list"
        // minmax(0, 1fr): an implicit grid column would grow to the longest unwrapped credit line.
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1 }}
      >
        {rows.map((entry) => {
          const t = entry.track_meta;
          return (
            <Box
              component="li"
              key={entry.id}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1.5,
                p: 1,
                borderRadius: 3,
                backgroundColor: colors.surface1,
                border: `1px solid ${colors.line}`,
              }}
            >
              <Box sx={{ width: 52, flexShrink: 0, textAlign: 'right' }}>
                <TrackStartCell entry={entry} />
              </Box>
              <Artwork src={t.art_url_sm} size={48} radius={1} />
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', minWidth: 0 }}>
                  <Link
                    component={RouterLink}
                    to={`/tracks/${t.id}`}
                    color="text.primary"
                    sx={{
                      fontWeight: 600,
                      display: 'block',
                      minWidth: 0,
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {titleOf(t)}
                  </Link>
                  <IdRowMark track={t} />
                </Box>
                <Typography variant="body2" color="text.secondary" noWrap>
                  {(t.mix_type === 'ID'
                    ? [knownArtistName(entry) ?? 'ID', identifiedAs(t) ? identifiedLabel(t) : 'unreleased']
                    : [t.artist, t.label_name]
                  )
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              </Box>
              <LikesCount value={entry.likes} />
            </Box>
          );
        })}
      </Box>
    </PlayableTrackList>
  );
}
