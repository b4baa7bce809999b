import { ClearOutlined, SearchOutlined, UserOutlined } from '@ant-design/icons';
import type { EmailAccount, EmailFolder } from '@quayside/contract';
import { Button, DatePicker, Input, type InputRef, Segmented, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '@/shared/form/SearchInput';
import { FiltersToggle, useFiltersFold } from '@/shared/list/FiltersToggle';
import type { ListChange } from '@/shared/list/useListState';
import { LookupSelect } from '@/shared/lookups/LookupSelect';
import { useOwnerOptions } from '@/shared/lookups/useStaff';
import { useUser } from '@/shared/session';
import {
  activeEmailFilters,
  type EmailListState,
  type EmailFilters as Filters,
  folderIsType,
  isReadOf,
  type ReadChoice,
  rangeFilters,
  rangeOf,
  readChoiceOf,
} from '../folders';

/** Waits until typing pauses before searching; Enter searches at once. */
const TYPE_DELAY_MS = 350;

/** A text box that writes to the URL after a pause, and follows the URL when it changes elsewhere. */
function useDebouncedText(value: string, commit: (v: string) => void) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => setText(value), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const flush = (v: string) => {
    clearTimeout(timer.current);
    if (v.trim() !== value) commit(v.trim());
  };
  return {
    value: text,
    onChange: (v: string) => {
      setText(v);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => flush(v), TYPE_DELAY_MS);
    },
    flush,
  };
}

/** The folder's search form (spec §3): every field lands in the URL, and so in the saved form. */
export function EmailFilters({
  folder,
  state,
  update,
  reset,
  accounts,
  searchRef,
  extra,
}: {
  folder: EmailFolder;
  state: EmailListState;
  update: (change: ListChange<Filters>) => void;
  reset: () => void;
  accounts: readonly EmailAccount[];
  searchRef: RefObject<InputRef | null>;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const me = useUser();
  const handlers = useOwnerOptions(
    me ? { value: String(me.id), label: t('email.filter.me', { name: me.name || me.username }) } : null,
  );
  const f = state.filters;
  const q = useDebouncedText(state.q, (v) => update({ q: v }));
  const from = useDebouncedText(f.from ?? '', (v) => update({ filters: { from: v || undefined } }));
  const range = rangeOf(state);
  const fold = useFiltersFold();
  const set = (filters: Partial<EmailListState['filters']>) => update({ filters });

  return (
    <search className={`email-filters ${fold.className}`}>
      <div className="email-filters__row">
        <SearchInput
          ref={searchRef}
          allowClear
          className="email-filters__search filters-keep"
          prefix={<SearchOutlined />}
          suffix={<kbd className="hotkey">/</kbd>}
          placeholder={t('email.filter.searchPlaceholder')}
          aria-label={t('email.filter.search')}
          value={q.value}
          onChange={q.onChange}
          onPressEnter={() => q.flush(q.value)}
        />
        <FiltersToggle open={fold.open} onToggle={fold.toggle} active={activeEmailFilters(folder, state)} />
        <Input
          allowClear
          className="email-filters__from"
          prefix={<UserOutlined />}
          placeholder={t('email.filter.fromPlaceholder')}
          aria-label={t('email.filter.from')}
          value={from.value}
          onChange={(e) => from.onChange(e.target.value)}
          onPressEnter={() => from.flush(from.value)}
        />
        <DatePicker.RangePicker
          className="email-filters__dates"
          allowEmpty={[true, true]}
          aria-label={t('email.filter.dates')}
          placeholder={[t('email.filter.dateFrom'), t('email.filter.dateTo')]}
          value={range ? [range[0] ? dayjs(range[0]) : null, range[1] ? dayjs(range[1]) : null] : null}
          presets={[
            { label: t('email.filter.today'), value: [dayjs(), dayjs()] },
            { label: t('email.filter.last7'), value: [dayjs().subtract(6, 'day'), dayjs()] },
            { label: t('email.filter.last30'), value: [dayjs().subtract(29, 'day'), dayjs()] },
            { label: t('email.filter.thisMonth'), value: [dayjs().startOf('month'), dayjs()] },
          ]}
          onChange={(values) => {
            const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : '');
            const a = day(values?.[0]);
            const b = day(values?.[1]);
            set(rangeFilters(a || b ? [a || b, b || a] : null));
          }}
        />
        <div className="email-filters__extra">
          {activeEmailFilters(folder, state) > 0 && (
            <Button type="link" icon={<ClearOutlined />} onClick={reset} className="email-filters__clear">
              {t('list.clearFilters')}
            </Button>
          )}
          {extra}
        </div>
      </div>
      <div className="email-filters__row">
        <Segmented<ReadChoice>
          aria-label={t('email.filter.read')}
          value={readChoiceOf(f.is_read)}
          options={[
            { value: 'all', label: t('email.filter.readAll') },
            { value: 'unread', label: t('email.filter.unread') },
            { value: 'read', label: t('email.filter.readOnly') },
          ]}
          onChange={(v) => set({ is_read: isReadOf(v) })}
        />
        {!folderIsType(folder) && (
          <LookupSelect<string>
            table="email_type"
            style={{ width: 130 }}
            className={f.type ? 'filter-active' : undefined}
            placeholder={t('email.col.type')}
            aria-label={t('email.col.type')}
            value={f.type ?? null}
            onChange={(v) => set({ type: (v as string | null) ?? undefined })}
          />
        )}
        <LookupSelect<string>
          table="email_status"
          style={{ width: 140 }}
          className={f.status ? 'filter-active' : undefined}
          placeholder={t('email.col.status')}
          aria-label={t('email.col.status')}
          value={f.status ?? null}
          onChange={(v) => set({ status: (v as string | null) ?? undefined })}
        />
        <Select<string>
          allowClear
          style={{ width: 160 }}
          className={f.handler_id ? 'filter-active' : undefined}
          placeholder={t('email.col.handler')}
          aria-label={t('email.col.handler')}
          value={f.handler_id}
          options={handlers}
          showSearch={{ optionFilterProp: 'label' }}
          onChange={(v) => set({ handler_id: v ?? undefined })}
        />
        <Select<string>
          allowClear
          style={{ width: 170 }}
          className={f.has_attachment ? 'filter-active' : undefined}
          placeholder={t('email.filter.attachment')}
          aria-label={t('email.filter.attachment')}
          value={f.has_attachment}
          options={[
            { value: 'true', label: t('email.filter.withAttachment') },
            { value: 'false', label: t('email.filter.withoutAttachment') },
          ]}
          onChange={(v) => set({ has_attachment: v ?? undefined })}
        />
        {accounts.length > 0 && (
          <Select<string>
            allowClear
            style={{ width: 220 }}
            className={f.account_id ? 'filter-active' : undefined}
            placeholder={t('email.filter.account')}
            aria-label={t('email.filter.account')}
            value={f.account_id}
            options={accounts.map((a) => ({
              value: String(a.id),
              label: a.name ? `${a.name} · ${a.address}` : a.address,
            }))}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(v) => set({ account_id: v ?? undefined })}
          />
        )}
      </div>
    </search>
  );
}
