/**
 * Spreadsheet imports that happen whole or not at all, for every module that imports (customers,
 * products, quotations…). A module gives two steps:
 *
 *   return ok(await runImport(ctx, { kind: 'product', file, userId, lang, confirmDuplicate }, {
 *     prepare: async () => parseAndCheckRows(file),            // outside any transaction
 *     write: async (tx, rows, job) => {                        // one transaction
 *       for (const chunk of chunks(rows)) { await tx.insert(...); await job.progress(doneSoFar, rows.length); }
 *       return { created, updated, skipped, errors, skipped_rows };
 *     },
 *   }));
 *
 * - The same file (same sha-256 for this kind) imported before with rows created or updated: 409
 *   `CONFLICT` "this file was imported on … by …" (details: `ImportDuplicateDetails`) unless
 *   `confirmDuplicate`.
 * - `write` runs in one transaction with the import's record (`imports` table): a crash, kill -9
 *   included, leaves neither rows nor record, so the client's retry imports the whole file once.
 * - `job.progress(done, total)` reaches the importing user only, as the live event `import`
 *   (`ImportProgress`), at most every 200 ms plus the last one.
 * The answer is the module's result with `import_id`. The route takes the contract's `importOptions`
 * as its query and answers `envelope(importAnswer)` (packages/contract/src/imports.ts); the web's
 * shared ImportDialog shows all of it given `kind`.
 */
import { createHash } from 'node:crypto';
import type { ImportAnswer, ImportDuplicateDetails, ImportResult } from '@quayside/contract';
import { and, desc, eq, gt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { imports, users } from '../db/schema';
import { conflict } from './errors';
import type { EventHub } from './events';
import type { Lang } from './i18n';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database or an open transaction: what a module's helpers called from `write` take. */
export type DbOrTx = Db | Tx;

export type ImportInput = {
  /** What is imported, as the module names it: 'customer', 'product', … */
  kind: string;
  file: { bytes: Buffer; name: string };
  userId: number;
  lang: Lang;
  /** The user saw the "imported before" warning and imports the file again. */
  confirmDuplicate: boolean;
};

export type ImportJob = {
  id: number;
  /**
   * Rows handled so far. Await it between chunks: it also lets the event loop run, which PGlite's
   * in-thread queries would otherwise hold for the whole import (no event would leave until the end).
   */
  progress(done: number, total: number): Promise<void>;
};

/** What `write` answers: API.md's import answer plus the rows skipped on purpose. */
export type ImportOutcome = ImportResult & Pick<ImportAnswer, 'skipped_rows'>;

const PROGRESS_EVERY_MS = 200;

export async function runImport<Prepared>(
  ctx: { db: Db; events: EventHub },
  input: ImportInput,
  steps: {
    prepare: () => Promise<Prepared>;
    write: (tx: Tx, prepared: Prepared, job: ImportJob) => Promise<ImportOutcome>;
  },
): Promise<ImportAnswer> {
  const sha256 = createHash('sha256').update(input.file.bytes).digest('hex');
  if (!input.confirmDuplicate) {
    const earlier = await importedBefore(ctx.db, input.kind, sha256);
    if (earlier) {
      throw conflict(
        'importFileImportedBefore',
        { date: `${earlier.imported_at.slice(0, 16).replace('T', ' ')} UTC`, name: earlier.imported_by },
        earlier,
      );
    }
  }
  const prepared = await steps.prepare();
  // The id comes from the sequence before the transaction, so progress events can carry it.
  const [{ id } = { id: 0 }] = (
    await ctx.db.execute<{ id: number }>(
      sql`SELECT nextval(pg_get_serial_sequence('imports', 'id'))::int AS id`,
    )
  ).rows;
  const job = progressReporter(ctx.events, input, id);
  const outcome = await ctx.db.transaction(async (tx) => {
    const result = await steps.write(tx, prepared, job);
    await tx.insert(imports).values({
      id,
      kind: input.kind,
      userId: input.userId,
      fileName: input.file.name,
      sha256,
      created: result.created,
      updated: result.updated,
      skipped: result.skipped,
      failed: result.errors.length,
    });
    return result;
  });
  return { ...outcome, import_id: id };
}

async function importedBefore(db: Db, kind: string, sha256: string): Promise<ImportDuplicateDetails | null> {
  const [row] = await db
    .select({ id: imports.id, fileName: imports.fileName, at: imports.createdAt, by: users.name })
    .from(imports)
    .innerJoin(users, eq(users.id, imports.userId))
    .where(
      and(
        eq(imports.kind, kind),
        eq(imports.sha256, sha256),
        or(gt(imports.created, 0), gt(imports.updated, 0)),
      ),
    )
    .orderBy(desc(imports.id))
    .limit(1);
  if (!row) return null;
  return {
    import_id: row.id,
    file_name: row.fileName,
    imported_at: row.at.toISOString(),
    imported_by: row.by,
  };
}

function progressReporter(events: EventHub, input: ImportInput, id: number): ImportJob {
  let last = 0;
  return {
    id,
    async progress(done, total) {
      const now = Date.now();
      if (done === total || now - last >= PROGRESS_EVERY_MS) {
        last = now;
        events.publish(
          { userId: input.userId },
          { type: 'import', data: { id, kind: input.kind, done, total } },
        );
      }
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}
