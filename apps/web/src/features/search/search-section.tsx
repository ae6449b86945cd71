import type { SearchKind } from '@cratedig/contract/search';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { LoadMore } from '../../components/load-more';
import { CardSkeletons } from '../../components/states';
import { colors } from '../../lib/design-tokens';
import { formatNumber } from '../../lib/format';
import { hasMore } from '../../lib/paged-query';
import type { HitOf, SectionPage } from './search-api';

export type SectionQuery<K extends SearchKind> = UseInfiniteQueryResult<
  InfiniteData<SectionPage<K>, unknown>,
  Error
>;

/** The items of every loaded page, each id once (docs/search.md: search results are de-duplicated by id). */
export function sectionItems<K extends SearchKind>(query: SectionQuery<K>): HitOf[K][] {
  const seen = new Set<number>();
  const items: HitOf[K][] = [];
  for (const page of query.data?.pages ?? []) {
    for (const item of page.section.data) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}

/** Still waiting for this query's own first page (an earlier query's results may be on screen). */
export function isSectionLoading(query: SectionQuery<SearchKind>): boolean {
  return query.isPending || query.isPlaceholderData;
}

/**
 * One result section: a heading with the number of matches, a grid of cards and its own Load more
 * (shown while offset + count < total). Empty once loaded, it is left out.
 */
export function SearchSection<K extends SearchKind>({
  title,
  query,
  round,
  renderItem,
}: {
  title: string;
  query: SectionQuery<K>;
  round?: boolean;
  renderItem: (item: HitOf[K], words: readonly string[]) => ReactNode;
}) {
  const headingId = useId();
  const pages = query.data?.pages ?? [];
  const items = sectionItems(query);
  const words = pages[0]?.words ?? [];
  const last = pages.at(-1)?.section.pagination;
  const loading = query.isPending;
  if (!loading && items.length === 0) return null;
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      aria-busy={loading || query.isPlaceholderData}
      sx={{ mt: { xs: 4, md: 5 } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, mb: 1.5 }}>
        <Typography id={headingId} variant="h5" component="h2">
          {title}
        </Typography>
        {last && (
          <Typography variant="body2" sx={{ color: colors.textMuted, fontVariantNumeric: 'tabular-nums' }}>
            {formatNumber(last.total)}
            {last.total >= 1000 ? '+' : ''} {last.total === 1 ? 'match' : 'matches'}
          </Typography>
        )}
      </Box>
      <Box
        {...(loading
          ? { role: 'progressbar', 'aria-label': `Loading ${title}` }
          : { component: 'ul', 'aria-label': title })}
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: { xs: 1.5, md: 2 },
          // Round artist portraits read well smaller: one column more from tablets up (phones keep two,
          // so names and genre chips still fit).
          gridTemplateColumns: round ? columns(2, 4, 5, 6) : columns(2, 3, 4, 5),
          '& > li': { minWidth: 0 },
          opacity: query.isPlaceholderData ? 0.55 : 1,
          transition: 'opacity 120ms',
        }}
      >
        {loading ? (
          <CardSkeletons count={5} round={round} />
        ) : (
          items.map((item) => <li key={item.id}>{renderItem(item, words)}</li>)
        )}
      </Box>
      {!loading && hasMore(last) && (
        <>
          <LoadMore
            pagination={last}
            shown={items.length}
            loading={query.isFetchingNextPage}
            onLoadMore={() => void query.fetchNextPage()}
          />
          {query.isFetchNextPageError && (
            <Typography role="alert" color="error" sx={{ mt: 1, textAlign: 'center' }}>
              More {title.toLowerCase()} could not be loaded. Please try again.
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}

function columns(xs: number, sm: number, md: number, lg: number) {
  const repeat = (n: number) => `repeat(${n}, minmax(0, 1fr))`;
  return { xs: repeat(xs), sm: repeat(sm), md: repeat(md), lg: repeat(lg) };
}
