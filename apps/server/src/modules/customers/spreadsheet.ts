import {
  CUSTOMER_LABELS,
  type CustomerFields,
  type CustomerListQuery,
  customerFields,
  type ImportAnswer,
  type ImportResult,
  LOOKUPS,
  localizeContractMessage,
  lookupLabel,
} from '@quayside/contract';
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { EventHub } from '../../lib/events';
import { type Lang, translate } from '../../lib/i18n';
import { type DbOrTx, type ImportJob, type ImportOutcome, runImport } from '../../lib/imports';
import { isSalesOnly, mayReadCustomer, mayWorkCustomer, type Viewer } from '../../lib/scope';
import { readSheet, type SheetColumn, SpreadsheetError, streamWorkbook } from '../../lib/spreadsheet';
import { importDuplicates } from './duplicates';
import { changed, customerFilter, toColumns } from './service';

const LOOKUP_FIELDS = ['grade', 'source', 'nation', 'religion', 'situation'] as const;
type LookupField = (typeof LOOKUP_FIELDS)[number];
const EXPORT_FIELDS = [
  'id',
  'company_name',
  'name',
  'email',
  ...LOOKUP_FIELDS,
  'website',
  'job_title',
  'address',
  'phone',
  'remark',
  'skype',
  'qq',
  'owner_id',
  'last_received_at',
  'created_at',
] as const;
const IMPORT_FIELDS = EXPORT_FIELDS.filter(
  (f): f is Exclude<(typeof EXPORT_FIELDS)[number], 'id' | 'last_received_at' | 'created_at'> =>
    f !== 'id' && f !== 'last_received_at' && f !== 'created_at',
);
const BATCH = 1000;

const columnsFor = (lang: Lang, fields: readonly (keyof typeof CUSTOMER_LABELS)[]): SheetColumn[] =>
  fields.map((f) => ({
    header: CUSTOMER_LABELS[f][lang],
    width: f === 'remark' || f === 'address' ? 40 : 18,
  }));

const time = (d: Date | null) => (d ? d.toISOString().replace('T', ' ').slice(0, 19) : '');

/** Every customer matching the list's filters, as .xlsx, read from the database in id order a batch at a time. */
export function exportCustomers(db: Db, query: CustomerListQuery, viewer: Viewer, lang: Lang) {
  const where = customerFilter(query, viewer);
  async function* rows() {
    let after = 0;
    for (;;) {
      const batch = await db
        .select({ c: customers, owner: users.name })
        .from(customers)
        .leftJoin(users, eq(users.id, customers.ownerId))
        .where(and(where, gt(customers.id, after)))
        .orderBy(asc(customers.id))
        .limit(BATCH);
      for (const { c, owner } of batch) {
        const label = (field: LookupField) => lookupLabel(field, c[field], lang);
        yield [
          c.id,
          c.companyName,
          c.name,
          c.email,
          ...LOOKUP_FIELDS.map(label),
          c.website,
          c.jobTitle,
          c.address,
          c.phone,
          c.remark,
          c.skype,
          c.qq,
          owner ?? '',
          time(c.lastReceivedAt),
          time(c.createdAt),
        ];
      }
      if (batch.length < BATCH) return;
      after = batch[batch.length - 1]!.c.id;
    }
  }
  return streamWorkbook(lang === 'zh' ? '客户' : 'Customers', columnsFor(lang, EXPORT_FIELDS), rows());
}

export function importTemplate(lang: Lang) {
  const example =
    lang === 'zh'
      ? [
          'Acme 贸易有限公司',
          'John Smith',
          'john@acme.example',
          '意向客户',
          '展会',
          'United States',
          '',
          '邮件联系',
        ]
      : [
          'Acme Trading Ltd',
          'John Smith',
          'john@acme.example',
          'Intentional',
          'Exhibition',
          'United States',
          '',
          'Email contact',
        ];
  async function* rows() {
    yield example;
  }
  return streamWorkbook(lang === 'zh' ? '客户' : 'Customers', columnsFor(lang, IMPORT_FIELDS), rows());
}

/** Header text → field: the field key, or its label in either language, any case. */
const headerIndex = new Map<string, (typeof IMPORT_FIELDS)[number]>(
  IMPORT_FIELDS.flatMap((f) => [
    [f, f],
    [CUSTOMER_LABELS[f].en.toLowerCase(), f],
    [CUSTOMER_LABELS[f].zh.toLowerCase(), f],
  ]),
);

/** Lookup cell → id: the id itself, or a label in either language (or the country code). */
function lookupValue(field: LookupField, text: string): number | null | undefined {
  if (text === '') return null;
  const wanted = text.trim().toLowerCase();
  for (const row of LOOKUPS[field]) {
    const code = 'code' in row ? String(row.code).toLowerCase() : '';
    if (
      String(row.id) === wanted ||
      row.en.toLowerCase() === wanted ||
      row.zh === text.trim() ||
      code === wanted
    ) {
      return row.id;
    }
  }
  return undefined;
}

type Prepared = { row: number; fields: CustomerFields };
type Checked = { good: Prepared[]; errors: ImportResult['errors'] };

const WRITE_CHUNK = 500;
const UPDATE_PROGRESS_EVERY = 100;

/**
 * Imports an .xlsx/.csv of customers, all or nothing (lib/imports.ts). Bad rows are reported with
 * their row number and reason while the good ones are kept; an email that already has a customer is
 * skipped (listed with the reason) or updated, as the user chose.
 */
export async function importCustomers(
  ctx: { db: Db; events: EventHub },
  file: { bytes: Buffer; name: string },
  options: {
    onDuplicate: 'skip' | 'update';
    userId: number;
    viewer: Viewer;
    lang: Lang;
    confirmDuplicate: boolean;
  },
): Promise<ImportAnswer> {
  const answer = await runImport(
    ctx,
    {
      kind: 'customer',
      file,
      userId: options.userId,
      lang: options.lang,
      confirmDuplicate: options.confirmDuplicate,
    },
    {
      prepare: () => checkRows(ctx.db, file, options),
      write: async (tx, checked, job) => ({
        ...(await writeRows(tx, checked.good, options, job)),
        errors: checked.errors,
      }),
    },
  );
  changed(ctx.db);
  return answer;
}

/** Every row read and checked, nothing written: the good rows, and each bad one with its reasons. */
async function checkRows(
  db: Db,
  file: { bytes: Buffer; name: string },
  options: { userId: number; viewer: Viewer; lang: Lang; onDuplicate: 'skip' | 'update' },
): Promise<Checked> {
  const { lang } = options;
  let sheet: Awaited<ReturnType<typeof readSheet>>;
  try {
    sheet = await readSheet(file.bytes, file.name);
  } catch (err) {
    if (err instanceof SpreadsheetError) throw new AppError('VALIDATION_FAILED', 'spreadsheetUnreadable');
    throw err;
  }
  const owners = await ownerIndex(db);
  const checked: Checked = { good: [], errors: [] };
  const seenEmails = new Map<string, number>();

  for (const { row, values } of sheet) {
    const input: Record<string, unknown> = {};
    const problems: string[] = [];
    for (const [header, text] of Object.entries(values)) {
      const field = headerIndex.get(header.toLowerCase());
      if (!field) continue;
      if ((LOOKUP_FIELDS as readonly string[]).includes(field)) {
        const id = lookupValue(field as LookupField, text);
        if (id === undefined) {
          problems.push(
            translate(lang, 'importUnknownValue', { field: CUSTOMER_LABELS[field][lang], value: text }),
          );
        }
        input[field] = id ?? null;
      } else if (field === 'owner_id') {
        const owner = text ? owners.get(text.toLowerCase()) : null;
        if (owner === undefined) {
          problems.push(
            translate(lang, 'importUnknownValue', { field: CUSTOMER_LABELS.owner_id[lang], value: text }),
          );
        }
        input.owner_id = owner ?? null;
      } else {
        input[field] = text;
      }
    }
    input.owner_id ??= options.userId;
    if (isSalesOnly(options.viewer) && input.owner_id !== options.viewer.id) {
      problems.push(translate(lang, 'customerOwnerNotYou'));
    }
    const parsed = customerFields.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '') as keyof typeof CUSTOMER_LABELS;
        problems.push(
          `${CUSTOMER_LABELS[field]?.[lang] ?? field}: ${localizeContractMessage(issue.message, lang)}`,
        );
      }
    } else if (!parsed.data.company_name && !parsed.data.name) {
      problems.push(translate(lang, 'customerNeedsName'));
    }
    const email = parsed.success ? parsed.data.email : '';
    const earlier = email ? seenEmails.get(email) : undefined;
    if (earlier) problems.push(translate(lang, 'importDuplicateInFile', { email, row: earlier }));
    if (problems.length || !parsed.success) {
      checked.errors.push({ row, msg: problems.join('; ') });
      continue;
    }
    if (email) seenEmails.set(email, row);
    checked.good.push({ row, fields: parsed.data });
  }
  // Another's customer, by email or company domain (duplicates.ts): refused, naming only its owner.
  // An existing one the importer may read is skipped; updated only if she may work it.
  const { viewer } = options;
  const refused = await importDuplicates(
    db,
    checked.good.map((p) => ({ email: p.fields.email, ownerId: p.fields.owner_id ?? null })),
    viewer,
    (ownerId) =>
      options.onDuplicate === 'skip' ? mayReadCustomer(viewer, ownerId) : mayWorkCustomer(viewer, ownerId),
    lang,
  );
  if (refused.size > 0) {
    checked.good.forEach((p, i) => {
      const msg = refused.get(i);
      if (msg) checked.errors.push({ row: p.row, msg });
    });
    checked.errors.sort((a, b) => a.row - b.row);
    checked.good = checked.good.filter((_, i) => !refused.has(i));
  }
  return checked;
}

/** In the import's transaction: existing emails skipped or updated, the rest inserted in chunks. */
async function writeRows(
  tx: DbOrTx,
  good: Prepared[],
  options: { onDuplicate: 'skip' | 'update'; lang: Lang },
  job: ImportJob,
): Promise<Omit<ImportOutcome, 'errors'>> {
  const result: Omit<ImportOutcome, 'errors'> = { created: 0, updated: 0, skipped: 0, skipped_rows: [] };
  const emails = good.flatMap((p) => (p.fields.email ? [p.fields.email] : []));
  const existing = await existingByEmail(tx, emails);
  const fresh: Prepared[] = [];
  let done = 0;
  await job.progress(done, good.length);
  for (const item of good) {
    const id = item.fields.email ? existing.get(item.fields.email) : undefined;
    if (id === undefined) {
      fresh.push(item);
      continue;
    }
    if (options.onDuplicate === 'skip') {
      result.skipped++;
      result.skipped_rows.push({
        row: item.row,
        msg: translate(options.lang, 'importSkippedExisting', { email: item.fields.email, id }),
      });
    } else {
      await tx
        .update(customers)
        .set({ ...toColumns(nonEmpty(item.fields)), updatedAt: new Date() })
        .where(eq(customers.id, id));
      result.updated++;
    }
    if (++done % UPDATE_PROGRESS_EVERY === 0) await job.progress(done, good.length);
  }
  for (let i = 0; i < fresh.length; i += WRITE_CHUNK) {
    const chunk = fresh.slice(i, i + WRITE_CHUNK);
    await tx.insert(customers).values(chunk.map((p) => toColumns(p.fields)));
    result.created += chunk.length;
    done += chunk.length;
    await job.progress(done, good.length);
  }
  return result;
}

/** Updating from a sheet only overwrites what the sheet says: empty cells keep the stored value. */
function nonEmpty(fields: CustomerFields): Partial<CustomerFields> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== '' && v !== null));
}

async function existingByEmail(db: DbOrTx, emails: string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (let i = 0; i < emails.length; i += 1000) {
    const rows = await db
      .select({ id: customers.id, email: customers.email })
      .from(customers)
      .where(and(inArray(customers.email, emails.slice(i, i + 1000)), isNull(customers.deletedAt)));
    for (const r of rows) found.set(r.email, r.id);
  }
  return found;
}

/** Owner cells name a user by username or display name. */
async function ownerIndex(db: Db): Promise<Map<string, number>> {
  const rows = await db.select({ id: users.id, username: users.username, name: users.name }).from(users);
  const index = new Map<string, number>();
  for (const u of rows) {
    index.set(u.name.toLowerCase(), u.id);
    index.set(u.username.toLowerCase(), u.id);
  }
  return index;
}

export const exportFileName = 'excel-list.xlsx';
export const templateFileName = (lang: Lang) =>
  lang === 'zh' ? '客户导入模板.xlsx' : 'customer-import-template.xlsx';
