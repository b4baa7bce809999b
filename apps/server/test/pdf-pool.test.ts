import { execFile } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { DocumentPdf } from '../src/lib/documents/pdf';
import { renderDocumentPdfOffThread } from '../src/lib/documents/pdf-pool';
import { tempDir } from './helpers';

const pdfText = async (bytes: Buffer): Promise<string> => {
  const file = `${tempDir()}/d.pdf`;
  await writeFile(file, bytes);
  const text = await new Promise<string>((resolve, reject) =>
    execFile('pdftotext', ['-layout', file, '-'], (err, out) => (err ? reject(err) : resolve(out))),
  );
  await rm(file);
  return text;
};

const spec = (rows: number, picture: Buffer | null, title = 'QUOTATION'): DocumentPdf => ({
  letterhead: { name: 'Harbourline Trading', lines: ['Ningbo'], logo: picture },
  title,
  meta: [['No.', 'QT-2026-0042']],
  buyer: { label: 'Buyer', lines: ['上海进出口有限公司'] },
  terms: [],
  columns: [
    { label: '#', width: 30 },
    { label: 'Picture', width: 44 },
    { label: 'Description', width: 300 },
  ],
  pictureColumn: 1,
  rows: Array.from({ length: rows }, (_, i) => ({
    cells: [String(i + 1), '', `不锈钢 line ${i + 1}`],
    picture,
  })),
  totals: [['Total', '$1.00']],
  notes: [],
  signature: 'Signature',
  pageLabel: (page, pages) => `Seite ${page} von ${pages}`,
});

describe('PDFs on threads of their own', () => {
  it('renders the same document: pictures, Chinese text and page labels cross to the thread', async () => {
    const picture = await sharp({ create: { width: 160, height: 120, channels: 3, background: '#2a7' } })
      .jpeg()
      .toBuffer();
    const [long, short] = await Promise.all([
      renderDocumentPdfOffThread(spec(90, picture)),
      renderDocumentPdfOffThread(spec(2, null, 'PROFORMA')),
    ]);
    const text = await pdfText(long);
    const pages = text.split('\f').filter((p) => p.trim()).length;
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`Seite ${pages} von ${pages}`);
    expect(text).toContain('不锈钢 line 90');
    expect(long.includes('/Subtype /Image')).toBe(true);
    const shortText = await pdfText(short);
    expect(shortText).toContain('PROFORMA');
    expect(shortText).toContain('Seite 1 von 1');
    expect(short.includes('/Subtype /Image')).toBe(false);
  });

  it('leaves out a picture it cannot draw and renders the rest', async () => {
    const pdf = await renderDocumentPdfOffThread(spec(1, Buffer.from('not a picture')));
    expect(await pdfText(pdf)).toContain('不锈钢 line 1');
  });
});
