import { DiscoverPage } from '../../components/discover-page';
import { LabelCard } from '../../components/entity-cards';
import { labelColumns } from '../../components/entity-columns';
import { useLabels } from './labels-api';

export function LabelsPage() {
  return (
    <DiscoverPage
      list="labels"
      title="Labels"
      banner={{
        overline: 'Labels',
        title: 'Discover Labels',
        subtitle: 'Only independent labels & producers',
        tint: 'acid',
      }}
      useItems={useLabels}
      columns={labelColumns}
      renderCard={(label) => <LabelCard label={label} />}
      followedLabel="Followed only"
      emptyFollowed={['You follow no labels yet', 'Labels you follow show up here.']}
    />
  );
}
