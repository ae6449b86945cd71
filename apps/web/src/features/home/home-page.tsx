import { CardRow } from '../../components/card-row';
import { ArtistCard, LabelCard, PlaceCard, SetCard, TrackCard } from '../../components/entity-cards';
import { PageBanner } from '../../components/page-banner';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuth } from '../auth';
import { ContinueListening } from './continue-listening';
import { useFeatured } from './featured-api';

// spec §2 Home: the welcome banner, the sets to continue (when there are any), then the featured
// lists, with no sorting or filters.
export function HomePage() {
  const { user } = useAuth();
  useDocumentTitle('Home');
  const sets = useFeatured('sets');
  const tracks = useFeatured('tracks');
  const artists = useFeatured('artists');
  const labels = useFeatured('labels');
  const festivals = useFeatured('festivals');
  const venues = useFeatured('venues');
  return (
    <>
      <PageBanner
        overline="Home"
        title={user ? `Welcome to Cratedig, ${user.username}` : 'Welcome to Cratedig'}
        subtitle="Fresh sets, newly identified tracks and the artists and labels behind them."
      />
      <ContinueListening />
      <CardRow title="Featured Sets" seeAllTo="/sets" loading={sets.isPending}>
        {(sets.data?.data ?? []).map((set) => (
          <li key={set.id}>
            <SetCard set={set} size="small" />
          </li>
        ))}
      </CardRow>
      <CardRow title="Newest Tracks" seeAllTo="/tracks" loading={tracks.isPending}>
        {(tracks.data?.data ?? []).map((track) => (
          <li key={track.id}>
            <TrackCard track={track} size="small" />
          </li>
        ))}
      </CardRow>
      <CardRow title="Featured Artists" seeAllTo="/artists" loading={artists.isPending} round>
        {(artists.data?.data ?? []).map((artist) => (
          <li key={artist.id}>
            <ArtistCard artist={artist} />
          </li>
        ))}
      </CardRow>
      <CardRow title="Featured Labels" seeAllTo="/labels" loading={labels.isPending}>
        {(labels.data?.data ?? []).map((label) => (
          <li key={label.id}>
            <LabelCard label={label} />
          </li>
        ))}
      </CardRow>
      <CardRow title="Featured Festivals" loading={festivals.isPending}>
        {(festivals.data?.data ?? []).map((festival) => (
          <li key={festival.id}>
            <PlaceCard place={festival} kind="Festival" />
          </li>
        ))}
      </CardRow>
      <CardRow title="Featured Venues" loading={venues.isPending}>
        {(venues.data?.data ?? []).map((venue) => (
          <li key={venue.id}>
            <PlaceCard place={venue} kind="Venue" />
          </li>
        ))}
      </CardRow>
    </>
  );
}
