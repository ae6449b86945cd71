import { DISPLAY } from '@cratedig/contract/constants';
import type { SetMeta } from '@cratedig/contract/set';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { DetailHero, DetailHeroSkeleton } from '../../components/detail-hero';
import { DetailTabs } from '../../components/detail-tabs';
import { ArtistLinks } from '../../components/entity-columns';
import { GenreChipLink } from '../../components/genre-chip';
import { DetailUnavailable } from '../../components/not-found';
import { ShareButton } from '../../components/share-button';
import { formatDate, formatDurationMs } from '../../lib/format';
import { resolveMediaUrl } from '../../lib/media-url';
import { setGenres } from '../../lib/set-genres';
import { usePageMeta } from '../../lib/use-page-meta';
import { useRouteId } from '../../lib/use-route-id';
import { SuggestTracklistLink } from '../contribute';
import { SetSuggestions } from '../fingerprints';
import { CommentsTab, SetFavouriteToggle, SetLikesToggle } from '../library';
import { AddToQueueButton, SetPlayButton } from '../player';
import { OwnerEditButton, RecognisedPanel, useOwnedDraft } from '../publish';
import { IdentifiedTracks } from './identified-tracks';
import { useSetDetail } from './set-detail-api';
import { SetMoments } from './set-moments';
import { SetTrackList } from './set-track-list';

/** docs/web-app.md: the curator links to an artist for sponsor type artist_meta, otherwise to a label. */
function CuratorLink({ set }: { set: SetMeta }) {
  const sponsor = set.set_sponsors[0];
  if (!sponsor) return null;
  const to =
    sponsor.sponsor_type === 'artist_meta'
      ? `/artists/${sponsor.sponsor_id}`
      : `/labels/${sponsor.sponsor_id}`;
  return (
    <span>
      Curator{' '}
      <Link component={RouterLink} to={to} sx={{ fontWeight: 600 }}>
        {sponsor.sponsor}
      </Link>
    </span>
  );
}

// docs/web-app.md Set detail /sets/{id}.
export function SetDetailPage() {
  const id = useRouteId();
  const { data: set, isPending, isError } = useSetDetail(id);
  // docs/publishing.md "Owning a set": the signed-in user's own published set, from their cached list.
  const owned = useOwnedDraft(id);
  usePageMeta(set ? `${set.set_name} by ${set.artist}` : null, set ? resolveMediaUrl(set.art_url_xl) : null);

  if (isError || id === 0) return <DetailUnavailable kind="set" listPath="/sets" />;
  if (isPending) return <DetailHeroSkeleton />;

  const genres = setGenres(set).slice(0, DISPLAY.setGenreChips);
  return (
    <>
      <DetailHero
        kind="Set"
        image={set.art_url_xl}
        title={set.set_name}
        actions={
          <>
            {/* Play/Pause the set, and add it to the queue. */}
            <SetPlayButton setId={set.id} name={set.set_name} />
            <AddToQueueButton setId={set.id} name={set.set_name} />
            <SetFavouriteToggle set={set} />
            <SetLikesToggle set={set} />
            <ShareButton kind="sets" id={set.id} name={set.set_name} />
            {owned && (
              <Suspense fallback={null}>
                <OwnerEditButton draft={owned} />
              </Suspense>
            )}
          </>
        }
      >
        <span style={{ fontSize: '1.1rem' }}>
          <ArtistLinks refs={set.artists} />
        </span>
        <span>
          Recorded {formatDate(set.release_date)} · {formatDurationMs(set.duration)}
          {set.festival && (
            <>
              {' · '}
              <Link component={RouterLink} to={`/festivals/${set.festival.id}`}>
                {set.festival.name}
              </Link>
            </>
          )}
          {set.venue && (
            <>
              {' · '}
              <Link component={RouterLink} to={`/venues/${set.venue.id}`}>
                {set.venue.name}
              </Link>
            </>
          )}
        </span>
        <CuratorLink set={set} />
        <IdentifiedTracks set={set} />
        {genres.length > 0 && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 0.5 }}>
            {genres.map((genre) => (
              <GenreChipLink key={genre} genre={genre} list="sets" />
            ))}
          </Box>
        )}
        <SuggestTracklistLink set={set} />
      </DetailHero>
      {owned && (
        <Suspense fallback={null}>
          <RecognisedPanel draft={owned} />
        </Suspense>
      )}
      <SetMoments set={set} />
      <SetSuggestions setId={set.id} />
      <DetailTabs
        label="Set"
        tabs={[
          { key: 'tracks', label: 'Track List', render: () => <SetTrackList entries={set.set_tracks} /> },
          { key: 'comments', label: 'Comments', render: () => <CommentsTab kind="set" id={set.id} /> },
        ]}
      />
    </>
  );
}
