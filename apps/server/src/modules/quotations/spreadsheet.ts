import { type Quotation, type QuotationListQuery, UNITS } from '@quayside/contract';
import type ExcelJS from 'exceljs';
import type { Db } from '../../db/client';
import { thumbnails } from '../../lib/documents/sales-pdf';
import type { FileStore } from '../../lib/files';
import type { Lang } from '../../lib/i18n';
import type { Viewer } from '../../lib/scope';
import { loadExcelJS } from '../../lib/spreadsheet';
import { listQuotations } from './list';
import { LABELS } from './pdf';

const PICTURE_BOX = 64;
const XLSX_ROW_HEIGHT = 52;

/** Decimal strings stay text: a spreadsheet cell that is a double may not hold the price exactly. */
const cell = (v: string) => v;

/** One version of a quotation as .xlsx: header, lines with their pictures embedded, totals. */
export async function quotationWorkbook(db: Db, store: FileStore, q: Quotation, lang: Lang): Promise<Buffer> {
  const l = LABELS[lang];
  const book = new (await loadExcelJS()).Workbook();
  const sheet = book.addWorksheet(q.number);
  sheet.columns = [
    { width: 5 },
    { width: 12 },
    { width: 14 },
    { width: 40 },
    { width: 12 },
    { width: 10 },
    { width: 14 },
    { width: 16 },
  ];
  sheet.addRow([l.title, '', q.number]).font = { bold: true, size: 14 };
  sheet.addRow([l.buyer, '', q.customer_name, q.contact_name, q.contact_email]);
  sheet.addRow([l.version, '', q.version, l.validUntil, q.valid_until ?? '']);
  sheet.addRow([l.tradeTerm, '', q.trade_term ?? '', l.paymentTerms, q.payment_terms]);
  sheet.addRow([l.portOfLoading, '', q.port_of_loading, l.portOfDestination, q.port_of_destination]);
  sheet.addRow([l.leadTime, '', q.lead_time, l.currency, q.currency]);
  sheet.addRow([]);
  const header = sheet.addRow(['#', l.picture, l.item, l.description, l.quantity, '', l.unitPrice, l.amount]);
  header.font = { bold: true };
  const pictureIds = [...new Set(q.items.flatMap((i) => (i.picture_file_id ? [i.picture_file_id] : [])))];
  const pictures = await thumbnails(db, store, pictureIds);
  q.items.forEach((item, i) => {
    const row = sheet.addRow([
      i + 1,
      '',
      item.model,
      item.description,
      cell(item.quantity),
      UNITS.find((u) => u.id === item.unit)?.[lang] ?? item.unit,
      cell(item.unit_price),
      cell(item.amount),
    ]);
    row.alignment = { vertical: 'middle', wrapText: true };
    const bytes = item.picture_file_id ? pictures.get(item.picture_file_id) : undefined;
    if (bytes) {
      row.height = XLSX_ROW_HEIGHT;
      const image = book.addImage({ buffer: bytes as unknown as ExcelJS.Buffer, extension: 'jpeg' });
      sheet.addImage(image, {
        tl: { col: 1, row: row.number - 1 },
        ext: { width: PICTURE_BOX, height: PICTURE_BOX },
      });
    }
  });
  sheet.addRow([]);
  sheet.addRow(['', '', '', '', '', '', l.subtotal, cell(q.subtotal)]);
  sheet.addRow(['', '', '', '', '', '', l.discount, cell(q.discount)]);
  sheet.addRow(['', '', '', '', '', '', l.shipping, cell(q.shipping_cost)]);
  sheet.addRow(['', '', '', '', '', '', `${l.total} (${q.currency})`, cell(q.total)]).font = { bold: true };
  if (q.remark) sheet.addRow([l.remark, '', q.remark]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const LIST_HEADERS = {
  en: ['Number', 'Customer', 'Currency', 'Total', 'Status', 'Versions', 'Valid until', 'Owner', 'Updated'],
  zh: ['编号', '客户', '币种', '合计', '状态', '版本数', '有效期至', '负责人', '更新时间'],
} satisfies Record<Lang, string[]>;

/** The filtered list as .xlsx (up to 10,000 rows, newest first). */
export async function exportQuotationList(
  db: Db,
  query: QuotationListQuery,
  lang: Lang,
  viewer: Viewer,
): Promise<Buffer> {
  const book = new (await loadExcelJS()).Workbook();
  const sheet = book.addWorksheet(lang === 'zh' ? '报价单' : 'Quotations');
  sheet.addRow(LIST_HEADERS[lang]).font = { bold: true };
  sheet.columns = [14, 30, 10, 14, 10, 9, 12, 16, 20].map((width) => ({ width }));
  for (let page = 1; page <= 100; page++) {
    const { items } = await listQuotations(db, { ...query, page, page_size: 100 }, viewer);
    for (const q of items) {
      sheet.addRow([
        q.number,
        q.customer_name,
        q.currency,
        q.total,
        q.status,
        q.version,
        q.valid_until ?? '',
        q.owner_name,
        q.updated_at.replace('T', ' ').slice(0, 19),
      ]);
    }
    if (items.length < 100) break;
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
