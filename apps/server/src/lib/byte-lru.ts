/** A map that keeps its most recently used entries within a budget of bytes (an entry's size may grow). */
export interface Sized {
  bytes(): number;
}

export class ByteLru<V extends Sized> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  /** The entry last in the order, when known. */
  private newest: { value: V; bytes: number } | null = null;
  private total = 0;

  constructor(readonly maxBytes: number) {}

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.total;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Moved to the end of the order (the most recent), unless it is there already: a hot entry is asked again and again.
    if (this.newest !== entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      this.newest = entry;
    }
    return entry.value;
  }

  /** Keeps the value unless it alone is over the budget; evicts the least recently used to make room. */
  set(key: string, value: V): void {
    this.delete(key);
    const bytes = value.bytes();
    if (bytes > this.maxBytes) return;
    const entry = { value, bytes };
    this.entries.set(key, entry);
    this.newest = entry;
    this.total += bytes;
    this.evict();
  }

  /** Takes note of an entry's new size (a compressed variant was added). */
  resize(key: string, value: V): void {
    const entry = this.entries.get(key);
    if (!entry || entry.value !== value) return;
    const bytes = value.bytes();
    this.total += bytes - entry.bytes;
    entry.bytes = bytes;
    if (bytes > this.maxBytes) this.delete(key);
    this.evict();
  }

  /** Drops every entry whose key passes `test`. */
  deleteWhere(test: (key: string) => boolean): void {
    for (const key of [...this.entries.keys()]) if (test(key)) this.delete(key);
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    if (this.newest === entry) this.newest = null;
    this.total -= entry.bytes;
  }

  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.total <= this.maxBytes) return;
      this.delete(key);
    }
  }
}

/**
 * A ByteLru of responses built at a catalog version (docs/decisions/0016-catalog-cache.md). Versions only grow, and
 * a response is asked for at the current one, so once a newer version is asked for, every entry of an older one can
 * never be served again: it is dropped at once instead of holding memory until the budget pushes it out.
 */
export class VersionedLru<V extends Sized> {
  private readonly lru: ByteLru<V>;
  private newest = Number.NEGATIVE_INFINITY;

  constructor(maxBytes: number) {
    this.lru = new ByteLru<V>(maxBytes);
  }

  get(version: number, key: string): V | undefined {
    this.reach(version);
    return this.lru.get(VersionedLru.keyOf(version, key));
  }

  /** Keeps a value built at `version`, unless a newer version has been asked for since its build began. */
  set(version: number, key: string, value: V): void {
    if (version < this.newest) return;
    this.lru.set(VersionedLru.keyOf(version, key), value);
  }

  /** Takes note of an entry's new size (a compressed variant was added). */
  resize(version: number, key: string, value: V): void {
    this.lru.resize(VersionedLru.keyOf(version, key), value);
  }

  usage() {
    return { entries: this.lru.size, bytes: this.lru.totalBytes, maxBytes: this.lru.maxBytes };
  }

  private reach(version: number): void {
    if (version <= this.newest) return;
    this.newest = version;
    this.lru.deleteWhere((entry) => Number(entry.slice(0, entry.indexOf('\n'))) < version);
  }

  /** The entry's key: callers that track builds in flight key them the same way. */
  static keyOf(version: number, key: string): string {
    return `${version}\n${key}`;
  }
}
