// The catalogue lists' `search` filter (docs/catalogue.md): prefix matches of the item's own words,
// normalised as the search box normalises them. The search module's own ranking is in src/modules/search.
import type { SearchKind } from '@cratedig/contract/search';
import { SEARCH_WORDS_MAX } from '@cratedig/contract/search';
import { normalisedWords } from '@cratedig/contract/search-normalise';
import { type SQL, sql } from 'drizzle-orm';
import { wordsStarting } from '../../db/read-models/catalogue-search-terms';

/** Query words of at most this many letters are matched through the items' word prefixes. */
export const LIST_PREFIX_LETTERS = 3;

/**
 * The catalogue lists' `search` filter, a SQL condition on `itemText` (the item row's own text): every
 * word of the text, normalised as the search box normalises it (case, accents, punctuation and join
 * words do not matter), starts one of its normalised words. Prefix matches only: the lists keep their
 * own order (alphabetical, `after` paging).
 * Short words (1-3 letters) are tested on the item's word prefixes (cd_name_prefixes, GIN-indexed by
 * migration 0023): one index key per word, whose frequency the planner knows from the index's
 * statistics, so it walks the sort index for a frequent letter and starts from the index for a rare
 * pair. Through search_terms a single letter expanded into hundreds of catalogue words whose posting
 * lists were merged (seconds on a million tracks) and whose number the planner could not see.
 * Longer words keep the words index (cd_name_words, migration 0013), each word's catalogue words read
 * from search_terms.
 */
export function listSearchCondition(kind: SearchKind, text: string, itemText: SQL): SQL {
  const words = [...new Set(normalisedWords(text).slice(0, SEARCH_WORDS_MAX))];
  if (words.length === 0) return sql`false`;
  const short = words.filter((w) => [...w].length <= LIST_PREFIX_LETTERS);
  const long = words.filter((w) => [...w].length > LIST_PREFIX_LETTERS);
  const parts: SQL[] = [];
  if (short.length > 0) {
    const keys = sql.join(
      short.map((w) => sql`${w}::text`),
      sql`, `,
    );
    parts.push(sql`cd_name_prefixes(${itemText}) @> array[${keys}]`);
  }
  if (long.length > 0) parts.push(wordsStarting(kind, long, sql`cd_name_words(${itemText})`));
  return sql.join(parts, sql` and `);
}

/**
 * A list search's words as one key (normalised, each once, sorted: the filter does not depend on their
 * order), or undefined when nothing is left to match.
 */
export function listSearchKey(text: string): string | undefined {
  const words = [...new Set(normalisedWords(text).slice(0, SEARCH_WORDS_MAX))].sort();
  return words.length === 0 ? undefined : words.join(' ');
}
