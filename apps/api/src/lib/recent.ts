// A bounded map that drops the least recently used entries first: the shape of the instance's caches
// (the search's kept answers, counted in entries; the catalogue's kept pages, counted in bytes). A Map
// keeps insertion order, so the first key is always the oldest.

export class Recent<V> {
  private readonly entries = new Map<string, { value: V; weight: number }>();
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
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value`, then drops the oldest entries until the weights fit; one heavier than all is not kept. */
  set(key: string, value: V, weight = 1): void {
    this.delete(key);
    if (weight > this.max) return;
    this.entries.set(key, { value, weight });
    this.total += weight;
    for (const [oldest] of this.entries) {
      if (this.total <= this.max) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.total -= entry.weight;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }
}
