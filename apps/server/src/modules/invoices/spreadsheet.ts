import type { Readable } from 'node:stream';
import { INVOICE_KIND, type Invoice, type InvoiceListQuery, UNITS } from '@quayside/contract';
import type { Lang } from '../../lib/i18n';
import type { Viewer } from '../../lib/scope';
import { type ExportRow, everyPage, loadExcelJS, streamWorkbook } from '../../lib/spreadsheet';
import { bankLines, LABELS } from './pdf';
import { listInvoices } from './service';

/** Decimal strings stay text: a spreadsheet cell that is a double may not hold the amount exactly. */
const cell = (v: string) => v;

/** One version of an invoice as .xlsx: header, lines, totals, amount in words, bank details. */
export async function invoiceWorkbook(inv: Invoice, lang: Lang): Promise<Buffer> {
  const l = LABELS[lang];
  const book = new (await loadExcelJS()).Workbook();
  const sheet = book.addWorksheet(inv.number);
  sheet.columns = [5, 14, 40, 12, 10, 14, 16].map((width) => ({ width }));
  sheet.addRow([l[inv.kind], '', inv.number]).font = { bold: true, size: 14 };
  sheet.addRow([l.issueDate, '', inv.issue_date, l.dueDate, inv.due_date ?? '']);
  sheet.addRow([l.order, '', inv.order_number, l.version, inv.version]);
  sheet.addRow([l.buyer, '', inv.customer_name, inv.contact_name, inv.contact_email]);
  sheet.addRow([l.tradeTerm, '', inv.trade_term ?? '', l.paymentTerms, inv.payment_terms]);
  sheet.addRow([l.portOfLoading, '', inv.port_of_loading, l.portOfDestination, inv.port_of_destination]);
  sheet.addRow([l.currency, '', inv.currency]);
  sheet.addRow([]);
  sheet.addRow(['#', l.item, l.description, l.quantity, '', l.unitPrice, l.amount]).font = { bold: true };
  inv.items.forEach((item, i) => {
    sheet.addRow([
      i + 1,
      item.model,
      item.description,
      cell(item.quantity),
      UNITS.find((u) => u.id === item.unit)?.[lang] ?? item.unit,
      cell(item.unit_price),
      cell(item.amount),
    ]).alignment = { vertical: 'middle', wrapText: true };
  });
  sheet.addRow([]);
  sheet.addRow(['', '', '', '', '', l.subtotal, cell(inv.subtotal)]);
  sheet.addRow(['', '', '', '', '', l.discount, cell(inv.discount)]);
  sheet.addRow(['', '', '', '', '', l.shipping, cell(inv.shipping_cost)]);
  sheet.addRow(['', '', '', '', '', `${l.total} (${inv.currency})`, cell(inv.total)]).font = { bold: true };
  sheet.addRow([]);
  sheet.addRow([l.amountInWords, '', inv.amount_in_words]);
  const bank = bankLines(inv.bank, lang);
  if (bank.length) sheet.addRow([l.bank, '', bank.join('\n')]).alignment = { wrapText: true };
  if (inv.remark) sheet.addRow([l.remark, '', inv.remark]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const LIST_HEADERS = {
  en: [
    'Number',
    'Kind',
    'Order',
    'Customer',
    'Currency',
    'Total',
    'Issue date',
    'Due date',
    'Version',
    'Updated',
  ],
  zh: ['编号', '类型', '订单', '客户', '币种', '合计', '开票日期', '付款截止日', '版本', '更新时间'],
} satisfies Record<Lang, string[]>;

/** The filtered list the viewer may read as .xlsx (up to 10,000 rows), streamed. */
export function exportInvoiceList(
  db: Parameters<typeof listInvoices>[0],
  query: InvoiceListQuery,
  lang: Lang,
  viewer: Viewer,
): Promise<Readable> {
  async function* rows(): AsyncGenerator<ExportRow> {
    for await (const inv of everyPage((page, page_size) =>
      listInvoices(db, { ...query, page, page_size }, viewer),
    )) {
      yield [
        inv.number,
        INVOICE_KIND.find((k) => k.id === inv.kind)?.[lang] ?? inv.kind,
        inv.order_number,
        inv.customer_name,
        inv.currency,
        inv.total,
        inv.issue_date,
        inv.due_date ?? '',
        inv.version,
        inv.updated_at.replace('T', ' ').slice(0, 19),
      ];
    }
  }
  const widths = [16, 18, 16, 30, 10, 14, 12, 12, 9, 20];
  return streamWorkbook(
    lang === 'zh' ? '发票' : 'Invoices',
    LIST_HEADERS[lang].map((header, i) => ({ header, width: widths[i] })),
    rows(),
  );
}
