// The search's statements over the stored search documents (docs/decisions/0011-search.md; migrations
// 0008_search.sql, 0013_search_speed.sql). The documents are the catalogue's own index, rebuilt by its
// refresh functions after every import, so they are read here, in the catalogue read layer; the search
// module decides which of these statements a section runs and how each of its ranks is read
// (modules/search/plans.ts), from what search_terms says of the query words
// (catalogue-search-terms.ts). Each statement is ONE round trip: the section's page of items, built as
// JSON by the catalogue's item builders, and its total. The plans are tuned: change the SQL text here
// only with the figures of bench/search.ts.
import { SEARCH_RESULTS_MAX, type SearchKind } from '@cratedig/contract/search';
import { type SQL, sql } from 'drizzle-orm';
import { itemSql } from './catalogue-items';

/** What a statement matches: the normalised query, its words, and some words' one-typo spellings. */
export interface SearchText {
  /** The normalised query (words joined by one space). */
  text: string;
  words: string[];
  /** word → its one-typo spellings among the documents' words. */
  corrections: Map<string, string[]>;
}

/**
 * How a frequent-words section reads each rank (exact name 0, name prefix 1, words 2, one typo 3) and
 * its total. `name`/`words`: through the name index range or the words index with these lists of
 * catalogue words (one list per query word); `popularity`: the popularity-ordered scan, stopping at
 * the page's depth.
 */
export interface PopularAccess {
  exact: boolean;
  prefix: 'none' | 'name' | 'popularity';
  word?: { rank: 2 | 3 } & ({ by: 'words'; terms: string[][] } | { by: 'popularity' });
  /** The total: SEARCH_RESULTS_MAX already proven, or counted up to it by the words index or the scan. */
  total: { by: 'cap' } | { by: 'words'; terms: string[][] } | { by: 'popularity' };
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
function anyMatch(q: SearchText): SQL {
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
function rankOf(q: SearchText): SQL {
  return sql`case when d.name = ${q.text} then 0 when d.name like ${`${like(q.text)}%`} then 1
    when ${wordsMatch(q.words)} then 2 else 3 end`;
}

/**
 * Within the word rank of a query of several words, documents holding them as one phrase ("kessa
 * remix" in "... kessa lindqvist remix" does not; in "... kessa remix" it does) come first.
 */
function phraseLast(q: SearchText): SQL {
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
 * Rare words: every matching document fetched through the words index (at most `max` + 1; a total
 * above `max` tells the caller to scan by popularity instead), ranked in full. `terms`: per query
 * word, the catalogue words it stands for.
 */
export function candidatesStatement(
  kind: SearchKind,
  q: SearchText,
  terms: string[][],
  max: number,
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
    ranked as materialized (select * from found limit ${max + 1})${pageOf(
      kind,
      userId,
      limit,
      offset,
      sql`select count(*) from ranked`,
    )}`;
}

/**
 * Frequent words: each rank its own subquery ordered by popularity and cut at offset + limit, read as
 * `access` says; a rank it leaves out is not read. The exact name reads the name index, in popularity
 * order already. The word rank has no phrase-first ordering within it here.
 */
export function popularStatement(
  kind: SearchKind,
  q: SearchText,
  access: PopularAccess,
  userId: number,
  limit: number,
  offset: number,
): SQL {
  const depth = offset + limit;
  const prefix = `${like(q.text)}%`;
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
  if (access.exact)
    parts.push(sql`(select 0 as rank, 0 as sub, d.item_id, d.popularity, d.name from search_documents d
    where ${kindIs(kind)} and d.name = ${q.text} ${cut})`);
  const startsName = sql`d.name like ${prefix} and d.name <> ${q.text}`;
  if (access.prefix === 'name') parts.push(few(1, startsName));
  if (access.prefix === 'popularity') parts.push(scan(1, startsName));
  const others = sql`${anyMatch(q)} and d.name not like ${prefix}`;
  const word = access.word;
  if (word)
    parts.push(
      word.by === 'words'
        ? few(word.rank, sql`${wordsIndexed(word.terms)} and ${others}`)
        : scan(word.rank, others),
    );
  const ranked =
    parts.length > 0
      ? sql.join(parts, sql` union all `)
      : sql`select 0 as rank, 0 as sub, 0 as item_id, 0::bigint as popularity, '' as name where false`;
  return sql`with ranked as (${ranked})${pageOf(kind, userId, limit, offset, totalOf(kind, q, access.total))}`;
}

/** The total of a frequent-words section, at most SEARCH_RESULTS_MAX: proven, or counted up to it. */
function totalOf(kind: SearchKind, q: SearchText, total: PopularAccess['total']): SQL {
  if (total.by === 'cap') return sql.raw(String(SEARCH_RESULTS_MAX));
  const where =
    total.by === 'words' ? sql`${kindIs(kind)} and ${wordsIndexed(total.terms)}` : byPopularity(kind);
  return sql`with found as materialized (select 1 from search_documents d
    where ${where} and ${anyMatch(q)}) select count(*) from (select 1 from found limit ${SEARCH_RESULTS_MAX}) c`;
}
