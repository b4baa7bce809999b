import type { Customer, ListAnswer } from '@quayside/contract';
import { Select, type SelectProps } from 'antd';
import { useEffect, useState } from 'react';
import { get } from '@/shared/request';

type Props = Omit<SelectProps<number>, 'options' | 'onSearch' | 'showSearch' | 'filterOption'> & {
  /** Shown for the current value before any search (a saved order's customer). */
  initialLabel?: string;
};

type Option = { value: number; label: string };
const option = (c: Customer): Option => ({ value: c.id, label: c.company_name || c.name });
const search = (q: string) =>
  get<ListAnswer<Customer>>('/customer/list/', { q, page_size: 20 }).then((r) => r.items.map(option));

/**
 * A customer chosen by searching the customer list (company or contact name). A value without a
 * label (a link's `?customer_id=`) fetches its customer's name.
 */
export function CustomerPicker({ initialLabel, value, ...rest }: Props) {
  const [options, setOptions] = useState<Option[]>(
    value && initialLabel ? [{ value, label: initialLabel }] : [],
  );
  useEffect(() => {
    if (!value || options.some((o) => o.value === value)) return;
    void get<Customer>('/customer/detail/', { id: value }).then((c) => setOptions([option(c)]));
  }, [value, options]);
  return (
    <Select<number>
      showSearch
      filterOption={false}
      value={value}
      options={options}
      onSearch={async (q) => setOptions(await search(q))}
      onFocus={async () => {
        if (options.length <= 1) setOptions(await search(''));
      }}
      {...rest}
    />
  );
}
