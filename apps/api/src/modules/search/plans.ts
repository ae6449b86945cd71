// How a search section is read (docs/decisions/0011-search.md). Every section is ONE statement over the
// catalogue's search documents (db/read-models/catalogue-search.ts), planned here from what
// search_terms says of the query words (db/read-models/catalogue-search-terms.ts), so no section reads
// more than a bounded number of rows:
// - a word no document of the kind holds: the section is empty, without a statement;
// - rare words (some word's documents fit in CANDIDATES_MAX): their documents are fetched through the
//   exact words index, ranked and counted in full;
// - frequent words: the exact name and the name prefix through the name index, the word matches by a
//   popularity-ordered index-only scan stopping at the page's depth; the total from search_terms
//   when it proves SEARCH_RESULTS_MAX matches, else counted through the words index up to that cap.
import { SEARCH_RESULTS_MAX, type SearchKind, type SearchMatch } from '@cratedig/contract/search';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  candidatesStatement,
  type PopularAccess,
  popularStatement,
  type SearchText,
} from '../../db/read-models/catalogue-search';
import type { QueryTerms } from '../../db/read-models/catalogue-search-terms';
import { queryRows } from '../../db/rows';

export type SearchRank = SearchMatch['rank'];
/**
 * Rare words: a section whose rarest query word is held by at most this many documents ranks all its
 * matches; several frequent words are tried the same way (their intersection is often small) and
 * scan by popularity only when it holds more.
 */
export const CANDIDATES_MAX = 4000;

/** The ranks by number (0 exact name, 1 name prefix, 2 every word, 3 one typo), as statements and the index give them. */
export const RANKS: SearchRank[] = ['exact', 'prefix', 'word', 'fuzzy'];

/** A normalised query: its words, and for some of them the one-typo spellings the catalogue has. */
export interface PreparedQuery extends SearchText {
  /** Prefix matches only, no typo correction (1–2 character queries). */
  short: boolean;
  /** What search_terms holds of each word per kind (absent: no document of that kind matches). */
  terms: QueryTerms;
}

export interface SectionPage<T> {
  total: number;
  data: { rank: SearchRank; item: T }[];
}

/** How a section is read: not at all, through the words index, or by popularity. */
export type SectionPlan = { by: 'none' } | { by: 'words'; terms: string[][] } | { by: 'popularity' };

/**
 * The documents of a kind expected to hold every query word, taking the words as independent (a
 * guess: several frequent words' documents are read by the words index, and scanned by popularity
 * only when they turn out to be too many).
 */
function expectedMatches(kind: SearchKind, q: PreparedQuery): number {
  const terms = q.terms.words.get(kind) ?? [];
  const documents = Math.max(1, q.terms.documents.get(kind) ?? 1);
  return terms.reduce((n, t) => n * Math.min(1, t.docs / documents), documents);
}

export function planSection(kind: SearchKind, q: PreparedQuery): SectionPlan {
  const terms = q.terms.words.get(kind);
  if (q.words.length === 0 || !terms || terms.some((t) => t.docs === 0)) return { by: 'none' };
  const listed = terms.filter((t) => t.terms !== undefined);
  const rarest = Math.min(...terms.map((t) => t.docs));
  const rarestListed = listed.some((t) => t.docs === rarest);
  const several = listed.length > 1 && expectedMatches(kind, q) <= CANDIDATES_MAX;
  if ((rarest <= CANDIDATES_MAX && rarestListed) || several)
    return { by: 'words', terms: listed.map((t) => t.terms ?? []) };
  return { by: 'popularity' };
}

/**
 * How a frequent-words section reads each rank, at a page's `depth` (offset + limit), from the figures
 * of search_terms: a rank no name or document can hold is left out; the name prefix reads the name
 * index range when few names start with the query, else the popularity-ordered scan filtering on the
 * name; the other word matches read the words index when few, else the popularity-ordered index-only
 * scan filtering on the body. A scan by popularity passes about documents × depth / matches rows; an
 * index, every match.
 */
export function popularAccess(kind: SearchKind, q: PreparedQuery, depth: number): PopularAccess {
  const terms = q.terms.words.get(kind) ?? [];
  const documents = q.terms.documents.get(kind) ?? 0;
  const first = terms[0];
  const fuzzy = [...q.corrections.values()].some((c) => c.length > 0);
  const single = q.words.length === 1;
  const leads = single ? (first?.leads ?? 0) : (first?.exactLeads ?? 0);
  let prefix: PopularAccess['prefix'] = 'none';
  if (!fuzzy && leads > 0) prefix = leads * leads <= documents * depth ? 'name' : 'popularity';
  const listed = terms.filter((t) => t.terms !== undefined);
  const lists = listed.map((t) => t.terms ?? []);
  // the word rank's matches: for one word, the documents holding it less the names starting with it
  // (a word with too many catalogue words to read has both unbounded: its word matches are many too)
  const rest =
    single && first
      ? Number.isFinite(first.docs)
        ? first.docs - (fuzzy ? 0 : first.leads)
        : first.docs
      : expectedMatches(kind, q);
  const indexRows = Math.min(...listed.map((t) => t.docs));
  const rank = fuzzy ? 3 : 2;
  let word: PopularAccess['word'];
  if (rest > 0)
    word =
      listed.length > 0 && indexRows * Math.max(rest, 1) <= documents * depth
        ? { rank, by: 'words', terms: lists }
        : { rank, by: 'popularity' };
  // a one-word query's most frequent catalogue word proves the cap when it alone has that many documents
  let total: PopularAccess['total'] = lists.length > 0 ? { by: 'words', terms: lists } : { by: 'popularity' };
  if (single && (first?.top ?? 0) >= SEARCH_RESULTS_MAX) total = { by: 'cap' };
  return { exact: !fuzzy && (first?.exactLeads ?? 0) > 0, prefix, word, total };
}

/** The rare-words statement of a section planned `words` (its catalogue words per query word). */
export function wordsStatement(
  kind: SearchKind,
  q: PreparedQuery,
  terms: string[][],
  userId: number,
  limit: number,
  offset: number,
): SQL {
  return candidatesStatement(kind, q, terms, CANDIDATES_MAX, userId, limit, offset);
}

/** The frequent-words statement of a section, each rank read as the figures choose. */
export function popularityStatement(
  kind: SearchKind,
  q: PreparedQuery,
  userId: number,
  limit: number,
  offset: number,
): SQL {
  return popularStatement(kind, q, popularAccess(kind, q, offset + limit), userId, limit, offset);
}

type SectionRow<T> = { total: number; data: { rank: number; item: T }[] };

const toPage = <T>(row: SectionRow<T> | undefined): SectionPage<T> => ({
  total: Math.min(row?.total ?? 0, SEARCH_RESULTS_MAX),
  data: (row?.data ?? []).map((r) => ({ rank: RANKS[r.rank] ?? 'fuzzy', item: r.item })),
});

export async function searchSection<T>(
  db: Db,
  kind: SearchKind,
  q: PreparedQuery,
  userId: number,
  limit: number,
  offset: number,
): Promise<SectionPage<T>> {
  const plan = planSection(kind, q);
  if (plan.by === 'none') return { total: 0, data: [] };
  if (plan.by === 'words') {
    const row = (
      await queryRows<SectionRow<T>>(db, wordsStatement(kind, q, plan.terms, userId, limit, offset))
    )[0];
    if ((row?.total ?? 0) <= CANDIDATES_MAX) return toPage(row);
  }
  return toPage((await queryRows<SectionRow<T>>(db, popularityStatement(kind, q, userId, limit, offset)))[0]);
}

/** The statement a section runs first (for the benchmark's direct SQL and its plans). */
export function sectionStatement(
  kind: SearchKind,
  q: PreparedQuery,
  userId: number,
  limit: number,
  offset: number,
): SQL | undefined {
  const plan = planSection(kind, q);
  if (plan.by === 'none') return undefined;
  if (plan.by === 'words') return wordsStatement(kind, q, plan.terms, userId, limit, offset);
  return popularityStatement(kind, q, userId, limit, offset);
}
