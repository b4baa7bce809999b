import type { ImportResult } from '@quayside/contract';

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
