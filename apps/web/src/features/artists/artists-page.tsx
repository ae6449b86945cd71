import { FILTER_RESET_SORTS } from '@cratedig/contract/constants';
import { ArtistCard } from '../../components/entity-cards';
import { artistColumns, SORT_OPTIONS } from '../../components/entity-columns';
import { ListToolbar } from '../../components/list-toolbar';
import { PageBanner } from '../../components/page-banner';
import { PagedList } from '../../components/paged-list';
import { useListParams } from '../../lib/list-params';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useArtists } from './artists-api';

export function ArtistsPage() {
  useDocumentTitle('Artists');
  const list = useListParams('artists');
  const query = useArtists(list);
  return (
    <>
      <PageBanner
        overline="Artists"
        title="Discover Artists"
        subtitle="Musical talent from around the world"
        tint="cyan"
      />
      <ListToolbar
        followedLabel="Followed only"
        followed={list.followed}
        onFollowedChange={list.setFollowed}
        genre={list.genre}
        sort={list.sort}
        sortOptions={SORT_OPTIONS.artists}
        resetSort={FILTER_RESET_SORTS.artists}
        onFilter={list.setFilter}
      />
      <PagedList
        query={query}
        label="Artists"
        columns={artistColumns}
        renderCard={(artist) => <ArtistCard artist={artist} />}
        round
        sort={list.sort}
        onSort={list.toggleSort}
        rowLink={(artist) => `/artists/${artist.id}`}
        emptyTitle={list.followed ? 'You follow no artists yet' : 'No artists match'}
        emptyText={
          list.followed ? 'Artists you follow show up here.' : 'Try another genre, or clear the filter.'
        }
      />
    </>
  );
}
