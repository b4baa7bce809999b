import { CURRENCIES } from '@quayside/contract';
import { DatePicker, Input, Select, Space } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { staffLabel, useStaff } from '@/shared/lookups/useStaff';
import { CustomerPicker } from './CustomerPicker';
import { commaValues, isIsoDay } from './document-list';

/** The filters the document lists share, as they sit in the list's URL state. */
export interface DocumentFilterValues {
  q: string;
  customer_id?: number[];
  owner_id?: number[];
  currency?: string;
  date_from?: string;
  date_to?: string;
}

export interface DocumentFilterChange {
  q?: string;
  filters?: Omit<DocumentFilterValues, 'q'>;
}

export interface DocumentFilterLabels {
  search: string;
  customer: string;
  /** The date range's name (created, issued…). */
  dates: string;
  datesPlaceholder?: [string, string];
  /** Shown when the list filters by owner. */
  owner?: string;
  /** Shown when the list filters by currency. */
  currency?: string;
}

/** A multiple select bound to a comma filter of the URL (`?status=draft,sent`). */
export function CommaSelect({
  label,
  value,
  options,
  onChange,
  minWidth = 160,
}: {
  label: string;
  value: string | undefined;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  minWidth?: number;
}) {
  return (
    <Select<string[]>
      mode="multiple"
      allowClear
      style={{ minWidth }}
      placeholder={label}
      aria-label={label}
      value={commaValues(value)}
      onChange={(v) => onChange(v.join(','))}
      options={options}
    />
  );
}

const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c.id, label: c.id }));

/**
 * The filter bar of a document list: search, then the list's own filters (`children`: status,
 * kind…), customer, owner, date range and currency. Every change goes to the URL state.
 */
export function DocumentFilters({
  values,
  onChange,
  labels,
  className,
  children,
}: {
  values: DocumentFilterValues;
  onChange(change: DocumentFilterChange): void;
  labels: DocumentFilterLabels;
  className?: string;
  children?: ReactNode;
}) {
  const staff = useStaff(labels.owner !== undefined);
  const from = isIsoDay(values.date_from) ? dayjs(values.date_from) : null;
  const to = isIsoDay(values.date_to) ? dayjs(values.date_to) : null;
  return (
    <Space wrap className={className}>
      <Input.Search
        // A new search in the address (back, a link, a reset) shows in the box.
        key={values.q ?? ''}
        allowClear
        maxLength={200}
        defaultValue={values.q}
        placeholder={labels.search}
        aria-label={labels.search}
        style={{ width: 280 }}
        onSearch={(q) => onChange({ q: q.trim() })}
      />
      {children}
      <CustomerPicker
        allowClear
        style={{ width: 220 }}
        placeholder={labels.customer}
        aria-label={labels.customer}
        value={values.customer_id?.[0]}
        onChange={(id?: number) => onChange({ filters: { customer_id: id ? [id] : [] } })}
      />
      {labels.owner !== undefined && (
        <Select<number>
          allowClear
          style={{ width: 160 }}
          placeholder={labels.owner}
          aria-label={labels.owner}
          value={values.owner_id?.[0]}
          onChange={(id?: number) => onChange({ filters: { owner_id: id ? [id] : [] } })}
          showSearch={{ optionFilterProp: 'label' }}
          options={(staff.data ?? []).map((u) => ({ value: u.id, label: staffLabel(u) }))}
        />
      )}
      <DatePicker.RangePicker
        aria-label={labels.dates}
        placeholder={labels.datesPlaceholder}
        value={from || to ? [from, to] : null}
        onChange={(range) =>
          onChange({
            filters: {
              date_from: range?.[0]?.format('YYYY-MM-DD') ?? '',
              date_to: range?.[1]?.format('YYYY-MM-DD') ?? '',
            },
          })
        }
      />
      {labels.currency !== undefined && (
        <CommaSelect
          label={labels.currency}
          minWidth={140}
          value={values.currency}
          options={CURRENCY_OPTIONS}
          onChange={(currency) => onChange({ filters: { currency } })}
        />
      )}
    </Space>
  );
}
