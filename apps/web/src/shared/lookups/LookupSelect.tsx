import type { LookupName } from '@quayside/contract';
import { Select, type SelectProps } from 'antd';
import { matchesOption } from './lookups';
import { useLookups } from './useLookups';

type Props<Id> = Omit<SelectProps<Id | Id[] | null>, 'options' | 'showSearch'> & { table: LookupName };

/** A select of one lookup table, labels in the current language, searchable in both (and by code). */
export function LookupSelect<Id extends number | string = number>({ table, ...rest }: Props<Id>) {
  const lookups = useLookups();
  return (
    <Select<Id | Id[] | null>
      allowClear
      {...rest}
      loading={!lookups.ready}
      options={lookups.options<Id>(table)}
      showSearch={{ filterOption: (input, option) => matchesOption(input, option) }}
    />
  );
}
