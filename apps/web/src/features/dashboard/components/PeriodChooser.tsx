import { Segmented, Space } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PERIOD_PRESETS, type Period, type PeriodPreset, periodOf } from '../period';

const CustomRange = lazy(() => import('./CustomRange'));

/** Today, 7 days, 30 days, this year or a custom range of days. */
export function PeriodChooser({ value, onChange }: { value: Period; onChange: (p: Period) => void }) {
  const { t } = useTranslation();
  return (
    <Space wrap size={8}>
      <Segmented<PeriodPreset>
        value={value.preset}
        options={PERIOD_PRESETS.map((p) => ({ value: p, label: t(`dashboard.period.${p}`) }))}
        onChange={(preset) => onChange(periodOf(preset, value))}
        data-testid="dashboard-period"
      />
      {value.preset === 'custom' && (
        <Suspense fallback={null}>
          <CustomRange from={value.from} to={value.to} onChange={(r) => onChange(periodOf('custom', r))} />
        </Suspense>
      )}
    </Space>
  );
}
