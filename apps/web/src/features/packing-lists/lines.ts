import {
  lineFigures,
  multiplyDecimals,
  type PackingFigures,
  type PackingLine,
  type PackingLineFigures,
  type PackingTotals,
  type PackingWarnings,
  packingTotals,
  packingWarnings,
  parseDecimal,
} from '@quayside/contract';

/** A line in the editor: the figures as typed, the order line's quantity to warn against. */
export type EditLine = PackingFigures & {
  key: string;
  product_id: number | null;
  order_line: number | null;
  description: string;
  model: string;
  unit: string;
  order_quantity: string | null;
};
export type LiveLine = EditLine & PackingLineFigures & { warnings: PackingWarnings };

export const FIGURES = [
  'cartons',
  'qty_per_carton',
  'quantity',
  'net_weight',
  'gross_weight',
  'length_cm',
  'width_cm',
  'height_cm',
] as const;

let next = 0;
export const newKey = () => `line-${++next}`;

export const fromStored = (items: readonly PackingLine[]): EditLine[] =>
  items.map(({ cbm: _c, total_net_weight: _n, total_gross_weight: _g, warnings: _w, ...line }) => ({
    ...line,
    key: newKey(),
  }));

/** A figure as typed, or 0 while it is not a number yet (the server names the field on save). */
const figure = (text: string, whole = false) => {
  const value = parseDecimal(text);
  if (!value || (whole && !value.round(0).eq(value))) return '0';
  return value.toFixed();
};

/** The same arithmetic the server runs (packages/contract/src/packing.ts), on what is typed now. */
export function liveLines(lines: readonly EditLine[]): LiveLine[] {
  return lines.map((line) => {
    const clean: PackingFigures = {
      cartons: figure(line.cartons, true),
      qty_per_carton: figure(line.qty_per_carton),
      quantity: figure(line.quantity),
      net_weight: figure(line.net_weight),
      gross_weight: figure(line.gross_weight),
      length_cm: figure(line.length_cm),
      width_cm: figure(line.width_cm),
      height_cm: figure(line.height_cm),
    };
    return { ...line, ...lineFigures(clean), warnings: packingWarnings(clean, line.order_quantity) };
  });
}

export const liveTotals = (lines: readonly LiveLine[]): PackingTotals =>
  packingTotals(lines.map((l) => ({ ...l, cartons: figure(l.cartons, true), quantity: figure(l.quantity) })));

/** cartons × per carton, for the "quantity from cartons" button. */
export const cartonQuantity = (line: EditLine) =>
  multiplyDecimals(figure(line.cartons, true), figure(line.qty_per_carton));

export const toBody = (lines: readonly EditLine[]) =>
  lines.map(({ key: _k, order_quantity: _o, ...line }) => ({
    ...line,
    unit: line.unit as 'pcs',
  }));

export const emptyLine = (): EditLine => ({
  key: newKey(),
  product_id: null,
  order_line: null,
  description: '',
  model: '',
  unit: 'pcs',
  order_quantity: null,
  cartons: '0',
  qty_per_carton: '0',
  quantity: '0',
  net_weight: '0',
  gross_weight: '0',
  length_cm: '0',
  width_cm: '0',
  height_cm: '0',
});
