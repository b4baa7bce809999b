import { documentTotals, parseDecimal, withAmounts } from '@quayside/contract';
import { useMemo } from 'react';
import { type EditLine, liveAmount, toBody } from './lines';

/** Totals as the server will compute them (the contract's helpers), or null while a figure does not parse. */
export function useLiveTotals(lines: EditLine[], currency: string, discount: string, shipping: string) {
  return useMemo(() => {
    const ok =
      lines.every((l) => liveAmount(l, currency) !== '') && parseDecimal(discount) && parseDecimal(shipping);
    if (!ok) return null;
    return documentTotals(withAmounts(toBody(lines), currency), discount.trim(), shipping.trim(), currency);
  }, [lines, currency, discount, shipping]);
}
