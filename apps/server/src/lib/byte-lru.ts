/** Caches within a budget of bytes: lru-cache, each value sized by its own count of bytes. */
import { LRUCache } from 'lru-cache';

export interface Sized {
  bytes(): number;
}

/** lru-cache with maxSize in bytes; a value alone over the budget is not kept. */
export class ByteLru<V extends Sized> extends LRUCache<string, V> {
  constructor(readonly maxBytes: number) {
    // The package wants a positive whole number.
    super({ maxSize: maxBytes, sizeCalculation: (value) => Math.max(1, Math.ceil(value.bytes())) });
  }

  /** Takes note of an entry's new size (a compressed variant was added): the package measures a value when it is set. */
  resize(key: string, value: V): void {
    if (this.peek(key) !== value) return;
    this.delete(key);
    this.set(key, value);
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
    return { entries: this.lru.size, bytes: this.lru.calculatedSize, maxBytes: this.lru.maxBytes };
  }

  private reach(version: number): void {
    if (version <= this.newest) return;
    this.newest = version;
    for (const entry of [...this.lru.keys()]) if (Number(entry.slice(0, entry.indexOf('\n'))) < version) this.lru.delete(entry);
  }

  /** The entry's key: callers that track builds in flight key them the same way. */
  static keyOf(version: number, key: string): string {
    return `${version}\n${key}`;
  }
}
