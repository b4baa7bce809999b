import { z } from 'zod';
import { decimalText, MAX_INTEGER_DIGITS, PRICE_SCALE, parseDecimal, QUANTITY_SCALE } from './money';

// The zod schemas of decimal fields, apart from money.ts: a screen that only formats amounts does
// not bring zod with it (the web app's dashboard).

/**
 * A non-negative decimal given as a string, answered in canonical form. More decimal places than
 * `scale` is an error, not a rounding: a price is kept exactly as it was entered.
 */
export function decimalString(scale: number) {
  const tooPrecise = scale === PRICE_SCALE ? 'At most 4 decimal places' : 'At most 3 decimal places';
  return z
    .string()
    .max(40)
    .transform((text, ctx) => {
      const value = parseDecimal(text);
      if (!value) {
        ctx.addIssue({ code: 'custom', message: 'Enter a number such as 12.35' });
        return z.NEVER;
      }
      const [whole = '', fraction = ''] = decimalText(value).split('.');
      if (fraction.length > scale) {
        ctx.addIssue({ code: 'custom', message: tooPrecise });
        return z.NEVER;
      }
      if (whole.length > MAX_INTEGER_DIGITS) {
        ctx.addIssue({ code: 'custom', message: 'Too large' });
        return z.NEVER;
      }
      return decimalText(value);
    });
}

export const priceString = decimalString(PRICE_SCALE);
export const quantityString = decimalString(QUANTITY_SCALE);
