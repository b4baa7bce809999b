import { z } from 'zod';
import { priceString, quantityString } from './decimal-schemas';
import { documentText } from './documents';
import { listQuery, queryBool, queryId, queryIdList, recordId } from './envelope';
import { CURRENCIES, UNITS } from './lookups';

const id = recordId;
const text = documentText;

const currencyIds = CURRENCIES.map((c) => c.id) as [string, ...string[]];
const unitIds = UNITS.map((u) => u.id) as [string, ...string[]];

export const MAX_PICTURES = 12;
export const MAX_TECH_PARAMS = 50;
/** A product picture's upload limit; the general upload cap is higher (attachments). */
export const MAX_PICTURE_BYTES = 20 * 1024 * 1024;
export const PICTURE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/tiff',
];

export const techParam = z.object({ key: text(100), value: text(500) });
export type TechParam = z.infer<typeof techParam>;

/** A picture as the client sends it: a stored file, in display order (the first is the cover). */
export const pictureRef = z.object({ file_id: id });
/** A picture as answered: the URLs the web shows, so it never builds them. */
export const picture = z.object({
  file_id: z.number().int(),
  /** The picture at up to 2000 px, turned upright, without EXIF (location) data. */
  url: z.string(),
  /** 800 px: grid cards, the gallery. */
  preview_url: z.string(),
  /** 160 px: list thumbnails. */
  thumb_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type Picture = z.infer<typeof picture>;

/** The editable fields of a product (spec §3); every one may be left out of an update. */
const productShape = {
  name: text(200).refine((v) => v !== '', { message: 'Enter a name' }),
  factory: text(200),
  category_id: id.nullable(),
  pictures: z.array(pictureRef).max(MAX_PICTURES),
  model: text(100),
  advantage: text(5000),
  tech_params: z
    .array(techParam)
    .max(MAX_TECH_PARAMS)
    .transform((rows) => rows.filter((r) => r.key !== '' || r.value !== '')),
  packaging: text(2000),
  price: priceString.nullable(),
  currency: z.enum(currencyIds),
  moq: quantityString.nullable(),
  unit: z.enum(unitIds),
  published: z.boolean(),
  remark: text(5000),
};
const p = productShape;

export const productFields = z.object({
  name: p.name,
  factory: p.factory.default(''),
  category_id: p.category_id.default(null),
  pictures: p.pictures.default([]),
  model: p.model.default(''),
  advantage: p.advantage.default(''),
  tech_params: p.tech_params.default([]),
  packaging: p.packaging.default(''),
  price: p.price.default(null),
  currency: p.currency.default('USD'),
  moq: p.moq.default(null),
  unit: p.unit.default('pcs'),
  published: p.published.default(false),
  remark: p.remark.default(''),
});
export type ProductFields = z.infer<typeof productFields>;
export const productCreate = productFields;
export const productUpdate = z.object(productShape).partial().extend({ id });
export type ProductUpdate = z.infer<typeof productUpdate>;

export const product = z.object({
  id: z.number().int(),
  name: z.string(),
  factory: z.string(),
  category_id: z.number().int().nullable(),
  /** The category's name, with its parent's in front ("Kitchen / Knives"); '' without one. */
  category: z.string(),
  pictures: z.array(picture),
  model: z.string(),
  advantage: z.string(),
  tech_params: z.array(z.object({ key: z.string(), value: z.string() })),
  packaging: z.string(),
  price: z.string().nullable(),
  currency: z.string(),
  moq: z.string().nullable(),
  unit: z.string(),
  published: z.boolean(),
  remark: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
});
export type Product = z.infer<typeof product>;

export const PRODUCT_SORTS = ['name', 'price', 'created_at', 'updated_at'] as const;

const queryIds = queryIdList;

export const productListQuery = listQuery.extend({
  sort: z
    .string()
    .regex(new RegExp(`^-?(${PRODUCT_SORTS.join('|')})$`))
    .optional(),
  /** Categories; a parent also finds its children's products. */
  category: queryIds.optional(),
  factory: text(200).optional(),
  published: queryBool.optional(),
  currency: z
    .string()
    .max(200)
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(z.array(z.enum(currencyIds)))
    .optional(),
  price_min: priceString.optional(),
  price_max: priceString.optional(),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

export const productBulkUpdate = z.object({
  ids: z.array(id).min(1).max(1000),
  published: z.boolean().optional(),
  category_id: id.nullable().optional(),
});

/** What a quotation's product picker needs; open to every signed-in user. */
export const productOptionsQuery = z.object({
  q: text(200).optional(),
  /** Ids to resolve (the products already on a quotation). */
  ids: queryIds.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const productOption = z.object({
  id: z.number().int(),
  name: z.string(),
  model: z.string(),
  thumb_url: z.string().nullable(),
  price: z.string().nullable(),
  currency: z.string(),
  unit: z.string(),
});
export type ProductOption = z.infer<typeof productOption>;

export const preparePictureBody = z.object({ file_id: id });

export const productCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  parent_id: z.number().int().nullable(),
  sort_order: z.number().int(),
  /** Live products in this category itself (not its children). */
  product_count: z.number().int(),
});
export type ProductCategory = z.infer<typeof productCategory>;
const categoryName = text(100).refine((v) => v !== '', { message: 'Enter a name' });
export const productCategoryCreate = z.object({ name: categoryName, parent_id: id.nullable().default(null) });
export const productCategoryUpdate = z.object({
  id,
  name: categoryName.optional(),
  parent_id: id.nullable().optional(),
});
/** The new order of the categories under one parent (null: the top level). */
export const productCategoryReorder = z.object({
  parent_id: id.nullable(),
  ids: z.array(id).min(1).max(500),
});

export const productIdQuery = z.object({ id: queryId });
export const productIdsBody = z.object({ ids: z.array(id).min(1).max(1000) });
export const productImportQuery = z.object({ on_duplicate: z.enum(['skip', 'update']).default('update') });

/** Column headings of the product spreadsheet and list, in both languages. */
export const PRODUCT_LABELS = {
  id: { en: 'ID', zh: '编号' },
  picture: { en: 'Picture', zh: '图片' },
  name: { en: 'Name', zh: '产品名称' },
  model: { en: 'Model', zh: '型号' },
  factory: { en: 'Factory', zh: '工厂' },
  category_id: { en: 'Category', zh: '分类' },
  price: { en: 'Price', zh: '价格' },
  currency: { en: 'Currency', zh: '币种' },
  moq: { en: 'MOQ', zh: '起订量' },
  unit: { en: 'Unit', zh: '单位' },
  advantage: { en: 'Advantages', zh: '产品优势' },
  tech_params: { en: 'Technical parameters', zh: '技术参数' },
  packaging: { en: 'Packaging', zh: '包装' },
  published: { en: 'Published', zh: '已发布' },
  remark: { en: 'Remark', zh: '备注' },
  created_at: { en: 'Created', zh: '创建时间' },
  updated_at: { en: 'Updated', zh: '更新时间' },
} as const;
