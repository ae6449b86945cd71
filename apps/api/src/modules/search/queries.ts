// The search's SQL (docs/decisions/0011-search.md). Every section is ONE statement over the stored
// search documents (migrations 0008_search.sql, 0013_search_speed.sql), planned from what search_terms
// says of the query words (terms.ts), so no section reads more than a bounded number of rows:
// - a word no document of the kind holds: the section is empty, without a statement;
// - rare words (some word's documents fit in CANDIDATES_MAX): their documents are fetched through the
//   exact words index, ranked and counted in full;
// - frequent words: the exact name and the name prefix through the name index, the word matches by a
//   popularity-ordered index-only scan stopping at the page's depth; the total from search_terms
//   when it proves SEARCH_RESULTS_MAX matches, else counted through the words index up to that cap.
// The page's items are built as JSON by the catalogue's item builders in the same round trip.
import { SEARCH_RESULTS_MAX, type SearchKind, type SearchMatch } from '@cratedig/contract/search';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { itemSql } from '../../db/read-models/catalogue-items';
import { queryRows } from '../../db/rows';
import type { QueryTerms } from './terms';

export type SearchRank = SearchMatch['rank'];
/**
 * Rare words: a section whose rarest query word is held by at most this many documents ranks all its
 * matches; several frequent words are tried the same way (their intersection is often small) and
 * scan by popularity only when it holds more.
 */
export const CANDIDATES_MAX = 4000;

const RANKS: SearchRank[] = ['exact', 'prefix', 'word', 'fuzzy'];

/** A normalised query: its words, and for some of them the one-typo spellings the catalogue has. */
export interface PreparedQuery {
  /** The normalised query (words joined by one space). */
  text: string;
  words: string[];
  /** word → its one-typo spellings among the documents' words. */
  corrections: Map<string, string[]>;
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

// Normalised words hold only letters and digits (punctuation is folded away), so they are safe inside
// LIKE patterns; the escape below is a second line of defence.
const like = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * The document has `word` at a word start (its body is ' ' + words + ' '); `whole`: as a whole word.
 * Evaluated on the body the index or the fetched row holds; no index is needed for it.
 */
function hasWord(word: string, whole = false): SQL {
  return sql`strpos(d.body, ${whole ? ` ${word} ` : ` ${word}`}) > 0`;
}

/** Every query word starts a word of the document. */
function wordsMatch(words: string[]): SQL {
  return sql.join(
    words.map((w) => hasWord(w)),
    sql` and `,
  );
}

/** Every query word starts a word of the document, or one of its one-typo spellings is a word of it. */
function anyMatch(q: PreparedQuery): SQL {
  return sql.join(
    q.words.map((w) => {
      const alternatives = [hasWord(w), ...(q.corrections.get(w) ?? []).map((c) => hasWord(c, true))];
      return sql`(${sql.join(alternatives, sql` or `)})`;
    }),
    sql` and `,
  );
}

/** The document holds one of each list's words: answered by the kind's exact words index. */
function wordsIndexed(terms: string[][]): SQL {
  return sql.join(
    terms.map(
      (list) =>
        sql`string_to_array(btrim(d.body), ' ') && array[${sql.join(
          list.map((w) => sql`${w}`),
          sql`, `,
        )}]::text[]`,
    ),
    sql` and `,
  );
}

/** Kinds are whitelisted names, spelled as literals so the planner picks that kind's partial index. */
const kindIs = (kind: SearchKind) => sql.raw(`d.kind = '${kind}'`);
/** The condition of the popularity index (every document meets it; only popularity scans state it). */
const byPopularity = (kind: SearchKind) => sql.raw(`d.kind = '${kind}' and d.popularity >= 0`);
const ORDER = sql.raw('r.rank, r.sub, r.popularity desc, r.name, r.item_id');

/** The rank of a matching document: exact name, name prefix, every word a word start, else fuzzy. */
function rankOf(q: PreparedQuery): SQL {
  return sql`case when d.name = ${q.text} then 0 when d.name like ${`${like(q.text)}%`} then 1
    when ${wordsMatch(q.words)} then 2 else 3 end`;
}

/**
 * Within the word rank of a query of several words, documents holding them as one phrase ("kessa
 * remix" in "... kessa lindqvist remix" does not; in "... kessa remix" it does) come first.
 */
function phraseLast(q: PreparedQuery): SQL {
  return q.words.length > 1 ? sql`(strpos(d.body, ${` ${q.text}`}) = 0)::int` : sql.raw('0');
}

/** The page of `ranked` (rank, sub, item_id, popularity, name) with its items as JSON. */
function pageOf(kind: SearchKind, userId: number, limit: number, offset: number, total: SQL): SQL {
  const item = itemSql(kind, userId);
  return sql`,
    page as (
      select r.item_id, r.rank, row_number() over (order by ${ORDER}) as ord
      from ranked r order by ${ORDER} limit ${limit} offset ${offset}
    )
    select (${total})::int as total,
      coalesce((
        select json_agg(json_build_object('rank', p.rank, 'item', ${item.json}) order by p.ord)
        from page p join ${sql.raw(kind)} i on i.id = p.item_id ${item.joins}
      ), '[]'::json) as data`;
}

/**
 * Rare words: every matching document fetched through the words index (at most CANDIDATES_MAX + 1;
 * a total above CANDIDATES_MAX tells the caller to scan by popularity instead), ranked in full.
 */
export function candidatesStatement(
  kind: SearchKind,
  q: PreparedQuery,
  terms: string[][],
  userId: number,
  limit: number,
  offset: number,
): SQL {
  // The CTE is planned for all its rows (so through the words index, not a scan by popularity that a
  // LIMIT would make look cheap); the LIMIT outside it still stops its execution.
  return sql`
    with found as materialized (
      select ${rankOf(q)} as rank, ${phraseLast(q)} as sub, d.item_id, d.popularity, d.name
      from search_documents d
      where ${kindIs(kind)} and ${wordsIndexed(terms)} and ${anyMatch(q)}
    ),
    ranked as materialized (select * from found limit ${CANDIDATES_MAX + 1})${pageOf(
      kind,
      userId,
      limit,
      offset,
      sql`select count(*) from ranked`,
    )}`;
}

/**
 * Frequent words: each rank its own subquery ordered by popularity and cut at offset + limit. The
 * figures of search_terms choose each one's access: a rank no name or document can hold is left out;
 * the exact name reads the name index; the name prefix reads the name index range when few names
 * start with the query, else the popularity-ordered scan filtering on the name; the other word
 * matches read the words index when few, else the popularity-ordered index-only scan filtering on the
 * body. The word rank has no phrase-first ordering within it here.
 */
export function popularStatement(
  kind: SearchKind,
  q: PreparedQuery,
  userId: number,
  limit: number,
  offset: number,
): SQL {
  const depth = offset + limit;
  const prefix = `${like(q.text)}%`;
  const terms = q.terms.words.get(kind) ?? [];
  const documents = q.terms.documents.get(kind) ?? 0;
  const first = terms[0];
  const fuzzy = [...q.corrections.values()].some((c) => c.length > 0);
  const single = q.words.length === 1;
  const cut = sql`order by d.popularity desc, d.name, d.item_id limit ${depth}`;
  // A materialized CTE has no ORDER BY/LIMIT of its own, so its rows are fetched by the index that
  // finds them all (name range, words index), then sorted: for few rows, cheaper than a scan by
  // popularity that must pass every non-matching document.
  const few = (rank: number, where: SQL) =>
    sql`(select ${sql.raw(String(rank))}::int as rank, 0 as sub, d.item_id, d.popularity, d.name from (
      select d.item_id, d.popularity, d.name from search_documents d where ${kindIs(kind)} and ${where}
      offset 0) d ${cut})`;
  const scan = (rank: number, where: SQL) =>
    sql`(select ${sql.raw(String(rank))}::int as rank, 0 as sub, d.item_id, d.popularity, d.name
      from search_documents d where ${byPopularity(kind)} and ${where} ${cut})`;
  const parts: SQL[] = [];
  // equal names come from the name index in popularity order already
  const exact = sql`(select 0 as rank, 0 as sub, d.item_id, d.popularity, d.name from search_documents d
    where ${kindIs(kind)} and d.name = ${q.text} ${cut})`;
  if (!fuzzy && (first?.exactLeads ?? 0) > 0) parts.push(exact);
  const leads = single ? (first?.leads ?? 0) : (first?.exactLeads ?? 0);
  const startsName = sql`d.name like ${prefix} and d.name <> ${q.text}`;
  // a scan by popularity passes about documents × depth / matches rows; the name range, every match
  if (!fuzzy && leads > 0)
    parts.push(leads * leads <= documents * depth ? few(1, startsName) : scan(1, startsName));
  const others = sql`${anyMatch(q)} and d.name not like ${prefix}`;
  const listed = terms.filter((t) => t.terms !== undefined);
  // the word rank's matches: for one word, the documents holding it less the names starting with it
  const rest = single && first ? first.docs - (fuzzy ? 0 : first.leads) : expectedMatches(kind, q);
  const indexRows = Math.min(...listed.map((t) => t.docs));
  if (rest > 0)
    parts.push(
      listed.length > 0 && indexRows * Math.max(rest, 1) <= documents * depth
        ? few(fuzzy ? 3 : 2, sql`${wordsIndexed(listed.map((t) => t.terms ?? []))} and ${others}`)
        : scan(fuzzy ? 3 : 2, others),
    );
  const ranked =
    parts.length > 0
      ? sql.join(parts, sql` union all `)
      : sql`select 0 as rank, 0 as sub, 0 as item_id, 0::bigint as popularity, '' as name where false`;
  return sql`with ranked as (${ranked})${pageOf(kind, userId, limit, offset, totalOf(kind, q))}`;
}

/**
 * The total of a frequent-words section, at most SEARCH_RESULTS_MAX: a one-word query's most frequent
 * catalogue word proves it when it alone has that many documents; otherwise the matches are counted
 * up to the cap, through the words index when a word's catalogue words are listed.
 */
function totalOf(kind: SearchKind, q: PreparedQuery): SQL {
  const terms = q.terms.words.get(kind) ?? [];
  if (q.words.length === 1 && (terms[0]?.top ?? 0) >= SEARCH_RESULTS_MAX)
    return sql.raw(String(SEARCH_RESULTS_MAX));
  const listed = terms.flatMap((t) => (t.terms ? [t.terms] : []));
  const where = listed.length > 0 ? sql`${kindIs(kind)} and ${wordsIndexed(listed)}` : byPopularity(kind);
  return sql`with found as materialized (select 1 from search_documents d
    where ${where} and ${anyMatch(q)}) select count(*) from (select 1 from found limit ${SEARCH_RESULTS_MAX}) c`;
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
      await queryRows<SectionRow<T>>(db, candidatesStatement(kind, q, plan.terms, userId, limit, offset))
    )[0];
    if ((row?.total ?? 0) <= CANDIDATES_MAX) return toPage(row);
  }
  return toPage((await queryRows<SectionRow<T>>(db, popularStatement(kind, q, userId, limit, offset)))[0]);
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
  if (plan.by === 'words') return candidatesStatement(kind, q, plan.terms, userId, limit, offset);
  return popularStatement(kind, q, userId, limit, offset);
}

/**
 * For every given (normalised) word, `words` (an item's normalised words) holds a word starting with
 * it: the search box's word rule, for the catalogue lists' `search` filter. Each word's catalogue words
 * are read from search_terms, so a GIN index on `words` answers it; no words match nothing.
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
