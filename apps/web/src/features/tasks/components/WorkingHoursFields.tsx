import { WORKDAYS, type WorkingHours } from '@quayside/contract';
import { Checkbox, Form, Select, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The form's working-hours fields (off: sends at any hour). */
export type HoursValues = {
  hours_on?: boolean;
  hours_zone?: string;
  hours_days?: number[];
  hours_range?: [Dayjs, Dayjs];
};

const ISO_DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const clock = (hhmm: string) => dayjs(`2000-01-01T${hhmm}:00`);

/** Fresh fields: off, the browser's own zone, Monday–Friday, 09:00–18:00. */
export function hoursDefaults(hours: WorkingHours | null = null): HoursValues {
  return {
    hours_on: hours !== null,
    hours_zone: hours?.time_zone ?? browserZone(),
    hours_days: hours?.days ?? WORKDAYS,
    hours_range: [clock(hours?.start ?? '09:00'), clock(hours?.end ?? '18:00')],
  };
}

/** What the API takes: null when off. */
export function hoursBody(v: HoursValues): WorkingHours | null {
  if (!v.hours_on) return null;
  return {
    time_zone: v.hours_zone ?? browserZone(),
    days: v.hours_days ?? [],
    start: v.hours_range?.[0]?.format('HH:mm') ?? '09:00',
    end: v.hours_range?.[1]?.format('HH:mm') ?? '18:00',
  };
}

/** "Mon, Tue, Wed, 09:00–18:00 (Europe/Berlin)": a task's hours in a line. */
export function hoursSummary(t: TFunction, hours: WorkingHours): string {
  return t('tasks.hours.summary', {
    days: hours.days.map((d) => t(`tasks.hours.weekdays.${d}`)).join(t('tasks.hours.daySeparator')),
    start: hours.start,
    end: hours.end,
    zone: hours.time_zone,
  });
}

/** The server's field names of the working hours, as this form's. */
export const HOURS_FIELDS: Record<string, keyof HoursValues> = {
  'working_hours.time_zone': 'hours_zone',
  'working_hours.days': 'hours_days',
  'working_hours.start': 'hours_range',
  'working_hours.end': 'hours_range',
};

/** "Only within working hours": time zone, weekdays and the day's hours. */
export function WorkingHoursFields() {
  const { t } = useTranslation();
  const on = Form.useWatch('hours_on');
  const zones = useMemo(() => {
    const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    return (all.includes('UTC') ? all : ['UTC', ...all]).map((z) => ({ value: z, label: z }));
  }, []);

  return (
    <>
      <Form.Item
        name="hours_on"
        valuePropName="checked"
        extra={t('tasks.hours.help')}
        style={{ marginBottom: 8 }}
      >
        <Checkbox>{t('tasks.hours.only')}</Checkbox>
      </Form.Item>
      {on && (
        <fieldset className="task-hours">
          <Form.Item
            name="hours_zone"
            label={t('tasks.hours.zone')}
            rules={[{ required: true, message: t('tasks.hours.zoneRequired') }]}
          >
            <Select showSearch options={zones} aria-label={t('tasks.hours.zone')} style={{ width: 260 }} />
          </Form.Item>
          <Form.Item
            name="hours_days"
            label={t('tasks.hours.days')}
            rules={[{ required: true, type: 'array', min: 1, message: t('tasks.hours.daysRequired') }]}
          >
            <Checkbox.Group
              options={ISO_DAYS.map((d) => ({ value: d, label: t(`tasks.hours.weekdays.${d}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="hours_range"
            label={t('tasks.hours.range')}
            rules={[
              { required: true, message: t('tasks.hours.rangeRequired') },
              {
                validator: (_r, value?: [Dayjs, Dayjs]) =>
                  !value || value[1].format('HH:mm') > value[0].format('HH:mm')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('tasks.hours.rangeOrder'))),
              },
            ]}
          >
            <TimePicker.RangePicker
              format="HH:mm"
              minuteStep={5}
              order={false}
              needConfirm={false}
              placeholder={[t('tasks.hours.from'), t('tasks.hours.to')]}
            />
          </Form.Item>
        </fieldset>
      )}
    </>
  );
}
