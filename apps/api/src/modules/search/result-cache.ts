// The search's shared cache (docs/search.md "What is kept between searches"). Which items answer a
// query is the same for every listener and changes only when the search documents do (an import),
// so each instance keeps, per query, what search_terms said of its words and, per section page, the
// matching items' ids, ranks and total. Never the items themselves: their counts and the listener's
// own fields (favourite, liked) are read fresh on every request (db/read-models/catalogue-items-by-id).
//
// Every entry belongs to one generation of the search documents (search_generation, moved on by a
// trigger after any statement writing them, migration 0025). A request reads the generation first
// and uses or stores entries of that generation only, so an answer from before an import is never
// served after it, on any instance; a request that meets a new generation empties the cache.
import type { Db } from '../../db/client';
import { Recent } from '../../lib/recent';
import type { PreparedQuery, SearchRank } from './plans';

/** A section page's matches, without their items. */
export interface CachedSection {
  total: number;
  hits: { rank: SearchRank; id: number }[];
}

/** What one request may read and keep: the answers of the generation it read, and no other. */
export interface KeptAnswers {
  query(text: string): PreparedQuery | undefined;
  keepQuery(query: PreparedQuery): void;
  section(key: string): CachedSection | undefined;
  keepSection(key: string, section: CachedSection): void;
}

/** A request of an instance that keeps nothing (SEARCH_CACHE_ENTRIES=0). */
const NOTHING_KEPT: KeptAnswers = {
  query: () => undefined,
  keepQuery: () => {},
  section: () => undefined,
  keepSection: () => {},
};

export class SearchCache {
  private generation: number | undefined;
  private readonly queries: Recent<PreparedQuery>;
  private readonly sections: Recent<CachedSection>;

  /** `max`: section pages kept; prepared queries up to a quarter of it (each serves up to four). */
  constructor(readonly max: number) {
    this.queries = new Recent(Math.max(1, Math.ceil(max / 4)));
    this.sections = new Recent(Math.max(1, max));
  }

  /**
   * The answers for a request that read `generation`: a generation different from the entries' empties
   * the cache first. A slower request still at an older generation then neither reads nor keeps.
   */
  at(generation: number): KeptAnswers {
    if (this.max === 0) return NOTHING_KEPT;
    if (generation !== this.generation) {
      this.generation = generation;
      this.queries.clear();
      this.sections.clear();
    }
    const current = () => generation === this.generation;
    return {
      query: (text) => (current() ? this.queries.get(text) : undefined),
      keepQuery: (query) => {
        if (current()) this.queries.set(query.text, query);
      },
      section: (key) => (current() ? this.sections.get(key) : undefined),
      keepSection: (key, section) => {
        if (current()) this.sections.set(key, section);
      },
    };
  }
}

/** One cache per database handle: the instances of a process that share a database share it too. */
const caches = new WeakMap<Db, SearchCache>();

function searchCacheFor(db: Db, max: number): SearchCache {
  let cache = caches.get(db);
  if (!cache || cache.max !== max) {
    cache = new SearchCache(max);
    caches.set(db, cache);
  }
  return cache;
}

/**
 * What a request that read the search documents' `generation` (index-keeper.ts searchGeneration) may
 * read and keep.
 */
export function keptAnswersAt(db: Db, max: number, generation: number): KeptAnswers {
  if (max === 0) return NOTHING_KEPT;
  return searchCacheFor(db, max).at(generation);
}

/** The key of one section page: the kind, the query as prepared (corrections included) and the page. */
export function sectionKey(kind: string, q: PreparedQuery, limit: number, offset: number): string {
  const corrections = [...q.corrections.entries()].map(([w, c]) => `${w}>${c.join(',')}`).join(';');
  return `${kind}\u0000${q.text}\u0000${corrections}\u0000${limit}\u0000${offset}`;
}
