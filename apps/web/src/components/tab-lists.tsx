// The lists inside detail-page tabs: the same tables and cards as the discover lists, sortable by
// column, with Load more.
import type { Artist } from '@cratedig/contract/artist';
import type { SortChoice } from '@cratedig/contract/constants';
import type { Label } from '@cratedig/contract/label';
import type { SetMeta } from '@cratedig/contract/set';
import type { TrackMeta } from '@cratedig/contract/track';
import { useState } from 'react';
import { nextSort } from '../lib/sort-state';
import { ArtistCard, LabelCard, SetCard, TrackCard } from './entity-cards';
import { artistColumns, labelColumns, setColumns, trackColumns } from './entity-columns';
import { idColumns } from './id-columns';
import { PagedList, type PagedQuery } from './paged-list';

/** Column sorting held by the tab (docs/web-app.md: first click ascending, the same column toggles). */
export function useToggleSort(initial: SortChoice): [SortChoice, (orderBy: string) => void] {
  const [sort, setSort] = useState<SortChoice>(initial);
  return [sort, (orderBy) => setSort((current) => nextSort(current, orderBy))];
}

interface TabListProps<T> {
  query: PagedQuery<T>;
  sort: SortChoice;
  onSort: (orderBy: string) => void;
  label: string;
}

export function SetTabList({ query, sort, onSort, label }: TabListProps<SetMeta>) {
  return (
    <PagedList
      query={query}
      label={label}
      columns={setColumns}
      renderCard={(set) => <SetCard set={set} size="small" />}
      sort={sort}
      onSort={onSort}
      rowLink={(set) => `/sets/${set.id}`}
      emptyTitle="No sets yet"
    />
  );
}

export function TrackTabList({
  query,
  sort,
  onSort,
  label,
  ids,
}: TabListProps<TrackMeta> & { ids?: boolean }) {
  return (
    <PagedList
      query={query}
      label={label}
      columns={ids ? idColumns : trackColumns}
      renderCard={(track) => <TrackCard track={track} size="small" />}
      sort={sort}
      onSort={onSort}
      rowLink={(track) => `/tracks/${track.id}`}
      emptyTitle={ids ? 'No IDs yet' : 'No tracks yet'}
    />
  );
}

export function ArtistTabList({ query, sort, onSort, label }: TabListProps<Artist>) {
  return (
    <PagedList
      query={query}
      label={label}
      columns={artistColumns}
      renderCard={(artist) => <ArtistCard artist={artist} />}
      round
      sort={sort}
      onSort={onSort}
      rowLink={(artist) => `/artists/${artist.id}`}
      emptyTitle="No artists yet"
    />
  );
}

export function LabelTabList({ query, sort, onSort, label }: TabListProps<Label>) {
  return (
    <PagedList
      query={query}
      label={label}
      columns={labelColumns}
      renderCard={(l) => <LabelCard label={l} />}
      sort={sort}
      onSort={onSort}
      rowLink={(l) => `/labels/${l.id}`}
      emptyTitle="No labels yet"
    />
  );
}
