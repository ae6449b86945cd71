import type { FeaturedItems, FeaturedKind } from '@cratedig/contract/catalogue-api';
import { type ReactNode, useDeferredValue } from 'react';
import { CardRow } from '../../components/card-row';
import { ArtistCard, LabelCard, PlaceCard, SetCard, TrackCard } from '../../components/entity-cards';
import { PageBanner } from '../../components/page-banner';
import { WaitingIdsLink } from '../../components/waiting-ids-link';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuth } from '../auth';
import { ContinueListening } from './continue-listening';
import { useFeatured } from './featured-api';

// docs/web-app.md Home: the welcome banner, the sets to continue (when there are any), then the featured
// lists, with no sorting or filters.
export function HomePage() {
  const { user } = useAuth();
  useDocumentTitle('Home');
  return (
    <>
      <PageBanner
        overline="Home"
        title={user ? `Welcome to Cratedig, ${user.username}` : 'Welcome to Cratedig'}
        subtitle="Fresh sets, newly identified tracks and the artists and labels behind them."
      >
        <WaitingIdsLink />
      </PageBanner>
      <ContinueListening />
      <FeaturedRow kind="sets" title="Featured Sets" seeAllTo="/sets" card={(set) => <SetCard set={set} />} />
      <FeaturedRow
        kind="tracks"
        title="Newest Tracks"
        seeAllTo="/tracks"
        card={(track) => <TrackCard track={track} />}
      />
      <FeaturedRow
        kind="artists"
        title="Featured Artists"
        seeAllTo="/artists"
        round
        card={(artist) => <ArtistCard artist={artist} />}
      />
      <FeaturedRow
        kind="labels"
        title="Featured Labels"
        seeAllTo="/labels"
        card={(label) => <LabelCard label={label} />}
      />
      <FeaturedRow
        kind="festivals"
        title="Featured Festivals"
        card={(festival) => <PlaceCard place={festival} kind="Festival" />}
      />
      <FeaturedRow
        kind="venues"
        title="Featured Venues"
        card={(venue) => <PlaceCard place={venue} kind="Venue" />}
      />
    </>
  );
}

/**
 * One featured list. Each row reads its own query, so a row's answer renders that row alone: the six
 * answers arrive one by one, and re-rendering every row on each was most of Home's blocking time.
 * The cards of an answer render as deferred work, which React splits into short slices, so a phone's
 * main thread stays free for taps and scrolling while the six rows fill in.
 */
function FeaturedRow<K extends FeaturedKind>({
  kind,
  title,
  seeAllTo,
  round,
  card,
}: {
  kind: K;
  title: string;
  seeAllTo?: string;
  round?: boolean;
  card: (item: FeaturedItems[K]) => ReactNode;
}) {
  const featured = useFeatured(kind);
  const items = useDeferredValue(featured.data?.data);
  return (
    <CardRow
      title={title}
      {...(seeAllTo ? { seeAllTo } : {})}
      // An answer whose cards are still rendering counts as loading; a failed one shows the empty row.
      loading={featured.isPending || (items === undefined && featured.data !== undefined)}
      round={round === true}
    >
      {(items ?? []).map((item) => (
        <li key={item.id}>{card(item as FeaturedItems[K])}</li>
      ))}
    </CardRow>
  );
}
