import { Select, type SelectProps } from 'antd';
import { useEffect, useState } from 'react';
import { getCustomer, searchCustomers } from '@/features/quotations/api';

type Props = Omit<SelectProps<number>, 'options' | 'onSearch' | 'showSearch' | 'filterOption'> & {
  /** Shown for the current value before any search (a saved order's customer). */
  initialLabel?: string;
};

/** A customer chosen by searching the customer list (company or contact name). */
export function CustomerPicker({ initialLabel, value, ...rest }: Props) {
  const [options, setOptions] = useState<{ value: number; label: string }[]>(
    value && initialLabel ? [{ value, label: initialLabel }] : [],
  );
  useEffect(() => {
    if (!value || options.some((o) => o.value === value)) return;
    void getCustomer(value).then((c) => setOptions([{ value: c.id, label: c.company_name || c.name }]));
  }, [value, options]);
  return (
    <Select<number>
      showSearch
      filterOption={false}
      value={value}
      options={options}
      onSearch={async (q) =>
        setOptions((await searchCustomers(q)).map((c) => ({ value: c.id, label: c.company_name || c.name })))
      }
      onFocus={async () => {
        if (options.length <= 1)
          setOptions(
            (await searchCustomers('')).map((c) => ({ value: c.id, label: c.company_name || c.name })),
          );
      }}
      {...rest}
    />
  );
}
