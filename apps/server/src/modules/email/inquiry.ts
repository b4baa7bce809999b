import type { StoredHeader } from '../../db/schema';

/**
 * Does a new message read like a buyer's inquiry? The rule set (docs/decisions/email.md):
 * - only incoming mail from an address that is not a customer yet (the caller checks that);
 * - never automatic or bulk mail: Auto-Submitted (other than "no"), Precedence bulk/list/junk,
 *   List-Id or List-Unsubscribe headers (newsletters talk about prices all the time);
 * - an inquiry keyword in the subject is enough; in the body it takes two different keywords
 *   (one "price" in a long letter is not an inquiry).
 * Keywords, English (whole words, any case) and Chinese:
 */
export const INQUIRY_KEYWORDS_EN = [
  'inquiry',
  'enquiry',
  'rfq',
  'request for quotation',
  'request for quote',
  'quotation',
  'quote',
  'price list',
  'pricelist',
  'best price',
  'price',
  'prices',
  'moq',
  'minimum order',
  'fob',
  'cif',
  'catalog',
  'catalogue',
  'samples',
  'purchase order',
  'wholesale',
  'lead time',
];
export const INQUIRY_KEYWORDS_ZH = [
  '询价',
  '询盘',
  '报价',
  '价格',
  '价钱',
  '起订量',
  '最低订量',
  '采购',
  '样品',
  '批发',
  '目录',
  '交期',
];

const BODY_CHARS = 5000;

const escapeRe = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const englishPatterns = INQUIRY_KEYWORDS_EN.map((w) => ({
  word: w,
  re: new RegExp(`(^|[^a-z0-9])${escapeRe(w).replace(/ /g, '\\s+')}($|[^a-z0-9])`, 'i'),
}));

/** The distinct keywords found in the text. */
export function inquiryKeywords(text: string): string[] {
  const found = new Set<string>();
  for (const { word, re } of englishPatterns) if (re.test(text)) found.add(word);
  for (const word of INQUIRY_KEYWORDS_ZH) if (text.includes(word)) found.add(word);
  // "price" and "prices" are one keyword.
  if (found.has('prices')) {
    found.delete('prices');
    found.add('price');
  }
  return [...found];
}

export function isAutomatedMail(headers: readonly StoredHeader[]): boolean {
  for (const { key, value } of headers) {
    const k = key.toLowerCase();
    const v = value.trim().toLowerCase();
    if (k === 'auto-submitted' && v !== 'no') return true;
    if (k === 'precedence' && ['bulk', 'list', 'junk'].includes(v)) return true;
    if (k === 'list-id' || k === 'list-unsubscribe') return true;
  }
  return false;
}

export function looksLikeInquiry(input: {
  subject: string;
  text: string;
  headers: readonly StoredHeader[];
}): boolean {
  if (isAutomatedMail(input.headers)) return false;
  if (inquiryKeywords(input.subject).length > 0) return true;
  return inquiryKeywords(input.text.slice(0, BODY_CHARS)).length >= 2;
}
