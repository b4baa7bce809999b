import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { files } from './files';
import { users } from './users';

/** A flat or two-level list; a category is deleted only when no product and no child uses it. */
export const productCategories = pgTable(
  'product_categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => productCategories.id, {
      onDelete: 'restrict',
    }),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('product_categories_name').on(sql`coalesce(${t.parentId}, 0)`, sql`lower(${t.name})`)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    factory: text('factory').notNull().default(''),
    categoryId: integer('category_id').references(() => productCategories.id, { onDelete: 'set null' }),
    /** The item number; one live product per model (import matches on it). */
    model: text('model').notNull().default(''),
    advantage: text('advantage').notNull().default(''),
    techParams: jsonb('tech_params').$type<{ key: string; value: string }[]>().notNull().default([]),
    packaging: text('packaging').notNull().default(''),
    /** Exact decimals, read and written as strings. */
    price: numeric('price', { precision: 18, scale: 4 }),
    currency: text('currency').notNull().default('USD'),
    moq: numeric('moq', { precision: 18, scale: 4 }),
    unit: text('unit').notNull().default('pcs'),
    /** Shown on the public website. */
    published: boolean('published').notNull().default(false),
    remark: text('remark').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Soft delete: an admin may restore for 30 days. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** What the search box looks through (the category's name is matched through its own table). */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(name || ' ' || model || ' ' || factory || ' ' || advantage)`),
  },
  (t) => [
    uniqueIndex('products_model_live')
      .on(sql`lower(${t.model})`)
      .where(sql`deleted_at IS NULL AND model <> ''`),
    index('products_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('products_created').on(t.createdAt.desc(), t.id.desc()),
    index('products_updated').on(t.updatedAt.desc(), t.id.desc()),
    index('products_name').on(sql`lower(${t.name})`, t.id),
    index('products_price').on(t.price, t.id),
    index('products_category').on(t.categoryId),
  ],
);

/** A product's pictures in display order (position 0 is the cover), each an uploaded file. */
export const productPictures = pgTable(
  'product_pictures',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
  },
  (t) => [primaryKey({ columns: [t.productId, t.position] }), index('product_pictures_file').on(t.fileId)],
);

/**
 * The files made from an uploaded picture, once per upload: upright, without EXIF, as JPEG at up to
 * 2000, 800 and 160 px. The upload itself (which may carry a location) is never shown.
 */
export const pictureVariants = pgTable(
  'picture_variants',
  {
    fileId: integer('file_id')
      .primaryKey()
      .references(() => files.id, { onDelete: 'cascade' }),
    imageFileId: integer('image_file_id')
      .notNull()
      .references(() => files.id),
    previewFileId: integer('preview_file_id')
      .notNull()
      .references(() => files.id),
    thumbFileId: integer('thumb_file_id')
      .notNull()
      .references(() => files.id),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('picture_variants_image').on(t.imageFileId),
    index('picture_variants_preview').on(t.previewFileId),
    index('picture_variants_thumb').on(t.thumbFileId),
  ],
);
