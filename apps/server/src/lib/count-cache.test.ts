import { describe, expect, it } from 'vitest';
import { createCountCache } from './count-cache';

describe('count cache', () => {
  it('answers a repeated count from the cache until a write invalidates it', async () => {
    const cache = createCountCache(60_000);
    let calls = 0;
    const count = async () => ++calls;
    expect(await cache.get('q=a', count)).toBe(1);
    expect(await cache.get('q=a', count)).toBe(1);
    expect(await cache.get('q=b', count)).toBe(2);
    cache.invalidate();
    expect(await cache.get('q=a', count)).toBe(3);
  });

  it('does not keep a count that a write overlapped', async () => {
    const cache = createCountCache(60_000);
    let release!: () => void;
    const slow = cache.get('k', () => new Promise<number>((r) => (release = () => r(5))));
    cache.invalidate();
    release();
    expect(await slow).toBe(5);
    expect(await cache.get('k', async () => 6)).toBe(6);
  });

  it('expires entries after the time to live', async () => {
    const cache = createCountCache(0);
    let calls = 0;
    await cache.get('k', async () => ++calls);
    await new Promise((r) => setTimeout(r, 2));
    expect(await cache.get('k', async () => ++calls)).toBe(2);
  });
});
