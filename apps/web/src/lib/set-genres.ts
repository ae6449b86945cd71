import type { SetMeta } from '@cratedig/contract/set';

/**
 * The genres a set shows: its identified tracks' genres, else its own genre, else none (an imported
 * set may have no genre; it then shows no chip rather than an empty one).
 */
export function setGenres(set: Pick<SetMeta, 'genre' | 'track_genres'>): string[] {
  if (set.track_genres.length > 0) return [...set.track_genres];
  return set.genre ? [set.genre] : [];
}
