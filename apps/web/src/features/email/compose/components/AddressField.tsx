import { ExclamationCircleFilled, StopOutlined, UserOutlined } from '@ant-design/icons';
import { Select, Tag, Tooltip } from 'antd';
import { type ClipboardEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatRecipient,
  isValidAddress,
  looksLikeList,
  parseRecipient,
  parseRecipients,
  type Recipient,
  uniqueRecipients,
} from '../addresses';
import { type AddressMatch, useAddressMatches } from '../api';

const MATCH_DELAY_MS = 250;

/** The text of a tag: the recipient as typed back (a malformed one as its text). */
const tagValueOf = (r: Recipient) => (r.valid ? formatRecipient(r) : r.address);

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return debounced;
}

function MatchOption({ match }: { match: AddressMatch }) {
  const { t } = useTranslation();
  return (
    <span className="address-option">
      <span className="address-option__name">{match.name || match.address}</span>
      {match.name && <span className="address-option__address">{match.address}</span>}
      {match.customer_id !== null && (
        <Tag icon={<UserOutlined />} color="blue" variant="filled" className="address-option__customer">
          {t('compose.address.customer')}
        </Tag>
      )}
    </span>
  );
}

/**
 * To, Cc or Bcc: recipients as tags, completed from customers and past correspondents, a pasted
 * list split into its addresses; a malformed address shows red, a blacklisted one orange.
 */
export function AddressField({
  id,
  label,
  value,
  onChange,
  blacklisted,
  taken,
  autoFocus = false,
  suffix,
}: {
  id: string;
  label: string;
  value: Recipient[];
  onChange: (next: Recipient[]) => void;
  blacklisted: ReadonlySet<string>;
  /** Addresses already in To, Cc or Bcc: not offered again. */
  taken: ReadonlySet<string>;
  autoFocus?: boolean;
  suffix?: ReactNode;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const term = useDebounced(search, MATCH_DELAY_MS);
  const matches = useAddressMatches(term.includes('@') && isValidAddress(term) ? '' : term);

  const add = (text: string) => {
    const added = parseRecipients(text);
    if (added.length > 0) onChange(uniqueRecipients([...value, ...added]));
    setSearch('');
  };

  const typed = search.trim();
  const typedIsAddress = isValidAddress(parseRecipient(typed).address);
  const found = (search.trim() ? (matches.data ?? []) : []).filter(
    (m) => !taken.has(m.address.toLowerCase()),
  );
  const typedOption = typed ? [{ value: typed, label: t('compose.address.useTyped', { text: typed }) }] : [];
  const foundOptions = found.map((m) => ({ value: formatRecipient(m), label: <MatchOption match={m} /> }));
  // A whole address typed: Enter takes it. A part of a name: Enter takes the best match.
  const options = typedIsAddress ? [...typedOption, ...foundOptions] : [...foundOptions, ...typedOption];

  const onPaste = (e: ClipboardEvent<HTMLDivElement>) => {
    const text = e.clipboardData.getData('text');
    if (!looksLikeList(text) && !parseRecipient(text).valid) return;
    e.preventDefault();
    add(`${search}${text}`);
  };

  return (
    <div className="address-field" onPasteCapture={onPaste}>
      <Select<string[]>
        id={id}
        mode="multiple"
        variant="borderless"
        className="address-field__select"
        aria-label={label}
        autoFocus={autoFocus}
        value={value.map(tagValueOf)}
        options={options}
        suffixIcon={null}
        notFoundContent={null}
        popupMatchSelectWidth={false}
        defaultActiveFirstOption
        showSearch={{
          searchValue: search,
          autoClearSearchValue: true,
          filterOption: false,
          onSearch: (text) => {
            // A separator typed ends the recipient before it.
            if (/[,;]\s*$/.test(text)) add(text);
            else setSearch(text);
          },
        }}
        onChange={(values) => {
          const byValue = new Map(value.map((r) => [tagValueOf(r), r]));
          const next = values.flatMap((v) => byValue.get(v) ?? parseRecipients(v));
          onChange(uniqueRecipients(next));
          setSearch('');
        }}
        onBlur={() => typed && add(typed)}
        tagRender={({ value: tagValue, closable, onClose }) => {
          const r = value.find((x) => tagValueOf(x) === tagValue) ?? parseRecipient(String(tagValue));
          const blocked = r.valid && blacklisted.has(r.address.toLowerCase());
          const problem = !r.valid
            ? t('compose.address.invalid', { text: r.address })
            : blocked
              ? t('compose.address.blacklisted', { address: r.address })
              : '';
          return (
            <Tooltip title={problem || formatRecipient(r)}>
              <Tag
                closable={closable}
                onClose={onClose}
                color={!r.valid ? 'error' : blocked ? 'warning' : undefined}
                icon={!r.valid ? <ExclamationCircleFilled /> : blocked ? <StopOutlined /> : undefined}
                className="address-tag"
                data-invalid={!r.valid || undefined}
                onMouseDown={(e) => e.stopPropagation()}
                closeIcon={undefined}
              >
                {r.valid ? r.name || r.address : r.address}
              </Tag>
            </Tooltip>
          );
        }}
      />
      {suffix}
    </div>
  );
}
