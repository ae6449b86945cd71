import { FILTER_RESET_SORTS } from '@cratedig/contract/constants';
import { SetCard } from '../../components/entity-cards';
import { SORT_OPTIONS, setColumns } from '../../components/entity-columns';
import { ListToolbar } from '../../components/list-toolbar';
import { PageBanner } from '../../components/page-banner';
import { PagedList } from '../../components/paged-list';
import { useListParams } from '../../lib/list-params';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSets } from './sets-api';

export function SetsPage() {
  useDocumentTitle('Sets');
  const list = useListParams('sets');
  const query = useSets(list);
  return (
    <>
      <PageBanner overline="Sets" title="Dive down the rabbit hole with musical journeys" tint="violet" />
      <ListToolbar
        followedLabel="My favourites only"
        followed={list.followed}
        onFollowedChange={list.setFollowed}
        genre={list.genre}
        sort={list.sort}
        sortOptions={SORT_OPTIONS.sets}
        resetSort={FILTER_RESET_SORTS.sets}
        onFilter={list.setFilter}
      />
      <PagedList
        query={query}
        label="Sets"
        columns={setColumns}
        renderCard={(set) => <SetCard set={set} size="small" />}
        sort={list.sort}
        onSort={list.toggleSort}
        rowLink={(set) => `/sets/${set.id}`}
        emptyTitle={list.followed ? 'No favourite sets yet' : 'No sets match'}
        emptyText={
          list.followed ? 'Sets you favourite show up here.' : 'Try another genre, or clear the filter.'
        }
      />
    </>
  );
}
