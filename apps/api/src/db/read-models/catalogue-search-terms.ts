// What the catalogue's search index holds of each query word, read from search_terms (migration
// 0013_search_speed.sql) before any document is touched: per kind, how many documents hold a word
// starting with it, the most any one such word has, how many names start with it, and (when few) those
// words themselves. The search plans each section from these figures (modules/search/plans.ts), so
// every search reads a bounded number of rows whatever the catalogue's size. Also the one-typo
// spellings of a word the catalogue does not have (search_words), and the catalogue lists' word
// condition over search_terms. Part of the catalogue read layer (db/read-models/): the index is the
// catalogue's, rebuilt by its refresh functions.
import { SEARCH_FUZZY_MIN_LETTERS as FUZZY_WORD_MIN, type SearchKind } from '@cratedig/contract/search';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { queryRows } from '../rows';

/** One-typo spellings tried per query word. */
const CORRECTIONS_MAX = 5;
/** Catalogue words read per query word; a prefix with more is simply "frequent". */
const EXPANSIONS_READ = 1000;
/** A query word's catalogue words are listed (for the words index) when there are at most this many. */
export const EXPANSIONS_LISTED = 64;

/** One query word within one kind's documents. */
export interface WordTerms {
  /** Documents holding a word starting with it, summed over those words (an upper bound of the
   * documents it matches; Infinity when too many catalogue words start with it to read). */
  docs: number;
  /** The most documents any one of those words has: a lower bound of the documents it matches. */
  top: number;
  /** Names whose first word starts with it (summed), and whose first word is it exactly. */
  leads: number;
  exactLeads: number;
  /** The catalogue words starting with it (and its one-typo spellings), when at most EXPANSIONS_LISTED. */
  terms: string[] | undefined;
}

const like = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * Per kind, per query word (in order), what search_terms holds for it (i = -1: the kind's document
 * count, the row of the empty word). A kind without a row for a word has no document with a word
 * starting with it. `corrections`: exact catalogue words counted as
 * the word too (its one-typo spellings).
 */
export function termsStatement(words: string[], corrections: Map<string, string[]>): SQL {
  const parts = words.map((w, i) => {
    const exact = corrections.get(w) ?? [];
    const alternatives = exact.length
      ? sql` union all select s.word, s.kind, s.docs, s.leads from search_terms s where s.word in (${sql.join(
          exact.map((c) => sql`${c}`),
          sql`, `,
        )})`
      : sql``;
    return sql`select ${i}::int as i, t.* from (
      (select s.word, s.kind, s.docs, s.leads from search_terms s where s.word like ${`${like(w)}%`}
        order by s.word limit ${EXPANSIONS_READ})${alternatives}) t`;
  });
  return sql`
    select x.kind, x.i, count(*)::int as n, sum(x.docs)::float8 as docs, max(x.docs)::int as top,
      sum(x.leads)::float8 as leads,
      coalesce(sum(x.leads) filter (where x.word = (array[${sql.join(
        words.map((w) => sql`${w}`),
        sql`, `,
      )}]::text[])[x.i + 1]), 0)::int as exact_leads,
      case when count(*) <= ${EXPANSIONS_LISTED} then array_agg(x.word order by x.word) end as terms
    from (${sql.join(parts, sql` union all `)}
      union all select -1, s.word, s.kind, s.docs, s.leads from search_terms s where s.word = '') x
    group by x.kind, x.i`;
}

/** What search_terms holds of a query: per kind, each word's figures, and the kind's document count. */
export interface QueryTerms {
  words: Map<SearchKind, WordTerms[]>;
  documents: Map<SearchKind, number>;
}

export async function readTerms(
  db: Db,
  words: string[],
  corrections: Map<string, string[]>,
): Promise<QueryTerms> {
  const found = new Map<SearchKind, WordTerms[]>();
  const documents = new Map<SearchKind, number>();
  if (words.length === 0) return { words: found, documents };
  const rows = await queryRows<{
    kind: SearchKind;
    i: number;
    n: number;
    docs: number;
    top: number;
    leads: number;
    exact_leads: number;
    terms: string[] | null;
  }>(db, termsStatement(words, corrections));
  for (const row of rows) {
    if (row.i < 0) {
      documents.set(row.kind, Number(row.docs));
      continue;
    }
    const list =
      found.get(row.kind) ??
      words.map(() => ({ docs: 0, top: 0, leads: 0, exactLeads: 0, terms: [] as string[] | undefined }));
    list[row.i] = {
      docs: row.n >= EXPANSIONS_READ ? Number.POSITIVE_INFINITY : Number(row.docs),
      top: row.top,
      leads: row.n >= EXPANSIONS_READ ? Number.POSITIVE_INFINITY : Number(row.leads),
      exactLeads: row.exact_leads,
      terms: row.terms ?? undefined,
    };
    found.set(row.kind, list);
  }
  return { words: found, documents };
}

/**
 * The one-typo spellings among the documents' words of each given word. The caller passes only words
 * that start no word of the documents (a word the catalogue has is taken as typed: in a catalogue of
 * invented names most five-letter words have a dozen one-letter neighbours, and listing them all would
 * bury the hits). One typo in a word of five letters or more leaves its first two or its last two
 * letters intact: the two expression indexes of search_words find those candidates, the Levenshtein
 * distance (at most 2, a cheap C test) discards most, cd_one_typo decides (the catalogue word has at
 * least five letters, so the query word at least four); at most CORRECTIONS_MAX per word.
 */
export function correctionsStatement(words: string[]): SQL {
  const list = sql`array[${sql.join(
    words.map((w) => sql`${w}`),
    sql`, `,
  )}]::text[]`;
  return sql`
    select q.w as word, c.word as correction
    from unnest(${list}) q(w)
    cross join lateral (
      select t.word from (
        select s.word from search_words s
        where left(s.word, 2) = left(q.w, 2) and length(s.word) between length(q.w) - 1 and length(q.w) + 1
        union
        select s.word from search_words s
        where right(s.word, 2) = right(q.w, 2) and length(s.word) between length(q.w) - 1 and length(q.w) + 1
      ) t where length(t.word) >= ${FUZZY_WORD_MIN} and levenshtein_less_equal(q.w, t.word, 2) <= 2
        and cd_one_typo(q.w, t.word) order by t.word limit ${CORRECTIONS_MAX}
    ) c
    order by 1, 2`;
}

export async function findCorrections(db: Db, words: string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  if (words.length === 0) return found;
  const rows = await queryRows<{ word: string; correction: string }>(db, correctionsStatement(words));
  for (const row of rows) found.set(row.word, [...(found.get(row.word) ?? []), row.correction]);
  return found;
}

/**
 * For every given (normalised) word, `itemWords` (an item's normalised words) holds a word starting
 * with it: the search box's word rule, for the catalogue lists' `search` filter. Each word's catalogue
 * words are read from search_terms, so a GIN index on `itemWords` answers it; no words match nothing.
 */
export function wordsStarting(kind: SearchKind, words: string[], itemWords: SQL): SQL {
  if (words.length === 0) return sql`false`;
  return sql.join(
    words.map(
      (w) => sql`${itemWords} && array(select t.word from search_terms t
        where t.word like ${`${like(w)}%`} and t.kind = ${kind})`,
    ),
    sql` and `,
  );
}
