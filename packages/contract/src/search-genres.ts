// Which of the catalogue's genres a search names: "house", "Techno", "tecno" and "deep tech" all name
// genres, though no artist, label, track or set is called so. The search page offers each one's lists
// (/sets?genre=, /tracks?genre=). The same normalisation as every other name comparison
// (search-normalise.ts); one typo is forgiven in a word of five letters or more, as search does.
import { GENRES, type Genre } from './constants';
import { SEARCH_FUZZY_MIN_LETTERS } from './search-limits';
import { normalisedWords } from './search-normalise';

/** Shorter queries (normalised) would name half the genres by their first letters. */
const MIN_QUERY_LETTERS = 3;

const GENRE_WORDS: readonly (readonly [Genre, readonly string[]])[] = GENRES.map((genre) => [
  genre,
  normalisedWords(genre),
]);

/** a and b differ by at most one letter changed, added or removed. */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i += 1;
      j += 1;
      continue;
    }
    edits += 1;
    if (edits > 1) return false;
    if (a.length > b.length) i += 1;
    else if (a.length < b.length) j += 1;
    else {
      i += 1;
      j += 1;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

function wordNames(queryWord: string, genreWord: string): boolean {
  if (genreWord.startsWith(queryWord)) return true;
  return [...queryWord].length >= SEARCH_FUZZY_MIN_LETTERS && withinOneEdit(queryWord, genreWord);
}

/** The genres every word of `text` names (a word starts one of the genre's words, or is one typo off). */
export function genresNamedBy(text: string): Genre[] {
  const words = normalisedWords(text);
  if (words.join('').length < MIN_QUERY_LETTERS) return [];
  return GENRE_WORDS.filter(([, genreWords]) =>
    words.every((word) => genreWords.some((genreWord) => wordNames(word, genreWord))),
  ).map(([genre]) => genre);
}
