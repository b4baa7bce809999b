import Big from 'big.js';
import { decimalText, parseDecimal, QUANTITY_SCALE } from './money';

/**
 * Packing-list arithmetic on decimal strings (big.js, never floats). Weights are kg per carton,
 * dimensions cm per carton; a line's `cbm` is its whole volume, cartons × L × W × H / 1,000,000,
 * rounded half-up to 3 decimals, and the document's total CBM is the sum of the lines' rounded CBM,
 * so the total always equals the column it sums.
 */

export const CBM_SCALE = 3;
const CM3_PER_M3 = 1_000_000;

/** The figures a packing-list line is made of, as the client enters them. */
export type PackingFigures = {
  cartons: string;
  qty_per_carton: string;
  quantity: string;
  net_weight: string;
  gross_weight: string;
  length_cm: string;
  width_cm: string;
  height_cm: string;
};

/** What the server computes for a line. */
export type PackingLineFigures = {
  cbm: string;
  /** cartons × net weight per carton, kg */
  total_net_weight: string;
  /** cartons × gross weight per carton, kg */
  total_gross_weight: string;
};

export type PackingTotals = {
  total_cartons: string;
  total_quantity: string;
  total_net_weight: string;
  total_gross_weight: string;
  total_cbm: string;
};

/** Why a line's quantity looks wrong; both false when it does not. */
export type PackingWarnings = {
  /** quantity ≠ the quantity of the order line it packs */
  order_quantity: boolean;
  /** quantity ≠ cartons × quantity per carton (a part carton, or a typing slip) */
  carton_quantity: boolean;
};

/** A volume with its 3 places ("1.2" → "1.200"), half-up beyond them. */
export const roundCbm = (m3: string): string => new Big(m3).toFixed(CBM_SCALE, Big.roundHalfUp);

/** cartons × L × W × H / 1,000,000 m³, half-up to 3 places ("0.084"). */
export function lineCbm(cartons: string, lengthCm: string, widthCm: string, heightCm: string): string {
  return new Big(cartons)
    .times(lengthCm)
    .times(widthCm)
    .times(heightCm)
    .div(CM3_PER_M3)
    .toFixed(CBM_SCALE, Big.roundHalfUp);
}

export function lineFigures(line: PackingFigures): PackingLineFigures {
  return {
    cbm: lineCbm(line.cartons, line.length_cm, line.width_cm, line.height_cm),
    total_net_weight: decimalText(new Big(line.cartons).times(line.net_weight)),
    total_gross_weight: decimalText(new Big(line.cartons).times(line.gross_weight)),
  };
}

const sum = (values: readonly string[]) => values.reduce((total, v) => total.plus(v), new Big(0));

export function packingTotals(
  lines: readonly (Pick<PackingFigures, 'cartons' | 'quantity'> & PackingLineFigures)[],
): PackingTotals {
  return {
    total_cartons: decimalText(sum(lines.map((l) => l.cartons))),
    total_quantity: decimalText(sum(lines.map((l) => l.quantity))),
    total_net_weight: decimalText(sum(lines.map((l) => l.total_net_weight))),
    total_gross_weight: decimalText(sum(lines.map((l) => l.total_gross_weight))),
    total_cbm: sum(lines.map((l) => l.cbm)).toFixed(CBM_SCALE, Big.roundHalfUp),
  };
}

/**
 * The line's warnings. `orderQuantity` is null for a line that packs no order line (nothing to
 * compare); a line without cartons or without a quantity per carton is not checked against them.
 */
export function packingWarnings(
  line: Pick<PackingFigures, 'cartons' | 'qty_per_carton' | 'quantity'>,
  orderQuantity: string | null,
): PackingWarnings {
  const quantity = new Big(line.quantity);
  const cartonsGiven = !new Big(line.cartons).eq(0) && !new Big(line.qty_per_carton).eq(0);
  return {
    order_quantity: orderQuantity !== null && !quantity.eq(orderQuantity),
    carton_quantity: cartonsGiven && !quantity.eq(new Big(line.cartons).times(line.qty_per_carton)),
  };
}

/** Cartons needed for a quantity: ⌈quantity / per carton⌉, "0" when the per-carton figure is unknown. */
export function cartonsFor(quantity: string, qtyPerCarton: string): string {
  if (new Big(qtyPerCarton).eq(0)) return '0';
  return new Big(quantity).div(qtyPerCarton).round(0, Big.roundUp).toFixed(0);
}

/** Carton figures a product's free-text packaging field gives, where it names them. */
export type PackagingHint = Partial<
  Pick<
    PackingFigures,
    'qty_per_carton' | 'net_weight' | 'gross_weight' | 'length_cm' | 'width_cm' | 'height_cm'
  >
>;

const NUMBER = String.raw`(\d+(?:\.\d+)?)`;
const PER_CARTON = new RegExp(
  String.raw`${NUMBER}\s*(?:pcs?|pieces?|sets?|units?|pairs?|个|件|只|套|支|台)?\.?\s*(?:\/|per|每)\s*(?:export\s+|master\s+)?(?:cartons?|ctns?|箱)`,
  'i',
);
const DIMENSIONS = new RegExp(`${NUMBER}\\s*[×xX*]\\s*${NUMBER}\\s*[×xX*]\\s*${NUMBER}\\s*(cm|mm)?`, 'i');
const NET = new RegExp(String.raw`(?:N\.?\s*W\.?|net(?:\s+weight)?|净重)\s*[:：]?\s*${NUMBER}\s*kgs?`, 'i');
const GROSS = new RegExp(
  String.raw`(?:G\.?\s*W\.?|gross(?:\s+weight)?|毛重)\s*[:：]?\s*${NUMBER}\s*kgs?`,
  'i',
);
const ANY_KG = new RegExp(String.raw`${NUMBER}\s*kgs?\b`, 'i');

/** A figure kept only when it fits a packing-list field (at most 3 decimal places, not zero). */
function figure(text: string | undefined): string | undefined {
  const value = text === undefined ? null : parseDecimal(text);
  if (!value || value.eq(0)) return undefined;
  const canonical = decimalText(value);
  return (canonical.split('.')[1] ?? '').length > QUANTITY_SCALE ? undefined : canonical;
}

/**
 * Reads "12 pcs / carton, 60×40×35 cm, N.W. 12 kg, G.W. 14.5 kg" (the products form's own
 * example). A weight without N.W./G.W. is taken as the carton's gross weight, as shippers write it.
 */
export function packagingHint(packaging: string): PackagingHint {
  const hint: PackagingHint = {};
  const perCarton = figure(PER_CARTON.exec(packaging)?.[1]);
  if (perCarton) hint.qty_per_carton = perCarton;
  const dims = DIMENSIONS.exec(packaging);
  if (dims) {
    const toCm = (v: string | undefined) =>
      v === undefined ? undefined : dims[4]?.toLowerCase() === 'mm' ? decimalText(new Big(v).div(10)) : v;
    const [l, w, h] = [figure(toCm(dims[1])), figure(toCm(dims[2])), figure(toCm(dims[3]))];
    if (l && w && h) Object.assign(hint, { length_cm: l, width_cm: w, height_cm: h });
  }
  const net = figure(NET.exec(packaging)?.[1]);
  const gross = figure(GROSS.exec(packaging)?.[1]) ?? (net ? undefined : figure(ANY_KG.exec(packaging)?.[1]));
  if (net) hint.net_weight = net;
  if (gross) hint.gross_weight = gross;
  return hint;
}
