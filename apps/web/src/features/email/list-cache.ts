import type { EmailListItem, ListAnswer } from '@quayside/contract';

/** A change the bulk actions make to rows, applied to the lists on screen before the server answers. */
export type RowPatch = Partial<
  Pick<
    EmailListItem,
    'is_read' | 'type' | 'status' | 'handler_id' | 'handler_name' | 'send_status' | 'send_error'
  >
>;

/** The list answer with the rows of `ids` changed; the same object when none of them is on it. */
export function patchRows<T extends EmailListItem>(
  answer: ListAnswer<T> | undefined,
  ids: readonly number[],
  patch: RowPatch,
): ListAnswer<T> | undefined {
  if (!answer) return answer;
  const wanted = new Set(ids);
  if (!answer.items.some((i) => wanted.has(i.id))) return answer;
  return { ...answer, items: answer.items.map((i) => (wanted.has(i.id) ? { ...i, ...patch } : i)) };
}

/** The list answer without the rows of `ids` (moved to the trash, restored, deleted). */
export function dropRows<T extends EmailListItem>(
  answer: ListAnswer<T> | undefined,
  ids: readonly number[],
): ListAnswer<T> | undefined {
  if (!answer) return answer;
  const wanted = new Set(ids);
  const items = answer.items.filter((i) => !wanted.has(i.id));
  if (items.length === answer.items.length) return answer;
  return { ...answer, items, total: Math.max(0, answer.total - (answer.items.length - items.length)) };
}

/** The next row for the keyboard cursor: j/k move, clamped to the page; none yet starts at the top. */
export function moveCursor(ids: readonly number[], current: number | null, delta: 1 | -1): number | null {
  if (ids.length === 0) return null;
  const at = current === null ? -1 : ids.indexOf(current);
  if (at === -1) return delta === 1 ? (ids[0] ?? null) : (ids.at(-1) ?? null);
  return ids[Math.min(ids.length - 1, Math.max(0, at + delta))] ?? null;
}

/** The neighbours of an email in the list the reader came from (previous / next in that order). */
export function neighbours(ids: readonly number[], id: number): { prev: number | null; next: number | null } {
  const at = ids.indexOf(id);
  if (at === -1) return { prev: null, next: null };
  return { prev: ids[at - 1] ?? null, next: ids[at + 1] ?? null };
}
