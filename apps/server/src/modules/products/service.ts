import {
  canonicalDecimal,
  type ListAnswer,
  type Product,
  type ProductFields,
  type ProductListQuery,
  type ProductOption,
} from '@quayside/contract';
import {
  aliasedTable,
  and,
  count,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productCategories, productPictures, products } from '../../db/schema';
import { countCacheFor } from '../../lib/count-cache';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { FileStore } from '../../lib/files';
import { containsPattern, offsetOf, orderBy } from '../../lib/list';
import type { SessionUser } from '../../lib/sessions';
import { assertCategoryExists, categoriesNamed, categoriesWithin } from './categories';
import { picturesOfProducts, preparePictures } from './pictures';

export const RESTORE_DAYS = 30;
type Row = typeof products.$inferSelect;
/** What a write needs besides the database: the file store (pictures) and who writes. */
export type Writer = { store: FileStore; user: SessionUser };

export const parentCategory = aliasedTable(productCategories, 'parent_category');
/** "Parent / Child", or the name of a top-level category; '' without one. Needs both categories joined. */
export const categoryLabel = sql<string>`CASE WHEN ${productCategories.id} IS NULL THEN '' WHEN ${parentCategory.id} IS NULL THEN ${productCategories.name} ELSE ${parentCategory.name} || ' / ' || ${productCategories.name} END`;
const selection = { product: products, category: categoryLabel };

/** Cached list totals; every write below calls `changed(db)`. */
const totals = (db: Db) => countCacheFor(db, 'products');
export const changed = (db: Db) => totals(db).invalidate();

const baseQuery = (db: Db) =>
  db
    .select(selection)
    .from(products)
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .leftJoin(parentCategory, eq(parentCategory.id, productCategories.parentId));

/** Numeric columns come back as "12.3500": answers carry the plain decimal ("12.35"). */
const decimal = (value: string | null) => (value === null ? null : canonicalDecimal(value));

function toProduct(row: Row, category: string, pictures: Product['pictures']): Product {
  return {
    id: row.id,
    name: row.name,
    factory: row.factory,
    category_id: row.categoryId,
    category,
    pictures,
    model: row.model,
    advantage: row.advantage,
    tech_params: row.techParams,
    packaging: row.packaging,
    price: decimal(row.price),
    currency: row.currency,
    moq: decimal(row.moq),
    unit: row.unit,
    published: row.published,
    remark: row.remark,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deleted_at: row.deletedAt?.toISOString() ?? null,
  };
}

async function withPictures(db: Db, rows: { product: Row; category: string }[]): Promise<Product[]> {
  const pictures = await picturesOfProducts(
    db,
    rows.map((r) => r.product.id),
  );
  return rows.map((r) => toProduct(r.product, r.category, pictures.get(r.product.id) ?? []));
}

/** API field names → columns, for inserts and updates (pictures are written separately). */
export function toColumns(input: Partial<ProductFields>): Partial<typeof products.$inferInsert> {
  const map: Partial<typeof products.$inferInsert> = {
    name: input.name,
    factory: input.factory,
    categoryId: input.category_id,
    model: input.model,
    advantage: input.advantage,
    techParams: input.tech_params,
    packaging: input.packaging,
    price: input.price,
    currency: input.currency,
    moq: input.moq,
    unit: input.unit,
    published: input.published,
    remark: input.remark,
  };
  return Object.fromEntries(Object.entries(map).filter(([, v]) => v !== undefined));
}

const sortColumns = {
  name: sql`lower(${products.name})`,
  price: products.price,
  created_at: products.createdAt,
  updated_at: products.updatedAt,
};

/*
 * The categories a search names and a filter covers are resolved first (categories.ts keeps them):
 * the products query is then plain conditions its indexes serve (trigram OR category), where a
 * subquery in an OR made PostgreSQL read every product.
 */
const categoryIn = (ids: number[]) => (ids.length ? inArray(products.categoryId, ids) : sql`false`);

/** The WHERE of a list or an export: the same filters for both. */
export async function productFilter(
  db: Db,
  query: ProductListQuery,
  deleted = false,
): Promise<SQL | undefined> {
  const where: (SQL | undefined)[] = [deleted ? isNotNull(products.deletedAt) : isNull(products.deletedAt)];
  if (query.q) {
    const pattern = containsPattern(query.q);
    const named = await categoriesNamed(db, query.q.toLowerCase());
    const text = sql`${products.searchText} LIKE ${pattern}`;
    where.push(named.length ? or(text, inArray(products.categoryId, named)) : text);
  }
  if (query.category) where.push(categoryIn(await categoriesWithin(db, query.category)));
  if (query.factory) where.push(sql`lower(${products.factory}) LIKE ${containsPattern(query.factory)}`);
  if (query.published !== undefined) where.push(eq(products.published, query.published));
  if (query.currency?.length) where.push(inArray(products.currency, query.currency));
  if (query.price_min !== undefined) where.push(gte(products.price, query.price_min));
  if (query.price_max !== undefined) where.push(lte(products.price, query.price_max));
  return and(...where);
}

/** The list, or with `deleted` the bin of products an admin can still restore. */
export async function listProducts(
  db: Db,
  query: ProductListQuery,
  deleted = false,
): Promise<ListAnswer<Product>> {
  const where = await productFilter(db, query, deleted);
  const { page: _p, page_size: _s, sort: _o, ...filters } = query;
  const [rows, total] = await Promise.all([
    baseQuery(db)
      .where(where)
      .orderBy(...orderBy(query.sort, sortColumns, deleted ? '-updated_at' : '-created_at', products.id))
      .limit(query.page_size)
      .offset(offsetOf(query)),
    totals(db).get(JSON.stringify({ filters, deleted }), async () => {
      const [row] = await db.select({ n: count() }).from(products).where(where);
      return row?.n ?? 0;
    }),
  ]);
  return { items: await withPictures(db, rows), total, page: query.page, page_size: query.page_size };
}

export async function getProduct(
  db: Db,
  id: number,
  options: { withDeleted?: boolean } = {},
): Promise<Product> {
  const [row] = await baseQuery(db)
    .where(options.withDeleted ? eq(products.id, id) : and(eq(products.id, id), isNull(products.deletedAt)))
    .limit(1);
  if (!row) throw notFound('thingProduct');
  const [found] = await withPictures(db, [row]);
  return found!;
}

/** 409 naming the live product that already has this model (other than `exceptId`). */
export async function assertModelFree(db: Db, model: string, exceptId?: number): Promise<void> {
  if (!model) return;
  const [other] = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(sql`lower(${products.model}) = ${model.toLowerCase()}`, isNull(products.deletedAt)))
    .limit(1);
  if (other && other.id !== exceptId) {
    throw conflict(
      'productModelTaken',
      { model, product: other.name, id: other.id },
      { field: 'model', product: { id: other.id, name: other.name } },
    );
  }
}

async function writePictures(db: Db, productId: number, fileIds: number[]): Promise<void> {
  await db.delete(productPictures).where(eq(productPictures.productId, productId));
  if (fileIds.length === 0) return;
  await db
    .insert(productPictures)
    .values(fileIds.map((fileId, position) => ({ productId, position, fileId })));
}

export async function createProduct(db: Db, input: ProductFields, writer: Writer): Promise<Product> {
  await assertCategoryExists(db, input.category_id);
  await assertModelFree(db, input.model);
  const fileIds = await preparePictures(db, writer.store, input.pictures, writer.user);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(products)
      .values({ ...toColumns(input), name: input.name, createdBy: writer.user.id })
      .returning({ id: products.id });
    await writePictures(tx as unknown as Db, row!.id, fileIds);
    return row!.id;
  });
  changed(db);
  return getProduct(db, id);
}

export async function updateProduct(
  db: Db,
  id: number,
  input: Partial<ProductFields>,
  writer: Writer,
): Promise<Product> {
  const current = await getProduct(db, id);
  if (input.model !== undefined && input.model.toLowerCase() !== current.model.toLowerCase()) {
    await assertModelFree(db, input.model, id);
  }
  await assertCategoryExists(db, input.category_id);
  const fileIds = input.pictures && (await preparePictures(db, writer.store, input.pictures, writer.user));
  await db.transaction(async (tx) => {
    await tx
      .update(products)
      .set({ ...toColumns(input), updatedAt: new Date() })
      .where(eq(products.id, id));
    if (fileIds) await writePictures(tx as unknown as Db, id, fileIds);
  });
  changed(db);
  return getProduct(db, id);
}

export async function deleteProducts(db: Db, ids: number[]): Promise<number> {
  const done = await db
    .update(products)
    .set({ deletedAt: new Date() })
    .where(and(inArray(products.id, ids), isNull(products.deletedAt)))
    .returning({ id: products.id });
  changed(db);
  return done.length;
}

/** Brings back products deleted within RESTORE_DAYS, unless their model now belongs to another product. */
export async function restoreProducts(db: Db, ids: number[]): Promise<number> {
  const rows = await db
    .select()
    .from(products)
    .where(and(inArray(products.id, ids), isNotNull(products.deletedAt)));
  const limit = Date.now() - RESTORE_DAYS * 86_400_000;
  for (const row of rows) {
    if (row.deletedAt && row.deletedAt.getTime() < limit) {
      throw new AppError('CONFLICT', 'productRestoreExpired', { id: row.id, days: RESTORE_DAYS });
    }
    await assertModelFree(db, row.model, row.id);
  }
  if (rows.length === 0) return 0;
  await db
    .update(products)
    .set({ deletedAt: null, updatedAt: new Date() })
    .where(
      inArray(
        products.id,
        rows.map((r) => r.id),
      ),
    );
  changed(db);
  return rows.length;
}

export async function purgeDeletedProducts(db: Db): Promise<void> {
  await db
    .delete(products)
    .where(
      and(
        isNotNull(products.deletedAt),
        sql`${products.deletedAt} < now() - make_interval(days => ${RESTORE_DAYS})`,
      ),
    );
  changed(db);
}

export async function bulkUpdateProducts(
  db: Db,
  input: { ids: number[]; published?: boolean; category_id?: number | null },
): Promise<number> {
  await assertCategoryExists(db, input.category_id);
  const set = toColumns({ published: input.published, category_id: input.category_id });
  if (Object.keys(set).length === 0) return 0;
  const done = await db
    .update(products)
    .set({ ...set, updatedAt: new Date() })
    .where(and(inArray(products.id, input.ids), isNull(products.deletedAt)))
    .returning({ id: products.id });
  changed(db);
  return done.length;
}

/** Products to pick on a quotation: by search text, or the ids asked for; names first. */
export async function productOptions(
  db: Db,
  query: { q?: string; ids?: number[]; limit: number },
): Promise<ProductOption[]> {
  const where = [isNull(products.deletedAt)];
  if (query.q) where.push(sql`${products.searchText} LIKE ${containsPattern(query.q)}`);
  if (query.ids) where.push(inArray(products.id, query.ids));
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      model: products.model,
      price: products.price,
      currency: products.currency,
      unit: products.unit,
    })
    .from(products)
    .where(and(...where))
    .orderBy(sql`lower(${products.name})`, products.id)
    .limit(query.ids ? Math.max(query.ids.length, query.limit) : query.limit);
  const pictures = await picturesOfProducts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...r,
    price: decimal(r.price),
    thumb_url: pictures.get(r.id)?.[0]?.thumb_url ?? null,
  }));
}
