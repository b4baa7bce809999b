import type { Customer } from '@quayside/contract';
import { Alert, Modal, Radio, Select, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '@/shared/feedback';
import { useSubmit } from '@/shared/form/useSubmit';
import type { Lookups } from '@/shared/lookups/lookups';
import { useLookups } from '@/shared/lookups/useLookups';
import { useCustomer, useCustomerList, useMergeCustomers } from '../api';
import { customerTitle, FIELDS, type FieldName, fieldLabel, type Lang, langOf } from '../fields';
import { defaultPicks, mergeRows, type Side, swapPicks, takeFromMerged } from '../merge';

function shownValue(c: Customer, field: FieldName, lookups: Lookups): string {
  const def = FIELDS[field];
  if (def.kind === 'lookup' && def.table) return lookups.label(def.table, c[field] as number | null);
  if (def.kind === 'owner') return c.owner_name;
  return String(c[field] ?? '');
}

/** Finds the other customer by search (company, name, email…). */
function CustomerPicker({ exclude, onPick }: { exclude: number; onPick: (id: number) => void }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const list = useCustomerList({ page: 1, page_size: 10, sort: 'company_name', ...(q ? { q } : {}) });
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setQ }}
      autoFocus
      className="full-width"
      placeholder={t('customers.mergePick')}
      aria-label={t('customers.mergePick')}
      loading={list.isFetching}
      options={(list.data?.items ?? [])
        .filter((c) => c.id !== exclude)
        .map((c) => ({ value: c.id, label: `${customerTitle(c)}${c.email ? ` · ${c.email}` : ''}` }))}
      onChange={onPick}
    />
  );
}

function Comparison({
  a,
  b,
  lang,
  onMerged,
  onClose,
}: {
  a: Customer;
  b: Customer;
  lang: Lang;
  onMerged: (survivor: Customer) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const lookups = useLookups();
  const merge = useMergeCustomers();
  const [survivorId, setSurvivorId] = useState(a.id);
  const survivor = survivorId === a.id ? a : b;
  const merged = survivorId === a.id ? b : a;
  const rows = useMemo(() => mergeRows(survivor, merged), [survivor, merged]);
  const [picks, setPicks] = useState(() => defaultPicks(mergeRows(a, b)));
  const differing = rows.filter((r) => !r.same);

  const chooseSurvivor = (id: number) => {
    if (id === survivorId) return;
    setSurvivorId(id);
    setPicks((p) => swapPicks(p));
  };
  const side = (c: Customer): Side => (c.id === survivor.id ? 'survivor' : 'merged');

  const { submit, submitting } = useSubmit(async () => {
    const saved = await merge.mutateAsync({
      survivor_id: survivor.id,
      merged_id: merged.id,
      take_from_merged: takeFromMerged(picks),
    });
    void message.success(t('customers.merged', { name: customerTitle(saved) }));
    onMerged(saved);
  });

  return (
    <Modal
      open
      width={880}
      title={t('customers.mergeTitle')}
      okText={t('customers.mergeDo')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true }}
      confirmLoading={submitting}
      onOk={submit}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">{t('customers.mergeHint')}</Typography.Paragraph>
      <table className="merge-table">
        <thead>
          <tr>
            <th>{t('customers.mergeField')}</th>
            {[a, b].map((c) => (
              <th key={c.id} className={c.id === survivor.id ? 'merge-table__keep' : undefined}>
                <Radio checked={c.id === survivor.id} onChange={() => chooseSurvivor(c.id)}>
                  <span className="merge-table__name">{customerTitle(c)}</span>
                </Radio>
                <div className="merge-table__role">
                  {c.id === survivor.id ? t('customers.mergeKeeps') : t('customers.mergeGoes')} · #{c.id}
                </div>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {differing.map((row) => (
            <tr key={row.field}>
              <th scope="row">{fieldLabel(row.field, lang)}</th>
              {[a, b].map((c) => {
                const value = shownValue(c, row.field, lookups);
                const chosen = picks[row.field] === side(c);
                return (
                  <td key={c.id} className={chosen ? 'merge-table__chosen' : undefined}>
                    <Radio
                      checked={chosen}
                      onChange={() => setPicks((p) => ({ ...p, [row.field]: side(c) }))}
                      aria-label={`${fieldLabel(row.field, lang)}: ${value || t('customers.emptyValue')}`}
                    >
                      {value ? (
                        <span className="merge-table__value">{value}</span>
                      ) : (
                        <span className="muted-dash">—</span>
                      )}
                    </Radio>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {differing.length < rows.length && (
        <Typography.Text type="secondary" className="merge-table__same">
          {t('customers.mergeSame', { count: rows.length - differing.length })}
        </Typography.Text>
      )}
      <Alert
        className="merge-alert"
        type="info"
        showIcon
        title={t('customers.mergeResult', {
          merged: customerTitle(merged),
          survivor: customerTitle(survivor),
        })}
      />
    </Modal>
  );
}

/**
 * Merge two customers that are the same buyer (admin): pick the other one when only one is known,
 * choose which record stays and, per differing field, which value wins.
 */
export function MergeDialog({
  ids,
  onClose,
  onMerged,
}: {
  ids: [number] | [number, number];
  onClose: () => void;
  onMerged: (survivor: Customer) => void;
}) {
  const { t, i18n } = useTranslation();
  const [second, setSecond] = useState<number | undefined>(ids[1]);
  const first = useCustomer(ids[0]);
  const other = useCustomer(second ?? 0);

  if (first.data && other.data) {
    return (
      <Comparison
        a={first.data}
        b={other.data}
        lang={langOf(i18n.language)}
        onMerged={onMerged}
        onClose={onClose}
      />
    );
  }
  const failed = first.isError || (second !== undefined && other.isError);
  return (
    <Modal open title={t('customers.mergeTitle')} footer={null} onCancel={onClose} width={560}>
      {failed ? (
        <Alert
          type="error"
          showIcon
          title={t('customers.notFound')}
          description={t('customers.notFoundHint')}
        />
      ) : second === undefined ? (
        <>
          <Typography.Paragraph>
            {t('customers.mergeWith', { name: first.data ? customerTitle(first.data) : '' })}
          </Typography.Paragraph>
          <CustomerPicker exclude={ids[0]} onPick={setSecond} />
        </>
      ) : (
        <div className="page-loading">
          <Spin />
        </div>
      )}
    </Modal>
  );
}
