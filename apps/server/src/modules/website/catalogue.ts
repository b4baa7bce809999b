import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pictureVariants, productCategories, productPictures, products } from '../../db/schema';
import { containsPattern } from '../../lib/list';
import { VARIANT_SIZES } from '../products/pictures';

/** What the public site may show: published products that are not deleted. */
export const onSite = and(eq(products.published, true), isNull(products.deletedAt))!;

/** One picture's three files with the size of each, for srcset and width/height. */
export type SitePicture = {
  image: { id: number; width: number; height: number };
  preview: { id: number; width: number; height: number };
  thumb: { id: number; width: number; height: number };
};

type VariantRow = typeof pictureVariants.$inferSelect;

/** The size a variant was made at (sharp's `inside` fit, never enlarged). */
function fitted(width: number, height: number, box: number) {
  const scale = Math.min(1, box / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export function toSitePicture(v: VariantRow): SitePicture {
  return {
    image: { id: v.imageFileId, width: v.width, height: v.height },
    preview: { id: v.previewFileId, ...fitted(v.width, v.height, VARIANT_SIZES.preview) },
    thumb: { id: v.thumbFileId, ...fitted(v.width, v.height, VARIANT_SIZES.thumb) },
  };
}

export type ProductCard = {
  id: number;
  name: string;
  model: string;
  moq: string | null;
  unit: string;
  price: string | null;
  currency: string;
  cover: SitePicture | null;
};

const cardColumns = {
  id: products.id,
  name: products.name,
  model: products.model,
  moq: products.moq,
  unit: products.unit,
  price: products.price,
  currency: products.currency,
  cover: pictureVariants,
};

/** Published products as cards (cover picture included), newest first. */
export async function productCards(
  db: Db,
  where: SQL | undefined,
  page: { limit: number; offset: number; withTotal?: boolean },
): Promise<{ items: ProductCard[]; total: number }> {
  const filter = and(onSite, where);
  const counted =
    page.withTotal === false ? Promise.resolve([]) : db.select({ n: count() }).from(products).where(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select(cardColumns)
      .from(products)
      .leftJoin(
        productPictures,
        and(eq(productPictures.productId, products.id), eq(productPictures.position, 0)),
      )
      .leftJoin(pictureVariants, eq(pictureVariants.fileId, productPictures.fileId))
      .where(filter)
      .orderBy(desc(products.updatedAt), desc(products.id))
      .limit(page.limit)
      .offset(page.offset),
    counted,
  ]);
  return {
    items: rows.map(({ cover, ...r }) => ({ ...r, cover: cover ? toSitePicture(cover) : null })),
    total: total?.n ?? 0,
  };
}

/** The featured products in the admin's order (unpublished ones left out). */
export async function featuredCards(db: Db, ids: number[]): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const { items } = await productCards(db, inArray(products.id, ids), {
    limit: ids.length,
    offset: 0,
    withTotal: false,
  });
  return ids.flatMap((id) => items.filter((c) => c.id === id));
}

export const searchWhere = (q: string): SQL => sql`${products.searchText} LIKE ${containsPattern(q)}`;

export type SiteCategory = { id: number; name: string; parentId: number | null; count: number };

/** Categories holding published products (a parent counts its children's), in the admin's order. */
export async function siteCategories(db: Db): Promise<SiteCategory[]> {
  const [cats, counts] = await Promise.all([
    db
      .select({
        id: productCategories.id,
        name: productCategories.name,
        parentId: productCategories.parentId,
      })
      .from(productCategories)
      .orderBy(asc(productCategories.sortOrder), asc(productCategories.id)),
    db
      .select({ categoryId: products.categoryId, n: count() })
      .from(products)
      .where(onSite)
      .groupBy(products.categoryId),
  ]);
  const direct = new Map(counts.map((c) => [c.categoryId, c.n]));
  const withCounts = cats.map((c) => ({
    ...c,
    count:
      (direct.get(c.id) ?? 0) +
      cats
        .filter((child) => child.parentId === c.id)
        .reduce((n, child) => n + (direct.get(child.id) ?? 0), 0),
  }));
  return withCounts.filter((c) => c.count > 0);
}

/** A category and its children's ids: a parent's page lists its children's products too. */
export function categoryScope(all: SiteCategory[], id: number): number[] {
  return [id, ...all.filter((c) => c.parentId === id).map((c) => c.id)];
}

export type SiteProduct = {
  id: number;
  name: string;
  model: string;
  advantage: string;
  techParams: { key: string; value: string }[];
  packaging: string;
  price: string | null;
  currency: string;
  moq: string | null;
  unit: string;
  updatedAt: Date;
  category: { id: number; name: string } | null;
  pictures: SitePicture[];
};

/** A published product with its pictures in order; null when it is not (or no longer) on the site. */
export async function siteProduct(db: Db, id: number): Promise<SiteProduct | null> {
  const [row] = await db
    .select({
      product: products,
      categoryName: productCategories.name,
    })
    .from(products)
    .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
    .where(and(onSite, eq(products.id, id)))
    .limit(1);
  if (!row) return null;
  const pictures = await db
    .select({ variant: pictureVariants })
    .from(productPictures)
    .innerJoin(pictureVariants, eq(pictureVariants.fileId, productPictures.fileId))
    .where(eq(productPictures.productId, id))
    .orderBy(asc(productPictures.position));
  const p = row.product;
  return {
    id: p.id,
    name: p.name,
    model: p.model,
    advantage: p.advantage,
    techParams: p.techParams,
    packaging: p.packaging,
    price: p.price,
    currency: p.currency,
    moq: p.moq,
    unit: p.unit,
    updatedAt: p.updatedAt,
    category: p.categoryId && row.categoryName ? { id: p.categoryId, name: row.categoryName } : null,
    pictures: pictures.map((r) => toSitePicture(r.variant)),
  };
}

/** Does a product of this id exist at all (published or not)? An unpublished or deleted one answers 410. */
export async function productExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id)).limit(1);
  return Boolean(row);
}

/** Every published product for the sitemap: id, name, last change. */
export async function sitemapProducts(db: Db): Promise<{ id: number; name: string; updatedAt: Date }[]> {
  return db
    .select({ id: products.id, name: products.name, updatedAt: products.updatedAt })
    .from(products)
    .where(onSite)
    .orderBy(asc(products.id));
}

/** Latest change among a category's published products (its page's lastmod). */
export async function categoryLastChanges(db: Db): Promise<Map<number, Date>> {
  const rows = await db
    .select({ categoryId: products.categoryId, at: sql<string>`max(${products.updatedAt})` })
    .from(products)
    .where(onSite)
    .groupBy(products.categoryId);
  return new Map(rows.flatMap((r) => (r.categoryId ? [[r.categoryId, new Date(r.at)] as const] : [])));
}
