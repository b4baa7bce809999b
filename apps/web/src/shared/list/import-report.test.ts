import { describe, expect, it } from 'vitest';
import {
  duplicateFileDetails,
  errorReportCsv,
  estimateProgress,
  expectedImportMs,
  importPercent,
  isImportFile,
} from './import-report';

describe('import', () => {
  it('takes .xlsx and .csv files only', () => {
    expect(isImportFile('Customers.XLSX')).toBe(true);
    expect(isImportFile('list.csv')).toBe(true);
    expect(isImportFile('list.xls')).toBe(false);
    expect(isImportFile('notes.txt')).toBe(false);
  });

  it('estimates progress that rises, slows down and never reaches 100', () => {
    const expected = expectedImportMs(200 * 1024);
    expect(expected).toBe(3500);
    expect(estimateProgress(0, expected)).toBe(0);
    const values = [500, 1000, 3500, 10_000, 60_000].map((ms) => estimateProgress(ms, expected));
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(values.at(-1)).toBe(95);
    expect(values[2]).toBeGreaterThan(75);
  });

  it('shows reading as the first quarter of the bar, then the rows the server reports written', () => {
    const expected = expectedImportMs(200 * 1024);
    expect(importPercent(0, expected, null)).toBe(0);
    expect(importPercent(60_000, expected, null)).toBe(25);
    expect(importPercent(60_000, expected, { done: 0, total: 10_000 })).toBe(25);
    expect(importPercent(1000, expected, { done: 5000, total: 10_000 })).toBe(63);
    // Every row written, not yet committed: the answer makes it 100.
    expect(importPercent(1000, expected, { done: 10_000, total: 10_000 })).toBe(99);
  });

  it('recognises the answer for a file imported before, and nothing else', () => {
    const details = {
      import_id: 4,
      file_name: 'customers.xlsx',
      imported_at: '2026-11-24T09:30:00.000Z',
      imported_by: 'Ann',
    };
    expect(duplicateFileDetails({ code: 'CONFLICT', details })).toEqual(details);
    expect(duplicateFileDetails({ code: 'CONFLICT', details: { field: 'email' } })).toBeNull();
    expect(duplicateFileDetails({ code: 'VALIDATION_FAILED', details })).toBeNull();
    expect(duplicateFileDetails(new Error('network'))).toBeNull();
  });

  it('writes the error report as CSV that Excel opens with Chinese text intact', () => {
    const csv = errorReportCsv(
      [
        { row: 3, msg: 'Email: Invalid email address' },
        { row: 7, msg: '国家：无法识别的值“Nowhere”, "quoted"' },
      ],
      { row: 'Row', msg: 'Problem' },
    );
    expect(csv).toBe(
      '\uFEFFRow,Problem\r\n3,Email: Invalid email address\r\n7,"国家：无法识别的值“Nowhere”, ""quoted"""\r\n',
    );
  });
});
