// The catalogue pages an instance keeps (docs/catalogue.md "What is kept between requests"). A list
// page or a detail is the same for every listener but for a few fields: the counters a like raises,
// an ID's crowd state and the listener's own flags (catalogue-items.ts ownFieldsJson). So each instance
// keeps the pages it has answered, and a later request for the same page reads only those fields, for
// the page's items, in one small statement, and lays them over the kept page.
//
// Every page is kept with the catalogue's generation as its own statement read it (catalogue_generation,
// moved on by triggers after any statement that changes what pages show, db/functions/
// 07-catalogue-generation.sql). The statement that reads the own fields reads the generation too, and
// a kept page is used only when the two are equal: after an import, a release, a decided
// identification or a stats refresh, on whichever instance or command, no page from before is served.
import type { Db } from '../../db/client';
import { Recent } from '../../lib/recent';

export interface KeptPage<T> {
  generation: number;
  value: T;
}

export class PageCache {
  /** The generation of the pages kept: a page read at another one empties the cache first. */
  private generation: number | undefined;
  /** Each page weighs its size as JSON text. */
  private readonly pages: Recent<KeptPage<unknown>>;

  /** `maxBytes`: the most JSON text the pages kept may add up to. */
  constructor(readonly maxBytes: number) {
    this.pages = new Recent(maxBytes);
  }

  get size(): number {
    return this.pages.size;
  }

  get keptBytes(): number {
    return this.pages.weight;
  }

  get<T>(key: string): KeptPage<T> | undefined {
    return this.pages.get(key) as KeptPage<T> | undefined;
  }

  /**
   * Keeps a page read at `generation`. Generations only grow (each is drawn after the previous writer
   * committed), so a newer one drops every page kept so far, which no request can use any more, and a
   * page read at an older one by a slow request is not kept at all. A page weighs `weight`, its size
   * as JSON text when the caller knows it (the text it was parsed from), else measured with one
   * JSON.stringify, on the request that read it in full anyway.
   */
  keep<T>(key: string, generation: number, value: T, weight?: number): void {
    if (this.generation !== undefined && generation < this.generation) return;
    if (generation !== this.generation) {
      this.generation = generation;
      this.pages.clear();
    }
    this.pages.set(key, { generation, value }, weight ?? JSON.stringify(value)?.length ?? 0);
  }
}

/** One cache per database handle: the apps of a process that share a database share it too. */
const caches = new WeakMap<Db, PageCache>();

/** The instance's page cache, or undefined when it keeps nothing (CATALOGUE_CACHE_MB=0). */
export function pageCacheFor(db: Db, maxMegabytes: number): PageCache | undefined {
  if (maxMegabytes === 0) return undefined;
  const maxBytes = Math.round(maxMegabytes * 1024 * 1024);
  let cache = caches.get(db);
  if (!cache || cache.maxBytes !== maxBytes) {
    cache = new PageCache(maxBytes);
    caches.set(db, cache);
  }
  return cache;
}
