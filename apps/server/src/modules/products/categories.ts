import type { ProductCategory } from '@quayside/contract';
import { and, asc, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productCategories, products } from '../../db/schema';
import { AppError, conflict, invalid, notFound } from '../../lib/errors';

type Row = typeof productCategories.$inferSelect;

/**
 * Every category (id, name, parent), kept 10 s per database and dropped by every category write of
 * this instance: list filters and searches resolve categories from it instead of asking the
 * database twice per request. Another instance on PostgreSQL sees a rename up to 10 s late.
 */
type Brief = { id: number; name: string; parentId: number | null };
const CACHE_MS = 10_000;
const cached = new WeakMap<object, { at: number; rows: Promise<Brief[]> }>();
export function categoriesChanged(db: Db): void {
  cached.delete(db);
}
function allCategories(db: Db): Promise<Brief[]> {
  const hit = cached.get(db);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.rows;
  const rows = db
    .select({ id: productCategories.id, name: productCategories.name, parentId: productCategories.parentId })
    .from(productCategories);
  cached.set(db, { at: Date.now(), rows });
  rows.catch(() => cached.delete(db));
  return rows;
}

/** Categories whose name or whose parent's name contains `text` (lower-case). */
export async function categoriesNamed(db: Db, text: string): Promise<number[]> {
  const all = await allCategories(db);
  const names = new Map(all.map((c) => [c.id, c.name.toLowerCase()]));
  return all
    .filter(
      (c) =>
        names.get(c.id)?.includes(text) || (c.parentId !== null && names.get(c.parentId)?.includes(text)),
    )
    .map((c) => c.id);
}

/** The categories named and their children. */
export async function categoriesWithin(db: Db, ids: number[]): Promise<number[]> {
  const wanted = new Set(ids);
  return (await allCategories(db))
    .filter((c) => wanted.has(c.id) || (c.parentId !== null && wanted.has(c.parentId)))
    .map((c) => c.id);
}

/** Every category, parents before their children, each level in its own order. */
export async function listCategories(db: Db): Promise<ProductCategory[]> {
  const rows = await db
    .select({
      category: productCategories,
      products: sql<number>`(SELECT count(*)::int FROM ${products} WHERE ${products.categoryId} = ${productCategories.id} AND ${products.deletedAt} IS NULL)`,
    })
    .from(productCategories)
    .orderBy(asc(productCategories.sortOrder), asc(productCategories.id));
  const all = rows.map(({ category: c, products: n }) => ({
    id: c.id,
    name: c.name,
    parent_id: c.parentId,
    sort_order: c.sortOrder,
    product_count: Number(n),
  }));
  const tops = all.filter((c) => c.parent_id === null);
  return tops.flatMap((top) => [top, ...all.filter((c) => c.parent_id === top.id)]);
}

async function findCategory(db: Db, id: number, field = 'id'): Promise<Row> {
  const [row] = await db.select().from(productCategories).where(eq(productCategories.id, id)).limit(1);
  if (!row) throw field === 'id' ? notFound('thingProductCategory') : invalid(field, 'unknownCategory');
  return row;
}

/** 400 unless `parentId` is a top-level category (two levels at most). */
async function assertParent(db: Db, parentId: number | null, movingId?: number): Promise<void> {
  if (parentId === null) return;
  const parent = await findCategory(db, parentId, 'parent_id');
  if (parent.parentId !== null || parentId === movingId) throw invalid('parent_id', 'categoryTooDeep');
  if (movingId !== undefined) {
    const [child] = await db
      .select({ id: productCategories.id })
      .from(productCategories)
      .where(eq(productCategories.parentId, movingId))
      .limit(1);
    if (child) throw invalid('parent_id', 'categoryTooDeep');
  }
}

async function assertNameFree(db: Db, name: string, parentId: number | null, exceptId?: number) {
  const [other] = await db
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(
      and(
        sql`coalesce(${productCategories.parentId}, 0) = ${parentId ?? 0}`,
        sql`lower(${productCategories.name}) = ${name.toLowerCase()}`,
        exceptId === undefined ? undefined : ne(productCategories.id, exceptId),
      ),
    )
    .limit(1);
  if (other) throw new AppError('CONFLICT', 'categoryNameTaken', { name }, undefined, 'name');
}

async function byId(db: Db, id: number): Promise<ProductCategory> {
  const found = (await listCategories(db)).find((c) => c.id === id);
  if (!found) throw notFound('thingProductCategory');
  return found;
}

export async function createCategory(
  db: Db,
  input: { name: string; parent_id: number | null },
): Promise<ProductCategory> {
  await assertParent(db, input.parent_id);
  await assertNameFree(db, input.name, input.parent_id);
  const [last] = await db
    .select({ n: sql<number>`coalesce(max(${productCategories.sortOrder}), -1)::int` })
    .from(productCategories)
    .where(
      input.parent_id === null
        ? isNull(productCategories.parentId)
        : eq(productCategories.parentId, input.parent_id),
    );
  const [row] = await db
    .insert(productCategories)
    .values({ name: input.name, parentId: input.parent_id, sortOrder: Number(last?.n ?? -1) + 1 })
    .returning({ id: productCategories.id });
  categoriesChanged(db);
  return byId(db, row!.id);
}

export async function updateCategory(
  db: Db,
  input: { id: number; name?: string; parent_id?: number | null },
): Promise<ProductCategory> {
  const current = await findCategory(db, input.id);
  const parentId = input.parent_id === undefined ? current.parentId : input.parent_id;
  if (parentId !== current.parentId) await assertParent(db, parentId, current.id);
  const name = input.name ?? current.name;
  await assertNameFree(db, name, parentId, current.id);
  await db.update(productCategories).set({ name, parentId }).where(eq(productCategories.id, current.id));
  categoriesChanged(db);
  return byId(db, current.id);
}

/** Sets the order of the categories under one parent; `ids` must name each of them once. */
export async function reorderCategories(
  db: Db,
  input: { parent_id: number | null; ids: number[] },
): Promise<ProductCategory[]> {
  const level = await db
    .select({ id: productCategories.id })
    .from(productCategories)
    .where(
      input.parent_id === null
        ? isNull(productCategories.parentId)
        : eq(productCategories.parentId, input.parent_id),
    );
  const expected = new Set(level.map((r) => r.id));
  const given = new Set(input.ids);
  if (
    given.size !== input.ids.length ||
    given.size !== expected.size ||
    input.ids.some((id) => !expected.has(id))
  )
    throw invalid('ids', 'categoryReorderMismatch');
  await db.transaction(async (tx) => {
    for (const [position, id] of input.ids.entries()) {
      await tx.update(productCategories).set({ sortOrder: position }).where(eq(productCategories.id, id));
    }
  });
  return listCategories(db);
}

/** Deletes empty categories: one that still holds a live product or a subcategory is refused (409). */
export async function deleteCategories(db: Db, ids: number[]): Promise<number> {
  const rows = await db.select().from(productCategories).where(inArray(productCategories.id, ids));
  for (const row of rows) {
    const [used] = await db
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.categoryId, row.id), isNull(products.deletedAt)));
    const [children] = await db
      .select({ n: count() })
      .from(productCategories)
      .where(eq(productCategories.parentId, row.id));
    const busy = { products: used?.n ?? 0, children: children?.n ?? 0 };
    if (busy.products > 0 || busy.children > 0)
      throw conflict('categoryNotEmpty', { name: row.name, ...busy });
  }
  if (rows.length === 0) return 0;
  // Deleted products in the bin lose the category (set null); restoring them brings them back uncategorised.
  categoriesChanged(db);
  await db.delete(productCategories).where(
    inArray(
      productCategories.id,
      rows.map((r) => r.id),
    ),
  );
  return rows.length;
}

/** 400 naming `category_id` unless the category exists. */
export async function assertCategoryExists(db: Db, id: number | null | undefined): Promise<void> {
  if (id === null || id === undefined) return;
  await findCategory(db, id, 'category_id');
}
