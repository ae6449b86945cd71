// How many tracks Cratedig heard in a set where its tracklist names nothing: each is one more track
// the set holds than its tracklist counts, and not an identified one. (A track found inside an ID's
// entry is that ID, already counted.) Reads the same query as the set page's 'Cratedig found …'.
import type { SetSuggestionList } from '@cratedig/contract/fingerprints-api';
import { useSetSuggestions } from './fingerprints-api';

export function unnamedFound(list: SetSuggestionList | undefined): number {
  return list?.data.filter((item) => item.set_track_position === null).length ?? 0;
}

export function useUnnamedFound(setId: number): number {
  return unnamedFound(useSetSuggestions(setId).data);
}
