/**
 * Totals of list queries, kept briefly. Paging through a long search re-asks the same count on every
 * page, and a count over a text search is the costliest part of a list. A module bumps its
 * generation on every write, so its own instance never shows a stale total; other instances (on
 * PostgreSQL) see a total at most `ttlMs` old.
 */
export type CountCache = {
  get(key: string, compute: () => Promise<number>): Promise<number>;
  /** Call after any write that may change a total. */
  invalidate(): void;
};

export function createCountCache(ttlMs = 10_000, maxEntries = 500): CountCache {
  let generation = 0;
  const entries = new Map<string, { value: number; at: number; generation: number }>();
  return {
    async get(key, compute) {
      const hit = entries.get(key);
      if (hit && hit.generation === generation && Date.now() - hit.at < ttlMs) return hit.value;
      const started = generation;
      const value = await compute();
      // A write during the count may have changed it: do not keep what may be stale.
      if (started === generation) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
        entries.set(key, { value, at: Date.now(), generation });
      }
      return value;
    },
    invalidate() {
      generation++;
      entries.clear();
    },
  };
}

/** One cache per database and module, so two apps in one process (tests) never share totals. */
const caches = new WeakMap<object, Map<string, CountCache>>();
export function countCacheFor(db: object, module: string): CountCache {
  const byModule = caches.get(db) ?? new Map<string, CountCache>();
  caches.set(db, byModule);
  const cache = byModule.get(module) ?? createCountCache();
  byModule.set(module, cache);
  return cache;
}
