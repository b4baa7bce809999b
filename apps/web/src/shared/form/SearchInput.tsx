import { Input, type InputProps, type InputRef, Tooltip } from 'antd';
import { type Ref, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What a list's `q` takes at most (API.md list query). */
export const SEARCH_MAX = 200;
const MESSAGE_MS = 4000;

type Props = Omit<InputProps, 'onChange' | 'value' | 'maxLength'> & {
  value: string;
  onChange: (value: string) => void;
  max?: number;
  ref?: Ref<InputRef>;
};

/**
 * A search box that refuses text past its limit with a plain message, instead of cutting a
 * paste silently (issue 15): the box keeps what it had and says how long a search may be.
 */
export function SearchInput({ value, onChange, max = SEARCH_MAX, ref, ...rest }: Props) {
  const { t } = useTranslation();
  const [refused, setRefused] = useState<number | null>(null);
  useEffect(() => {
    if (refused === null) return;
    const timer = setTimeout(() => setRefused(null), MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [refused]);
  return (
    <Tooltip open={refused !== null} title={t('form.searchTooLong', { max, count: refused ?? 0 })}>
      <Input
        {...rest}
        ref={ref}
        value={value}
        status={refused !== null ? 'warning' : rest.status}
        onChange={(e) => {
          const next = e.target.value;
          if (next.length > max) {
            setRefused(next.length);
            return;
          }
          setRefused(null);
          onChange(next);
        }}
      />
    </Tooltip>
  );
}
