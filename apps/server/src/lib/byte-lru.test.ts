import { describe, expect, it } from 'vitest';
import { ByteLru, VersionedLru } from './byte-lru.js';

const sized = (bytes: number) => ({ bytes: () => bytes });

describe('ByteLru', () => {
  it('drops the least recently used to stay within its budget', () => {
    const lru = new ByteLru<{ bytes(): number }>(100);
    lru.set('a', sized(40));
    lru.set('b', sized(40));
    lru.get('a');
    lru.set('c', sized(40));
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBeDefined();
    expect(lru.totalBytes).toBe(80);
  });

  it('keeps the order right when the most recent entry is asked again and again, removed or replaced', () => {
    const lru = new ByteLru<{ bytes(): number }>(100);
    lru.set('a', sized(40));
    lru.set('b', sized(40));
    for (let i = 0; i < 3; i++) lru.get('b');
    lru.get('a');
    lru.get('a');
    lru.set('c', sized(40));
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBeDefined();

    // The most recent ('a') removed: the one before it ('c') is asked, then goes last after 'a' is back.
    lru.delete('a');
    lru.get('c');
    lru.set('a', sized(40));
    lru.set('d', sized(40));
    expect(lru.get('c')).toBeUndefined();
    expect([lru.get('a'), lru.get('d')].every(Boolean)).toBe(true);

    // Replaced by a larger value under the same key, it is the most recent still.
    lru.set('d', sized(50));
    lru.set('e', sized(40));
    expect(lru.get('a')).toBeUndefined();
    expect(lru.get('d')).toBeDefined();
    expect(lru.totalBytes).toBe(90);
  });

  it('drops the entries a test picks', () => {
    const lru = new ByteLru<{ bytes(): number }>(100);
    for (const key of ['x1', 'y1', 'x2']) lru.set(key, sized(10));
    lru.deleteWhere((key) => key.startsWith('x'));
    expect(lru.size).toBe(1);
    expect(lru.totalBytes).toBe(10);
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
});
