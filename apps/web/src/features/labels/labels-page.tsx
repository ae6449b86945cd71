import { FILTER_RESET_SORTS } from '@cratedig/contract/constants';
import { LabelCard } from '../../components/entity-cards';
import { labelColumns, SORT_OPTIONS } from '../../components/entity-columns';
import { ListToolbar } from '../../components/list-toolbar';
import { PageBanner } from '../../components/page-banner';
import { PagedList } from '../../components/paged-list';
import { useListParams } from '../../lib/list-params';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLabels } from './labels-api';

export function LabelsPage() {
  useDocumentTitle('Labels');
  const list = useListParams('labels');
  const query = useLabels(list);
  return (
    <>
      <PageBanner
        overline="Labels"
        title="Discover Labels"
        subtitle="Only independent labels & producers"
        tint="acid"
      />
      <ListToolbar
        followedLabel="Followed only"
        followed={list.followed}
        onFollowedChange={list.setFollowed}
        genre={list.genre}
        sort={list.sort}
        sortOptions={SORT_OPTIONS.labels}
        resetSort={FILTER_RESET_SORTS.labels}
        onFilter={list.setFilter}
      />
      <PagedList
        query={query}
        label="Labels"
        columns={labelColumns}
        renderCard={(label) => <LabelCard label={label} />}
        sort={list.sort}
        onSort={list.toggleSort}
        rowLink={(label) => `/labels/${label.id}`}
        emptyTitle={list.followed ? 'You follow no labels yet' : 'No labels match'}
        emptyText={
          list.followed ? 'Labels you follow show up here.' : 'Try another genre, or clear the filter.'
        }
      />
    </>
  );
}
