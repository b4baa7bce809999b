import { formatMoney, type OrderCurrencyTotal } from '@quayside/contract';
import { useTranslation } from 'react-i18next';

/** The filtered list's totals, one line per currency (amounts in different currencies never add up). */
export function CurrencyTotals({ totals }: { totals: OrderCurrencyTotal[] }) {
  const { t } = useTranslation();
  if (totals.length === 0) return null;
  return (
    <div className="order-totals" data-testid="order-totals">
      {totals.map((x) => (
        <div key={x.currency} className="order-totals__row">
          <strong>{x.currency}</strong>
          <span>{t('order.totalsCount', { count: x.count })}</span>
          <span>
            {t('order.total')} {formatMoney(x.total, x.currency)}
          </span>
          <span>
            {t('order.paid')} {formatMoney(x.paid, x.currency)}
          </span>
          <span className="order-totals__balance">
            {t('order.balance')} {formatMoney(x.balance, x.currency)}
          </span>
        </div>
      ))}
    </div>
  );
}
