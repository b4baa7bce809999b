import { PRODUCT_LABELS } from '@quayside/contract';

export type Lang = 'en' | 'zh';
export const langOf = (language: string): Lang => (language === 'zh' ? 'zh' : 'en');

/** A field's label: the same heading as the spreadsheet's (contract). */
export const fieldLabel = (name: keyof typeof PRODUCT_LABELS, lang: Lang) => PRODUCT_LABELS[name][lang];
