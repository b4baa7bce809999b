import Big from 'big.js';
import { CURRENCIES } from './lookups';

/**
 * Money and quantities travel as decimal strings ("12.35") and are computed with big.js, never with
 * floats. Products, quotations and orders share these helpers.
 */

/** Decimal places kept for a unit price (0.0125 USD a piece is a real price) and for a quantity. */
export const PRICE_SCALE = 4;
export const QUANTITY_SCALE = 3;
/** Digits before the point; matches the database's numeric(18, 4). */
export const MAX_INTEGER_DIGITS = 14;

const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

/** The canonical text of a non-negative decimal ("012.350" → "12.35"), or null if it is not one. */
export function parseDecimal(text: string): Big | null {
  const trimmed = text.trim();
  if (!PLAIN_DECIMAL.test(trimmed)) return null;
  return new Big(trimmed);
}

/** Canonical decimal text: no exponent, no trailing zeros after the point. */
export const decimalText = (value: Big): string => value.toFixed();

/** The canonical text of a decimal the database answered ("12.3500" → "12.35"). */
export const canonicalDecimal = (text: string): string => decimalText(new Big(text));

/** a × b, exact. */
export const multiplyDecimals = (a: string, b: string): string => decimalText(new Big(a).times(b));

/** The sum of decimal strings, exact. */
export const sumDecimals = (values: readonly string[]): string =>
  decimalText(values.reduce((total, v) => total.plus(v), new Big(0)));

/** -1, 0 or 1 as a < b, a = b, a > b. */
export const compareDecimals = (a: string, b: string): -1 | 0 | 1 => new Big(a).cmp(b) as -1 | 0 | 1;

/** Decimal places an amount in `currency` is shown and totalled in (ISO 4217; 2 when unknown). */
export function currencyDigits(currency: string | null | undefined): number {
  return CURRENCIES.find((c) => c.id === currency)?.minor_units ?? 2;
}

/** An amount rounded half-up to the currency's minor units, with exactly that many places ("12.30"). */
export function roundMoney(amount: string, currency: string | null | undefined): string {
  return new Big(amount).toFixed(currencyDigits(currency), Big.roundHalfUp);
}

/**
 * An amount for people: the currency's symbol, thousands separated, at least the currency's decimal
 * places and more when the amount has them ("$0.0125", "€1,234.50", "¥3,000" for JPY). Never rounds.
 */
export function formatMoney(amount: string | null, currency: string | null | undefined): string {
  if (amount === null || amount === '') return '';
  const [whole = '0', fraction = ''] = canonicalDecimal(amount).split('.');
  const digits = currencyDigits(currency);
  const places = fraction.padEnd(digits, '0');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const symbol = CURRENCIES.find((c) => c.id === currency)?.symbol ?? (currency ? `${currency} ` : '');
  return `${symbol}${grouped}${places ? `.${places}` : ''}`;
}
