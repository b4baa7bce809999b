import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { woffToSfnt } from './woff';

/**
 * The PDF pipeline of business documents: A4, letterhead, a block about the buyer, terms, the line
 * table (thumbnails; its header repeats on every page), totals, notes, a signature line and page
 * numbers. Text is set in Noto Sans SC (from npm), which covers Latin and Chinese; pdfkit embeds only
 * the glyphs used, so a one-page document stays small.
 */
export type PdfColumn = { label: string; width: number; align?: 'left' | 'right' | 'center' };
export type PdfRow = { cells: string[]; picture?: Buffer | null };
export type DocumentPdf = {
  letterhead: { name: string; lines: string[]; logo?: Buffer | null };
  title: string;
  /** Label/value pairs under the title (number, date, version, validity). */
  meta: [string, string][];
  buyer: { label: string; lines: string[] };
  terms: [string, string][];
  /** The first column is the picture when `pictureColumn` is set. */
  columns: PdfColumn[];
  pictureColumn?: number;
  rows: PdfRow[];
  /** A last table row in bold under the columns (a packing list's totals per column). */
  tableTotal?: string[];
  totals: [string, string][];
  notes: [string, string][];
  signature: string;
  pageLabel: (page: number, pages: number) => string;
  /** Landscape for tables with many figure columns (packing lists). */
  landscape?: boolean;
};

let font: Buffer | undefined;
/** The font as TrueType, unpacked once per process (the package ships WOFF). */
function documentFont(): Buffer {
  if (!font) {
    const require = createRequire(import.meta.url);
    const file = require.resolve('@openfonts/noto-sans-sc_all/files/noto-sans-sc-all-400.woff');
    font = woffToSfnt(readFileSync(file));
  }
  return font;
}

const MARGIN = 40;
const PICTURE = 36;

export function renderDocumentPdf(spec: DocumentPdf): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: spec.landscape ? 'landscape' : 'portrait',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: spec.title, Creator: 'Quayside' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('body', documentFont());
  doc.font('body');
  const width = doc.page.width - MARGIN * 2;
  const bottom = () => doc.page.height - MARGIN - 20;

  // Letterhead
  let top = MARGIN;
  let textX = MARGIN;
  if (spec.letterhead.logo) {
    try {
      doc.image(spec.letterhead.logo, MARGIN, top, { fit: [60, 60] });
      textX = MARGIN + 70;
    } catch {
      // A logo pdfkit cannot read (not JPEG or PNG) is left out rather than failing the document.
    }
  }
  doc.fontSize(16).text(spec.letterhead.name, textX, top, { width: width - (textX - MARGIN) });
  doc.fontSize(8.5).fillColor('#444');
  for (const line of spec.letterhead.lines) doc.text(line, textX, doc.y, { width: width - (textX - MARGIN) });
  doc.fillColor('black');
  top = Math.max(doc.y, MARGIN + 62) + 6;
  doc
    .moveTo(MARGIN, top)
    .lineTo(MARGIN + width, top)
    .lineWidth(1)
    .stroke('#888');

  // Title and meta on the right, buyer on the left
  const blockTop = top + 10;
  doc.fontSize(18).text(spec.title, MARGIN + width / 2, blockTop, { width: width / 2, align: 'right' });
  doc.fontSize(9);
  for (const [label, value] of spec.meta) {
    doc.text(`${label}: ${value}`, MARGIN + width / 2, doc.y, { width: width / 2, align: 'right' });
  }
  const metaBottom = doc.y;
  doc
    .fontSize(9)
    .fillColor('#666')
    .text(spec.buyer.label, MARGIN, blockTop, { width: width / 2 - 10 });
  doc.fillColor('black').fontSize(10);
  for (const line of spec.buyer.lines) doc.text(line, MARGIN, doc.y, { width: width / 2 - 10 });
  doc.y = Math.max(doc.y, metaBottom) + 10;

  // Terms, two per row
  doc.fontSize(9);
  const half = width / 2;
  for (let i = 0; i < spec.terms.length; i += 2) {
    const y = doc.y;
    let next = y;
    for (const [j, term] of spec.terms.slice(i, i + 2).entries()) {
      doc.text(`${term[0]}: ${term[1]}`, MARGIN + j * half, y, { width: half - 8 });
      next = Math.max(next, doc.y);
    }
    doc.y = next + 2;
  }
  doc.moveDown(0.5);

  // Line table
  const xs: number[] = [];
  spec.columns.reduce((x, c) => {
    xs.push(x);
    return x + c.width;
  }, MARGIN);
  const header = () => {
    const y = doc.y;
    doc.rect(MARGIN, y, width, 18).fill('#eef1f5');
    doc.fillColor('black').fontSize(8.5);
    spec.columns.forEach((c, i) => {
      doc.text(c.label, xs[i]! + 3, y + 4, {
        width: c.width - 6,
        align: c.align ?? 'left',
        lineBreak: false,
      });
    });
    doc.y = y + 20;
  };
  header();
  doc.fontSize(8.5);
  const tableRows: (PdfRow & { bold?: boolean })[] = spec.tableTotal
    ? [...spec.rows, { cells: spec.tableTotal, bold: true }]
    : spec.rows;
  for (const row of tableRows) {
    const heights = row.cells.map((cell, i) =>
      i === spec.pictureColumn ? PICTURE : doc.heightOfString(cell, { width: spec.columns[i]!.width - 6 }),
    );
    const height = Math.max(14, ...heights) + 6;
    if (doc.y + height > bottom()) {
      doc.addPage();
      doc.y = MARGIN;
      header();
      doc.fontSize(8.5);
    }
    const y = doc.y;
    row.cells.forEach((cell, i) => {
      if (i === spec.pictureColumn) {
        if (row.picture) {
          try {
            doc.image(row.picture, xs[i]! + 3, y + 3, { fit: [PICTURE, PICTURE] });
          } catch {
            // An unreadable picture leaves its cell empty.
          }
        }
        return;
      }
      // The one font has no bold face: a total row is filled and outlined (text once, so it extracts once).
      if (row.bold) doc.lineWidth(0.35).strokeColor('black');
      doc.text(cell, xs[i]! + 3, y + 3, {
        width: spec.columns[i]!.width - 6,
        align: spec.columns[i]!.align ?? 'left',
        ...(row.bold ? { fill: true, stroke: true } : {}),
      });
    });
    doc.y = y + height;
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + width, doc.y)
      .lineWidth(0.5)
      .stroke('#ccc');
  }

  // Totals, right-aligned
  doc.moveDown(0.5);
  const needed = spec.totals.length * 16 + spec.notes.length * 30 + 80;
  if (doc.y + Math.min(needed, 200) > bottom()) {
    doc.addPage();
    doc.y = MARGIN;
  }
  spec.totals.forEach(([label, value], i) => {
    const last = i === spec.totals.length - 1;
    doc.fontSize(last ? 11 : 9.5);
    const y = doc.y;
    doc.text(label, MARGIN + width - 260, y, { width: 140, align: 'right' });
    doc.text(value, MARGIN + width - 115, y, { width: 115, align: 'right' });
    doc.y = Math.max(doc.y, y + 14);
  });
  doc.moveDown(1);
  doc.fontSize(9);
  for (const [label, value] of spec.notes) {
    if (!value) continue;
    if (doc.y + 30 > bottom()) {
      doc.addPage();
      doc.y = MARGIN;
    }
    doc.fillColor('#666').text(label, MARGIN, doc.y, { width });
    doc.fillColor('black').text(value, MARGIN, doc.y, { width });
    doc.moveDown(0.4);
  }
  if (doc.y + 60 > bottom()) {
    doc.addPage();
    doc.y = MARGIN;
  }
  doc.y += 36;
  const sigX = MARGIN + width - 200;
  doc
    .moveTo(sigX, doc.y)
    .lineTo(MARGIN + width, doc.y)
    .lineWidth(0.7)
    .stroke('#333');
  doc.fontSize(9).text(spec.signature, sigX, doc.y + 4, { width: 200, align: 'center' });

  // Page numbers
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const y = doc.page.height - MARGIN;
    doc.page.margins.bottom = 0;
    doc
      .fontSize(8)
      .fillColor('#666')
      .text(spec.pageLabel(i + 1, range.count), MARGIN, y, {
        width,
        align: 'center',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}
