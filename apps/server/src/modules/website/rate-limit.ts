/**
 * Posts per visitor address in a sliding window, in memory (one server process; a restart forgets,
 * which only ever lets a few more through). Old addresses are dropped as the map is used.
 */
export function createRateLimit(options: { max: number; windowMs: number; now?: () => number }) {
  const hits = new Map<string, number[]>();
  const now = options.now ?? Date.now;
  let sweptAt = now();
  return {
    /** Counts one post from `key`; false when it is over the limit. */
    take(key: string): boolean {
      const t = now();
      if (t - sweptAt > options.windowMs) {
        for (const [k, list] of hits) if (list.every((at) => t - at > options.windowMs)) hits.delete(k);
        sweptAt = t;
      }
      const recent = (hits.get(key) ?? []).filter((at) => t - at <= options.windowMs);
      recent.push(t);
      hits.set(key, recent);
      return recent.length <= options.max;
    },
  };
}

/** Inquiries one address may send: 5 in 10 minutes. */
export const INQUIRY_LIMIT = { max: 5, windowMs: 10 * 60_000 };
