import type { Lookup } from './index';

export const EMAIL_STATUS = [
  { id: 'unhandled', en: 'Unhandled', zh: '未处理' },
  { id: 'handled', en: 'Handled', zh: '已处理' },
  { id: 'follow_up', en: 'Following up', zh: '跟进中' },
  { id: 'closed', en: 'Closed', zh: '已关闭' },
] as const satisfies Lookup<string>;

export const EMAIL_TYPE = [
  { id: 'normal', en: 'Normal', zh: '普通' },
  { id: 'inquiry', en: 'Inquiry', zh: '询盘' },
  { id: 'quotation', en: 'Quotation', zh: '报价' },
] as const satisfies Lookup<string>;

export const TASK_STATUS = [
  { id: 'pending', en: 'Pending', zh: '待发送' },
  { id: 'sent', en: 'Sent', zh: '已发送' },
  { id: 'opened', en: 'Opened', zh: '已打开' },
  { id: 'failed', en: 'Failed', zh: '发送失败' },
  { id: 'done', en: 'Done', zh: '已完成' },
] as const satisfies Lookup<string>;

export const TASK_TYPE = [
  { id: 'fixed', en: 'Fixed interval', zh: '固定间隔' },
  { id: 'random', en: 'Random within a time range', zh: '随机时间段' },
] as const satisfies Lookup<string>;

export const ORDER_STATUS = [
  { id: 'in_progress', en: 'In progress', zh: '进行中' },
  { id: 'done', en: 'Done', zh: '已完成' },
] as const satisfies Lookup<string>;

/** Incoterms 2020. */
export const TRADE_TERMS = [
  { id: 'EXW', en: 'EXW — Ex Works', zh: 'EXW — 工厂交货' },
  { id: 'FCA', en: 'FCA — Free Carrier', zh: 'FCA — 货交承运人' },
  { id: 'FAS', en: 'FAS — Free Alongside Ship', zh: 'FAS — 船边交货' },
  { id: 'FOB', en: 'FOB — Free On Board', zh: 'FOB — 船上交货' },
  { id: 'CFR', en: 'CFR — Cost and Freight', zh: 'CFR — 成本加运费' },
  { id: 'CIF', en: 'CIF — Cost, Insurance and Freight', zh: 'CIF — 成本、保险费加运费' },
  { id: 'CPT', en: 'CPT — Carriage Paid To', zh: 'CPT — 运费付至' },
  { id: 'CIP', en: 'CIP — Carriage and Insurance Paid To', zh: 'CIP — 运费和保险费付至' },
  { id: 'DAP', en: 'DAP — Delivered at Place', zh: 'DAP — 目的地交货' },
  { id: 'DPU', en: 'DPU — Delivered at Place Unloaded', zh: 'DPU — 目的地卸货后交货' },
  { id: 'DDP', en: 'DDP — Delivered Duty Paid', zh: 'DDP — 完税后交货' },
] as const satisfies Lookup<string>;

/** ISO 4217; `minor_units` is the number of decimal places amounts are kept in. */
export const CURRENCIES = [
  { id: 'USD', en: 'US Dollar', zh: '美元', symbol: '$', minor_units: 2 },
  { id: 'EUR', en: 'Euro', zh: '欧元', symbol: '€', minor_units: 2 },
  { id: 'CNY', en: 'Chinese Yuan', zh: '人民币', symbol: '¥', minor_units: 2 },
  { id: 'GBP', en: 'Pound Sterling', zh: '英镑', symbol: '£', minor_units: 2 },
  { id: 'JPY', en: 'Japanese Yen', zh: '日元', symbol: '¥', minor_units: 0 },
  { id: 'HKD', en: 'Hong Kong Dollar', zh: '港币', symbol: 'HK$', minor_units: 2 },
  { id: 'AUD', en: 'Australian Dollar', zh: '澳大利亚元', symbol: 'A$', minor_units: 2 },
  { id: 'CAD', en: 'Canadian Dollar', zh: '加拿大元', symbol: 'C$', minor_units: 2 },
  { id: 'CHF', en: 'Swiss Franc', zh: '瑞士法郎', symbol: 'CHF', minor_units: 2 },
  { id: 'SGD', en: 'Singapore Dollar', zh: '新加坡元', symbol: 'S$', minor_units: 2 },
  { id: 'NZD', en: 'New Zealand Dollar', zh: '新西兰元', symbol: 'NZ$', minor_units: 2 },
  { id: 'KRW', en: 'South Korean Won', zh: '韩元', symbol: '₩', minor_units: 0 },
  { id: 'RUB', en: 'Russian Ruble', zh: '俄罗斯卢布', symbol: '₽', minor_units: 2 },
  { id: 'INR', en: 'Indian Rupee', zh: '印度卢比', symbol: '₹', minor_units: 2 },
  { id: 'AED', en: 'UAE Dirham', zh: '阿联酋迪拉姆', symbol: 'AED', minor_units: 2 },
  { id: 'SAR', en: 'Saudi Riyal', zh: '沙特里亚尔', symbol: 'SAR', minor_units: 2 },
  { id: 'BRL', en: 'Brazilian Real', zh: '巴西雷亚尔', symbol: 'R$', minor_units: 2 },
  { id: 'ZAR', en: 'South African Rand', zh: '南非兰特', symbol: 'R', minor_units: 2 },
] as const satisfies Lookup<string, { symbol: string; minor_units: number }>;

export const INVOICE_KIND = [
  { id: 'proforma', en: 'Proforma invoice', zh: '形式发票' },
  { id: 'commercial', en: 'Commercial invoice', zh: '商业发票' },
] as const satisfies Lookup<string>;

export const UNITS = [
  { id: 'pcs', en: 'Pieces', zh: '件' },
  { id: 'set', en: 'Sets', zh: '套' },
  { id: 'box', en: 'Boxes', zh: '盒' },
  { id: 'carton', en: 'Cartons', zh: '箱' },
  { id: 'kg', en: 'Kilograms', zh: '千克' },
  { id: 'ton', en: 'Metric tons', zh: '吨' },
  { id: 'm', en: 'Meters', zh: '米' },
  { id: 'm2', en: 'Square meters', zh: '平方米' },
  { id: 'm3', en: 'Cubic meters', zh: '立方米' },
  { id: 'pair', en: 'Pairs', zh: '双' },
  { id: 'roll', en: 'Rolls', zh: '卷' },
  { id: 'bag', en: 'Bags', zh: '袋' },
  { id: 'dozen', en: 'Dozens', zh: '打' },
  { id: 'sheet', en: 'Sheets', zh: '张' },
  { id: 'pallet', en: 'Pallets', zh: '托' },
  { id: 'l', en: 'Liters', zh: '升' },
] as const satisfies Lookup<string>;

export type EmailStatusId = (typeof EMAIL_STATUS)[number]['id'];
export type EmailTypeId = (typeof EMAIL_TYPE)[number]['id'];
export type TaskStatusId = (typeof TASK_STATUS)[number]['id'];
export type TaskTypeId = (typeof TASK_TYPE)[number]['id'];
export type OrderStatusId = (typeof ORDER_STATUS)[number]['id'];
export type TradeTermId = (typeof TRADE_TERMS)[number]['id'];
export type CurrencyId = (typeof CURRENCIES)[number]['id'];
export type InvoiceKindId = (typeof INVOICE_KIND)[number]['id'];
export type UnitId = (typeof UNITS)[number]['id'];
