/** A map that keeps its most recently used entries within a budget of bytes (an entry's size may grow). */
export interface Sized {
  bytes(): number;
}

export class ByteLru<V extends Sized> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
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
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keeps the value unless it alone is over the budget; evicts the least recently used to make room. */
  set(key: string, value: V): void {
    this.delete(key);
    const bytes = value.bytes();
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, bytes });
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

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.bytes;
  }

  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.total <= this.maxBytes) return;
      this.delete(key);
    }
  }
}
