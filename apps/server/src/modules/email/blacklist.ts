import type { ListAnswer, ListQuery } from '@quayside/contract';
import { count, desc, ilike, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailBlacklist } from '../../db/schema';
import { conflict } from '../../lib/errors';

export type BlacklistEntry = { id: number; value: string; remark: string; created_at: string };
type Row = typeof emailBlacklist.$inferSelect;

const toEntry = (row: Row): BlacklistEntry => ({
  id: row.id,
  value: row.value,
  remark: row.remark,
  created_at: row.createdAt.toISOString(),
});

export async function listBlacklist(db: Db, query: ListQuery): Promise<ListAnswer<BlacklistEntry>> {
  const where = query.q ? ilike(emailBlacklist.value, `%${query.q.replace(/[\\%_]/g, '\\$&')}%`) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(emailBlacklist)
      .where(where)
      .orderBy(desc(emailBlacklist.createdAt), desc(emailBlacklist.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(emailBlacklist).where(where),
  ]);
  return { items: rows.map(toEntry), total: total?.n ?? 0, page: query.page, page_size: query.page_size };
}

export async function addToBlacklist(
  db: Db,
  input: { value: string; remark: string; userId: number },
): Promise<BlacklistEntry> {
  const [row] = await db
    .insert(emailBlacklist)
    .values({ value: input.value, remark: input.remark, createdBy: input.userId })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict('blacklistDuplicate', { value: input.value });
  return toEntry(row);
}

export async function removeFromBlacklist(db: Db, ids: number[]): Promise<void> {
  await db.delete(emailBlacklist).where(inArray(emailBlacklist.id, ids));
}

/** True when the sender matches an entry: the address itself, or its domain or a parent domain. */
export type BlacklistMatcher = (address: string) => boolean;

export function blacklistMatcher(values: readonly string[]): BlacklistMatcher {
  const set = new Set(values.map((v) => v.toLowerCase()));
  return (address) => {
    const a = address.trim().toLowerCase();
    if (!a) return false;
    if (set.has(a)) return true;
    const domain = a.slice(a.lastIndexOf('@') + 1);
    const parts = domain.split('.');
    for (let i = 0; i < parts.length - 1; i++) if (set.has(`@${parts.slice(i).join('.')}`)) return true;
    return false;
  };
}

export async function loadBlacklist(db: Db): Promise<BlacklistMatcher> {
  const rows = await db.select({ value: emailBlacklist.value }).from(emailBlacklist);
  return blacklistMatcher(rows.map((r) => r.value));
}
