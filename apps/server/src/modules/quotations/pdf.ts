import type { Quotation } from '@quayside/contract';
import type { Db } from '../../db/client';
import { fillLabel, salesDocumentPdf } from '../../lib/documents/sales-pdf';
import type { FileStore } from '../../lib/files';
import type { Lang } from '../../lib/i18n';
import { getCompanySettings } from '../settings/service';

/** The PDF's words, in both languages (the caller picks; buyers read English by default). */
export const LABELS = {
  en: {
    title: 'QUOTATION',
    number: 'No.',
    date: 'Date',
    version: 'Version',
    validUntil: 'Valid until',
    buyer: 'To',
    tradeTerm: 'Trade term',
    currency: 'Currency',
    portOfLoading: 'Port of loading',
    portOfDestination: 'Port of destination',
    paymentTerms: 'Payment terms',
    leadTime: 'Lead time',
    picture: 'Picture',
    item: 'Item',
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal',
    discount: 'Discount',
    shipping: 'Shipping',
    total: 'Total',
    remark: 'Remarks',
    validity: 'Validity',
    validityText: 'This quotation is valid until {date}.',
    signature: 'Authorized signature',
    page: 'Page {page} of {pages}',
  },
  zh: {
    title: '报价单',
    number: '编号',
    date: '日期',
    version: '版本',
    validUntil: '有效期至',
    buyer: '客户',
    tradeTerm: '贸易术语',
    currency: '币种',
    portOfLoading: '装运港',
    portOfDestination: '目的港',
    paymentTerms: '付款方式',
    leadTime: '交货期',
    picture: '图片',
    item: '型号',
    description: '品名描述',
    quantity: '数量',
    unitPrice: '单价',
    amount: '金额',
    subtotal: '小计',
    discount: '折扣',
    shipping: '运费',
    total: '合计',
    remark: '备注',
    validity: '有效期',
    validityText: '本报价有效期至 {date}。',
    signature: '授权签字',
    page: '第 {page} 页，共 {pages} 页',
  },
} satisfies Record<Lang, Record<string, string>>;

/** The PDF of one version of a quotation. */
export async function quotationPdf(db: Db, store: FileStore, q: Quotation, lang: Lang): Promise<Buffer> {
  const l = LABELS[lang];
  return salesDocumentPdf(db, store, await getCompanySettings(db), q, lang, l, {
    title: l.title,
    meta: [
      [l.number, q.number],
      [l.date, q.updated_at.slice(0, 10)],
      [l.version, String(q.version)],
      [l.validUntil, q.valid_until],
    ],
    extraTerms: [[l.leadTime, q.lead_time]],
    notes: [
      [l.validity, q.valid_until ? fillLabel(l.validityText, { date: q.valid_until }) : ''],
      [l.remark, q.remark],
    ],
    pictureColumn: 'always',
  });
}

export const pdfFileName = (q: Pick<Quotation, 'number' | 'version'>) => `${q.number}-v${q.version}.pdf`;
