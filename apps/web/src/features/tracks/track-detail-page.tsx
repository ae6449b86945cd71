import type { TrackDetail } from '@cratedig/contract/track';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { DetailHero, DetailHeroSkeleton } from '../../components/detail-hero';
import { DetailTabs } from '../../components/detail-tabs';
import { ArtistLinks } from '../../components/entity-columns';
import { FactList } from '../../components/fact-list';
import { GenreChipLink } from '../../components/genre-chip';
import { identifiedAs } from '../../components/id-marks';
import { DetailUnavailable } from '../../components/not-found';
import { ShareButton } from '../../components/share-button';
import { formatDate } from '../../lib/format';
import { resolveMediaUrl } from '../../lib/media-url';
import { trackDisplayTitle, trackPageTitle } from '../../lib/track-title';
import { usePageMeta } from '../../lib/use-page-meta';
import { useRouteId } from '../../lib/use-route-id';
import { HeardInSection } from '../fingerprints';
import { IdentificationPanel, usePrefetchTrackIdentifications } from '../identifications';
import { CommentsTab, PurchaseButton, TrackFavouriteToggle, TrackLikesToggle } from '../library';
import { TrackPlayButton } from '../player';
import { FirstHeardNote, IdStatusNote } from './id-release-notes';
import { useTrackDetail } from './track-detail-api';
import { TrackSetsTab } from './track-sets-tab';

// docs/web-app.md Track detail /tracks/{id}.
export function TrackDetailPage() {
  const id = useRouteId();
  const { data: track, isPending, isError } = useTrackDetail(id);
  // an ID's proposals load alongside the track, not one round trip after it
  usePrefetchTrackIdentifications(id);
  usePageMeta(track ? trackPageTitle(track) : null, track ? resolveMediaUrl(track.art_url_xl) : null);

  if (isError || id === 0) return <DetailUnavailable kind="track" listPath="/tracks" />;
  if (isPending) return <DetailHeroSkeleton />;

  const isId = track.mix_type === 'ID';
  // An ID the crowd named but that is not out yet carries that name, marked unreleased in its kind.
  const named = isId && !track.release ? identifiedAs(track) : null;
  const credited = track.artists.filter((a) => a.role !== 'mixer').map((a) => a.artist_meta);
  const mixers = track.artists.filter((a) => a.role === 'mixer').map((a) => a.artist_meta);
  const facts = isId
    ? [
        {
          label: 'Found in',
          value: track.set_meta ? (
            <Link component={RouterLink} to={`/sets/${track.set_meta.id}`}>
              {track.set_meta.set_name}
            </Link>
          ) : (
            '—'
          ),
        },
        { label: 'First Heard', value: formatDate(track.created_dt) },
      ]
    : [
        {
          label: 'Label',
          value: track.label_meta ? (
            <Link component={RouterLink} to={`/labels/${track.label_meta.id}`}>
              {track.label_name}
            </Link>
          ) : (
            (track.label_name ?? '—')
          ),
        },
        { label: 'Released', value: formatDate(track.release_date) },
        { label: 'BPM', value: track.bpm ? Math.round(track.bpm) : '—' },
        { label: 'Key', value: track.key ?? '—' },
        { label: 'Genre', value: track.genre ? <GenreChipLink genre={track.genre} list="tracks" /> : '—' },
      ];

  return (
    <>
      <DetailHero
        kind={heroKind(track)}
        image={track.art_url_xl}
        title={named ? named.title : trackDisplayTitle(track)}
        actions={
          <>
            {/* Play plays the set the track is in, from the track's start (GET /set_tracks/play/{id}). */}
            <TrackPlayButton
              trackId={track.id}
              title={trackDisplayTitle(track)}
              label={isId ? 'Listen to the moment' : undefined}
              setCount={track.set_count}
              untimedOnly={track.untimed_only === true}
            />
            {!isId && <PurchaseButton track={track} />}
            <TrackFavouriteToggle track={track} label={trackDisplayTitle(track)} />
            <TrackLikesToggle track={track} label={trackDisplayTitle(track)} />
            <ShareButton kind="tracks" id={track.id} name={track.title} />
          </>
        }
      >
        <span style={{ fontSize: '1.1rem' }}>{named ? named.artist : <ArtistLinks refs={credited} />}</span>
        {mixers.length > 0 && (
          <span>
            {track.mix_type === 'edit' ? 'Edit' : 'Remix'} by <ArtistLinks refs={mixers} />
          </span>
        )}
      </DetailHero>
      {isId && <IdStatusNote track={track} />}
      {isId && (
        <IdentificationPanel
          trackId={track.id}
          identification={track.identification}
          release={track.release}
        />
      )}
      {!isId && track.first_heard && <FirstHeardNote firstHeard={track.first_heard} />}
      <FactList facts={facts} />
      <HeardInSection trackId={track.id} isId={isId} foundInSetId={track.set_meta?.id} />
      <DetailTabs
        label="Track"
        tabs={[
          { key: 'sets', label: 'Sets', render: () => <TrackSetsTab trackId={track.id} /> },
          { key: 'comments', label: 'Comments', render: () => <CommentsTab kind="track" id={track.id} /> },
        ]}
      />
    </>
  );
}

function heroKind(track: TrackDetail): string {
  if (track.mix_type === 'ID') {
    if (track.release) return 'ID · released';
    return track.identification?.status === 'identified' ? 'ID · identified · unreleased' : 'ID · unreleased';
  }
  return track.mix_type === 'original_mix' ? 'Track' : `Track · ${track.mix_type}`;
}
