import { describe, expect, it } from 'vitest';
import { ByteLru, VersionedLru } from './byte-lru.js';

/** A value whose size can grow, as a cached answer does when a compressed variant is added. */
const sized = (bytes: number) => ({ size: bytes, bytes() { return this.size; } });

describe('ByteLru', () => {
  it('drops the least recently used to stay within its budget of bytes', () => {
    const lru = new ByteLru<{ bytes(): number }>(100);
    lru.set('a', sized(40));
    lru.set('b', sized(40));
    lru.get('a');
    lru.set('c', sized(40));
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBeDefined();
    expect(lru.calculatedSize).toBe(80);
  });

  it('keeps no value that alone is over the budget, and counts a value replaced under its key once', () => {
    const lru = new ByteLru<{ bytes(): number }>(100);
    lru.set('huge', sized(101));
    expect(lru.get('huge')).toBeUndefined();
    lru.set('a', sized(40));
    lru.set('a', sized(50));
    expect(lru.calculatedSize).toBe(50);
  });

  it('measures an entry again when told it grew, and evicts to make room', () => {
    const lru = new ByteLru<{ size: number; bytes(): number }>(100);
    const grows = sized(30);
    lru.set('old', sized(40));
    lru.set('grows', grows);
    grows.size = 70;
    lru.resize('grows', grows);
    expect(lru.calculatedSize).toBe(70);
    expect(lru.get('old')).toBeUndefined();
    // A value no longer under its key is not brought back.
    lru.resize('gone', sized(10));
    expect(lru.has('gone')).toBe(false);
  });
});

describe('VersionedLru', () => {
  it('drops every older version once a newer one is asked for, and keeps what is built at it', () => {
    const lru = new VersionedLru<{ bytes(): number }>(1_000);
    lru.set(3, 'page', sized(100));
    lru.set(3, 'search', sized(100));
    expect(lru.get(3, 'page')).toBeDefined();
    expect(lru.usage()).toMatchObject({ entries: 2, bytes: 200 });

    expect(lru.get(4, 'page')).toBeUndefined();
    expect(lru.usage()).toMatchObject({ entries: 0, bytes: 0 });
    // A build that began at version 3 and ends now cannot be served again: it is not kept.
    lru.set(3, 'search', sized(100));
    expect(lru.usage().entries).toBe(0);
    lru.set(4, 'page', sized(100));
    lru.set(5, 'page', sized(100));
    expect(lru.get(4, 'page')).toBeDefined();
    expect(lru.usage().entries).toBe(2);
  });

  it('stays within its budget across versions', () => {
    const lru = new VersionedLru<{ bytes(): number }>(250);
    for (const key of ['a', 'b', 'c']) lru.set(1, key, sized(100));
    expect(lru.usage()).toMatchObject({ entries: 2, bytes: 200, maxBytes: 250 });
  });
});
