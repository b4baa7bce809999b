import { WarningFilled } from '@ant-design/icons';
import { multiplyDecimals, type PackingWarnings } from '@quayside/contract';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

type Warned = {
  warnings: PackingWarnings;
  order_quantity: string | null;
  cartons: string;
  qty_per_carton: string;
};

/** The mark beside a line whose quantity differs from its order line or from cartons × per carton. */
export function WarningIcon({ line }: { line: Warned }) {
  const { t } = useTranslation();
  const texts = [
    line.warnings.order_quantity ? t('packing.warnOrder', { quantity: line.order_quantity ?? '' }) : '',
    line.warnings.carton_quantity
      ? t('packing.warnCartons', { quantity: multiplyDecimals(line.cartons, line.qty_per_carton) })
      : '',
  ].filter(Boolean);
  if (texts.length === 0) return null;
  return (
    <Tooltip title={texts.join('; ')}>
      <WarningFilled
        className="packing-warning"
        aria-label={texts.join('; ')}
        data-testid="packing-warning"
      />
    </Tooltip>
  );
}
