import {
  type BankDetails,
  compareDecimals,
  formatMoney,
  type Invoice,
  TRADE_TERMS,
  UNITS,
} from '@quayside/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema';
import type { DocumentPdf } from '../../lib/documents/pdf';
import { renderDocumentPdfOffThread } from '../../lib/documents/pdf-pool';
import type { FileStore } from '../../lib/files';
import type { Lang } from '../../lib/i18n';
import { thumbnails } from '../quotations/pdf';
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

const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));

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

/** The PDF of one version of an invoice, through the document kit (letterhead, CJK font, pictures). */
export async function invoicePdf(db: Db, store: FileStore, inv: Invoice, lang: Lang): Promise<Buffer> {
  const l = LABELS[lang];
  const company = await getCompanySettings(db);
  const [buyer] = await db
    .select({ address: customers.address, phone: customers.phone, email: customers.email })
    .from(customers)
    .where(eq(customers.id, inv.customer_id));
  const pictureIds = [...new Set(inv.items.flatMap((i) => (i.picture_file_id ? [i.picture_file_id] : [])))];
  const [pictures, logos] = await Promise.all([
    thumbnails(db, store, pictureIds),
    company.logo_file_id
      ? thumbnails(db, store, [company.logo_file_id])
      : Promise.resolve(new Map<number, Buffer>()),
  ]);
  const withPictures = inv.items.some((i) => i.picture_file_id && pictures.has(i.picture_file_id));
  const money = (amount: string) => formatMoney(amount, inv.currency);
  const unitLabel = (id: string) => UNITS.find((u) => u.id === id)?.[lang] ?? id;
  const tradeTerm = TRADE_TERMS.find((t) => t.id === inv.trade_term)?.[lang] ?? '';
  const pairs = (list: [string, string | null][]) => list.filter((p): p is [string, string] => Boolean(p[1]));
  const spec: DocumentPdf = {
    letterhead: {
      name: lang === 'zh' && company.name_zh ? company.name_zh : company.name,
      lines: [
        company.address,
        [company.phone, company.email, company.website].filter(Boolean).join('  ·  '),
      ].filter(Boolean),
      logo: company.logo_file_id ? (logos.get(company.logo_file_id) ?? null) : null,
    },
    title: l[inv.kind],
    meta: pairs([
      [l.number, inv.number],
      [l.issueDate, inv.issue_date],
      [l.dueDate, inv.due_date],
      [l.order, inv.order_number],
      [l.version, String(inv.version)],
    ]),
    buyer: {
      label: l.buyer,
      lines: [
        inv.customer_name,
        inv.contact_name,
        inv.contact_email || buyer?.email || '',
        buyer?.address ?? '',
        buyer?.phone ?? '',
      ].filter(Boolean),
    },
    terms: pairs([
      [l.tradeTerm, tradeTerm],
      [l.currency, inv.currency],
      [l.portOfLoading, inv.port_of_loading],
      [l.portOfDestination, inv.port_of_destination],
      [l.paymentTerms, inv.payment_terms],
    ]),
    // The picture column only when a line has a picture (an invoice of free lines stays compact).
    columns: [
      { label: '#', width: 22, align: 'right' },
      ...(withPictures ? [{ label: l.picture, width: 44 }] : []),
      { label: l.item, width: withPictures ? 70 : 90 },
      { label: l.description, width: withPictures ? 170 : 194 },
      { label: l.quantity, width: 60, align: 'right' },
      { label: l.unitPrice, width: 75, align: 'right' },
      { label: l.amount, width: 74, align: 'right' },
    ],
    ...(withPictures ? { pictureColumn: 1 } : {}),
    rows: inv.items.map((item, i) => ({
      cells: [
        String(i + 1),
        ...(withPictures ? [''] : []),
        item.model,
        item.description,
        `${item.quantity} ${unitLabel(item.unit)}`,
        money(item.unit_price),
        money(item.amount),
      ],
      picture: item.picture_file_id ? (pictures.get(item.picture_file_id) ?? null) : null,
    })),
    totals: [
      [l.subtotal, money(inv.subtotal)],
      ...(compareDecimals(inv.discount, '0') > 0
        ? ([[l.discount, `-${money(inv.discount)}`]] as [string, string][])
        : []),
      ...(compareDecimals(inv.shipping_cost, '0') > 0
        ? ([[l.shipping, money(inv.shipping_cost)]] as [string, string][])
        : []),
      [`${l.total} (${inv.currency})`, money(inv.total)],
    ],
    notes: [
      [l.amountInWords, inv.amount_in_words],
      [l.bank, bankLines(inv.bank, lang).join('\n')],
      [l.remark, inv.remark],
    ],
    signature: l.signature,
    pageLabel: (page, pages) => fill(l.page, { page, pages }),
  };
  return renderDocumentPdfOffThread(spec);
}

export const invoicePdfFileName = (inv: Pick<Invoice, 'number' | 'version'>) =>
  `${inv.number}-v${inv.version}.pdf`;
