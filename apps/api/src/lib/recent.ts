// A bounded map that drops the least recently used entries first: the shape of the instance's caches
// (the search's kept answers, counted in entries; the catalogue's kept pages and items, counted in
// bytes). The entries are a list from the least to the most recently used, and a Map finds each one.
//
// Why not a Map alone, whose first key is always the oldest: a Map keeps the slots of deleted keys
// until its table is rebuilt, and every walk from its start steps over them. A cache that moves each
// key it reads to the end and drops from the front leaves thousands of such slots at the front, so
// finding the oldest key cost 12–20 µs per operation at 40,000 entries, about 0.3 ms of a search that
// reads 22 items (bench/README.md "Item documents"). Here every operation is O(1).

interface Entry<V> {
  key: string;
  value: V;
  weight: number;
  /** The entry used just before this one (towards the oldest). */
  older: Entry<V> | undefined;
  /** The entry used just after this one (towards the newest). */
  newer: Entry<V> | undefined;
}

export class Recent<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private oldest: Entry<V> | undefined;
  private newest: Entry<V> | undefined;
  private total = 0;

  /** `max`: the most the entries' weights may add up to (each weighs 1 unless `set` says otherwise). */
  constructor(private readonly max: number) {}

  get size(): number {
    return this.entries.size;
  }

  /** What the entries kept weigh together. */
  get weight(): number {
    return this.total;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry !== this.newest) {
      this.unlink(entry);
      this.append(entry);
    }
    return entry.value;
  }

  /** Keeps `value`, then drops the oldest entries until the weights fit; one heavier than all is not kept. */
  set(key: string, value: V, weight = 1): void {
    this.delete(key);
    if (weight > this.max) return;
    const entry: Entry<V> = { key, value, weight, older: undefined, newer: undefined };
    this.entries.set(key, entry);
    this.append(entry);
    this.total += weight;
    while (this.total > this.max && this.oldest) this.delete(this.oldest.key);
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.unlink(entry);
    this.total -= entry.weight;
  }

  clear(): void {
    this.entries.clear();
    this.oldest = undefined;
    this.newest = undefined;
    this.total = 0;
  }

  /** The keys from the least to the most recently used. */
  keys(): string[] {
    const keys: string[] = [];
    for (let entry = this.oldest; entry; entry = entry.newer) keys.push(entry.key);
    return keys;
  }

  private append(entry: Entry<V>): void {
    entry.older = this.newest;
    entry.newer = undefined;
    if (this.newest) this.newest.newer = entry;
    else this.oldest = entry;
    this.newest = entry;
  }

  private unlink(entry: Entry<V>): void {
    if (entry.older) entry.older.newer = entry.newer;
    else this.oldest = entry.newer;
    if (entry.newer) entry.newer.older = entry.older;
    else this.newest = entry.older;
    entry.older = undefined;
    entry.newer = undefined;
  }
}
