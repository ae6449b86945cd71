import { FILTER_RESET_SORTS } from '@cratedig/contract/constants';
import { TrackCard } from '../../components/entity-cards';
import { SORT_OPTIONS, trackColumns } from '../../components/entity-columns';
import { ListToolbar } from '../../components/list-toolbar';
import { PageBanner } from '../../components/page-banner';
import { PagedList } from '../../components/paged-list';
import { useListParams } from '../../lib/list-params';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useTracks } from './tracks-api';

export function TracksPage() {
  useDocumentTitle('Tracks');
  const list = useListParams('tracks');
  const query = useTracks(list);
  return (
    <>
      <PageBanner overline="Tracks" title="Crate dig through new & old cuts" tint="ember" />
      <ListToolbar
        followedLabel="My favourites only"
        followed={list.followed}
        onFollowedChange={list.setFollowed}
        genre={list.genre}
        sort={list.sort}
        sortOptions={SORT_OPTIONS.tracks}
        resetSort={FILTER_RESET_SORTS.tracks}
        onFilter={list.setFilter}
      />
      <PagedList
        query={query}
        label="Tracks"
        columns={trackColumns}
        renderCard={(track) => <TrackCard track={track} size="small" />}
        sort={list.sort}
        onSort={list.toggleSort}
        rowLink={(track) => `/tracks/${track.id}`}
        emptyTitle={list.followed ? 'No favourite tracks yet' : 'No tracks match'}
        emptyText={
          list.followed ? 'Tracks you favourite show up here.' : 'Try another genre, or clear the filter.'
        }
      />
    </>
  );
}
