import { type LineItem, lineAmount, parseDecimal } from '@quayside/contract';

/** A line as the editor holds it: text fields as typed, plus a key and the product's thumbnail. */
export type EditLine = {
  key: string;
  product_id: number | null;
  picture_file_id: number | null;
  thumb_url: string | null;
  description: string;
  model: string;
  quantity: string;
  unit: string;
  unit_price: string;
};

let seq = 0;
export const newKey = () => `l${++seq}`;

/** A saved version's lines as the editor holds them; `thumbs` are picture thumbnails by picture_file_id. */
export const editLinesOf = (items: readonly LineItem[], thumbs: Record<string, string> = {}): EditLine[] =>
  items.map(({ amount: _a, ...line }) => ({
    ...line,
    key: newKey(),
    thumb_url: line.picture_file_id !== null ? (thumbs[String(line.picture_file_id)] ?? null) : null,
  }));

export const blankLine = (): EditLine => ({
  key: newKey(),
  product_id: null,
  picture_file_id: null,
  thumb_url: null,
  description: '',
  model: '',
  quantity: '1',
  unit: 'pcs',
  unit_price: '0',
});

/** The amount the server will compute (the contract's helper), or '' while a figure is not a number. */
export function liveAmount(line: EditLine, currency: string): string {
  if (!parseDecimal(line.quantity) || !parseDecimal(line.unit_price)) return '';
  return lineAmount(line.quantity.trim(), line.unit_price.trim(), currency);
}

export const toBody = (lines: EditLine[]) =>
  lines.map(({ key: _k, thumb_url: _t, ...line }) => ({
    ...line,
    quantity: line.quantity.trim(),
    unit_price: line.unit_price.trim(),
  }));

export function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}
