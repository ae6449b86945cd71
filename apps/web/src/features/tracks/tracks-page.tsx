import { DiscoverPage } from '../../components/discover-page';
import { TrackCard } from '../../components/entity-cards';
import { trackColumns } from '../../components/entity-columns';
import { WaitingIdsLink } from '../../components/waiting-ids-link';
import { useTracks } from './tracks-api';

export function TracksPage() {
  return (
    <DiscoverPage
      list="tracks"
      title="Tracks"
      banner={{
        overline: 'Tracks',
        title: 'Crate dig through new & old cuts',
        tint: 'ember',
        children: <WaitingIdsLink />,
      }}
      useItems={useTracks}
      columns={trackColumns}
      renderCard={(track) => <TrackCard track={track} size="small" />}
      followedLabel="My favorites only"
      emptyFollowed={['No favorite tracks yet', 'Tracks you favorite show up here.']}
    />
  );
}
