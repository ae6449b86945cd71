// Keeps the search index in memory in step with the search documents (docs/search.md "The index in
// memory"). The index belongs to one generation of the documents (search_generation, moved by a
// trigger after any statement that writes them); a search reads the generation first and uses the
// index only when it was built from that generation, so an answer from before an import is never
// given after it, on any instance, behind a pooler or on the embedded database. When a search meets a
// generation the index was not built from, a new index is loaded in the background from one snapshot
// of the documents; meanwhile searches are answered by the database, as without the index. A small
// catalogue's index loads in milliseconds, so a search waits for it instead.
import { SEARCH_KINDS, type SearchKind } from '@cratedig/contract/search';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { readSearchDocuments, searchDocumentCount } from '../../db/read-models/catalogue-search-documents';
import { SEARCH_GENERATION } from '../../db/read-models/search-generation';
import { queryRow, type SqlRunner } from '../../db/rows';
import { outsideAnyRequest } from '../../lib/statement-limits';
import { TypoCandidates } from './one-typo';
import { indexBytes, type KindIndex, KindIndexBuilder } from './word-index';

export interface SearchIndex {
  generation: number;
  kinds: Map<SearchKind, KindIndex>;
  typos: TypoCandidates;
  documents: number;
  /** Bytes of the typed arrays (the dictionary's strings come on top). */
  bytes: number;
  loadedMs: number;
}

/** A search waits for the index to load when the catalogue has at most this many documents. */
export const WAIT_FOR_INDEX_DOCUMENTS = 50_000;
/** A failed load is not tried again for this long (the database answers searches meanwhile). */
const RETRY_AFTER_MS = 30_000;
/** Documents read per fetch of the loading cursor. */
const FETCH_ROWS = 5_000;

/** Lets the requests waiting on the event loop run between two steps of a load. */
const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The search documents' generation, the number every kept answer is checked against. */
export async function searchGeneration(db: SqlRunner): Promise<number> {
  const row = await queryRow<{ n: string | number }>(db, sql`select ${SEARCH_GENERATION} as n`);
  return Number(row?.n ?? 0);
}

/**
 * Reads every search document, each kind in ranking order, in one read-only snapshot (so the index
 * and the generation it is labelled with agree), through a cursor, so a million documents never sit
 * in memory as rows at once.
 */
export async function loadSearchIndex(db: Db): Promise<SearchIndex> {
  const started = performance.now();
  return await outsideAnyRequest(() =>
    db.transaction(
      async (tx) => {
        const generation = await searchGeneration(tx);
        const kinds = new Map<SearchKind, KindIndex>();
        const typos = new TypoCandidates();
        const seen = new Set<string>();
        for (const kind of SEARCH_KINDS) {
          const builder = new KindIndexBuilder(kind);
          await readSearchDocuments(
            tx,
            kind,
            FETCH_ROWS,
            (rows) => {
              for (const row of rows) builder.add(Number(row.item_id), row.name, row.body);
            },
            pause,
          );
          const index = await builder.build(pause);
          for (const word of index.words)
            if (!seen.has(word)) {
              seen.add(word);
              typos.add(word);
            }
          kinds.set(kind, index);
        }
        const all = [...kinds.values()];
        return {
          generation,
          kinds,
          typos,
          documents: all.reduce((n, k) => n + k.size, 0),
          bytes: all.reduce((n, k) => n + indexBytes(k), 0),
          loadedMs: Math.round(performance.now() - started),
        };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    ),
  );
}

/**
 * Where a load may read instead of the primary: a streaming replica while it keeps up (the server
 * passes it when DATABASE_REPLICA_URL is set), or none. A load reads a million documents: on a
 * replica it takes nothing from the primary's CPU and buffers.
 */
export type IndexSource = () => Db | undefined;

/** One process's index for one database: the current one, and at most one load under way. */
export class IndexKeeper {
  private replica: IndexSource | undefined;
  private current: SearchIndex | undefined;
  private loading: Promise<SearchIndex | undefined> | undefined;
  /** Documents of the last index loaded (before the first: unknown). */
  private documents: number | undefined;
  /** After a failed load, none is tried again before this time (ms since the epoch). */
  private retryAt = 0;

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** The index a search that read `generation` may use, if there is one (or one worth waiting for). */
  async at(generation: number): Promise<SearchIndex | undefined> {
    if (this.current?.generation === generation) return this.current;
    // A load reads the generation of its own snapshot. When that is not the one a later search
    // reads (an import committed meanwhile), that search starts the next load: a load never starts
    // another by itself, so a generation that went back (an emptied database) cannot loop them.
    const loading = this.load(generation);
    const documents =
      this.documents ?? (await searchDocumentCount(this.db).catch(() => Number.POSITIVE_INFINITY));
    this.documents ??= documents;
    if (documents > WAIT_FOR_INDEX_DOCUMENTS) return undefined;
    await loading;
    return this.current?.generation === generation ? this.current : undefined;
  }

  /** The index kept now, whatever its generation (a search takes it to be current, service.ts). */
  get kept(): SearchIndex | undefined {
    return this.current;
  }

  /** A load is under way. */
  get busy(): boolean {
    return this.loading !== undefined;
  }

  /** Loads read from `source` when it gives a database whose documents are those wanted. */
  readFrom(source: IndexSource): void {
    this.replica = source;
  }

  /**
   * Starts a load unless one is under way. With a replica, the load reads it when the replica is
   * usable and (for a search that read `wanted` on the primary) already at that generation, which a
   * replica replaying an import may not be yet: then the primary. A load that fails on the replica is
   * made again on the primary at once.
   */
  load(wanted?: number): Promise<SearchIndex | undefined> {
    if (this.loading) return this.loading;
    if (Date.now() < this.retryAt) return Promise.resolve(undefined);
    this.loading = this.loadFromBest(wanted).then(
      (index) => {
        this.current = index;
        this.documents = index.documents;
        this.loading = undefined;
        return index;
      },
      (err: unknown) => {
        this.loading = undefined;
        this.retryAt = Date.now() + RETRY_AFTER_MS;
        this.onError(err);
        return undefined;
      },
    );
    return this.loading;
  }

  private async loadFromBest(wanted: number | undefined): Promise<SearchIndex> {
    const replica = this.replica?.();
    if (replica) {
      const at = wanted === undefined ? undefined : await searchGeneration(replica).catch(() => undefined);
      if (wanted === undefined || at === wanted) {
        try {
          const index = await loadSearchIndex(replica);
          // the replica may have moved on while it was read: any generation a search may meet is fine
          if (wanted === undefined || index.generation === wanted) return index;
        } catch {
          // the replica went away or cancelled the read to replay: the primary answers
        }
      }
    }
    return await loadSearchIndex(this.db);
  }
}

const keepers = new WeakMap<Db, IndexKeeper>();

/**
 * The keeper of a database handle's index: the instances of a process that share a database share it.
 * `replica`, when given, is where its loads may read (IndexSource).
 */
export function indexKeeperFor(db: Db, onError: (err: unknown) => void, replica?: IndexSource): IndexKeeper {
  let keeper = keepers.get(db);
  if (!keeper) {
    keeper = new IndexKeeper(db, onError);
    keepers.set(db, keeper);
  }
  if (replica) keeper.readFrom(replica);
  return keeper;
}
