import type { ImportDuplicateDetails, ImportProgress, ImportResult } from '@quayside/contract';

/** The pure parts of importing a spreadsheet: which files, how far along, and the error report. */

export const IMPORT_EXTENSIONS = ['.xlsx', '.csv'] as const;

export function isImportFile(name: string): boolean {
  const lower = name.toLowerCase();
  return IMPORT_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/**
 * About how long the server takes for a file of this size: the upload is quick, checking and
 * saving every row is what takes time (about 1 s per 100 KB of spreadsheet, at least 1.5 s).
 */
export function expectedImportMs(bytes: number): number {
  return 1500 + (bytes / 1024) * 10;
}

/**
 * Progress shown while the server works, in percent. The server answers once at the end, so this
 * is an estimate that slows down as it goes and never claims to be done (at most 95).
 */
export function estimateProgress(elapsedMs: number, expectedMs: number): number {
  if (elapsedMs <= 0) return 0;
  return Math.min(95, Math.round(95 * (1 - Math.exp(-(2 * elapsedMs) / expectedMs))));
}

/** Share of the bar for reading and checking the file, before the server reports rows written. */
const READING_SHARE = 25;

/**
 * The bar while an import runs: an estimate while the server reads the file, then the rows the
 * server reports written (its `import` live events). Never 100 before the answer.
 */
export function importPercent(
  elapsedMs: number,
  expectedMs: number,
  progress: Pick<ImportProgress, 'done' | 'total'> | null,
): number {
  if (!progress) return Math.round((estimateProgress(elapsedMs, expectedMs) / 95) * READING_SHARE);
  const written = progress.total ? progress.done / progress.total : 1;
  return Math.min(99, Math.round(READING_SHARE + written * (100 - READING_SHARE)));
}

/** The `details` of a 409 answered for a file imported before, or null for any other failure. */
export function duplicateFileDetails(error: unknown): ImportDuplicateDetails | null {
  if (!error || typeof error !== 'object' || (error as { code?: unknown }).code !== 'CONFLICT') return null;
  const details = (error as { details?: unknown }).details;
  if (!details || typeof details !== 'object') return null;
  const d = details as Partial<ImportDuplicateDetails>;
  return typeof d.imported_at === 'string' &&
    typeof d.imported_by === 'string' &&
    typeof d.file_name === 'string'
    ? (d as ImportDuplicateDetails)
    : null;
}

function csvCell(value: string | number): string {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows that failed, as CSV (with a BOM so Excel reads Chinese text right). */
export function errorReportCsv(
  errors: ImportResult['errors'],
  headings: { row: string; msg: string },
): string {
  const lines = [[headings.row, headings.msg], ...errors.map((e) => [e.row, e.msg])];
  return `\uFEFF${lines.map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

export function importSucceeded(result: ImportResult): boolean {
  return result.errors.length === 0;
}
