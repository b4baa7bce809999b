import type { Readable } from 'node:stream';
import {
  CURRENCIES,
  type ImportAnswer,
  localizeContractMessage,
  PRODUCT_LABELS,
  type ProductFields,
  productFields,
  UNITS,
} from '@quayside/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productCategories, products } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { EventHub } from '../../lib/events';
import { type Lang, translate } from '../../lib/i18n';
import { type DbOrTx, type ImportJob, type ImportOutcome, runImport } from '../../lib/imports';
import { readSheet, type SheetColumn, SpreadsheetError, streamWorkbook } from '../../lib/spreadsheet';
import { categoriesChanged } from './categories';
import { changed, toColumns } from './service';
import { techParamsText, yesNo } from './spreadsheet-export';

const IMPORT_FIELDS = [
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
] as const;
type ImportField = (typeof IMPORT_FIELDS)[number];
const WRITE_CHUNK = 500;

/** Header text → field: the field key, or its label in either language, any case. */
const headerIndex = new Map<string, ImportField>(
  IMPORT_FIELDS.flatMap((f) => [
    [f, f],
    [PRODUCT_LABELS[f].en.toLowerCase(), f],
    [PRODUCT_LABELS[f].zh.toLowerCase(), f],
  ]),
);
headerIndex.set('category', 'category_id');

/** A currency or unit cell: its id, or its label in either language (any case). */
function lookupId(
  table: readonly { id: string; en: string; zh: string }[],
  text: string,
): string | undefined {
  const wanted = text.trim().toLowerCase();
  return table.find(
    (r) => r.id.toLowerCase() === wanted || r.en.toLowerCase() === wanted || r.zh === text.trim(),
  )?.id;
}

const TRUE = new Set(['yes', 'y', 'true', '1', '是', '已发布', 'published']);
const FALSE = new Set(['no', 'n', 'false', '0', '否', '未发布', '']);

/** "Material: 304 stainless" per line (or separated by ";"). */
function parseTechParams(text: string) {
  return text
    .split(/\r?\n|;/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.search(/[:：]/);
      return at < 0
        ? { key: line, value: '' }
        : { key: line.slice(0, at).trim(), value: line.slice(at + 1).trim() };
    });
}

type Good = { row: number; fields: ProductFields; category: string[] | null; given: Set<ImportField> };
type Checked = { good: Good[]; errors: { row: number; msg: string }[] };

/**
 * Reads an .xlsx/.csv of products. Bad rows are reported by row number and reason, the good ones
 * are written in one transaction (lib/imports). A model that already has a live product is that
 * product: updated with the row's filled cells, or skipped, as the user chose. Categories are named
 * "Parent / Child" (or just a name) and made when missing.
 */
export async function importProducts(
  ctx: { db: Db; events: EventHub },
  file: { bytes: Buffer; name: string },
  options: { onDuplicate: 'skip' | 'update'; userId: number; lang: Lang; confirmDuplicate: boolean },
): Promise<ImportAnswer> {
  const answer = await runImport(
    ctx,
    {
      kind: 'product',
      file,
      userId: options.userId,
      lang: options.lang,
      confirmDuplicate: options.confirmDuplicate,
    },
    {
      prepare: () => checkRows(file, options.lang),
      write: async (tx, checked, job) => ({
        ...(await writeRows(tx, checked.good, options, job)),
        errors: checked.errors,
      }),
    },
  );
  changed(ctx.db);
  categoriesChanged(ctx.db);
  return answer;
}

async function checkRows(file: { bytes: Buffer; name: string }, lang: Lang): Promise<Checked> {
  let sheet: Awaited<ReturnType<typeof readSheet>>;
  try {
    sheet = await readSheet(file.bytes, file.name);
  } catch (err) {
    if (err instanceof SpreadsheetError) throw new AppError('VALIDATION_FAILED', 'spreadsheetUnreadable');
    throw err;
  }
  const checked: Checked = { good: [], errors: [] };
  const seenModels = new Map<string, number>();
  for (const { row, values } of sheet) {
    const input: Record<string, unknown> = {};
    const given = new Set<ImportField>();
    const problems: string[] = [];
    let category: string[] | null = null;
    const unknown = (field: ImportField, value: string) =>
      problems.push(translate(lang, 'importUnknownValue', { field: PRODUCT_LABELS[field][lang], value }));
    for (const [header, text] of Object.entries(values)) {
      const field = headerIndex.get(header.toLowerCase());
      if (!field) continue;
      if (text !== '') given.add(field);
      if (field === 'category_id') {
        category = text
          ? text
              .split('/')
              .map((s) => s.trim())
              .filter(Boolean)
              .slice(0, 2)
          : null;
      } else if (field === 'currency' || field === 'unit') {
        if (!text) continue;
        const id = lookupId(field === 'currency' ? CURRENCIES : UNITS, text);
        if (id === undefined) unknown(field, text);
        input[field] = id;
      } else if (field === 'price' || field === 'moq') {
        input[field] = text === '' ? null : text;
      } else if (field === 'published') {
        const v = text.trim().toLowerCase();
        if (!TRUE.has(v) && !FALSE.has(v)) unknown(field, text);
        input.published = TRUE.has(v);
      } else if (field === 'tech_params') {
        input.tech_params = parseTechParams(text);
      } else {
        input[field] = text;
      }
    }
    const parsed = productFields.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '') as keyof typeof PRODUCT_LABELS;
        const name = field === 'name' && input.name === undefined ? translate(lang, 'importNeedsName') : null;
        problems.push(
          name ??
            `${PRODUCT_LABELS[field]?.[lang] ?? field}: ${localizeContractMessage(issue.message, lang)}`,
        );
      }
    }
    const model = parsed.success ? parsed.data.model.toLowerCase() : '';
    const earlier = model ? seenModels.get(model) : undefined;
    if (earlier)
      problems.push(
        translate(lang, 'importDuplicateModel', { model: parsed.data?.model ?? '', row: earlier }),
      );
    if (problems.length || !parsed.success) {
      checked.errors.push({ row, msg: problems.join('; ') });
      continue;
    }
    if (model) seenModels.set(model, row);
    checked.good.push({ row, fields: parsed.data, category, given });
  }
  return checked;
}

/** The id of category "Parent / Child" (or "Name"), made when missing. */
async function categoryIds(tx: DbOrTx, paths: string[][]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const find = async (name: string, parentId: number | null) => {
    const [found] = await tx
      .select({ id: productCategories.id })
      .from(productCategories)
      .where(
        and(
          sql`lower(${productCategories.name}) = ${name.toLowerCase()}`,
          parentId === null ? isNull(productCategories.parentId) : eq(productCategories.parentId, parentId),
        ),
      )
      .limit(1);
    if (found) return found.id;
    const [made] = await tx
      .insert(productCategories)
      .values({ name, parentId, sortOrder: 1000 })
      .returning({ id: productCategories.id });
    return made!.id;
  };
  for (const path of paths) {
    const key = path.join(' / ').toLowerCase();
    if (ids.has(key) || !path[0]) continue;
    const top = await find(path[0], null);
    ids.set(key, path[1] ? await find(path[1], top) : top);
  }
  return ids;
}

async function writeRows(
  tx: DbOrTx,
  good: Good[],
  options: { onDuplicate: 'skip' | 'update'; lang: Lang; userId: number },
  job: ImportJob,
): Promise<Omit<ImportOutcome, 'errors'>> {
  const result: Omit<ImportOutcome, 'errors'> = { created: 0, updated: 0, skipped: 0, skipped_rows: [] };
  const categories = await categoryIds(
    tx,
    good.flatMap((g) => (g.category ? [g.category] : [])),
  );
  const live = await tx
    .select({ id: products.id, model: products.model })
    .from(products)
    .where(and(isNull(products.deletedAt), sql`${products.model} <> ''`));
  const byModel = new Map(live.map((p) => [p.model.toLowerCase(), p.id]));
  const fresh: Good[] = [];
  let done = 0;
  await job.progress(done, good.length);
  for (const item of good) {
    item.fields.category_id = item.category
      ? (categories.get(item.category.join(' / ').toLowerCase()) ?? null)
      : null;
    const id = item.fields.model ? byModel.get(item.fields.model.toLowerCase()) : undefined;
    if (id === undefined) {
      fresh.push(item);
      continue;
    }
    if (options.onDuplicate === 'skip') {
      result.skipped++;
      result.skipped_rows.push({
        row: item.row,
        msg: translate(options.lang, 'importSkippedModel', { model: item.fields.model, id }),
      });
    } else {
      // Only what the row fills in: an empty cell keeps the stored value.
      const filled = Object.fromEntries(
        Object.entries(item.fields).filter(([k]) => item.given.has(k as ImportField)),
      ) as Partial<ProductFields>;
      await tx
        .update(products)
        .set({ ...toColumns(filled), updatedAt: new Date() })
        .where(eq(products.id, id));
      result.updated++;
    }
    if (++done % 100 === 0) await job.progress(done, good.length);
  }
  for (let i = 0; i < fresh.length; i += WRITE_CHUNK) {
    const chunk = fresh.slice(i, i + WRITE_CHUNK);
    await tx
      .insert(products)
      .values(chunk.map((g) => ({ ...toColumns(g.fields), name: g.fields.name, createdBy: options.userId })));
    result.created += chunk.length;
    done += chunk.length;
    await job.progress(done, good.length);
  }
  return result;
}

/** A template whose headings import back, with one example row. */
export async function importTemplate(lang: Lang): Promise<Readable> {
  const columns: SheetColumn[] = IMPORT_FIELDS.map((f) => ({
    header: PRODUCT_LABELS[f][lang],
    width: ['advantage', 'tech_params', 'packaging'].includes(f) ? 36 : 18,
  }));
  const zh = lang === 'zh';
  async function* rows() {
    yield [
      zh ? '电热水壶 1.7 升' : 'Electric kettle 1.7 L',
      'EK-1701',
      zh ? '宁波家居用品有限公司' : 'Ningbo Homeware Co.',
      zh ? '厨房 / 水壶' : 'Kitchen / Kettles',
      12.35,
      'USD',
      500,
      zh ? '件' : 'Pieces',
      zh ? '3 分钟烧开\n自动断电' : 'Boils in 3 minutes\nAuto shut-off',
      techParamsText([
        { key: zh ? '材质' : 'Material', value: zh ? '304 不锈钢' : '304 stainless' },
        { key: zh ? '功率' : 'Power', value: '2200 W' },
      ]),
      zh
        ? '1 个/彩盒，12 个/箱，60×40×35 cm，14.5 kg'
        : '1 pc / colour box, 12 pcs / carton, 60×40×35 cm, 14.5 kg',
      yesNo(true, lang),
      '',
    ];
  }
  return streamWorkbook(zh ? '产品' : 'Products', columns, rows());
}

export const exportFileName = 'excel-list.xlsx';
export const templateFileName = (lang: Lang) =>
  lang === 'zh' ? '产品导入模板.xlsx' : 'product-import-template.xlsx';
