import { PassThrough, type Readable } from 'node:stream';
import { canonicalDecimal, lookupLabel, PRODUCT_LABELS, type ProductListQuery } from '@quayside/contract';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import type { Db } from '../../db/client';
import { files, pictureVariants, productCategories, productPictures, products } from '../../db/schema';
import type { FileStore } from '../../lib/files';
import type { Lang } from '../../lib/i18n';
import { loadExcelJS } from '../../lib/spreadsheet';
import { categoryLabel, parentCategory, productFilter } from './service';

/** Rows whose cover is embedded; past them the sheet has no pictures (memory stays bounded). */
export const MAX_EXPORT_PICTURES = 5000;
const BATCH = 500;
/** The cover's box in the sheet, in pixels. */
const PICTURE_BOX = 72;
/** Row height (points) that fits the box. */
const PICTURE_ROW_HEIGHT = 58;

export const EXPORT_FIELDS = [
  'id',
  'picture',
  'name',
  'model',
  'factory',
  'category_id',
  'price',
  'currency',
  'moq',
  'unit',
  'advantage',
  'tech_params',
  'packaging',
  'published',
  'remark',
  'created_at',
  'updated_at',
] as const;

const WIDTHS: Partial<Record<(typeof EXPORT_FIELDS)[number], number>> = {
  id: 8,
  picture: 12,
  name: 30,
  advantage: 40,
  tech_params: 36,
  packaging: 32,
  remark: 30,
  price: 12,
  currency: 10,
  moq: 10,
  unit: 10,
};

const time = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19);
/** A decimal as a number cell when a double holds it exactly (Excel can sum it), else as text. */
const decimalCell = (v: string | null) => {
  if (v === null) return '';
  const text = canonicalDecimal(v);
  return String(Number(text)) === text ? Number(text) : text;
};
export const techParamsText = (rows: { key: string; value: string }[]) =>
  rows.map((r) => `${r.key}: ${r.value}`).join('\n');
export const yesNo = (v: boolean, lang: Lang) =>
  v ? (lang === 'zh' ? '是' : 'Yes') : lang === 'zh' ? '否' : 'No';

const readAll = async (stream: NodeJS.ReadableStream): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * Every product matching the list's filters as .xlsx, in id order, each row with its cover embedded
 * (the 160 px thumbnail, up to MAX_EXPORT_PICTURES rows). exceljs streams only sheets without
 * pictures, so the workbook is built in memory and then written out.
 */
export async function exportProducts(
  db: Db,
  store: FileStore,
  query: ProductListQuery,
  lang: Lang,
): Promise<Readable> {
  const workbook = new (await loadExcelJS()).Workbook();
  const sheet = workbook.addWorksheet(lang === 'zh' ? '产品' : 'Products', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = EXPORT_FIELDS.map((f) => ({ header: PRODUCT_LABELS[f][lang], width: WIDTHS[f] ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  const where = await productFilter(db, query);
  let after = 0;
  let pictured = 0;
  for (;;) {
    const batch = await db
      .select({ p: products, category: categoryLabel })
      .from(products)
      .leftJoin(productCategories, eq(productCategories.id, products.categoryId))
      .leftJoin(parentCategory, eq(parentCategory.id, productCategories.parentId))
      .where(and(where, gt(products.id, after)))
      .orderBy(asc(products.id))
      .limit(BATCH);
    const covers = await coversOf(
      db,
      batch.map((b) => b.p.id),
    );
    for (const { p, category } of batch) {
      const row = sheet.addRow([
        p.id,
        '',
        p.name,
        p.model,
        p.factory,
        category,
        decimalCell(p.price),
        p.currency,
        decimalCell(p.moq),
        lookupLabel('units', p.unit, lang),
        p.advantage,
        techParamsText(p.techParams),
        p.packaging,
        yesNo(p.published, lang),
        p.remark,
        time(p.createdAt),
        time(p.updatedAt),
      ]);
      row.alignment = { vertical: 'top', wrapText: true };
      const cover = covers.get(p.id);
      if (cover && pictured < MAX_EXPORT_PICTURES) {
        pictured++;
        row.height = PICTURE_ROW_HEIGHT;
        const scale = PICTURE_BOX / Math.max(cover.width, cover.height);
        const image = workbook.addImage({
          buffer: (await readAll(store.open(cover.sha256))) as unknown as ExcelJS.Buffer,
          extension: 'jpeg',
        });
        sheet.addImage(image, {
          tl: { col: 1.1, row: row.number - 1 + 0.1 },
          ext: { width: Math.round(cover.width * scale), height: Math.round(cover.height * scale) },
          editAs: 'oneCell',
        });
      }
    }
    if (batch.length < BATCH) break;
    after = batch[batch.length - 1]!.p.id;
  }
  const out = new PassThrough();
  workbook.xlsx.write(out).then(
    () => out.end(),
    (err: unknown) => out.destroy(err as Error),
  );
  return out;
}

/** The stored thumbnail of each product's cover, with the picture's proportions. */
async function coversOf(db: Db, productIds: number[]) {
  const covers = new Map<number, { sha256: string; width: number; height: number }>();
  if (productIds.length === 0) return covers;
  const rows = await db
    .select({
      productId: productPictures.productId,
      sha256: files.sha256,
      width: pictureVariants.width,
      height: pictureVariants.height,
    })
    .from(productPictures)
    .innerJoin(pictureVariants, eq(pictureVariants.fileId, productPictures.fileId))
    .innerJoin(files, eq(files.id, pictureVariants.thumbFileId))
    .where(and(inArray(productPictures.productId, productIds), eq(productPictures.position, 0)));
  for (const r of rows) covers.set(r.productId, r);
  return covers;
}
