import type { ListResponse } from '@cratedig/contract/common';
import type { SortChoice } from '@cratedig/contract/constants';
import Box from '@mui/material/Box';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type Column, DataTable } from './data-table';
import { CardGrid } from './entity-cards';
import { LoadMore } from './load-more';
import { CardSkeletons, EmptyState, TableSkeleton } from './states';
import { useDesktop } from './use-desktop';

export type PagedQuery<T> = UseInfiniteQueryResult<InfiniteData<ListResponse<T>, unknown>, Error>;

/**
 * A paged catalogue list: a sortable table on desktop, cards on small screens, Load more while there
 * is more, and designed loading and empty states.
 */
export function PagedList<T extends { id: number }>({
  query,
  label,
  columns,
  renderCard,
  sort,
  onSort,
  rowLink,
  emptyTitle,
  emptyText,
  round,
}: {
  query: PagedQuery<T>;
  label: string;
  columns: Column<T>[];
  renderCard: (item: T) => ReactNode;
  sort?: SortChoice;
  onSort?: (orderBy: string) => void;
  rowLink?: (item: T) => string;
  emptyTitle: string;
  emptyText?: string;
  round?: boolean;
}) {
  const desktop = useDesktop();
  const pages = query.data?.pages ?? [];
  const items = pages.flatMap((page) => page.data);
  const last = pages.at(-1)?.pagination;

  if (query.isPending) {
    return desktop ? (
      <TableSkeleton label={`Loading ${label}`} />
    ) : (
      <CardGrid label={`Loading ${label}`}>
        <CardSkeletons count={6} round={round} items />
      </CardGrid>
    );
  }
  if (query.isError) {
    return <EmptyState title={`${label} could not be loaded`}>Please try again in a moment.</EmptyState>;
  }
  if (items.length === 0) return <EmptyState title={emptyTitle}>{emptyText}</EmptyState>;

  return (
    <Box sx={{ opacity: query.isPlaceholderData ? 0.55 : 1, transition: 'opacity 120ms' }}>
      {desktop ? (
        <DataTable
          label={label}
          columns={columns}
          rows={items}
          sort={sort}
          onSort={onSort}
          rowLink={rowLink}
        />
      ) : (
        <CardGrid label={label}>
          {items.map((item) => (
            <li key={item.id}>{renderCard(item)}</li>
          ))}
        </CardGrid>
      )}
      <LoadMore
        pagination={last}
        shown={items.length}
        loading={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
      />
    </Box>
  );
}
