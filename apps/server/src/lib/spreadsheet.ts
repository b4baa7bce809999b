import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from './files';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An .xlsx answer: a download under `name`, whether the workbook is streamed or built whole. */
export const sendXlsx = (reply: FastifyReply, name: string, body: NodeJS.ReadableStream | Buffer) =>
  reply
    .header('Content-Type', XLSX_MIME)
    .header('Content-Disposition', contentDisposition('attachment', name))
    .send(body);

export type SheetColumn = { header: string; width?: number };
/** A row of an export: its cells in column order, or those cells set in bold (a totals row). */
export type ExportRow = unknown[] | { cells: unknown[]; bold: true };

/**
 * Every item of a paged list, page after page (100 pages of 100 at most: the 10,000 rows an export
 * holds), so an export reads the list through the list's own query and access rule.
 */
export async function* everyPage<T, A extends { items: T[] } = { items: T[] }>(
  fetchPage: (page: number, pageSize: number) => Promise<A & { items: T[] }>,
  onPage?: (answer: A) => void,
): AsyncGenerator<T> {
  for (let page = 1; page <= 100; page++) {
    const answer = await fetchPage(page, 100);
    onPage?.(answer);
    yield* answer.items;
    if (answer.items.length < 100) return;
  }
}

let loadingExcel: Promise<typeof ExcelJS> | undefined;
/**
 * exceljs and its zip and stream libraries (~30 MB resident) load with the first spreadsheet, not
 * at start (bench/idle-memory.ts): every module reaches exceljs through here, `import type` only.
 */
export function loadExcelJS(): Promise<typeof ExcelJS> {
  loadingExcel ??= import('exceljs').then((m) => m.default);
  return loadingExcel;
}

/**
 * An .xlsx written as a stream while rows are produced, so 100k rows never sit in memory at once.
 * `rows` yields arrays in the order of `columns`. The first row is read before the stream is
 * answered: a query the database refuses (a bad filter) fails the request with its error answer
 * instead of starting a 200 that ends in a truncated file. Every export goes through here.
 */
export async function streamWorkbook(
  sheetName: string,
  columns: SheetColumn[],
  rows: AsyncIterable<ExportRow>,
): Promise<Readable> {
  const iterator = rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  const out = new PassThrough();
  const excel = await loadExcelJS();
  const workbook = new excel.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: true,
  });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  (async () => {
    for (let next = first; !next.done; next = await iterator.next()) {
      const value = next.value;
      if (Array.isArray(value)) sheet.addRow(value).commit();
      else {
        const row = sheet.addRow(value.cells);
        row.font = { bold: true };
        row.commit();
      }
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => out.destroy(err as Error));
  return out;
}

export type SheetRow = { row: number; values: Record<string, string> };

export class SpreadsheetError extends Error {}

/**
 * Rows of the first sheet of an .xlsx or .csv, keyed by the header row's text (trimmed). `row` is the
 * number a person sees in Excel (the header is row 1).
 */
export async function readSheet(bytes: Buffer, filename: string): Promise<SheetRow[]> {
  const workbook = new (await loadExcelJS()).Workbook();
  const ext = path.extname(filename).toLowerCase();
  let sheet: ExcelJS.Worksheet | undefined;
  try {
    if (ext === '.csv') {
      const { Readable } = await import('node:stream');
      // A UTF-8 BOM (Excel's "CSV UTF-8") would stick to the first header.
      const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
      sheet = await workbook.csv.read(Readable.from([text]));
    } else {
      // exceljs types its load() argument as an old Buffer type; a Node Buffer is what it reads.
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
      sheet = workbook.worksheets[0];
    }
  } catch {
    throw new SpreadsheetError('unreadable');
  }
  if (!sheet) return [];
  const headers: string[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => {
    headers[col] = cellText(cell.value).trim();
  });
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (r, rowNumber) => {
    if (rowNumber === 1) return;
    const values: Record<string, string> = {};
    r.eachCell({ includeEmpty: false }, (cell, col) => {
      const header = headers[col];
      if (header) values[header] = cellText(cell.value).trim();
    });
    if (Object.values(values).some((v) => v !== '')) rows.push({ row: rowNumber, values });
  });
  return rows;
}

/** The text a person sees in a cell: rich text joined, hyperlinks by their text, dates as ISO. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((p) => p.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
  }
  return String(value);
}
