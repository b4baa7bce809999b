import { type PackingList, UNITS } from '@quayside/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema';
import type { DocumentPdf, PdfColumn } from '../../lib/documents/pdf';
import { renderDocumentPdfOffThread } from '../../lib/documents/pdf-pool';
import { fillLabel, letterhead } from '../../lib/documents/sales-pdf';
import type { FileStore } from '../../lib/files';
import type { Lang } from '../../lib/i18n';
import { getCompanySettings } from '../settings/service';

/** The PDF's and the workbook's words, in both languages (buyers and forwarders read English by default). */
export const LABELS = {
  en: {
    title: 'PACKING LIST',
    number: 'No.',
    date: 'Date',
    version: 'Version',
    invoice: 'Invoice No.',
    order: 'Order No.',
    consignee: 'Consignee',
    portOfLoading: 'Port of loading',
    portOfDestination: 'Port of destination',
    container: 'Container No.',
    seal: 'Seal No.',
    item: 'Model',
    description: 'Description',
    cartons: 'CTNS',
    perCarton: 'Qty/CTN',
    quantity: 'Quantity',
    netPerCarton: 'N.W./CTN',
    grossPerCarton: 'G.W./CTN',
    netWeight: 'N.W. (kg)',
    grossWeight: 'G.W. (kg)',
    measurement: 'Meas. L×W×H (cm)',
    cbm: 'CBM',
    total: 'TOTAL',
    totalPackages: 'Total packages',
    totalNet: 'Total N.W.',
    totalGross: 'Total G.W.',
    totalCbm: 'Total measurement',
    ctns: 'CTNS',
    kgs: 'KGS',
    marks: 'Shipping marks',
    remark: 'Remarks',
    signature: 'Authorized signature',
    page: 'Page {page} of {pages}',
  },
  zh: {
    title: '装箱单',
    number: '编号',
    date: '日期',
    version: '版本',
    invoice: '发票号',
    order: '订单号',
    consignee: '收货人',
    portOfLoading: '装运港',
    portOfDestination: '目的港',
    container: '柜号',
    seal: '封条号',
    item: '型号',
    description: '品名描述',
    cartons: '箱数',
    perCarton: '每箱数量',
    quantity: '数量',
    netPerCarton: '每箱净重',
    grossPerCarton: '每箱毛重',
    netWeight: '净重(kg)',
    grossWeight: '毛重(kg)',
    measurement: '尺寸(cm)',
    cbm: '体积(m³)',
    total: '合计',
    totalPackages: '总箱数',
    totalNet: '总净重',
    totalGross: '总毛重',
    totalCbm: '总体积',
    ctns: '箱',
    kgs: '千克',
    marks: '唛头',
    remark: '备注',
    signature: '授权签字',
    page: '第 {page} 页，共 {pages} 页',
  },
} satisfies Record<Lang, Record<string, string>>;

/** L×W×H of a line, or empty when no dimension is known. */
export const measurement = (line: { length_cm: string; width_cm: string; height_cm: string }) =>
  [line.length_cm, line.width_cm, line.height_cm].every((v) => v === '0')
    ? ''
    : `${line.length_cm}×${line.width_cm}×${line.height_cm}`;

/** The columns forwarders read, left to right, and each line's cells under them. */
export function packingTable(p: PackingList, lang: Lang) {
  const l = LABELS[lang];
  const unitLabel = (id: string) => UNITS.find((u) => u.id === id)?.[lang] ?? id;
  const columns: PdfColumn[] = [
    { label: '#', width: 24, align: 'right' },
    { label: l.item, width: 62 },
    { label: l.description, width: 162 },
    { label: l.cartons, width: 40, align: 'right' },
    { label: l.perCarton, width: 48, align: 'right' },
    { label: l.quantity, width: 64, align: 'right' },
    { label: l.netPerCarton, width: 50, align: 'right' },
    { label: l.grossPerCarton, width: 50, align: 'right' },
    { label: l.netWeight, width: 60, align: 'right' },
    { label: l.grossWeight, width: 60, align: 'right' },
    { label: l.measurement, width: 90, align: 'center' },
    { label: l.cbm, width: 52, align: 'right' },
  ];
  const rows = p.items.map((item, i) => [
    String(i + 1),
    item.model,
    item.description,
    item.cartons,
    item.qty_per_carton,
    `${item.quantity} ${unitLabel(item.unit)}`,
    item.net_weight,
    item.gross_weight,
    item.total_net_weight,
    item.total_gross_weight,
    measurement(item),
    item.cbm,
  ]);
  const total = [
    '',
    '',
    l.total,
    p.total_cartons,
    '',
    p.total_quantity,
    '',
    '',
    p.total_net_weight,
    p.total_gross_weight,
    '',
    p.total_cbm,
  ];
  return { columns, rows, total };
}

/** The PDF of one version of a packing list, landscape for its twelve columns. */
export async function packingListPdf(db: Db, store: FileStore, p: PackingList, lang: Lang): Promise<Buffer> {
  const l = LABELS[lang];
  const company = await getCompanySettings(db);
  const [buyer] = await db
    .select({ address: customers.address, phone: customers.phone, email: customers.email })
    .from(customers)
    .where(eq(customers.id, p.customer_id));
  const table = packingTable(p, lang);
  const spec: DocumentPdf = {
    landscape: true,
    letterhead: await letterhead(db, store, company, lang),
    title: l.title,
    meta: (
      [
        [l.number, p.number],
        [l.date, p.issue_date],
        [l.version, String(p.version)],
        [l.invoice, p.invoice_number ?? ''],
        [l.order, p.order_number],
      ] as [string, string][]
    ).filter(([, v]) => v),
    buyer: {
      label: l.consignee,
      lines: [p.customer_name, buyer?.address ?? '', buyer?.phone ?? '', buyer?.email ?? ''].filter(Boolean),
    },
    terms: (
      [
        [l.portOfLoading, p.port_of_loading],
        [l.portOfDestination, p.port_of_destination],
        [l.container, p.container_number],
        [l.seal, p.seal_number],
      ] as [string, string][]
    ).filter(([, v]) => v),
    columns: table.columns,
    rows: table.rows.map((cells) => ({ cells })),
    tableTotal: table.total,
    totals: [
      [l.totalPackages, `${p.total_cartons} ${l.ctns}`],
      [l.totalNet, `${p.total_net_weight} ${l.kgs}`],
      [l.totalGross, `${p.total_gross_weight} ${l.kgs}`],
      [l.totalCbm, `${p.total_cbm} CBM`],
    ],
    notes: [
      [l.marks, p.shipping_marks],
      [l.remark, p.remark],
    ],
    signature: l.signature,
    pageLabel: (page, pages) => fillLabel(l.page, { page, pages }),
  };
  return renderDocumentPdfOffThread(spec);
}

export const packingPdfFileName = (p: Pick<PackingList, 'number' | 'version'>) =>
  `${p.number}-v${p.version}.pdf`;
