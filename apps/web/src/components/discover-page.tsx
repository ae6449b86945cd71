import { FILTER_RESET_SORTS } from '@cratedig/contract/constants';
import type { ComponentProps, ReactNode } from 'react';
import { type DiscoverList, type PlaceFilter, useListParams } from '../lib/list-params';
import { useDocumentTitle } from '../lib/use-document-title';
import type { Column } from './data-table';
import { SORT_OPTIONS } from './entity-columns';
import { ListToolbar } from './list-toolbar';
import { PageBanner } from './page-banner';
import { PagedList, type PagedQuery } from './paged-list';

type ListState = ReturnType<typeof useListParams>;

/**
 * The frame the four discover lists share (docs/web-app.md): banner, followed-only switch, filter dialog,
 * column sorting and Load more, with the list's state in the URL. Each page names what differs.
 */
export function DiscoverPage<T extends { id: number }>({
  list,
  title,
  banner,
  useItems,
  columns,
  renderCard,
  round,
  followedLabel,
  emptyFollowed,
}: {
  list: DiscoverList;
  title: string;
  banner: ComponentProps<typeof PageBanner>;
  useItems: (state: ListState) => PagedQuery<T>;
  columns: Column<T>[];
  renderCard: (item: T) => ReactNode;
  round?: boolean;
  followedLabel: string;
  /** The empty state of the followed-only list: its title and line. */
  emptyFollowed: [string, string];
}) {
  const state = useListParams(list);
  const query = useItems(state);
  const place = placeLabel(state.place, query.data?.pages[0]?.data[0]);
  useDocumentTitle(place ? `${title} ${place.charAt(0).toLowerCase()}${place.slice(1)}` : title);
  return (
    <>
      <PageBanner {...banner} />
      <ListToolbar
        followedLabel={followedLabel}
        followed={state.followed}
        onFollowedChange={state.setFollowed}
        genre={state.genre}
        sort={state.sort}
        sortOptions={SORT_OPTIONS[list]}
        resetSort={FILTER_RESET_SORTS[list]}
        onFilter={state.setFilter}
        place={place ? { label: place, onClear: state.clearPlace } : null}
      />
      <PagedList
        query={query}
        label={title}
        columns={columns}
        renderCard={renderCard}
        round={round}
        sort={state.sort}
        onSort={state.toggleSort}
        rowLink={(item) => `/${list}/${item.id}`}
        emptyTitle={
          state.followed ? emptyFollowed[0] : place ? `No ${list} ${place.toLowerCase()}` : `No ${list} match`
        }
        emptyText={state.followed ? emptyFollowed[1] : 'Try another genre, or clear the filter.'}
      />
    </>
  );
}

/** 'Recorded at Tidewater Festival': the place's name comes with its sets (set.festival, set.venue). */
function placeLabel(place: PlaceFilter | null | undefined, first: unknown): string | null {
  if (!place) return null;
  const named = (first as Partial<Record<PlaceFilter['kind'], { name: string } | null>> | undefined)?.[
    place.kind
  ];
  return `Recorded at ${named?.name ?? `this ${place.kind}`}`;
}
