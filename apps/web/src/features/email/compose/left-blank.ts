/**
 * Drafts left blank when the page unloaded (a reload): they were deleted on the way out, so the
 * compose page that comes back after the reload opens a new blank draft in their place instead of
 * "not found". Kept in sessionStorage, which a reload keeps and a closed window drops.
 */
const KEY = 'quayside.draftsLeftBlank';

function read(): number[] {
  try {
    const ids = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

function write(ids: number[]): void {
  try {
    if (ids.length === 0) sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, JSON.stringify(ids));
  } catch {
    // Storage off: the page after the reload says the draft is gone.
  }
}

export function rememberLeftBlank(id: number): void {
  write([...read().filter((x) => x !== id), id]);
}

/** Whether `id` was left blank (and deleted) when the page last unloaded. Read-only: safe in a render. */
export function wasLeftBlank(id: number): boolean {
  return read().includes(id);
}

/** Its place taken by a new draft: forgotten. */
export function forgetLeftBlank(id: number): void {
  write(read().filter((x) => x !== id));
}
