// The options of the top bar's suggestion panel, in the order the panel shows them and the arrow keys
// move through: the best two artists, labels, tracks and sets, then "show all results".
import type { ArtistHit, LabelHit, SearchResponse, SetHit, TrackHit } from '@cratedig/contract/search';

export type Suggestion =
  | { kind: 'artists'; hit: ArtistHit; href: string }
  | { kind: 'labels'; hit: LabelHit; href: string }
  | { kind: 'tracks'; hit: TrackHit; href: string }
  | { kind: 'sets'; hit: SetHit; href: string }
  | { kind: 'all'; text: string; href: string };

/** /search?s={text}: where Enter with nothing highlighted, and the last option, go. */
export function searchHref(text: string): string {
  return `/search?${new URLSearchParams({ s: text })}`;
}

export function suggestionList(response: SearchResponse | undefined, text: string): Suggestion[] {
  const list: Suggestion[] = [];
  for (const hit of response?.artists?.data ?? [])
    list.push({ kind: 'artists', hit, href: `/artists/${hit.id}` });
  for (const hit of response?.labels?.data ?? [])
    list.push({ kind: 'labels', hit, href: `/labels/${hit.id}` });
  for (const hit of response?.tracks?.data ?? [])
    list.push({ kind: 'tracks', hit, href: `/tracks/${hit.id}` });
  for (const hit of response?.sets?.data ?? []) list.push({ kind: 'sets', hit, href: `/sets/${hit.id}` });
  list.push({ kind: 'all', text, href: searchHref(text) });
  return list;
}
