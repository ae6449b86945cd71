// The search's SQL (docs/decisions/0011-search.md). Every section is ONE statement over the stored
// search documents (migration 0008_search.sql): one index-backed subquery per rank, each ordered by
// popularity and cut at offset + limit, so no query ranks or counts more rows than the page needs; the
// page's items are built as JSON by the catalogue's item builders in the same round trip.
import {
  SEARCH_FUZZY_MIN_LETTERS as FUZZY_WORD_MIN,
  SEARCH_RESULTS_MAX,
  SEARCH_SHORT_QUERY_SCOPE,
  type SearchKind,
  type SearchMatch,
} from '@cratedig/contract/search';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { itemSql } from '../catalogue/item-sql';

/** drizzle's execute() result differs per driver; both carry `rows`. */
function rowsOf<R>(result: unknown): R[] {
  return (result as { rows: R[] }).rows;
}

export type SearchRank = SearchMatch['rank'];
/** One-typo spellings tried per query word. */
const CORRECTIONS_MAX = 5;

const RANKS: SearchRank[] = ['exact', 'prefix', 'word', 'fuzzy'];

/** A normalised query: its words, and for some of them the one-typo spellings the catalogue has. */
export interface PreparedQuery {
  /** The normalised query (words joined by one space). */
  text: string;
  words: string[];
  /** word → its one-typo spellings among the documents' words. */
  corrections: Map<string, string[]>;
  /** Prefix matches only among the most popular documents (1–2 character queries). */
  short: boolean;
}

export interface SectionPage<T> {
  total: number;
  data: { rank: SearchRank; item: T }[];
}

// Normalised words hold only letters and digits (punctuation is folded away), so they are safe inside
// LIKE patterns; the escape below is a second line of defence.
const like = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * The document has `word` at a word start (its body is ' ' + words + ' '); `whole`: as a whole word.
 * The trigram index answers the LIKE; strpos, which no index serves, then checks the word start. A
 * pattern with the leading space would also look up the word-start trigram ('  m' for "memory"),
 * whose posting list holds every document with a word starting with that letter.
 */
function hasWord(word: string, whole = false): SQL {
  const at = whole ? ` ${word} ` : ` ${word}`;
  return sql`(d.body like ${`%${like(word)}%`} and strpos(d.body, ${at}) > 0)`;
}

/** Every query word starts a word of the document. */
function wordsMatch(words: string[]): SQL {
  return sql.join(
    words.map((w) => hasWord(w)),
    sql` and `,
  );
}

/** Every query word starts a word of the document, or one of its one-typo spellings is a word of it. */
function fuzzyMatch(q: PreparedQuery): SQL {
  return sql.join(
    q.words.map((w) => {
      const alternatives = [hasWord(w), ...(q.corrections.get(w) ?? []).map((c) => hasWord(c, true))];
      return sql`(${sql.join(alternatives, sql` or `)})`;
    }),
    sql` and `,
  );
}

const hasCorrections = (q: PreparedQuery) => [...q.corrections.values()].some((c) => c.length > 0);

/**
 * The documents of one kind the ranks read. Kinds are whitelisted names, spelled as literals so the
 * planner picks that kind's partial trigram index. A short query reads only the most popular documents.
 */
function documents(kind: SearchKind, short: boolean): SQL {
  const k = sql.raw(`'${kind}'`);
  if (!short) return sql`(select item_id, name, body, popularity from search_documents where kind = ${k})`;
  return sql`(select item_id, name, body, popularity from search_documents where kind = ${k}
    order by popularity desc, name, item_id limit ${sql.raw(String(SEARCH_SHORT_QUERY_SCOPE))})`;
}

/** Each rank's condition; a rank excludes the better ones, so an item appears once. */
function rankConditions(q: PreparedQuery): SQL[] {
  const prefix = `${like(q.text)}%`;
  const ranks = [
    sql`d.name = ${q.text}`,
    sql`d.name like ${prefix} and d.name <> ${q.text}`,
    sql`${wordsMatch(q.words)} and d.name not like ${prefix}`,
  ];
  if (!q.short && hasCorrections(q)) ranks.push(sql`${fuzzyMatch(q)} and not (${wordsMatch(q.words)})`);
  return ranks;
}

/** Everything any rank matches (for the total). */
function anyMatch(q: PreparedQuery): SQL {
  return !q.short && hasCorrections(q) ? fuzzyMatch(q) : wordsMatch(q.words);
}

export function sectionStatement(
  kind: SearchKind,
  q: PreparedQuery,
  userId: number,
  limit: number,
  offset: number,
): SQL {
  const depth = offset + limit;
  const exactDocs = documents(kind, false);
  const docs = documents(kind, q.short);
  // Within the word rank of a query of several words, documents holding them as one phrase ("kessa
  // remix" in "... kessa lindqvist remix" does not; in "... kessa remix" it does) come first.
  const phrase = q.words.length > 1 ? sql`(strpos(d.body, ${` ${q.text}`}) = 0)::int` : sql.raw('0');
  const ranked = sql.join(
    rankConditions(q).map((condition, rank) => {
      const sub = rank === 2 ? phrase : sql.raw('0');
      return sql`(select ${rank}::int as rank, ${sub} as sub, d.item_id, d.popularity, d.name
        from ${rank === 0 ? exactDocs : docs} d where ${condition}
        order by 2, d.popularity desc, d.name, d.item_id limit ${depth})`;
    }),
    sql` union all `,
  );
  const item = itemSql(kind, userId);
  const table = sql.raw(kind);
  const order = sql`r.rank, r.sub, r.popularity desc, r.name, r.item_id`;
  return sql`
    with ranked as (${ranked}),
    page as (
      select r.item_id, r.rank, row_number() over (order by ${order}) as ord
      from ranked r order by ${order} limit ${limit} offset ${offset}
    )
    select (select count(*) from (select 1 from ${docs} d where ${anyMatch(q)} limit ${SEARCH_RESULTS_MAX}) c)::int as total,
      coalesce((
        select json_agg(json_build_object('rank', p.rank, 'item', ${item.json}) order by p.ord)
        from page p join ${table} i on i.id = p.item_id ${item.joins}
      ), '[]'::json) as data`;
}

export async function searchSection<T>(
  db: Db,
  kind: SearchKind,
  q: PreparedQuery,
  userId: number,
  limit: number,
  offset: number,
): Promise<SectionPage<T>> {
  const row = rowsOf<{ total: number; data: { rank: number; item: T }[] }>(
    await db.execute(sectionStatement(kind, q, userId, limit, offset)),
  )[0];
  return {
    total: row?.total ?? 0,
    data: (row?.data ?? []).map((r) => ({ rank: RANKS[r.rank] ?? 'fuzzy', item: r.item })),
  };
}

/**
 * The one-typo spellings among the documents' words of each given word that starts no word of the
 * documents itself (a word the catalogue has is taken as typed: in a catalogue of invented names most
 * five-letter words have a dozen one-letter neighbours, and listing them all would bury the hits). One
 * typo in a word of five letters or more leaves its first two or its last two letters intact: the two
 * expression indexes of search_words find those candidates, cd_one_typo decides (the catalogue word has
 * at least five letters, so the query word at least four); at most
 * CORRECTIONS_MAX per word.
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
      ) t where length(t.word) >= ${FUZZY_WORD_MIN} and cd_one_typo(q.w, t.word) order by t.word limit ${CORRECTIONS_MAX}
    ) c
    where not exists (select 1 from search_words k where k.word like replace(replace(q.w, '%', ''), '_', '') || '%')
    order by 1, 2`;
}

export async function findCorrections(db: Db, words: string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  if (words.length === 0) return found;
  const rows = rowsOf<{ word: string; correction: string }>(await db.execute(correctionsStatement(words)));
  for (const row of rows) found.set(row.word, [...(found.get(row.word) ?? []), row.correction]);
  return found;
}
