import { DiscoverPage } from '../../components/discover-page';
import { SetCard } from '../../components/entity-cards';
import { setColumns } from '../../components/entity-columns';
import { useSets } from './sets-api';

export function SetsPage() {
  return (
    <DiscoverPage
      list="sets"
      title="Sets"
      banner={{ overline: 'Sets', title: 'Dive down the rabbit hole with musical journeys', tint: 'violet' }}
      useItems={useSets}
      columns={setColumns}
      renderCard={(set) => <SetCard set={set} size="small" />}
      followedLabel="My favorites only"
      emptyFollowed={['No favorite sets yet', 'Sets you favorite show up here.']}
    />
  );
}
