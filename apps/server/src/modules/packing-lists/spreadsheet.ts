import type { Readable } from 'node:stream';
import type { PackingList, PackingListQuery } from '@quayside/contract';
import type { Db } from '../../db/client';
import type { Lang } from '../../lib/i18n';
import type { Viewer } from '../../lib/scope';
import { type ExportRow, everyPage, loadExcelJS, streamWorkbook } from '../../lib/spreadsheet';
import { listPackingLists } from './list';
import { LABELS, packingTable } from './pdf';

/**
 * One version of a packing list as .xlsx, in the layout forwarders read: the header (number, date,
 * invoice, consignee, ports, container and seal), the twelve columns of the PDF, a TOTAL row, the
 * shipping marks. Figures stay text, so every decimal is exactly what the document says.
 */
export async function packingListWorkbook(p: PackingList, lang: Lang): Promise<Buffer> {
  const l = LABELS[lang];
  const book = new (await loadExcelJS()).Workbook();
  const sheet = book.addWorksheet(p.number);
  const table = packingTable(p, lang);
  sheet.columns = [5, 14, 36, 8, 10, 14, 12, 12, 12, 12, 18, 10].map((width) => ({ width }));
  sheet.addRow([l.title, '', p.number]).font = { bold: true, size: 14 };
  sheet.addRow([l.date, '', p.issue_date, l.version, p.version]);
  sheet.addRow([l.invoice, '', p.invoice_number ?? '', l.order, p.order_number]);
  sheet.addRow([l.consignee, '', p.customer_name]);
  sheet.addRow([l.portOfLoading, '', p.port_of_loading, l.portOfDestination, p.port_of_destination]);
  sheet.addRow([l.container, '', p.container_number, l.seal, p.seal_number]);
  sheet.addRow([]);
  const header = sheet.addRow(table.columns.map((c) => c.label));
  header.font = { bold: true };
  header.alignment = { wrapText: true, vertical: 'middle' };
  for (const cells of table.rows) sheet.addRow(cells).alignment = { vertical: 'top', wrapText: true };
  sheet.addRow(table.total).font = { bold: true };
  sheet.addRow([]);
  sheet.addRow([l.totalPackages, '', `${p.total_cartons} ${l.ctns}`]);
  sheet.addRow([l.totalNet, '', `${p.total_net_weight} ${l.kgs}`]);
  sheet.addRow([l.totalGross, '', `${p.total_gross_weight} ${l.kgs}`]);
  sheet.addRow([l.totalCbm, '', `${p.total_cbm} CBM`]);
  if (p.shipping_marks) sheet.addRow([l.marks, '', p.shipping_marks]).alignment = { wrapText: true };
  if (p.remark) sheet.addRow([l.remark, '', p.remark]).alignment = { wrapText: true };
  return Buffer.from(await book.xlsx.writeBuffer());
}

const LIST_HEADERS = {
  en: [
    'Number',
    'Order',
    'Invoice',
    'Customer',
    'Cartons',
    'G.W. (kg)',
    'CBM',
    'Versions',
    'Owner',
    'Updated',
  ],
  zh: ['编号', '订单', '发票', '客户', '箱数', '毛重(kg)', '体积(m³)', '版本数', '负责人', '更新时间'],
} satisfies Record<Lang, string[]>;

/** The filtered list as .xlsx (up to 10,000 rows, newest first), streamed. */
export function exportPackingListList(
  db: Db,
  query: PackingListQuery,
  lang: Lang,
  viewer: Viewer,
): Promise<Readable> {
  async function* rows(): AsyncGenerator<ExportRow> {
    for await (const p of everyPage((page, page_size) =>
      listPackingLists(db, { ...query, page, page_size }, viewer),
    )) {
      yield [
        p.number,
        p.order_number,
        p.invoice_number ?? '',
        p.customer_name,
        p.total_cartons,
        p.total_gross_weight,
        p.total_cbm,
        p.version,
        p.owner_name,
        p.updated_at.replace('T', ' ').slice(0, 19),
      ];
    }
  }
  const widths = [14, 14, 14, 30, 10, 12, 10, 9, 16, 20];
  return streamWorkbook(
    lang === 'zh' ? '装箱单' : 'Packing lists',
    LIST_HEADERS[lang].map((header, i) => ({ header, width: widths[i] })),
    rows(),
  );
}
