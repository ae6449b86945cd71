// Short list searches kept ready (docs/search.md, "The lists' search"): the whole-list searches of one
// word of one or two letters that match more than the total cap are recorded in list_search_capped
// before anyone asks, so even the first listener to type "a" on /tracks gets an answer that walks the
// sort index instead of counting a posting list of half the catalogue.
import { LIST_TOTAL_CAP } from '@cratedig/contract/common';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { SEARCH_GENERATION } from '../../db/read-models/search-generation';
import { queryRow, queryRows } from '../../db/rows';
import { listSearchKey } from './list-search';
import { type ItemKind, SORT_COLUMNS } from './list-spec';
import { countSearch } from './queries';

/** The lists with a whole-list search (IDs are only searched within a tab or a profile). */
export const READY_LISTS = ['tracks', 'sets', 'artists', 'labels'] as const satisfies readonly ItemKind[];
type ReadyList = (typeof READY_LISTS)[number];

export interface ReadyRun {
  /** Prefixes that may be past the cap and were not known there yet. */
  candidates: number;
  /** Of those, how many were counted (the others were recorded meanwhile, e.g. by a request). */
  counted: number;
  /** Of those, how many counted past the cap and are now recorded. */
  recorded: number;
  /** Whether the run stopped early (shutdown); what it recorded so far stays. */
  stopped: boolean;
  ms: number;
}

/**
 * Every 1- and 2-letter prefix of the catalogue's normalised words (so digits and any letter the
 * normaliser keeps) whose words' document counts in search_terms add up to more than the cap, per
 * list, minus those already recorded; the most frequent first. The sum is an upper bound of the list's
 * matches (a search document holds the list's own text and more: a track's genre and credits, a set's
 * performers and place), so no prefix past the cap is left out, and only these few are counted. A
 * list with no more documents than the cap (the row of the empty word) is not read at all.
 */
function candidatesStatement(): SQL {
  const lists = sql.join(
    READY_LISTS.map((list) => sql`${list}`),
    sql`, `,
  );
  return sql`
    with lists as (
      select t.kind from search_terms t
      where t.word = '' and t.kind in (${lists}) and t.docs > ${LIST_TOTAL_CAP}
    ),
    prefixes as (
      select t.kind, p.prefix, sum(t.docs) as docs
      from search_terms t
      join lists l on l.kind = t.kind
      cross join lateral (
        values (left(t.word, 1)), (case when length(t.word) >= 2 then left(t.word, 2) end)
      ) p(prefix)
      where t.word <> '' and p.prefix is not null
      group by t.kind, p.prefix
      having sum(t.docs) > ${LIST_TOTAL_CAP}
    )
    select p.kind as list, p.prefix from prefixes p
    where not exists (select 1 from list_search_capped c where c.list = p.kind and c.words = p.prefix)
    order by p.docs desc, p.kind, p.prefix`;
}

/** A whole-list search for one word, as a request without filters asks it (the order is not used). */
function wholeListSearch(list: ReadyList, word: string) {
  const [orderBy] = Object.keys(SORT_COLUMNS[list]);
  return {
    kind: list,
    userId: 0,
    orderBy: orderBy ?? '',
    direction: 'desc' as const,
    limit: 1,
    offset: 0,
    search: word,
  };
}

/**
 * Counts each candidate prefix up to the cap, as the first request for it would, and records those
 * past it. Idempotent and safe beside another instance doing the same (the records are inserted with
 * `on conflict do nothing`). `stopped` is asked before each count: a shutdown waits for one count at
 * most.
 */
export async function fillReadySearches(
  db: Db,
  options: { stopped?: () => boolean } = {},
): Promise<ReadyRun> {
  const started = performance.now();
  const rows = await queryRows<{ list: ReadyList; prefix: string }>(db, candidatesStatement());
  // A prefix the query normaliser reads otherwise (a join word such as "x" or "vs", a letter it folds)
  // is never a search's key: nobody can ask it.
  const candidates = rows.filter((row) => listSearchKey(row.prefix) === row.prefix);
  const run: ReadyRun = { candidates: candidates.length, counted: 0, recorded: 0, stopped: false, ms: 0 };
  for (const { list, prefix } of candidates) {
    if (options.stopped?.()) {
      run.stopped = true;
      break;
    }
    const { total, counted } = await countSearch(db, wholeListSearch(list, prefix));
    if (!counted) continue;
    run.counted += 1;
    if (total > LIST_TOTAL_CAP) run.recorded += 1;
  }
  run.ms = Math.round(performance.now() - started);
  return run;
}

/**
 * The job's memory: the search documents' generation (search_generation, moved by every write of
 * search_documents or search_terms: an import, a stats refresh, a full search refresh, which also
 * forgets the records) at the end of the last complete fill. While it has not moved there is nothing
 * new to look at, and a run costs one read of one row. A release adds no row to a list (the released
 * track is already in the catalogue).
 */
export function readySearchesKeeper(db: Db): {
  run(stopped?: () => boolean): Promise<ReadyRun | undefined>;
} {
  let readyAt: string | undefined;
  return {
    async run(stopped) {
      const row = await queryRow<{ n: string | number }>(db, sql`select ${SEARCH_GENERATION} as n`);
      const generation = String(row?.n ?? '');
      if (generation === readyAt) return undefined;
      const run = await fillReadySearches(db, stopped ? { stopped } : {});
      if (!run.stopped) readyAt = generation;
      return run;
    },
  };
}
