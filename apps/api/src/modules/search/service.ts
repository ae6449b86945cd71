// Search rules (docs/search.md): the query is normalised once (search-normalise.ts, the same rules
// as the SQL cd_normalise_name), short queries match prefixes only, longer words also find their
// one-typo spellings, and each section answers a page of its items with how they matched.
import type { Artist } from '@cratedig/contract/artist';
import type { ListResponse } from '@cratedig/contract/common';
import type { Label } from '@cratedig/contract/label';
import {
  SEARCH_FUZZY_MIN_LETTERS,
  SEARCH_SHORT_QUERY,
  SEARCH_WORDS_MAX,
  type SearchKind,
  type SearchQuery,
  type SearchResponse,
} from '@cratedig/contract/search';
import { highlightRanges, normalisedWords } from '@cratedig/contract/search-normalise';
import type { SetMeta } from '@cratedig/contract/set';
import type { TrackMeta } from '@cratedig/contract/track';
import { sql } from 'drizzle-orm';
import { plansKept } from '../../db/plan-cache';
import { type Alongside, ITEMS_KINDS } from '../../db/read-models/catalogue-items-by-id';
import { findCorrections, readTerms } from '../../db/read-models/catalogue-search-terms';
import { SEARCH_GENERATION } from '../../db/read-models/search-generation';
import { signSetPage } from '../../lib/audio-links';
import type { ServiceContext, UserContext } from '../../plugins/service-context';
import { takeSearch } from '../accounts/rate-limit-service';
import { keepItems, keptItemsAlongside, warmConnections } from '../catalogue/service';
import { type IndexSource, indexKeeperFor, type SearchIndex, searchGeneration } from './index-keeper';
import { searchIndexSection } from './index-query';
import { type PreparedQuery, RANKS, type SearchRank, type SectionPage, searchSection } from './plans';
import { type CachedSection, type KeptAnswers, keptAnswersAt, sectionKey } from './result-cache';
import { wordsStartingWith } from './word-index';

type Item = Artist | Label | TrackMeta | SetMeta;

/** The field a result's highlight ranges point into. */
function displayName(kind: SearchKind, item: Item): string {
  if (kind === 'tracks') return (item as TrackMeta).title;
  if (kind === 'sets') return (item as SetMeta).set_name;
  return (item as Artist | Label).name;
}

export async function prepareQuery(ctx: UserContext, s: string): Promise<PreparedQuery> {
  return await readQuery(ctx, queryWords(s));
}

/** The query's normalised words (at most SEARCH_WORDS_MAX) and their text. */
function queryWords(s: string): { words: string[]; text: string } {
  const words = normalisedWords(s).slice(0, SEARCH_WORDS_MAX);
  return { words, text: words.join(' ') };
}

/** What the catalogue holds of the query's words, and the one-typo spellings of those it lacks. */
async function readQuery(
  ctx: UserContext,
  { words, text }: { words: string[]; text: string },
): Promise<PreparedQuery> {
  const short = text.length <= SEARCH_SHORT_QUERY;
  // a catalogue word of five letters or more with one letter missing has four
  const long = short ? [] : words.filter((w) => [...w].length >= SEARCH_FUZZY_MIN_LETTERS - 1);
  const none = new Map<string, string[]>();
  const terms = await readTerms(ctx.db, words, none);
  // Only a word that starts no catalogue word, in any kind, looks for its one-typo spellings.
  const unknown = long.filter((w) => {
    const i = words.indexOf(w);
    return [...terms.words.values()].every((list) => (list[i]?.docs ?? 0) === 0);
  });
  if (unknown.length === 0) return { text, words, corrections: none, short, terms };
  const corrections = await findCorrections(ctx.db, [...new Set(unknown)]);
  if (corrections.size === 0) return { text, words, corrections, short, terms };
  return { text, words, corrections, short, terms: await readTerms(ctx.db, words, corrections) };
}

type Section = ListResponse<Item & { match: { rank: SearchRank; ranges: [number, number][] } }>;

type Page = SectionPage<Item>;

/** A section page as the client gets it: each item with how it matched and where to highlight. */
function sectionOf(kind: SearchKind, q: PreparedQuery, page: Page, offset: number): Section {
  const highlight = [...q.words, ...[...q.corrections.values()].flat()];
  const data = page.data.map(({ rank, item }) => ({
    ...item,
    match: { rank, ranges: highlightRanges(displayName(kind, item), highlight) },
  }));
  return { data, pagination: { offset, count: data.length, total: page.total } };
}

/** What to do when the index fails to load: the database keeps answering; the operator is told. */
export type IndexLoadError = (err: unknown) => void;

/**
 * The in-memory index of this search's generation: ready, soon ready (a small catalogue's), or none
 * (being loaded, or turned off with SEARCH_INDEX=false), when the database answers.
 */
async function usableIndex(
  ctx: UserContext,
  generation: number,
  onIndexError: IndexLoadError,
): Promise<SearchIndex | undefined> {
  if (!ctx.config.searchIndex) return undefined;
  return await indexKeeperFor(ctx.db, onIndexError).at(generation);
}

/** What the server is told of the index's load at start and of the items kept after it. */
export interface PreloadReports {
  onIndexError: IndexLoadError;
  onKept: (kept: KeptAhead) => void;
  /** Keeping items ahead failed: searches read them when they name them, as without it. */
  onKeepError: (err: unknown) => void;
  /** Runs before each batch of items kept (the server passes listeners-first). */
  pace: () => Promise<void>;
  /** Where the index's loads may read instead of the primary (a replica), from now on. */
  replica?: IndexSource;
}

/**
 * Loads the search index ahead of the first search (after the server is ready; it never waits), then
 * keeps the most popular items ahead of the first searches (keepPopularItems).
 */
export function preloadSearchIndex(ctx: ServiceContext, reports: PreloadReports): void {
  if (!ctx.config.searchIndex) return;
  void indexKeeperFor(ctx.db, reports.onIndexError, reports.replica)
    .load()
    .then(async (index) => {
      if (index) reports.onKept(await keepPopularItems(ctx, index, reports.pace));
    })
    .catch(reports.onKeepError);
}

/** What keepPopularItems kept: items per kind, and how long it took. */
export interface KeptAhead {
  items: Partial<Record<SearchKind, number>>;
  ms: number;
}

/** Items read in one statement by keepPopularItems. */
const KEEP_BATCH = 250;
/** The share of the kept items' room keepPopularItems fills, leaving the rest to what listeners ask. */
const KEEP_SHARE = 0.5;

/**
 * Keeps each kind's most popular items (the index's ranking order) in the instance's kept items,
 * the kinds taking turns, until half their room is used: a search names a page of each kind, the
 * popular ones most often, and a new instance otherwise read every item of its first thousands of
 * searches in full (bench/README.md "Search under listeners' load"). `pace` runs before each batch
 * (the server passes listeners-first, so requests go first).
 */
export async function keepPopularItems(
  ctx: ServiceContext,
  index: SearchIndex,
  pace: () => Promise<void>,
  batch = KEEP_BATCH,
): Promise<KeptAhead> {
  const started = performance.now();
  const items: Partial<Record<SearchKind, number>> = {};
  for (let at = 0; ; at += batch) {
    let more = false;
    for (const kind of ITEMS_KINDS) {
      const found = index.kinds.get(kind);
      if (!found || at >= found.size) continue;
      more = true;
      await pace();
      const ids = [...found.ids.subarray(at, Math.min(found.size, at + batch))];
      const share = await keepItems(ctx, kind, ids);
      items[kind] = (items[kind] ?? 0) + ids.length;
      if (share >= KEEP_SHARE) return { items, ms: Math.round(performance.now() - started) };
    }
    if (!more) return { items, ms: Math.round(performance.now() - started) };
  }
}

/** The query's words read from the index: the one-typo spellings of long words no document starts. */
export function indexedQuery(
  index: SearchIndex,
  { words, text }: { words: string[]; text: string },
): PreparedQuery {
  const corrections = new Map<string, string[]>();
  const short = text.length <= SEARCH_SHORT_QUERY;
  const none = { words: new Map(), documents: new Map() };
  if (short) return { text, words, corrections, short, terms: none };
  for (const w of new Set(words)) {
    if ([...w].length < SEARCH_FUZZY_MIN_LETTERS - 1) continue;
    const known = [...index.kinds.values()].some((k) => {
      const [lo, hi] = wordsStartingWith(k.words, w);
      return lo < hi;
    });
    if (known) continue;
    const spellings = index.typos.spellings(w);
    if (spellings.length > 0) corrections.set(w, spellings);
  }
  return { text, words, corrections, short, terms: none };
}

/**
 * The search documents' generation, read in the statement of a search's items: the search costs one
 * round trip. One text on every call (db/compiled.ts).
 */
const GENERATION_ALONGSIDE: Alongside = {
  name: 'search-generation',
  from: sql`(select 1) one`,
  values: {},
  columns: sql`${SEARCH_GENERATION} as value`,
  when: sql`true`,
};

/** The generation GENERATION_ALONGSIDE read (0 when there is none yet). */
const generationRead = (row: unknown) => Number((row as { value?: unknown } | undefined)?.value ?? 0);

/** Runs of a prepared statement PostgreSQL plans for their values before it may keep a generic plan. */
const CUSTOM_PLAN_RUNS = 5;

/**
 * Readies `connections` pooled connections for searches before the server reports ready (docs/deploy.md
 * "Readiness"): each runs the statement a search with the index in memory sends (generation and
 * items) until PostgreSQL keeps its generic plan. On its first five runs on a connection it is planned
 * for its values, 3–20 ms each on the large catalogue, so a burst of searches after a start otherwise
 * queued behind some hundred plans. The runs read no item (each kind's items function runs for an id
 * no item has, so its query is planned too) and count against no listener's limit; each round runs
 * once per connection, all at once, so each takes a connection of its own (the first round opens
 * them). Where searches are not answered from the index, their items come through the catalogue's
 * items statement, which is warmed instead.
 */
export async function warmSearchConnections(ctx: ServiceContext, connections: number): Promise<void> {
  if (!ctx.config.searchIndex) return await warmConnections(ctx, connections);
  const nobody: UserContext = { ...ctx, userId: 0 };
  // where every run is planned anyway (PGlite, a pooler in transaction mode), one run warms the code
  const rounds = plansKept(ctx.db) ? CUSTOM_PLAN_RUNS + 1 : 1;
  for (let round = 0; round < rounds; round++)
    await Promise.all(
      Array.from({ length: connections }, () => withItems(nobody, NO_ITEM, GENERATION_ALONGSIDE)),
    );
}

/**
 * Every section naming an id no item has: the warm-up's statement runs each kind's items function
 * in full (its query is planned on the connection, as a search's first items would have it planned)
 * and finds nothing.
 */
const NO_ITEM = new Map<SearchKind, CachedSection>(
  ITEMS_KINDS.map((kind) => [kind, { total: 0, hits: [{ rank: 'fuzzy', id: 0 }] }]),
);

/** GET /search: the asked-for sections of one query, each a page of its own. */
export async function search(
  ctx: UserContext,
  query: SearchQuery,
  onIndexError: IndexLoadError = () => {},
): Promise<SearchResponse> {
  const words = queryWords(query.s);
  let generation: number;
  // The listener's limit is decided in memory. With an index in memory, the search reads the search
  // documents' generation and its items in one statement (one round trip), taking the index to be of the
  // current generation, which it nearly always is. Only when the generation read is another (an
  // import or a refresh since the index was built) is the search answered again as below. While a
  // new index loads (after an import), the kept one is known to be old, and searches go as below.
  takeSearch(ctx);
  const keeper = ctx.config.searchIndex ? indexKeeperFor(ctx.db, onIndexError) : undefined;
  const current = keeper && !keeper.busy ? keeper.kept : undefined;
  if (current) {
    const q = indexedQuery(current, words);
    const { pages, row } = await withItems(ctx, indexSections(current, q, query), GENERATION_ALONGSIDE);
    generation = generationRead(row);
    if (generation === current.generation) return answer(ctx, query, q, pages);
  } else {
    // the generation every kept answer and the index are checked against
    generation = await searchGeneration(ctx.db);
  }
  const index = await usableIndex(ctx, generation, onIndexError);
  let q: PreparedQuery;
  let pages: Map<SearchKind, Page>;
  if (index) {
    q = indexedQuery(index, words);
    pages = (await withItems(ctx, indexSections(index, q, query))).pages;
  } else {
    const kept = keptAnswersAt(ctx.db, ctx.config.searchCacheEntries, generation);
    q = kept.query(words.text) ?? (await readQuery(ctx, words));
    kept.keepQuery(q);
    pages = await sectionPages(ctx, kept, q, query);
  }
  return answer(ctx, query, q, pages);
}

/** The response: each asked-for section with how its items matched. */
function answer(
  ctx: UserContext,
  query: SearchQuery,
  q: PreparedQuery,
  pages: Map<SearchKind, Page>,
): SearchResponse {
  const found = Object.fromEntries(
    query.kinds.map((kind) => [kind, sectionOf(kind, q, pages.get(kind) ?? EMPTY, query.offset)]),
  ) as Omit<SearchResponse, 'query'>;
  return {
    query: { s: query.s, words: q.words, corrections: [...new Set([...q.corrections.values()].flat())] },
    ...found,
    // every set carries an mp3_permalink signed for the caller
    ...(found.sets ? { sets: signSetPage(ctx, found.sets) } : {}),
  };
}

const EMPTY: Page = { total: 0, data: [] };

/**
 * Each asked-for section's page: a page kept from an earlier search of this generation gets its items
 * read fresh by id (one statement for every kept section); the others are searched, and kept.
 */
async function sectionPages(
  ctx: UserContext,
  kept: KeptAnswers,
  q: PreparedQuery,
  query: SearchQuery,
): Promise<Map<SearchKind, Page>> {
  const pages = new Map<SearchKind, Page>();
  if (q.words.length === 0) return pages;
  const hits = new Map<SearchKind, CachedSection>();
  await Promise.all(
    query.kinds.map(async (kind) => {
      const key = sectionKey(kind, q, query.limit, query.offset);
      const hit = kept.section(key);
      if (hit) {
        hits.set(kind, hit);
        return;
      }
      const page = await searchSection<Item>(ctx.db, kind, q, ctx.userId, query.limit, query.offset);
      pages.set(kind, page);
      kept.keepSection(key, {
        total: page.total,
        hits: page.data.map(({ rank, item }) => ({ rank, id: item.id })),
      });
    }),
  );
  for (const [kind, page] of (await withItems(ctx, hits)).pages) pages.set(kind, page);
  return pages;
}

/** Each asked-for section's ids and ranks from the index (none for a query without words). */
function indexSections(
  index: SearchIndex,
  q: PreparedQuery,
  query: SearchQuery,
): Map<SearchKind, CachedSection> {
  const sections = new Map<SearchKind, CachedSection>();
  if (q.words.length === 0) return sections;
  for (const kind of query.kinds) {
    const found = index.kinds.get(kind);
    if (!found) continue;
    const section = searchIndexSection(found, q.words, q.corrections, query.limit, query.offset);
    sections.set(kind, {
      total: section.total,
      hits: section.hits.map(({ rank, id }) => ({ rank: RANKS[rank] ?? 'fuzzy', id })),
    });
  }
  return sections;
}

/**
 * Section pages of ids and ranks with their items, read fresh by id (one statement for all), with
 * `alongside` read in the same statement (its row answered as `row`; without it, no statement when
 * no section has items).
 */
async function withItems<Row = unknown>(
  ctx: UserContext,
  sections: Map<SearchKind, CachedSection>,
  alongside?: Alongside,
): Promise<{ pages: Map<SearchKind, Page>; row: Row | undefined }> {
  const pages = new Map<SearchKind, Page>();
  const wanted = Object.fromEntries(
    [...sections].filter(([, s]) => s.hits.length > 0).map(([kind, s]) => [kind, s.hits.map((h) => h.id)]),
  );
  const read =
    Object.keys(wanted).length > 0 || alongside
      ? await keptItemsAlongside<Item, Row>(ctx, wanted, alongside)
      : { items: {}, row: undefined };
  const items: Partial<Record<SearchKind, Item[]>> = read.items;
  for (const [kind, section] of sections) {
    const byId = new Map((items[kind] ?? []).map((item) => [item.id, item]));
    const data = section.hits.flatMap(({ rank, id }) => {
      const item = byId.get(id);
      return item ? [{ rank, item }] : [];
    });
    pages.set(kind, { total: section.total, data });
  }
  return { pages, row: read.row };
}
