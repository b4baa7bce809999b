import { z } from 'zod';
import { importQuery, importResult } from './customers';
import { queryBool } from './envelope';

/**
 * Spreadsheet imports of every module (`POST /api/<module>/import/`), beside API.md's answer
 * `{created, updated, skipped, errors: [{row, msg}]}`.
 */

/** `confirm_duplicate`: import a file that was imported before all the same (asked after a 409 `CONFLICT`). */
export const importOptions = importQuery.extend({ confirm_duplicate: queryBool.default(false) });
export type ImportOptions = z.infer<typeof importOptions>;

export const importAnswer = importResult.extend({
  /** The import's record, and the `id` of its `import` progress events. */
  import_id: z.number().int(),
  /** Rows left out on purpose (their record exists and the user chose to skip), with the reason. */
  skipped_rows: z.array(z.object({ row: z.number().int(), msg: z.string() })),
});
export type ImportAnswer = z.infer<typeof importAnswer>;

/** `details` of the 409 `CONFLICT` answered for a file imported before (same content). */
export const importDuplicateDetails = z.object({
  import_id: z.number().int(),
  file_name: z.string(),
  imported_at: z.string(),
  imported_by: z.string(),
});
export type ImportDuplicateDetails = z.infer<typeof importDuplicateDetails>;

/**
 * The `import` live event, sent to the importing user only while the rows are written: `done` of
 * `total` rows. The answer to the upload comes when it has committed.
 */
export type ImportProgress = { id: number; kind: string; done: number; total: number };
