import { describe, expect, it } from 'vitest';
import { errorReportCsv, estimateProgress, expectedImportMs, isImportFile } from './import-report';

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
