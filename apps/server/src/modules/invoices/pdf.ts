import type { BankDetails, Invoice } from '@quayside/contract';
import type { Db } from '../../db/client';
import { salesDocumentPdf } from '../../lib/documents/sales-pdf';
import type { FileStore } from '../../lib/files';
import type { Lang } from '../../lib/i18n';
import { getCompanySettings } from '../settings/service';

/** The invoice's words in both languages; the amount in words stays English (banks and customs read it). */
export const LABELS = {
  en: {
    proforma: 'PROFORMA INVOICE',
    commercial: 'COMMERCIAL INVOICE',
    number: 'Invoice No.',
    issueDate: 'Date',
    dueDate: 'Due date',
    version: 'Version',
    order: 'Order No.',
    buyer: 'Buyer',
    tradeTerm: 'Trade term',
    currency: 'Currency',
    portOfLoading: 'Port of loading',
    portOfDestination: 'Port of destination',
    paymentTerms: 'Payment terms',
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
    amountInWords: 'Amount in words',
    bank: 'Bank details',
    beneficiary: 'Beneficiary',
    bankName: 'Bank',
    bankAddress: 'Bank address',
    accountNumber: 'Account No.',
    swift: 'SWIFT',
    iban: 'IBAN',
    remark: 'Remarks',
    signature: 'Authorized signature',
    page: 'Page {page} of {pages}',
  },
  zh: {
    proforma: '形式发票',
    commercial: '商业发票',
    number: '发票号',
    issueDate: '日期',
    dueDate: '付款截止日',
    version: '版本',
    order: '订单号',
    buyer: '买方',
    tradeTerm: '贸易术语',
    currency: '币种',
    portOfLoading: '装运港',
    portOfDestination: '目的港',
    paymentTerms: '付款方式',
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
    amountInWords: '大写金额',
    bank: '银行信息',
    beneficiary: '收款人',
    bankName: '开户行',
    bankAddress: '银行地址',
    accountNumber: '账号',
    swift: 'SWIFT',
    iban: 'IBAN',
    remark: '备注',
    signature: '授权签字',
    page: '第 {page} 页，共 {pages} 页',
  },
} satisfies Record<Lang, Record<string, string>>;

/** The bank block, one "Label: value" line per filled field. */
export function bankLines(bank: BankDetails, lang: Lang): string[] {
  const l = LABELS[lang];
  return (
    [
      [l.beneficiary, bank.beneficiary],
      [l.bankName, bank.bank_name],
      [l.bankAddress, bank.bank_address],
      [l.accountNumber, bank.account_number],
      [l.swift, bank.swift],
      [l.iban, bank.iban],
    ] as [string, string][]
  )
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}: ${v}`);
}

/** The PDF of one version of an invoice, through the sales document kit. */
export async function invoicePdf(db: Db, store: FileStore, inv: Invoice, lang: Lang): Promise<Buffer> {
  const l = LABELS[lang];
  return salesDocumentPdf(db, store, await getCompanySettings(db), inv, lang, l, {
    title: l[inv.kind],
    meta: [
      [l.number, inv.number],
      [l.issueDate, inv.issue_date],
      [l.dueDate, inv.due_date],
      [l.order, inv.order_number],
      [l.version, String(inv.version)],
    ],
    notes: [
      [l.amountInWords, inv.amount_in_words],
      [l.bank, bankLines(inv.bank, lang).join('\n')],
      [l.remark, inv.remark],
    ],
    pictureColumn: 'when-any',
  });
}

export const invoicePdfFileName = (inv: Pick<Invoice, 'number' | 'version'>) =>
  `${inv.number}-v${inv.version}.pdf`;
