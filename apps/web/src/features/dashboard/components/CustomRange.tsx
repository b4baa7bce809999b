import { DatePicker } from 'antd';
import dayjs from 'dayjs';

/** The custom period's two days; loaded only when "custom" is chosen (DatePicker is heavy). */
export default function CustomRange({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
}) {
  return (
    <DatePicker.RangePicker
      value={[dayjs(from), dayjs(to)]}
      allowClear={false}
      disabledDate={(d) => d.isAfter(dayjs(), 'day')}
      onChange={(range) => {
        const [start, end] = range ?? [];
        if (start && end) onChange({ from: start.format('YYYY-MM-DD'), to: end.format('YYYY-MM-DD') });
      }}
      data-testid="dashboard-range"
    />
  );
}
